package io.cairn.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.server.OutputBufferLimits;
import io.cairn.server.ServerConfig;
import io.cairn.server.SettingType;
import io.cairn.storage.engine.WalMode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The {@code cairn} command and {@code cairn server}'s options: one per setting of
 * {@link ServerConfig.Key}, over the config file, with their defaults and help.
 */
class MainTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int cairn(String... args) {
        out.reset();
        err.reset();
        return Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String stdout() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void withNothingGivenEverySettingIsItsDefault() {
        assertThat(ServerCommand.parse()).isEqualTo(new ServerConfig.Builder().build());
        ServerConfig c = ServerCommand.parse();
        assertThat(c.port()).isEqualTo(6379);
        assertThat(c.bind()).isEqualTo("127.0.0.1");
        assertThat(c.dir()).isEqualTo(Path.of("./data"));
        assertThat(c.wal()).isEqualTo(WalMode.FSYNC);
        assertThat(c.httpPort()).isZero();
    }

    @Test
    void everySettingIsAnOptionReadAsItsType() {
        List<String> args = new ArrayList<>();
        for (ServerConfig.Key k : ServerConfig.Key.values()) {
            args.add("--" + k.name);
            args.add(switch (k.type) {
                case SettingType.IntegerRange r -> Long.toString(r.min() + (k == ServerConfig.Key.HTTP_PORT ? 2
                        : k == ServerConfig.Key.TLS_PORT ? 3 : k == ServerConfig.Key.MEMCACHED_PORT ? 4
                        : k == ServerConfig.Key.RAFT_PORT ? 5 : 1));
                case SettingType.ByteSize b -> (b.min() / 1024 + 1) + "kb";
                case SettingType.Choice ch -> ch.words().getFirst();
                case SettingType.Text t -> k == ServerConfig.Key.DIR ? dir.toString()
                        : k == ServerConfig.Key.TLS_PROTOCOLS ? "TLSv1.3" : k == ServerConfig.Key.NODE_ID ? "n1"
                        : k == ServerConfig.Key.PEERS ? "n1=127.0.0.1:5:1"
                        : k == ServerConfig.Key.DISK_DATABASES ? "" : "x"; // a group has no disk database
                case SettingType.RedisNumber n -> Long.toString(n.min() + 1 + (n.memory() ? 0 : 2));
                case SettingType.BufferLimits l -> "pubsub 1mb 512kb 5";
            });
        }
        ServerConfig c = ServerCommand.parse(args.toArray(String[]::new));
        assertThat(c.port()).isEqualTo(1);
        assertThat(c.maxclients()).isEqualTo(2);
        assertThat(c.wal()).isEqualTo(WalMode.NONE);
        assertThat(c.requirepass()).isEqualTo("x");
        assertThat(c.nodeId()).isEqualTo("n1");
        assertThat(c.raftPort()).isEqualTo(5);
        assertThat(c.members()).containsExactly(new io.cairn.storage.engine.ReplicaGroup.Member("n1", "127.0.0.1", 5, 1));
        assertThat(c.protoMaxBulkLen()).isEqualTo(2048);
        assertThat(c.jsonMaxBytes()).isEqualTo(2048);
        assertThat(c.walSegmentBytes()).isEqualTo(5 * 1024);
        assertThat(c.httpPort()).isEqualTo(2);
        assertThat(c.tls().port()).isEqualTo(3);
        assertThat(c.tls().protocolList()).containsExactly("TLSv1.3");
        assertThat(c.tls().certFile()).isEqualTo("x");
        assertThat(c.clientOutputBufferLimits().pubsub()).isEqualTo(new OutputBufferLimits.ClassLimit(1 << 20, 512 << 10, 5));
        assertThat(c.checkpointsToKeep()).isEqualTo(2);
        assertThat(c.diskStageSize()).isEqualTo(5 * 1024);
        assertThat(c.diskCacheSize()).isEqualTo(1024);
        assertThat(c.dir()).isEqualTo(dir);
        assertThat(c.encodings().hashMaxListpackEntries()).isEqualTo(3);
        assertThat(c.encodings().hashMaxListpackValue()).isEqualTo(1);
        assertThat(c.encodings().listMaxListpackSize()).isEqualTo(Integer.MIN_VALUE + 3);
    }

