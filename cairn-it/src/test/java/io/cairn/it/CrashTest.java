package io.cairn.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.StoreConfig;
import io.cairn.storage.engine.WalMode;
import io.cairn.testkit.Seeds;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Runs {@link CrashWorker} in a child JVM writing from several threads, kills it with SIGKILL at
 * a random moment, reopens the directory and checks that every acknowledged write is there, and
 * that each thread's keys form an unbroken prefix (nothing after a gap).
 */
class CrashTest {
    private static final int THREADS = 4;

    @TempDir
    Path dir;

    static byte[] valueFor(int thread, long seq) {
        return ("value-" + thread + "-" + seq + "-" + "x".repeat((int) (seq % 64))).getBytes(StandardCharsets.US_ASCII);
    }

    @ParameterizedTest
    @EnumSource(value = WalMode.class, names = {"FSYNC", "WRITE"})
    void acknowledgedWritesSurviveSigkill(WalMode mode) throws Exception {
        RandomGenerator rnd = Seeds.random(Seeds.seed());
        for (int round = 0; round < 2; round++) {
            killAndCheck(mode, 300 + rnd.nextInt(1200));
        }
    }

    @ParameterizedTest
    @EnumSource(value = WalMode.class, names = {"FSYNC", "WRITE"})
    @Tag("long")
    void acknowledgedWritesSurviveManySigkills(WalMode mode) throws Exception {
        RandomGenerator rnd = Seeds.random(Seeds.seed());
        for (int round = 0; round < 50; round++) {
            killAndCheck(mode, 100 + rnd.nextInt(3000));
        }
    }

    private void killAndCheck(WalMode mode, long runMillis) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-Xmx512m", "-cp", System.getProperty("java.class.path"),
                CrashWorker.class.getName(), dir.toString(), mode.name(), Integer.toString(THREADS))
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        Map<Integer, Long> acked = new ConcurrentHashMap<>();
        CountDownLatch ready = new CountDownLatch(1);
        CountDownLatch firstAck = new CountDownLatch(1);
        Thread reader = Thread.ofPlatform().start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.US_ASCII))) {
                String line;
                while ((line = r.readLine()) != null) {
                    if (line.equals("READY")) {
                        ready.countDown();
                    } else if (line.startsWith("ACK ")) {
                        String[] parts = line.split(" ");
                        acked.merge(Integer.parseInt(parts[1]), Long.parseLong(parts[2]), Math::max);
                        firstAck.countDown();
                    }
                }
            } catch (IOException e) {
                // the child died mid-line: the partial line is not an acknowledgement
            }
        });
        try {
            assertThat(ready.await(60, TimeUnit.SECONDS)).as("child started").isTrue();
            // A cold child on a busy machine may take a while to acknowledge: the kill comes after the first.
            assertThat(firstAck.await(2, TimeUnit.MINUTES)).as("the child acknowledged a first write").isTrue();
            Thread.sleep(runMillis); // the kill moment is what the test varies; the child writes meanwhile
        } finally {
            p.destroyForcibly(); // SIGKILL on Linux
            p.waitFor(30, TimeUnit.SECONDS);
            reader.join(10_000);
        }
        assertThat(acked).as("the child acknowledged writes before it was killed").isNotEmpty();

        try (Store store = Store.open(StoreConfig.builder(dir).walMode(mode).build())) {
            for (int t = 0; t < THREADS; t++) {
                int tt = t;
                long lastAcked = acked.getOrDefault(t, -1L);
                long next = store.read(tx -> {
                    byte[] v = tx.get(("next:" + tt).getBytes(StandardCharsets.US_ASCII));
                    return v == null ? 0L : Long.parseLong(new String(v, StandardCharsets.US_ASCII));
                });
                assertThat(next - 1).as("thread %d: last recovered seq vs last acknowledged", t)
                        .isGreaterThanOrEqualTo(lastAcked);
                List<Long> missing = new ArrayList<>();
                store.read(tx -> {
                    for (long s = 0; s < next; s++) {
                        byte[] v = tx.get((tt + ":" + s).getBytes(StandardCharsets.US_ASCII));
                        boolean hashOk = true;
                        if (s >= next - 1024) { // the hash holds the newest 1,024 seqs, field seq % 1024
                            byte[] h = tx.hget(("h:" + tt).getBytes(StandardCharsets.US_ASCII),
                                    Long.toString(s % 1024).getBytes(StandardCharsets.US_ASCII));
                            hashOk = Arrays.equals(h, valueFor(tt, s));
                        }
                        if (v == null || !hashOk || !Arrays.equals(v, valueFor(tt, s))) {
                            missing.add(s);
                        }
                    }
                    assertThat(tx.get((tt + ":" + next).getBytes(StandardCharsets.US_ASCII)))
                            .as("nothing after the recovered prefix").isNull();
                    return null;
                });
                assertThat(missing).as("thread %d: writes missing below seq %d", t, next).isEmpty();
            }
        }
    }
}
