package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Redis 7.2's CLIENT SETINFO and NO-TOUCH, which the recorded Redis 7.0 does not have. */
class ClientSetInfoTest {
    @TempDir
    Path dir;

    @Test
    void setinfoNamesTheLibraryInClientInfoAndRefusesWhatRedisRefuses() throws Exception {
        try (TestServer server = TestServer.start(dir, "none"); RespTextClient c = RespTextClient.connect(server.port())) {
            assertThat(c.call("CLIENT", "SETINFO", "lib-name", "redis-py").toString()).isEqualTo("+OK");
            assertThat(c.call("CLIENT", "SETINFO", "LIB-VER", "5.0.1").toString()).isEqualTo("+OK");
            assertThat(c.call("CLIENT", "INFO").toString()).contains("lib-name=redis-py lib-ver=5.0.1");
            assertThat(c.call("CLIENT", "SETINFO", "lib-name", "with space").toString())
                    .isEqualTo("-ERR lib-name cannot contain spaces, newlines or special characters.");
            assertThat(c.call("CLIENT", "SETINFO", "color", "blue").toString()).isEqualTo("-ERR Unrecognized option 'color'");
            assertThat(c.call("CLIENT", "SETINFO", "lib-name").toString())
                    .isEqualTo("-ERR wrong number of arguments for 'client|setinfo' command");
            assertThat(c.call("CLIENT", "NO-TOUCH", "on").toString()).isEqualTo("+OK");
            assertThat(c.call("CLIENT", "NO-TOUCH", "maybe").toString()).isEqualTo("-ERR syntax error");
        }
    }
}
