package io.cairn.storage.jmh;

/*
 * Question: how much does a running checkpoint raise the latency of HSET into one big hash (a
 * 1,000,000-field hash, 16-byte fields, 100-byte values), and what does the first HSET after a
 * checkpoint started cost?
 *
 * Expected answer: a checkpoint reads an O(1) read view; the first write to the hash after the
 * view opened must not change what the view sees. When a hash was one java.util.HashMap, that
 * write copied the whole map (1,000,000 entries: tens to hundreds of milliseconds, under the
 * store's lock, so every other writer waited too), once per checkpoint, and p99.9 while
 * checkpoints ran followed those stalls. With the hash in a trie of chunks, the write copies one
 * chunk and the nodes above it (microseconds): the first write after the start costs about as
 * much as any other, and p99.9 during checkpoints stays within 2 x the p99.9 without (VISION.md's
 * target for puts).
 *
 * One writer issues HSETs of random existing fields at a fixed rate (open loop, default
 * 10,000/s), each waiting for its Result.await(), with the log in WRITE mode (acknowledged once
 * written to the OS). Two latencies per write: service time, and time from its scheduled start
 * (corrected for coordinated omission; its floor includes parkNanos timer slack). Checkpoints run
 * back to back in the middle phase; the first write after each one started is recorded apart.
 *
 * Usage: mvn -Pjmh -pl cairn-storage -am test-compile -Djmh.main=io.cairn.storage.jmh.HashCheckpointLatency
 *            [-Djmh.args="FIELDS RATE PHASE_SECONDS"] (1000000, 10000, 15)
 */

import io.cairn.storage.engine.CheckpointInfo;
import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.StoreConfig;
import io.cairn.storage.engine.WalMode;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;

public final class HashCheckpointLatency {
    private enum Phase { WARMUP, BASELINE, CHECKPOINT, STOP }

    private static volatile Phase phase = Phase.WARMUP;
    private static volatile CompletableFuture<CheckpointInfo> running;
    /** Set when a checkpoint has just started; the writer's next HSET clears it and is recorded apart. */
    private static volatile boolean justStarted;

    private HashCheckpointLatency() {
    }

