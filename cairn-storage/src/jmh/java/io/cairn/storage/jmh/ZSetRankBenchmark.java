package io.cairn.storage.jmh;

/*
 * Question: how fast is ZRANK of a random member of a sorted set of N members (1,000,000 the
 * figure BENCHMARKS.md asks for), on the engine's counted B+tree, beside the layout it replaced
 * (a TreeSet, whose rank is headSet(x).size(), a walk of the members below x)?
 *
 * Expected answer: about a million ZRANKs per second on the B+tree (a member-map lookup and one
 * descent of 3 or 4 nodes, each a binary search plus a sum of up to 63 counts), flat from 10,000
 * to 1,000,000 members; the TreeSet answers in O(rank), about a thousand times slower at
 * 1,000,000 members (a few per millisecond) and only ~10x slower at 10,000.
 */

import io.cairn.storage.engine.ScoredMember;
import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.StoreConfig;
import io.cairn.storage.engine.WalMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.SplittableRandom;
import java.util.TreeSet;
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
public class ZSetRankBenchmark {
    private static final byte[] KEY = "z".getBytes(StandardCharsets.US_ASCII);

    @Param({"10000", "1000000"})
    public int members;

    Path dir;
    Store store;
    byte[][] names;
    /** The replaced layout: a member-to-score map beside a TreeSet ordered by (score, member). */
    HashMap<String, Double> oldScores;
    TreeSet<ScoredMember> oldOrder;
    final SplittableRandom random = new SplittableRandom(42);

    @Setup(Level.Trial)
    public void load() {
        dir = BenchSupport.tempDir("cairn-zrank-");
        store = Store.open(StoreConfig.builder(dir).walMode(WalMode.NONE).build());
        names = new byte[members][];
        oldScores = new HashMap<>();
        oldOrder = new TreeSet<>();
        SplittableRandom scores = new SplittableRandom(7);
        for (int i = 0; i < members; i += 10_000) {
            int from = i;
            store.execute(t -> {
                for (int j = from; j < Math.min(from + 10_000, members); j++) {
                    names[j] = ("member:" + j).getBytes(StandardCharsets.US_ASCII);
                    double score = scores.nextInt(1_000_000);
                    t.zadd(KEY, names[j], score);
                    oldScores.put("member:" + j, score);
                    oldOrder.add(new ScoredMember("member:" + j, score));
                }
                return null;
            });
        }
        if (store.read(t -> t.zcard(KEY)) != members) {
            throw new IllegalStateException("preload: " + store.read(t -> t.zcard(KEY)) + " members");
        }
    }

    @TearDown(Level.Trial)
    public void close() {
        store.close();
        BenchSupport.deleteTree(dir);
    }

    @Benchmark
    public Long zrank() {
        byte[] member = names[random.nextInt(members)];
        return store.read(t -> t.zrank(KEY, member));
    }

    @Benchmark
    public long zrankTreeSetBaseline() {
        String member = "member:" + random.nextInt(members);
        double score = oldScores.get(member);
        return oldOrder.headSet(new ScoredMember(member, score), false).size();
    }
}
