package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.cli.Main;
import io.cairn.testkit.Seeds;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import redis.clients.jedis.Jedis;

/**
 * Runs {@code cairn server} in a child JVM, writes through the Redis protocol from several
 * connections, kills the server with SIGKILL at a random moment after the first write was
 * acknowledged (a cold child JVM on a busy machine may take seconds to get there), restarts it on
 * the same directory and checks that every acknowledged write is there.
 */
class ServerCrashTest {
    private static final int CLIENTS = 4;

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"fsync", "write"})
    void acknowledgedWritesSurviveKillingTheServer(String wal) throws Exception {
        RandomGenerator rnd = Seeds.random(Seeds.seed());
        for (int round = 0; round < 2; round++) {
            killAndCheck(wal, 300 + rnd.nextInt(1200), round);
        }
    }

    /**
     * The same with every database on disk, the stage small so that saves (and RocksDB's own
     * flushes) happen between the kills: the log after the engine's saved LSN brings back the rest.
     */
    @ParameterizedTest
    @ValueSource(strings = {"fsync", "write"})
    void acknowledgedWritesToDiskDatabasesSurviveKillingTheServer(String wal) throws Exception {
        RandomGenerator rnd = Seeds.random(Seeds.seed());
        for (int round = 0; round < 2; round++) {
            killAndCheck(wal, 300 + rnd.nextInt(1200), round, "storage", "disk", "disk-stage-size", "65536");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"fsync", "write"})
    @Tag("long")
    void acknowledgedWritesSurviveManyServerKills(String wal) throws Exception {
        RandomGenerator rnd = Seeds.random(Seeds.seed());
        for (int round = 0; round < 30; round++) {
            killAndCheck(wal, 100 + rnd.nextInt(3000), round);
        }
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** {@code settings}: more settings, name then value, for the server before and after the kill. */
    private void killAndCheck(String wal, long runMillis, int round, String... settings) throws Exception {
        int port = freePort();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java, "-Xmx512m", "--enable-native-access=ALL-UNNAMED", "-cp",
                System.getProperty("java.class.path"), Main.class.getName(), "server", "--port", Integer.toString(port),
                "--bind", "127.0.0.1", "--dir", dir.toString(), "--wal", wal, "--checkpoint-interval", "1"));
        for (int i = 0; i < settings.length; i += 2) {
            command.add("--" + settings[i]);
            command.add(settings[i + 1]);
        }
        Process p = new ProcessBuilder(command)
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        Map<Integer, Long> acked = new ConcurrentHashMap<>();
        AtomicBoolean stop = new AtomicBoolean();
        CountDownLatch firstAck = new CountDownLatch(1);
        List<Thread> writers = new ArrayList<>();
        try {
            awaitPort(port, p);
            for (int c = 0; c < CLIENTS; c++) {
                int client = c;
                writers.add(Thread.ofPlatform().start(() -> {
                    try (Jedis j = new Jedis("127.0.0.1", port, 10_000)) {
                        for (long seq = 0; !stop.get(); seq++) {
                            String key = "r" + round + ":c" + client + ":" + seq;
                            if (seq % 3 == 0) {
                                j.hset("r" + round + ":h" + client, Long.toString(seq), key);
                            } else {
                                j.set(key, "v" + seq);
                            }
                            acked.put(client, seq);
                            firstAck.countDown();
                        }
                    } catch (RuntimeException e) {
                        // the server died: writes from here on were not acknowledged
                    }
                }));
            }
            assertThat(firstAck.await(2, TimeUnit.MINUTES)).as("a first write acknowledged").isTrue();
            Thread.sleep(runMillis); // the kill moment itself is what the test varies: writers run meanwhile
        } finally {
            p.destroyForcibly();
            p.waitFor(30, TimeUnit.SECONDS);
            stop.set(true);
            for (Thread t : writers) {
                t.join(20_000);
            }
        }
        assertThat(acked).as("writes were acknowledged before the kill").isNotEmpty();
        try (TestServer restarted = TestServer.start(dir, wal, settings); Jedis j = new Jedis("127.0.0.1", restarted.port())) {
            for (Map.Entry<Integer, Long> e : acked.entrySet()) {
                int client = e.getKey();
                for (long seq = 0; seq <= e.getValue(); seq++) {
                    String key = "r" + round + ":c" + client + ":" + seq;
                    if (seq % 3 == 0) {
                        assertThat(j.hget("r" + round + ":h" + client, Long.toString(seq)))
                                .as("acknowledged HSET %s", key).isEqualTo(key);
                    } else {
                        assertThat(j.get(key)).as("acknowledged SET %s", key).isEqualTo("v" + seq);
                    }
                }
            }
        }
    }

    /** Waits (up to two minutes: a cold JVM on a loaded machine is slow) until the child listens on {@code port}. */
    static void awaitPort(int port, Process p) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (System.nanoTime() < deadline) {
            if (!p.isAlive()) {
                throw new AssertionError("server exited with " + p.exitValue());
            }
            try (Socket s = new Socket("127.0.0.1", port)) {
                return;
            } catch (IOException e) {
                Thread.sleep(50); // the child JVM gives no readiness signal but its port: poll it
            }
        }
        throw new AssertionError("server did not listen on " + port);
    }
}