    public static void main(String[] args) throws Exception {
        int fields = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        int rate = args.length > 1 ? Integer.parseInt(args[1]) : 10_000;
        int phaseSeconds = args.length > 2 ? Integer.parseInt(args[2]) : 15;
        Path dir = BenchSupport.tempDir("cairn-hashckpt-");
        System.out.println("jvm flags: " + BenchSupport.jvmFlags() + "; wal=WRITE; rate " + rate + " HSETs/s");
        byte[] key = "big-hash".getBytes(StandardCharsets.US_ASCII);
        byte[] value = BenchSupport.value(100);
        StoreConfig config = StoreConfig.builder(dir).walMode(WalMode.WRITE)
                .checkpointLogBytes(0).checkpointInterval(Duration.ZERO).build();
        try (Store store = Store.open(config)) {
            long t0 = System.nanoTime();
            for (int i = 0; i < fields; i += 1000) {
                int from = i;
                store.execute(t -> {
                    for (int j = from; j < Math.min(from + 1000, fields); j++) {
                        t.hset(key, BenchSupport.field(j), value.clone());
                    }
                    return null;
                }).await();
            }
            System.out.printf("preloaded one hash of %d fields in %d ms%n", fields, (System.nanoTime() - t0) / 1_000_000);
            BenchSupport.heapUsedAfterGc();

            Histogram[][] h = new Histogram[Phase.values().length][2]; // [service, fromSchedule] per phase
            for (Histogram[] row : h) {
                row[0] = new Histogram(60_000_000_000L, 3);
                row[1] = new Histogram(60_000_000_000L, 3);
            }
            List<Long> firstAfterStart = new ArrayList<>();
            Thread writer = Thread.ofPlatform().name("bench-writer").start(() -> {
                SplittableRandom rnd = new SplittableRandom(42);
                long interval = 1_000_000_000L / rate;
                long next = System.nanoTime();
                while (true) {
                    Phase p = phase;
                    if (p == Phase.STOP) {
                        return;
                    }
                    long now = System.nanoTime();
                    if (next > now) {
                        LockSupport.parkNanos(next - now);
                    }
                    if (p == Phase.CHECKPOINT) {
                        CompletableFuture<CheckpointInfo> c = running;
                        p = c != null && !c.isDone() ? Phase.CHECKPOINT : Phase.WARMUP; // gaps not counted
                    }
                    boolean first = justStarted;
                    byte[] field = BenchSupport.field(rnd.nextInt(fields));
                    byte[] v = value.clone();
                    long start = System.nanoTime();
                    store.execute(t -> t.hset(key, field, v)).await();
                    long end = System.nanoTime();
                    if (first) {
                        justStarted = false;
                        synchronized (firstAfterStart) {
                            firstAfterStart.add(end - start);
                        }
                    }
                    h[p.ordinal()][0].recordValue(end - start);
                    h[p.ordinal()][1].recordValue(Math.max(0, end - next));
                    next += interval;
                }
            });

            Thread.sleep(5_000);
            phase = Phase.BASELINE;
            long[] gc = gcTotals();
            Thread.sleep(phaseSeconds * 1000L);
            String gcBaseline = gcSince(gc);

            phase = Phase.CHECKPOINT;
            List<CheckpointInfo> done = new ArrayList<>();
            long ckptEnd = System.nanoTime() + phaseSeconds * 1_000_000_000L;
            do {
                running = store.checkpoint(); // the view is open when this returns
                justStarted = true;
                done.add(running.join());
            } while (System.nanoTime() < ckptEnd);
            String gcCheckpoint = gcSince(gc);
            phase = Phase.STOP;
            writer.join();

            for (CheckpointInfo c : done) {
                System.out.printf("checkpoint: %d entries, %s, %d ms%n", c.entries(), BenchSupport.mib(c.bytes()), c.millis());
            }
            System.out.println("latency of one HSET into the hash, microseconds (service time | from schedule):");
            System.out.printf("%-22s %9s %9s %9s %9s %9s | %9s %9s %9s %9s   %s%n",
                    "phase", "count", "p50", "p99", "p99.9", "max", "p50", "p99", "p99.9", "max", "GC");
            print("no checkpoint", h[Phase.BASELINE.ordinal()], gcBaseline);
            print("checkpoint running", h[Phase.CHECKPOINT.ordinal()], gcCheckpoint);
            synchronized (firstAfterStart) {
                long max = firstAfterStart.stream().mapToLong(Long::longValue).max().orElse(0);
                double mean = firstAfterStart.stream().mapToLong(Long::longValue).average().orElse(0);
                System.out.printf("first HSET after a checkpoint started: %d samples, mean %.1f us, max %.1f us%n",
                        firstAfterStart.size(), mean / 1e3, max / 1e3);
            }
            double ratio = h[Phase.CHECKPOINT.ordinal()][0].getValueAtPercentile(99.9)
                    / (double) h[Phase.BASELINE.ordinal()][0].getValueAtPercentile(99.9);
            System.out.printf("p99.9 ratio (service time), checkpoint running / no checkpoint: %.2f (target <= 2)%n", ratio);
        } finally {
            BenchSupport.deleteTree(dir);
        }
    }

    /** {collections, milliseconds} of every collector so far. */
    private static long[] gcTotals() {
        long[] t = new long[2];
        for (GarbageCollectorMXBean b : ManagementFactory.getGarbageCollectorMXBeans()) {
            t[0] += Math.max(0, b.getCollectionCount());
            t[1] += Math.max(0, b.getCollectionTime());
        }
        return t;
    }

    /** The collections since {@code last}, which moves on to now. */
    private static String gcSince(long[] last) {
        long[] now = gcTotals();
        String s = (now[0] - last[0]) + " GCs, " + (now[1] - last[1]) + " ms";
        last[0] = now[0];
        last[1] = now[1];
        return s;
    }

    private static void print(String name, Histogram[] h, String gc) {
        System.out.printf("%-22s %9d %9.1f %9.1f %9.1f %9.1f | %9.1f %9.1f %9.1f %9.1f   %s%n", name,
                h[0].getTotalCount(),
                h[0].getValueAtPercentile(50) / 1e3, h[0].getValueAtPercentile(99) / 1e3,
                h[0].getValueAtPercentile(99.9) / 1e3, h[0].getMaxValue() / 1e3,
                h[1].getValueAtPercentile(50) / 1e3, h[1].getValueAtPercentile(99) / 1e3,
                h[1].getValueAtPercentile(99.9) / 1e3, h[1].getMaxValue() / 1e3, gc);
    }
}
