package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.cli.Main;
import io.cairn.testkit.Seeds;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.StreamEntryID;
import redis.clients.jedis.params.XAddParams;
import redis.clients.jedis.params.XReadGroupParams;
import redis.clients.jedis.resps.StreamEntry;

/**
 * Streams and consumer groups survive SIGKILL: producers XADD with {@code *} (IDs chosen from the
 * clock, logged as chosen), a consumer reads with XREADGROUP and acknowledges every other entry;
 * the server, in a child JVM checkpointing every second, is killed at a random moment, restarted
 * on the same directory, and every acknowledged XADD must be there with its fields, every entry
 * delivered and not acknowledged pending for its consumer, every acknowledged one not.
 */
class StreamCrashTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"fsync", "write"})
    void acknowledgedStreamWritesAndDeliveriesSurviveAKill(String wal) throws Exception {
        int port = ServerCrashTest.freePort();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-Xmx512m", "--enable-native-access=ALL-UNNAMED", "-cp",
                System.getProperty("java.class.path"), Main.class.getName(), "server", "--port", Integer.toString(port),
                "--bind", "127.0.0.1", "--dir", dir.toString(), "--wal", wal, "--checkpoint-interval", "1")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        Map<String, String> added = new ConcurrentHashMap<>();
        Set<String> delivered = ConcurrentHashMap.newKeySet();
        Set<String> acked = ConcurrentHashMap.newKeySet();
        Set<String> ackSent = ConcurrentHashMap.newKeySet(); // an XACK the kill may have cut off: either way
        AtomicBoolean stop = new AtomicBoolean();
        CountDownLatch enough = new CountDownLatch(200);
        List<Thread> threads = new java.util.ArrayList<>();
        try {
            ServerCrashTest.awaitPort(port, p);
            try (Jedis j = new Jedis("127.0.0.1", port, 10_000)) {
                j.xgroupCreate("s", "g", new StreamEntryID(), true);
            }
            for (int c = 0; c < 2; c++) {
                int producer = c;
                threads.add(Thread.ofPlatform().start(() -> {
                    try (Jedis j = new Jedis("127.0.0.1", port, 10_000)) {
                        for (long seq = 0; !stop.get(); seq++) {
                            String value = producer + ":" + seq;
                            StreamEntryID id = j.xadd("s", XAddParams.xAddParams(), Map.of("v", value));
                            added.put(id.toString(), value);
                            enough.countDown();
                        }
                    } catch (RuntimeException e) {
                        // the server died: writes from here on were not acknowledged
                    }
                }));
            }
            threads.add(Thread.ofPlatform().start(() -> {
                try (Jedis j = new Jedis("127.0.0.1", port, 10_000)) {
                    while (!stop.get()) {
                        List<Map.Entry<String, List<StreamEntry>>> read = j.xreadGroup("g", "c",
                                XReadGroupParams.xReadGroupParams().count(10).block(100),
                                Map.of("s", StreamEntryID.UNRECEIVED_ENTRY));
                        if (read == null) {
                            continue;
                        }
                        for (StreamEntry e : read.get(0).getValue()) {
                            delivered.add(e.getID().toString());
                            if (e.getID().getSequence() % 2 == 0) {
                                ackSent.add(e.getID().toString());
                                j.xack("s", "g", e.getID());
                                acked.add(e.getID().toString());
                            }
                        }
                    }
                } catch (RuntimeException e) {
                    // the server died
                }
            }));
            assertThat(enough.await(2, TimeUnit.MINUTES)).as("writes acknowledged").isTrue();
            Thread.sleep(300 + Seeds.random(Seeds.seed()).nextInt(700)); // the kill moment is what varies, as in ServerCrashTest
        } finally {
            p.destroyForcibly();
            p.waitFor(30, TimeUnit.SECONDS);
            stop.set(true);
            for (Thread t : threads) {
                t.join(20_000);
            }
        }
        try (TestServer restarted = TestServer.start(dir, wal); Jedis j = new Jedis("127.0.0.1", restarted.port())) {
            for (Map.Entry<String, String> e : added.entrySet()) {
                List<StreamEntry> found = j.xrange("s", e.getKey(), e.getKey());
                assertThat(found).as("acknowledged XADD %s", e.getKey()).hasSize(1);
                assertThat(found.get(0).getFields()).containsEntry("v", e.getValue());
            }
            for (String id : delivered) {
                if (ackSent.contains(id) && !acked.contains(id)) {
                    continue;
                }
                boolean pending = !j.xpending("s", "g", redis.clients.jedis.params.XPendingParams.xPendingParams()
                        .start(new StreamEntryID(id)).end(new StreamEntryID(id)).count(1)).isEmpty();
                assertThat(pending).as("entry %s pending", id).isEqualTo(!acked.contains(id));
            }
        }
    }
}
