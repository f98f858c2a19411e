package io.cairn.storage.jmh;

/*
 * Question: how many durable (wal=fsync) SETs per second does the engine acknowledge with 1, 8
 * and 64 concurrent writers, each waiting for its own write to be synced before the next?
 *
 * Expected answer: 1 writer is bounded by the disk's fdatasync rate (FsyncRateProbe measures it
 * on the same disk: one put per fsync). Group commit shares one fsync among the writers waiting
 * at that moment, so 8 writers give close to 8 × and 64 writers close to 64 × the 1-writer rate,
 * until the CPU (not the disk) is the limit. The teardown prints the engine's own counters, so
 * the puts per fsync can be read directly.
 */

import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.StoreConfig;
import io.cairn.storage.engine.StoreStats;
import io.cairn.storage.engine.WalMode;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g"})
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
public class DurablePutBenchmark {

    /** One FSYNC store per trial, in a fresh directory under java.io.tmpdir, deleted after. */
    @State(Scope.Benchmark)
    public static class StoreState {
        @Param({"100000"})
        public int keys;

        @Param({"100"})
        public int valueBytes;

        Path dir;
        Store store;
        byte[][] keyBytes;
        byte[] value;

        @Setup(Level.Trial)
        public void open() {
            dir = BenchSupport.tempDir("cairn-durable-");
            store = Store.open(StoreConfig.builder(dir).walMode(WalMode.FSYNC).build());
            keyBytes = BenchSupport.keys(keys);
            value = BenchSupport.value(valueBytes);
        }

        @TearDown(Level.Trial)
        public void close() {
            StoreStats st = store.stats();
            System.out.printf("%n[engine] puts=%d fsyncs=%d groups=%d puts/fsync=%.2f mean fsync=%.3f ms (warmup included)%n",
                    st.lastLsn(), st.walSyncs(), st.walGroups(),
                    st.lastLsn() / (double) Math.max(1, st.walSyncs()),
                    st.walSyncNanos() / 1e6 / Math.max(1, st.walSyncs()));
            store.close();
            BenchSupport.deleteTree(dir);
        }
    }

    /** Each writer's own random key stream. */
    @State(Scope.Thread)
    public static class Cursor {
        final SplittableRandom random = new SplittableRandom(Thread.currentThread().threadId());

        byte[] next(StoreState s) {
            return s.keyBytes[random.nextInt(s.keys)];
        }
    }

    @Benchmark
    @Threads(1)
    public void writers1(StoreState s, Cursor c) {
        s.store.set(c.next(s), s.value).await();
    }

    @Benchmark
    @Threads(8)
    public void writers8(StoreState s, Cursor c) {
        s.store.set(c.next(s), s.value).await();
    }

    @Benchmark
    @Threads(64)
    public void writers64(StoreState s, Cursor c) {
        s.store.set(c.next(s), s.value).await();
    }
}
