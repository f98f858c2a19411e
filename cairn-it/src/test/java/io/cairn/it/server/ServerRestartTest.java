package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.server.CairnServer;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;

/** What a clean stop leaves behind, and what the next start recovers from. */
class ServerRestartTest {
    @TempDir
    Path dir;

    private static void write(TestServer s, int n) {
        try (Jedis j = new Jedis("127.0.0.1", s.port())) {
            for (int i = 0; i < n; i++) {
                j.set("k" + i, "v" + i);
            }
        }
    }

    @Test
    void cleanStopCheckpointsSoTheNextStartLoadsASnapshot() {
        try (TestServer s = TestServer.start(dir, "fsync")) {
            write(s, 500);
        }
        try (TestServer s = TestServer.start(dir, "fsync")) {
            assertThat(s.server.store().recoveryStats().snapshotEntries()).isEqualTo(500);
            assertThat(s.server.store().recoveryStats().walRecords()).isZero();
            try (Jedis j = new Jedis("127.0.0.1", s.port())) {
                assertThat(j.get("k499")).isEqualTo("v499");
            }
        }
    }

    @Test
    void shutdownNosaveLeavesTheLogToReplay() throws Exception {
        TestServer s = TestServer.start(dir, "write");
        write(s, 300);
        CairnServer server = s.server;
        try (Jedis j = new Jedis("127.0.0.1", s.port())) {
            j.shutdown(redis.clients.jedis.params.ShutdownParams.shutdownParams().nosave());
        } catch (RuntimeException e) {
            // the server closes the connection without a reply, as Redis does
        }
        server.awaitClose();
        try (TestServer again = TestServer.start(dir, "write")) {
            assertThat(again.server.store().recoveryStats().snapshotEntries()).isZero();
            assertThat(again.server.store().recoveryStats().walMutations()).isEqualTo(300);
        }
    }
}
