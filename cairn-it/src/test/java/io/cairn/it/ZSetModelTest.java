package io.cairn.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.common.ManualClock;
import io.cairn.storage.engine.CheckpointInfo;
import io.cairn.storage.engine.ScoredMember;
import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.StoreConfig;
import io.cairn.storage.engine.WalMode;
import io.cairn.storage.engine.ZSetOps;
import io.cairn.storage.engine.ZSetRange;
import io.cairn.testkit.Seeds;
import io.cairn.testkit.disk.CrashableDiskEngines;
import io.cairn.testkit.fs.CrashableFileSystem;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Random sorted-set operations (adds, removals, range removals, pops, stores) against the store
 * and a {@code TreeSet} model per key, with checkpoints that run while the writes go on (so
 * their read views share the sets' nodes with the writer), reopens and simulated power losses.
 * Every write is acknowledged durable before the next, so nothing may be missing after a crash.
 * Reproducible with {@code -Dcairn.seed=...} (the seed is printed).
 */
class ZSetModelTest {
    private static final Path DIR = Path.of("/data");
    private static final int KEYS = 6;

    @Test
    void sortedSetsFollowTheModelAcrossCheckpointsReopensAndCrashes() {
        run(Seeds.seed(), 25_000);
    }

    /** The same with database 0 a disk database (StoreModelTest.diskSettings), its engine crashing with the file system. */
    @Test
    void sortedSetsOnDiskFollowTheModelAcrossCheckpointsReopensAndCrashes() {
        run(Seeds.seed(), 25_000, true);
    }

    @Test
    @Tag("long")
    void sortedSetsFollowTheModelOverManySeeds() {
        long base = Seeds.seed();
        for (int i = 0; i < 20; i++) {
            run(base + i, 30_000, i % 2 == 1);
        }
    }

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** The model of one database: each key's members in (score, member) order. */
    private static final class Model {
        final Map<String, TreeSet<ScoredMember>> sets = new HashMap<>();

        TreeSet<ScoredMember> of(String key) {
            return sets.computeIfAbsent(key, k -> new TreeSet<>());
        }

        boolean add(String key, String member, double score) {
            TreeSet<ScoredMember> s = of(key);
            boolean fresh = !s.removeIf(m -> m.member().equals(member));
            s.add(new ScoredMember(member, score));
            return fresh;
        }

        List<ScoredMember> members(String key) {
            TreeSet<ScoredMember> s = sets.get(key);
            return s == null ? List.of() : List.copyOf(s);
        }

        void removeAll(String key, List<ScoredMember> gone) {
            TreeSet<ScoredMember> s = of(key);
            gone.forEach(s::remove);
            if (s.isEmpty()) {
                sets.remove(key);
            }
        }

        void replace(String key, List<ScoredMember> members) {
            sets.remove(key);
            if (!members.isEmpty()) {
                of(key).addAll(members);
            }
        }
    }

    private static void run(long seed, int steps) {
        run(seed, steps, false);
    }

    private static void run(long seed, int steps, boolean disk) {
        CrashableDiskEngines engines = new CrashableDiskEngines(Seeds.random(seed + 1), 0.2);
        RandomGenerator rnd = Seeds.random(seed);
        CrashableFileSystem fs = new CrashableFileSystem();
        ManualClock clock = new ManualClock(1_000_000);
        StoreConfig config = StoreConfig.builder(DIR).walMode(WalMode.FSYNC).segmentBytes(64 * 1024)
                .checkpointsToKeep(1 + rnd.nextInt(2)).expiryCycle(Duration.ofHours(1))
                .checkpointInterval(Duration.ZERO).checkpointLogBytes(0)
                .disk(StoreModelTest.diskSettings(disk, engines, rnd)).build();
        Model model = new Model();
        Store store = Store.open(config, fs, clock);
        CompletableFuture<CheckpointInfo> running = null;
        try {
            for (int step = 0; step < steps; step++) {
                String where = "seed=" + seed + " step=" + step;
                int k = rnd.nextInt(KEYS);
                String key = "z" + k;
                // key z0 grows to thousands of members (a tree of three levels), the others stay small
                String member = "m" + rnd.nextInt(k == 0 ? 4_000 : 150);
                double score = rnd.nextInt(40) - 20 + (rnd.nextInt(4) == 0 ? 0.25 : 0);
                int op = rnd.nextInt(1000);
                Store s = store;
                if (op < 450) {
                    boolean got = ZSetModelTest.<Boolean>write(s, z -> z.add(b(key), b(member), score));
                    assertThat(got).as(where).isEqualTo(model.add(key, member, score));
                } else if (op < 550) {
                    boolean got = ZSetModelTest.<Boolean>write(s, z -> z.remove(b(key), b(member)));
                    List<ScoredMember> gone = model.members(key).stream().filter(m -> m.member().equals(member)).toList();
                    assertThat(got).as(where).isEqualTo(!gone.isEmpty());
                    model.removeAll(key, gone);
                } else if (op < 600) {
                    double lo = rnd.nextInt(40) - 20;
                    ZSetRange range = new ZSetRange.ByScore(lo, rnd.nextBoolean(), lo + rnd.nextInt(3), rnd.nextBoolean());
                    List<ScoredMember> gone = model.members(key).stream()
                            .filter(m -> range.atLeastMin(m) && range.atMostMax(m)).toList();
                    assertThat(ZSetModelTest.<Long>write(s, z -> z.removeRange(b(key), range))).as(where).isEqualTo((long) gone.size());
                    model.removeAll(key, gone);
                } else if (op < 640) {
                    long start = rnd.nextInt(20) - 10;
                    long stop = start + rnd.nextInt(8);
                    List<ScoredMember> gone = slice(model.members(key), start, stop);
                    assertThat(ZSetModelTest.<Long>write(s, z -> z.removeByRank(b(key), start, stop))).as(where).isEqualTo((long) gone.size());
                    model.removeAll(key, gone);
                } else if (op < 690) {
                    boolean highest = rnd.nextBoolean();
                    int count = 1 + rnd.nextInt(5);
                    List<ScoredMember> all = new ArrayList<>(model.members(key));
                    List<ScoredMember> expected = highest ? all.reversed() : all;
                    expected = List.copyOf(expected.subList(0, Math.min(count, expected.size())));
                    assertThat(ZSetModelTest.<List<ScoredMember>>write(s, z -> z.pop(b(key), count, highest))).as(where).isEqualTo(expected);
                    model.removeAll(key, expected);
                } else if (op < 710) {
                    String from = "z" + rnd.nextInt(KEYS);
                    List<ScoredMember> copied = model.members(from).stream().filter(m -> rnd.nextInt(3) > 0).toList();
                    write(s, z -> z.store(b(key), copied));
                    model.replace(key, copied);
                } else if (op < 850) {
                    check(store, model, key, rnd, where);
                } else if (op < 880) {
                    if (running == null) {
                        running = store.checkpoint(); // runs on its view while the next writes go on
                    } else {
                        running.join();
                        running = null;
                    }
                } else if (op < 890) {
                    running = finish(running);
                    store.close();
                    store = Store.open(config, fs, clock);
                } else if (op < 900) {
                    running = finish(running);
                    fs.crash(rnd); // power loss with everything acknowledged: nothing may be missing
                    engines.crash();
                    StoreModelTest.closeQuietly(store);
                    store = Store.open(config, fs, clock);
                }
                if (step % 1_000 == 0 || op >= 880 && op < 900) {
                    for (int i = 0; i < KEYS; i++) {
                        String kk = "z" + i;
                        assertThat(ZSetModelTest.<List<ScoredMember>>read(store, z -> z.members(b(kk)))).as(where + " " + kk).isEqualTo(model.members(kk));
                    }
                }
            }
            finish(running);
        } finally {
            StoreModelTest.closeQuietly(store);
        }
    }

    private static CompletableFuture<CheckpointInfo> finish(CompletableFuture<CheckpointInfo> running) {
        if (running != null) {
            running.join();
        }
        return null;
    }

    private static void check(Store store, Model model, String key, RandomGenerator rnd, String where) {
        List<ScoredMember> all = model.members(key);
        assertThat(ZSetModelTest.<Long>read(store, z -> (long) z.card(b(key)))).as(where).isEqualTo((long) all.size());
        if (!all.isEmpty()) {
            int rank = rnd.nextInt(all.size());
            ScoredMember m = all.get(rank);
            assertThat(ZSetModelTest.<Long>read(store, z -> z.rank(b(key), b(m.member()), false))).as(where).isEqualTo((long) rank);
            assertThat(ZSetModelTest.<Long>read(store, z -> z.rank(b(key), b(m.member()), true))).as(where)
                    .isEqualTo((long) (all.size() - 1 - rank));
            assertThat(ZSetModelTest.<ScoredMember>read(store, z -> z.atRank(b(key), rank))).as(where).isEqualTo(m);
        }
        double lo = rnd.nextInt(44) - 22;
        ZSetRange range = new ZSetRange.ByScore(lo, rnd.nextBoolean(), lo + rnd.nextInt(10), rnd.nextBoolean());
        List<ScoredMember> in = all.stream().filter(m -> range.atLeastMin(m) && range.atMostMax(m)).toList();
        assertThat(ZSetModelTest.<Long>read(store, z -> z.count(b(key), range))).as(where).isEqualTo((long) in.size());
        assertThat(ZSetModelTest.<List<ScoredMember>>read(store, z -> z.range(b(key), range, true, 1, 3))).as(where)
                .isEqualTo(in.reversed().stream().skip(1).limit(3).toList());
        long start = rnd.nextInt(30) - 15;
        long stop = rnd.nextInt(30) - 15;
        assertThat(ZSetModelTest.<List<ScoredMember>>read(store, z -> z.byRank(b(key), start, stop, false))).as(where).isEqualTo(slice(all, start, stop));
    }

    private static List<ScoredMember> slice(List<ScoredMember> all, long start, long stop) {
        int n = all.size();
        long from = start < 0 ? Math.max(0, n + start) : start;
        long to = Math.min(stop < 0 ? n + stop : stop, n - 1);
        return from > to ? List.of() : List.copyOf(all.subList((int) from, (int) to + 1));
    }

    private static <R> R write(Store store, Function<ZSetOps, R> body) {
        return store.execute(t -> body.apply(t.zsets())).await();
    }

    private static <R> R read(Store store, Function<ZSetOps, R> body) {
        return store.read(t -> body.apply(t.zsets()));
    }
}
