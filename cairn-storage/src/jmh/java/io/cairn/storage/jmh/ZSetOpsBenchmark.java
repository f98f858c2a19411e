package io.cairn.storage.jmh;

/*
 * Question: how many score updates per second does the embedded engine do on one sorted set of
 * 100,000 members "element:%012d", without a log, as redis-benchmark's ZADD test makes them (a
 * random member gets a random integer score in [0, 100000)), through Txn as the server calls it?
 * zaddSameScoreNoop (ZADD of the score a member already has: a read, no write) is the floor;
 * zaddUpdateScoreThenAdd is the two-call path (zscore, then zadd) the server used before.
 *
 * Expected answer: about a million per second: the update is a key probe, a member-map walk and
 * the tree's removal and insertion (two or three descents of three nodes each); the no-op is a
 * probe and a walk, several times faster. (Measured on a shared 2-core machine, 3 iterations of
 * 2 s, back to back: before the one-walk add and the one-descent removal, update 461k ops/s and
 * no-op 2.23M; after, update 434k (448k through the two calls) and no-op 2.36M: within the
 * noise. Random scores almost never keep a member's slot, and what is left, an insert and a
 * removal in two different leaves of a set beyond the caches, is where the time goes.)
 *
 * Usage: mvnl -o -Pjmh -pl cairn-storage -am test-compile -Djmh.args="ZSetOps -jvm $JAVA_HOME/bin/java"
 */

import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.StoreConfig;
import io.cairn.storage.engine.WalMode;
import io.cairn.storage.engine.ZSetOps;
import java.nio.charset.StandardCharsets;
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
import org.openjdk.jmh.annotations.Warmup;

@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx3g"})
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
@State(Scope.Benchmark)
public class ZSetOpsBenchmark {
    private static final byte[] KEY = "myzset".getBytes(StandardCharsets.US_ASCII);

    @Param({"100000"})
    public int members;

    Path dir;
    Store store;
    byte[][] names;
    double[] scores;
    final SplittableRandom random = new SplittableRandom(42);
    /** ZADD without flags: the new score whatever the old. */
    static final ZSetOps.ScoreRule PLAIN = (old, score) -> score;

    @Setup(Level.Trial)
    public void load() {
        dir = BenchSupport.tempDir("cairn-zsetops-");
        store = Store.open(StoreConfig.builder(dir).walMode(WalMode.NONE).build());
        names = new byte[members][];
        scores = new double[members];
        SplittableRandom s = new SplittableRandom(7);
        for (int i = 0; i < members; i += 10_000) {
            int from = i;
            store.execute(t -> {
                for (int j = from; j < Math.min(from + 10_000, members); j++) {
                    names[j] = String.format("element:%012d", j).getBytes(StandardCharsets.US_ASCII);
                    scores[j] = s.nextInt(members);
                    t.zadd(KEY, names[j], scores[j]);
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

    /** ZADD myzset <rand> <member>, as ZSetWrites.Add runs it: one read-and-write of the member. */
    @Benchmark
    public Object zaddUpdate() {
        byte[] member = names[random.nextInt(members)].clone();
        double score = random.nextInt(members);
        return store.execute(t -> t.zsets().add(KEY, member, score, PLAIN));
    }

    /** The same through two calls, as ZSetWrites.Add made it before the one-walk add: zscore, then zadd. */
    @Benchmark
    public Object zaddUpdateScoreThenAdd() {
        byte[] member = names[random.nextInt(members)].clone();
        double score = random.nextInt(members);
        return store.execute(t -> {
            Double old = t.zscore(KEY, member);
            return old != null && old == score ? Boolean.FALSE : t.zadd(KEY, member, score);
        });
    }

    /** ZADD of the score the member already has: the read finds it equal and writes nothing. */
    @Benchmark
    public Object zaddSameScoreNoop() {
        byte[] member = names[random.nextInt(members)];
        return store.execute(t -> {
            double score = t.zscore(KEY, member); // stands for the score the client sends
            return t.zsets().add(KEY, member, score, PLAIN);
        });
    }
}