    @Test
    void theEncodingBoundsTakeRedisNamesAliasesAndUnits() throws Exception {
        Path conf = dir.resolve("cairn.conf");
        Files.writeString(conf, "hash-max-ziplist-entries 7\nzset-max-ziplist-value 1kb\nlist-max-ziplist-size -3\n");
        ServerConfig c = ServerCommand.parse("--config", conf.toString(), "--hash-max-ziplist-value", "2k",
                "--set-max-intset-entries", "9");
        assertThat(c.encodings().hashMaxListpackEntries()).isEqualTo(7);
        assertThat(c.encodings().zsetMaxListpackValue()).isEqualTo(1024);
        assertThat(c.encodings().listMaxListpackSize()).isEqualTo(-3);
        assertThat(c.encodings().hashMaxListpackValue()).isEqualTo(2000);
        assertThat(c.encodings().setMaxIntsetEntries()).isEqualTo(9);
        assertThat(c.encodings().hllSparseMaxBytes()).as("a default").isEqualTo(3000);
        assertThat(refusal("--hash-max-listpack-entries", "-1"))
                .isEqualTo("hash-max-listpack-entries: -1 (expected: 0 <= hash-max-listpack-entries <= 9223372036854775807)");
        assertThat(refusal("--hash-max-ziplist-entries", "1kb")).isEqualTo("hash-max-listpack-entries: 1kb (expected: an integer)");
        assertThat(refusal("--hll-sparse-max-bytes", "lots")).isEqualTo("hll-sparse-max-bytes: lots (expected: bytes, e.g. 64, 1kb, 2mb)");
    }

    @Test
    void theCommandLineOverridesTheConfigFileWhichOverridesTheDefaults() throws Exception {
        Path conf = dir.resolve("cairn.conf");
        Files.writeString(conf, "# a comment\nport 7000\nwal write\nrequirepass \"s3cret\"\nproto-max-bulk-len 1mb\n"
                + "MaxClients 5\n");
        ServerConfig c = ServerCommand.parse("--port", "7001", "--config", conf.toString(), "--dir", dir.toString());
        assertThat(c.port()).as("the option, though given before --config").isEqualTo(7001);
        assertThat(c.wal()).isEqualTo(WalMode.WRITE);
        assertThat(c.requirepass()).isEqualTo("s3cret");
        assertThat(c.protoMaxBulkLen()).isEqualTo(1 << 20);
        assertThat(c.maxclients()).as("names are case-insensitive, as redis.conf's").isEqualTo(5);
        assertThat(c.dir()).isEqualTo(dir);
        assertThat(c.timeoutSeconds()).as("a default").isZero();
        assertThat(ServerCommand.parse("--PORT", "7002", "--port", "7003").port()).as("the last wins").isEqualTo(7003);
        assertThat(ServerCommand.parse("--port=7004").port()).isEqualTo(7004);
    }

