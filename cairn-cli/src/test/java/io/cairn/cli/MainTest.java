package io.cairn.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.server.ServerConfig;
import io.cairn.storage.engine.WalMode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MainTest {
    @TempDir
    Path dir;

    @Test
    void commandLineOverridesTheConfigFile() throws Exception {
        Path conf = dir.resolve("cairn.conf");
        Files.writeString(conf, "# a comment\nport 7000\nwal write\nrequirepass \"s3cret\"\nproto-max-bulk-len 1mb\n");
        ServerConfig c = Main.parse(new String[] {"--config", conf.toString(), "--port", "7001", "--dir", dir.toString()});
        assertThat(c.port()).isEqualTo(7001);
        assertThat(c.wal()).isEqualTo(WalMode.WRITE);
        assertThat(c.requirepass()).isEqualTo("s3cret");
        assertThat(c.protoMaxBulkLen()).isEqualTo(1 << 20);
        assertThat(c.dir()).isEqualTo(dir);
    }

    @Test
    void badValuesAreRefusedWithNameValueAndRule() throws Exception {
        assertThatThrownBy(() -> Main.parse(new String[] {"--wal", "sometimes"}))
                .hasMessage("wal: sometimes (expected: none, write or fsync)");
        assertThatThrownBy(() -> Main.parse(new String[] {"--port", "70000"}))
                .hasMessage("port: 70000 (expected: 0 <= port <= 65535)");
        assertThatThrownBy(() -> Main.parse(new String[] {"--json-max-bytes", "10"}))
                .hasMessage("json-max-bytes: 10 (expected: 1024 <= json-max-bytes <= 2147483583)");
        assertThatThrownBy(() -> Main.parse(new String[] {"--frobnicate", "1"}))
                .hasMessageStartingWith("unknown setting: frobnicate");
        Path conf = dir.resolve("bad.conf");
        Files.writeString(conf, "port 1\nmaxclients lots\n");
        assertThatThrownBy(() -> Main.parse(new String[] {"--config", conf.toString()}))
                .hasMessage("maxclients: lots (expected: an integer)");
    }

    @Test
    void helpListsEverySetting() {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        int code = Main.run(new String[] {"server", "--help"}, new PrintStream(buf, true, StandardCharsets.UTF_8), System.err);
        assertThat(code).isZero();
        String text = buf.toString(StandardCharsets.UTF_8);
        for (ServerConfig.Key k : ServerConfig.Key.values()) {
            assertThat(text).contains(k.name);
        }
    }

    @Test
    void loadIsACommandWithItsOwnHelp() {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        int code = Main.run(new String[] {"load", "--help"}, new PrintStream(buf, true, StandardCharsets.UTF_8), System.err);
        assertThat(code).isZero();
        assertThat(buf.toString(StandardCharsets.UTF_8)).startsWith("usage: cairn load ").contains("--key-field");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertThat(Main.run(new String[] {"load"}, System.out, new PrintStream(err, true, StandardCharsets.UTF_8))).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("cairn load: PATH is missing");
    }

    @Test
    void startupFailsCleanlyWhenThePortIsTaken() throws Exception {
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int code = Main.run(new String[] {"server", "--port", Integer.toString(taken.getLocalPort()), "--dir", dir.toString()},
                    System.out, new PrintStream(err, true, StandardCharsets.UTF_8));
            assertThat(code).isEqualTo(1);
            assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("cairn: cannot start:");
        }
    }
}
