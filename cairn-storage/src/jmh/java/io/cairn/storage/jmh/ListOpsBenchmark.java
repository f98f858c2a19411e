package io.cairn.storage.jmh;

/*
 * Question: how many list operations per second does the embedded engine do on a list of
 * 1,000,000 elements of 20 bytes, without a log: LPUSH of one element, RPOPLPUSH of the list onto
 * itself (an RPOP and an LPUSH, so the length stays put), LINDEX of a random element in the middle
 * half, and LRANGE of 100 elements from a random middle position?
 *
 * Expected answer: pushes and pops touch the first or last chunk only: a few million per second
 * whatever the layout of a chunk (one lock, one path of two or three branches, a copy of the
 * element). LINDEX descends the same path and then finds the element inside its chunk: O(1) when
 * a chunk is an array of arrays; a walk over up to half a chunk (about 180 length bytes of an
 * 8 KiB chunk of 22-byte entries) when the elements are packed in one byte[], so a few times
 * slower, still far above the server's per-command cost. LRANGE walks forward once: about the
 * same either way (the packed layout copies each element out, the other hands out its arrays).
 * (Measured on a machine shared with other builds, 5 iterations of 3 s, one run before packing
 * and two after: LPUSH 3.0M ops/s vs 4.0M and 2.7M, RPOPLPUSH 1.05M vs 1.34M and 1.30M, LINDEX
 * 5.6M vs 1.56M and 1.63M, LRANGE 100 1.10M vs 0.52M: the walk inside a chunk and a copy per
 * element read out cost more than expected. LINDEX on a 10,000-element list, in cache, is 2.0M.)
 *
 * Usage: mvn -Pjmh -pl cairn-storage -am test-compile -Djmh.args="ListOps -jvm $JAVA_HOME/bin/java"
 */

import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.StoreConfig;
import io.cairn.storage.engine.WalMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
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
import org.openjdk.jmh.annotations.Warmup;

@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx3g"})
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
@State(Scope.Benchmark)
public class ListOpsBenchmark {
    private static final byte[] KEY = "list".getBytes(StandardCharsets.US_ASCII);

    @Param({"1000000"})
    public int elements;

    @Param({"20"})
    public int elementBytes;

    Path dir;
    Store store;
    byte[] value;
    final SplittableRandom random = new SplittableRandom(42);

    @Setup(Level.Trial)
    public void load() {
        dir = BenchSupport.tempDir("cairn-listops-");
        store = Store.open(StoreConfig.builder(dir).walMode(WalMode.NONE).build());
        value = ListMemory.element(0, elementBytes);
        for (int i = 0; i < elements; i += 1000) {
            int from = i;
            store.execute(t -> {
                int n = Math.min(1000, elements - from);
                byte[][] values = new byte[n][];
                for (int j = 0; j < n; j++) {
                    values[j] = ListMemory.element(from + j, elementBytes);
                }
                return t.lists().push(KEY, false, values, false);
            });
        }
    }

    /** Takes the list back to its first {@code elements} after an iteration of LPUSHes grew it. */
    @TearDown(Level.Iteration)
    public void trim() {
        store.execute(t -> {
            t.lists().trim(KEY, 0, elements - 1);
            return null;
        });
    }

    @TearDown(Level.Trial)
    public void close() {
        store.close();
        BenchSupport.deleteTree(dir);
    }

    @Benchmark
    public Object lpush() {
        byte[] v = value.clone(); // as a command hands over a fresh array each time
        return store.execute(t -> t.lists().push(KEY, true, new byte[][] {v}, false));
    }

    @Benchmark
    public Object rpoplpush() {
        return store.execute(t -> t.lists().move(KEY, KEY, false, true));
    }

    @Benchmark
    public byte[] lindexMiddle() {
        long at = elements / 4 + random.nextInt(elements / 2);
        return store.read(t -> t.lists().index(KEY, at));
    }

    @Benchmark
    public List<byte[]> lrangeMiddle100() {
        long at = elements / 4 + random.nextInt(elements / 2);
        return store.read(t -> t.lists().range(KEY, at, at + 99));
    }
}
