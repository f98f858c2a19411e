package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.cli.Main;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server whose heap is too small for what it is sent refuses writes with -OOM before the JVM
 * runs out, without maxmemory set, and serves again once room is freed: a child JVM with a 128 MiB
 * heap is sent far more data than that, one write at a time.
 */
class HeapGuardTest {
    private static final String VALUE = "v".repeat(4096);

    @TempDir
    Path dir;

    @Test
    void aFullHeapRefusesWritesWithOomAndTheServerAndItsDataSurvive() throws Exception {
        int port = ServerCrashTest.freePort();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-Xmx128m", "-XX:+UseG1GC", "--enable-native-access=ALL-UNNAMED", "-cp",
                System.getProperty("java.class.path"), Main.class.getName(), "server", "--port", Integer.toString(port),
                "--bind", "127.0.0.1", "--dir", dir.toString(), "--wal", "none")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            ServerCrashTest.awaitPort(port, p);
            try (RespTextClient c = RespTextClient.connect(port)) {
                int written = 0;
                String refusal = null;
                for (int i = 0; i < 100_000 && refusal == null; i++) { // 400 MB: more than the heap could hold
                    String reply = c.call("SET", "k" + i, VALUE).toString();
                    if (reply.equals("+OK")) {
                        written++;
                    } else {
                        refusal = reply;
                    }
                }
                assertThat(refusal).isEqualTo("-OOM command not allowed when used memory > 'maxmemory'.");
                assertThat(written).isGreaterThan(1_000);
                assertThat(p.isAlive()).isTrue();
                assertThat(c.call("PING").toString()).isEqualTo("+PONG");
                assertThat(c.call("GET", "k0").toString()).isEqualTo("$\"" + VALUE + "\"");
                assertThat(c.call("DBSIZE").toString()).isEqualTo(":" + written);
                assertThat(c.call("INFO", "memory").toString()).contains("cairn_memory_bound:");
                // freeing room lifts the bound once a collection sees the heap emptier (the guard asks for one)
                assertThat(c.call("FLUSHALL").toString()).isEqualTo("+OK");
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                String after;
                do {
                    after = c.call("SET", "again", "v").toString();
                    if (!after.equals("+OK")) {
                        Thread.sleep(50); // waits for the server's next collection; the condition is the reply
                    }
                } while (!after.equals("+OK") && System.nanoTime() < deadline);
                assertThat(after).isEqualTo("+OK");
            }
        } finally {
            p.destroy();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor();
            }
        }
    }
}
