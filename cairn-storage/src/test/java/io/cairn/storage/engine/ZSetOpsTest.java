package io.cairn.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.common.Bytes;
import io.cairn.common.ManualClock;
import io.cairn.storage.io.LocalFileSystem;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link ZSetOps}' ranges, ranks and removals against a {@code TreeSet} filtered by brute force. */
class ZSetOpsTest {
    private static final byte[] Z = Bytes.utf8("z");

    @TempDir
    Path dir;
    Store store;

    @BeforeEach
    void open() {
        store = Store.open(StoreConfig.builder(dir).walMode(WalMode.WRITE).expiryCycle(Duration.ofHours(1))
                .checkpointInterval(Duration.ZERO).checkpointLogBytes(0).build(),
                LocalFileSystem.INSTANCE, new ManualClock(1_700_000_000_000L));
    }

    @AfterEach
    void close() {
        store.close();
    }

    private <R> R write(Function<ZSetOps, R> body) {
        return store.execute(t -> body.apply(t.zsets())).await();
    }

    private <R> R read(Function<ZSetOps, R> body) {
        return store.read(t -> body.apply(t.zsets()));
    }

    private static ZSetRange randomRange(SplittableRandom rnd) {
        if (rnd.nextBoolean()) {
            double[] points = {Double.NEGATIVE_INFINITY, -3, 0, 2.5, 7, 11, Double.POSITIVE_INFINITY};
            return new ZSetRange.ByScore(points[rnd.nextInt(points.length)], rnd.nextBoolean(),
                    points[rnd.nextInt(points.length)], rnd.nextBoolean());
        }
        return new ZSetRange.ByLex(lexBound(rnd), lexBound(rnd));
    }

    private static ZSetRange.LexBound lexBound(SplittableRandom rnd) {
        return switch (rnd.nextInt(6)) {
            case 0 -> ZSetRange.LexBound.MINUS;
            case 1 -> ZSetRange.LexBound.PLUS;
            case 2 -> ZSetRange.LexBound.exclusive("m" + rnd.nextInt(60));
            default -> ZSetRange.LexBound.inclusive("m" + rnd.nextInt(60));
        };
    }

    private static List<ScoredMember> brute(TreeSet<ScoredMember> model, ZSetRange r) {
        return model.stream().filter(m -> r.atLeastMin(m) && r.atMostMax(m)).toList();
    }

