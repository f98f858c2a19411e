package io.cairn.storage.jmh;

/*
 * Question: how many point GETs and SETs per second does the embedded engine do, without a log,
 * on random keys of a keyspace of N preloaded keys with 100-byte values, from 1 and 2 threads?
 *
 * Expected answer: a few million ops/s per thread for GET and 1 to 2 million for SET (one lock
 * around a hash lookup, a few hundred nanoseconds an operation as Store's header says), falling
 * little from 100,000 to 1,000,000 keys (cache misses only). With 2 threads the total does not
 * grow: one lock serialises every access, as Redis's single thread does, so 2 threads measure
 * the cost of handing the lock over. JMH reports the total over all threads; divide by the
 * thread count for the per-thread figure.
 */

import io.cairn.storage.engine.Result;
import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.StoreConfig;
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
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 3)
public class PointOpsBenchmark {

    /** The store, shared by all threads of a trial. */
    @State(Scope.Benchmark)
    public static class StoreState {
        @Param({"100000", "1000000"})
        public int keys;

        @Param({"100"})
        public int valueBytes;

        Path dir;
        Store store;
        byte[][] keyBytes;
        byte[] value;

        @Setup(Level.Trial)
        public void open() {
            dir = BenchSupport.tempDir("cairn-pointops-");
            store = Store.open(StoreConfig.builder(dir).walMode(WalMode.NONE).expectedKeys(keys).build());
            keyBytes = BenchSupport.keys(keys);
            value = BenchSupport.value(valueBytes);
            for (int i = 0; i < keys; i += 1000) {
                int from = i;
                store.execute(t -> {
                    for (int j = from; j < Math.min(from + 1000, keys); j++) {
                        t.set(keyBytes[j], value, 0);
                    }
                    return null;
                });
            }
            if (store.stats().keys() != keys) {
                throw new IllegalStateException("preload: " + store.stats().keys() + " keys (expected: " + keys + ")");
            }
        }

        @TearDown(Level.Trial)
        public void close() {
            store.close();
            BenchSupport.deleteTree(dir);
        }
    }

    /** Each thread's own random key stream. */
    @State(Scope.Thread)
    public static class Cursor {
        final SplittableRandom random = new SplittableRandom(Thread.currentThread().threadId());

        byte[] next(StoreState s) {
            return s.keyBytes[random.nextInt(s.keys)];
        }
    }

    @Benchmark
    @Threads(1)
    public byte[] get1Thread(StoreState s, Cursor c) {
        return s.store.get(c.next(s));
    }

    @Benchmark
    @Threads(2)
    public byte[] get2Threads(StoreState s, Cursor c) {
        return s.store.get(c.next(s));
    }

    @Benchmark
    @Threads(1)
    public Result<Void> put1Thread(StoreState s, Cursor c) {
        return s.store.set(c.next(s), s.value);
    }

    @Benchmark
    @Threads(2)
    public Result<Void> put2Threads(StoreState s, Cursor c) {
        return s.store.set(c.next(s), s.value);
    }
}