    @Test
    void badValuesAreRefusedWithNameValueAndRule() throws Exception {
        assertThat(refusal("--wal", "sometimes")).isEqualTo("wal: sometimes (expected: none, write or fsync)");
        assertThat(refusal("--port", "70000")).isEqualTo("port: 70000 (expected: 0 <= port <= 65535)");
        assertThat(refusal("--port", "http")).isEqualTo("port: http (expected: an integer)");
        assertThat(refusal("--json-max-bytes", "10")).isEqualTo("json-max-bytes: 10 (expected: 1024 <= json-max-bytes <= 2147483583)");
        assertThat(refusal("--inline-max", "lots")).isEqualTo("inline-max: lots (expected: bytes, e.g. 1048576, 64kb, 512mb, 1gb)");
        assertThat(refusal("--timeout", "-1")).isEqualTo("timeout: -1 (expected: >= 0)");
        assertThat(refusal("--wal-segment-bytes", "1kb"))
                .isEqualTo("wal-segment-bytes: 1024 (expected: 4096 <= wal-segment-bytes <= 1099511627776)");
        assertThat(refusal("--port", "7000", "--http-port", "7000"))
                .isEqualTo("http-port: 7000 (expected: another port than port 7000)");
        Path conf = dir.resolve("bad.conf");
        Files.writeString(conf, "port 1\nmaxclients lots\n");
        assertThat(refusal("--config", conf.toString())).isEqualTo(conf + ":2: maxclients: lots (expected: an integer)");
        Files.writeString(conf, "frobnicate 1\n");
        assertThat(refusal("--config", conf.toString())).startsWith(conf + ":1: unknown setting: frobnicate (expected one of: port, bind,");
        assertThat(refusal("--config", dir.resolve("none.conf").toString()))
                .isEqualTo("--config: " + dir.resolve("none.conf") + " (expected: a file; there is none)");
        assertThatThrownBy(() -> ServerCommand.parse("--frobnicate", "1")).isInstanceOf(CommandLine.UnmatchedArgumentException.class);
        assertThatThrownBy(() -> ServerCommand.parse("--port")).isInstanceOf(CommandLine.MissingParameterException.class);
    }

    private static String refusal(String... args) {
        try {
            ServerCommand.parse(args);
            return null;
        } catch (CommandLine.ParameterException e) {
            return UsageErrors.message(e);
        }
    }

    @Test
    void serverHelpListsEverySettingWithItsDefault() {
        assertThat(cairn("server", "--help")).isZero();
        String help = stdout();
        assertThat(help).startsWith("usage: cairn server [--config FILE] [--<setting> <value> ...]").contains("--config");
        for (ServerConfig.Key k : ServerConfig.Key.values()) {
            assertThat(help).contains("--" + k.name).contains(k.doc.substring(0, Math.min(20, k.doc.length())));
            if (!k.defaultValue.isEmpty()) { // a long default (client-output-buffer-limit's) wraps
                assertThat(help.replaceAll("\\s+", " ")).contains("Default: " + k.defaultValue);
            }
        }
        assertThat(help).contains("--wal=none|write|fsync").contains("--proto-max-bulk-len=<bytes>");
        assertThat(cairn("help", "server")).isZero();
        assertThat(stdout()).isEqualTo(help);
    }

    @Test
    void cairnListsItsCommands() {
        assertThat(cairn("--help")).isZero();
        assertThat(stdout()).startsWith("usage: cairn").contains("  server ").contains("  load ")
                .contains("  bench ").contains("  version ").contains("./cairn test");
        String help = stdout();
        assertThat(cairn()).isEqualTo(2);
        assertThat(stdout()).isEqualTo(help);
        assertThat(cairn("version")).isZero();
        assertThat(stdout().strip()).isEqualTo("cairn 0.1.0");
        assertThat(cairn("--version")).isZero();
        assertThat(stdout().strip()).isEqualTo("cairn 0.1.0");
    }

    @Test
    void benchAndLoadAreCommandsWithTheirOwnHelp() {
        assertThat(cairn("bench", "ycsb", "--help")).isZero();
        assertThat(stdout()).startsWith("usage: cairn bench ycsb [OPTIONS]").contains("--workloads").contains("--records")
                .contains("--load-clients").contains("--systems").contains("Default: 8,64");
        assertThat(cairn("bench", "--help")).isZero();
        assertThat(stdout()).contains("usage: cairn bench <scenario>").contains("ingest-query").contains("corpus");
        assertThat(cairn("load", "--help")).isZero();
        assertThat(stdout()).startsWith("usage: cairn load ").contains("--key-field").contains("--max-record-bytes")
                .contains("Default: 64mb").contains("Exit status");
    }

    @Test
    void startupFailsCleanlyWhenThePortIsTaken() throws Exception {
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            assertThat(cairn("server", "--port", Integer.toString(taken.getLocalPort()), "--dir", dir.toString()))
                    .isEqualTo(1);
            assertThat(stderr()).startsWith("cairn server: cannot start:");
        }
    }
}