    @Test
    void rangesCountsAndRemovalsMatchABruteForceFilter() {
        long seed = Long.getLong("cairn.seed.zset", new SplittableRandom().nextLong());
        System.err.println("[cairn] ZSetOpsTest seed=" + seed);
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int round = 0; round < 300; round++) {
            TreeSet<ScoredMember> model = new TreeSet<>();
            boolean oneScore = rnd.nextBoolean(); // lex ranges are specified only for one score
            int n = rnd.nextInt(120);
            write(z -> {
                z.removeByRank(Z, 0, -1);
                return null;
            });
            for (int i = 0; i < n; i++) {
                String m = "m" + rnd.nextInt(60);
                double s = oneScore ? 0 : rnd.nextInt(12) - 2 + (rnd.nextBoolean() ? 0.5 : 0);
                model.removeIf(e -> e.member().equals(m));
                model.add(new ScoredMember(m, s));
                write(z -> z.add(Z, Bytes.utf8(m), s));
            }
            ZSetRange range = randomRange(rnd);
            if (range instanceof ZSetRange.ByLex && !oneScore) {
                continue;
            }
            List<ScoredMember> expected = brute(model, range);
            assertThat(this.<Long>read(z -> z.count(Z, range))).isEqualTo(expected.size());
            long offset = rnd.nextInt(8) - 1;
            long limit = rnd.nextInt(10) - 2;
            boolean reverse = rnd.nextBoolean();
            List<ScoredMember> ordered = new ArrayList<>(expected);
            if (reverse) {
                java.util.Collections.reverse(ordered);
            }
            List<ScoredMember> paged = offset < 0 || offset >= ordered.size() ? List.of()
                    : ordered.subList((int) offset,
                            (int) (limit < 0 ? ordered.size() : Math.min(ordered.size(), offset + limit)));
            assertThat(this.<List<ScoredMember>>read(z -> z.range(Z, range, reverse, offset, limit))).as("%s %d %d %s", range, offset, limit,
                    reverse).isEqualTo(paged);
            long start = rnd.nextInt(20) - 10;
            long stop = rnd.nextInt(20) - 10;
            List<ScoredMember> all = new ArrayList<>(model);
            List<ScoredMember> byRank = this.<List<ScoredMember>>read(z -> z.byRank(Z, start, stop, reverse));
            if (reverse) {
                java.util.Collections.reverse(all);
            }
            assertThat(byRank).isEqualTo(slice(all, start, stop));
            if (rnd.nextBoolean()) {
                assertThat(this.<Long>write(z -> z.removeRange(Z, range))).isEqualTo(expected.size());
                model.removeAll(expected);
            } else {
                List<ScoredMember> gone = slice(new ArrayList<>(model), start, stop);
                assertThat(this.<Long>write(z -> z.removeByRank(Z, start, stop))).isEqualTo(gone.size());
                model.removeAll(gone);
            }
            assertThat(this.<List<ScoredMember>>read(z -> z.members(Z))).containsExactlyElementsOf(model);
            assertThat(store.<Boolean>read(t -> t.exists(Z))).isEqualTo(!model.isEmpty());
        }
    }

    private static List<ScoredMember> slice(List<ScoredMember> all, long start, long stop) {
        int n = all.size();
        long from = start < 0 ? Math.max(0, n + start) : start;
        long to = Math.min(stop < 0 ? n + stop : stop, n - 1);
        return from > to ? List.of() : all.subList((int) from, (int) to + 1);
    }

    @Test
    void popTakesFromEitherEndAndTheKeyGoesWithItsLastMember() {
        write(z -> {
            for (int i = 0; i < 5; i++) {
                z.add(Z, Bytes.utf8("m" + i), i);
            }
            return null;
        });
        assertThat(this.<List<ScoredMember>>write(z -> z.pop(Z, 2, true))).containsExactly(new ScoredMember("m4", 4), new ScoredMember("m3", 3));
        assertThat(this.<List<ScoredMember>>write(z -> z.pop(Z, 1, false))).containsExactly(new ScoredMember("m0", 0));
        assertThat(this.<Long>read(z -> z.rank(Z, Bytes.utf8("m2"), true))).isZero();
        assertThat(this.<List<ScoredMember>>write(z -> z.pop(Z, 10, false))).extracting(ScoredMember::member).containsExactly("m1", "m2");
        assertThat(store.<Boolean>read(t -> t.exists(Z))).isFalse();
        assertThat(this.<List<ScoredMember>>write(z -> z.pop(Z, 1, false))).isEmpty();
    }

    @Test
    void storeReplacesAnyValueAndAnEmptyStoreDeletes() {
        store.set(Z, Bytes.utf8("a string")).await();
        store.execute(t -> t.expireAt(Z, t.now() + 60_000)).await();
        assertThat(this.<Long>write(z -> z.store(Z, List.of(new ScoredMember("b", 2), new ScoredMember("a", 1))))).isEqualTo(2);
        assertThat(this.<List<ScoredMember>>read(z -> z.members(Z))).containsExactly(new ScoredMember("a", 1), new ScoredMember("b", 2));
        assertThat(store.<Long>read(t -> t.expireAt(Z))).isEqualTo(Txn.NO_EXPIRY);
        assertThat(this.<Long>write(z -> z.store(Z, List.of()))).isZero();
        assertThat(store.<Boolean>read(t -> t.exists(Z))).isFalse();
    }

    @Test
    void aWrongTypeIsRefusedByEveryOperation() {
        store.set(Z, Bytes.utf8("v")).await();
        ZSetRange all = ZSetRange.ByScore.closed(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);
        assertThatThrownBy(() -> read(z -> z.count(Z, all))).isInstanceOf(WrongTypeException.class);
        assertThatThrownBy(() -> read(z -> z.byRank(Z, 0, -1, false))).isInstanceOf(WrongTypeException.class);
        assertThatThrownBy(() -> write(z -> z.removeRange(Z, all))).isInstanceOf(WrongTypeException.class);
        assertThatThrownBy(() -> write(z -> z.pop(Z, 1, false))).isInstanceOf(WrongTypeException.class);
    }

    @Test
    void encodingFollowsRedisThresholds() {
        write(z -> z.add(Z, Bytes.utf8("short"), 1));
        assertThat(store.<String>read(t -> t.encoding(Z))).isEqualTo("listpack");
        write(z -> z.add(Z, Bytes.utf8("x".repeat(65)), 1));
        assertThat(store.<String>read(t -> t.encoding(Z))).isEqualTo("skiplist");
        write(z -> z.remove(Z, Bytes.utf8("x".repeat(65))));
        write(z -> {
            for (int i = 0; i < 128; i++) {
                z.add(Z, Bytes.utf8("m" + i), i);
            }
            return null;
        });
        assertThat(store.<String>read(t -> t.encoding(Z))).isEqualTo("skiplist");
        write(z -> z.remove(Z, Bytes.utf8("m0")));
        assertThat(store.<String>read(t -> t.encoding(Z))).isEqualTo("listpack");
    }
}
