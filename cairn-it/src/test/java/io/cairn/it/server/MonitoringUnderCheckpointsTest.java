package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisDataException;

/**
 * What every Redis exporter does, over the protocol: INFO polled in a loop while BGSAVE starts
 * checkpoints and clients write, on {@code --wal write --checkpoint-interval 1}. Writes must keep
 * being acknowledged for the whole run. (This combination stopped every write for good within
 * about 20 s when {@code Store.stats()} and {@code checkpoint()} took their two locks in opposite
 * orders.) The default run lasts a few seconds; {@code -Plong} runs it for two minutes.
 */
class MonitoringUnderCheckpointsTest {
    @TempDir
    Path dir;

    @Test
    void writesKeepFlowingWhileInfoAndBgsaveRun() throws Exception {
        run(4_000);
    }

    @Test
    @Tag("long")
    void writesKeepFlowingForTwoMinutesOfInfoAndBgsave() throws Exception {
        run(120_000);
    }

    private void run(long millis) throws Exception {
        try (TestServer server = TestServer.start(dir, "write", "checkpoint-interval", "1")) {
            AtomicBoolean stop = new AtomicBoolean();
            AtomicLong writes = new AtomicLong();
            AtomicLong infos = new AtomicLong();
            AtomicLong saves = new AtomicLong();
            ExecutorService pool = Executors.newFixedThreadPool(5);
            List<Future<?>> tasks = new ArrayList<>();
            for (int w = 0; w < 2; w++) {
                int writer = w;
                tasks.add(pool.submit(() -> {
                    try (Jedis j = new Jedis("127.0.0.1", server.port(), 10_000)) {
                        for (long n = 0; !stop.get(); n++) {
                            j.set("key:" + writer + ":" + (n % 10_000), "value-" + n);
                            writes.incrementAndGet();
                        }
                    }
                    return null;
                }));
            }
            for (int i = 0; i < 2; i++) {
                tasks.add(pool.submit(() -> {
                    try (Jedis j = new Jedis("127.0.0.1", server.port(), 10_000)) {
                        while (!stop.get()) {
                            assertThat(j.info()).contains("rdb_bgsave_in_progress:");
                            infos.incrementAndGet();
                        }
                    }
                    return null;
                }));
            }
            tasks.add(pool.submit(() -> {
                try (Jedis j = new Jedis("127.0.0.1", server.port(), 10_000)) {
                    while (!stop.get()) {
                        try {
                            assertThat(j.bgsave()).startsWith("Background saving");
                            saves.incrementAndGet();
                        } catch (JedisDataException e) {
                            assertThat(e.getMessage()).isEqualTo("ERR Background save already in progress");
                        }
                    }
                }
                return null;
            }));
            // Each slice of the run must see new acknowledged writes: a hang shows as a slice without any.
            long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
            long slices = 0;
            while (System.nanoTime() < end) {
                long before = writes.get();
                long sliceEnd = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                while (writes.get() == before && System.nanoTime() < sliceEnd) {
                    Thread.sleep(20); // polls the writers' counter; the slice's deadline bounds it
                }
                assertThat(writes.get()).as("writes acknowledged within 10 s (slice %d; %d INFO, %d BGSAVE so far)",
                        slices, infos.get(), saves.get()).isGreaterThan(before);
                slices++;
                // Paces the slices (writes usually arrive at once, and this loop would spin on 2 cores).
                Thread.sleep(Math.min(200, Math.max(0, TimeUnit.NANOSECONDS.toMillis(end - System.nanoTime()))));
            }
            stop.set(true);
            pool.shutdown();
            assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).as("clients stopped").isTrue();
            for (Future<?> t : tasks) {
                t.get(); // rethrows a client's failure
            }
            assertThat(infos.get()).isPositive();
            assertThat(saves.get()).isPositive();
        }
    }
}
