package io.cairn.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.common.ManualClock;
import io.cairn.storage.engine.ReadView;
import io.cairn.storage.engine.ScanPage;
import io.cairn.storage.engine.ScoredMember;
import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.StoreConfig;
import io.cairn.storage.engine.ValueType;
import io.cairn.storage.engine.ZSetRange;
import io.cairn.testkit.Seeds;
import io.cairn.testkit.disk.CrashableDiskEngines;
import io.cairn.testkit.fs.CrashableFileSystem;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Big sorted sets in two disk databases, whose members and score index live in the engine one
 * part each: random ZADD, ZREM, ZSCORE, ZRANK, ranges by rank, score and member (each way, with
 * LIMIT), ZCOUNT, the ZREMRANGE commands, ZPOPMIN/ZPOPMAX, ZSCAN pagings, random picks, STORE,
 * read views, RENAME, MOVE, DEL, expiry and FLUSHDB against a model, across saves (a stage of a few
 * kilobytes), reopens and power losses; and at the end no part outlives its key. Keys {@code z*}
 * have scores from a few values (ties, infinities); keys {@code y*} all score 0, for lex ranges.
 * Reproducible with {@code -Dcairn.seed=...}.
 */
class DiskZSetsModelTest {
    private static final int KEYS = 4;

    @Test
    void bigSortedSetsOnDiskFollowTheModel() {
        run(Seeds.seed(), 5_000);
    }

    @Test
    @Tag("long")
    void bigSortedSetsOnDiskFollowTheModelOverManySeeds() {
        long base = Seeds.seed();
        for (int i = 0; i < 20; i++) {
            run(base + i, 20_000);
        }
    }

    /** ZSCORE of a big sorted set on disk reads one part, a ZADD of a member once, and the stage holds none of the others. */
    @Test
    void aMemberOfABigSortedSetIsOneRead() {
        CrashableDiskEngines engines = new CrashableDiskEngines();
        StoreConfig config = DiskKeyModel.oneDiskDatabase(engines);
        CrashableFileSystem fs = new CrashableFileSystem();
        Store store = Store.open(config, fs, new ManualClock(1_000_000));
        try {
            store.execute(t -> {
                for (int i = 0; i < 5_000; i++) {
                    t.zsets().add(b("big"), b("member:" + i), i);
                }
                return null;
            }).await();
            store.close();
            store = Store.open(config, fs, new ManualClock(1_000_000));
            Store st = store;
            long before = engines.partReads();
            assertThat((Double) st.read(t -> t.zsets().score(b("big"), b("member:1234")))).isEqualTo(1234.0);
            assertThat(engines.partReads() - before).isEqualTo(1);
            assertThat((int) st.read(t -> t.zsets().card(b("big")))).isEqualTo(5_000);
            long beforeWrite = engines.partReads();
            boolean added = st.execute(t -> t.zsets().add(b("big"), b("member:77"), -1)).await();
            assertThat(added).isFalse();
            assertThat(engines.partReads() - beforeWrite).as("ZADD of a member reads its part once").isEqualTo(1);
            List<ScoredMember> lowest = st.read(t -> t.zsets().byRank(b("big"), 0, 2, false));
            assertThat(lowest).containsExactly(new ScoredMember("member:77", -1), new ScoredMember("member:0", 0),
                    new ScoredMember("member:1", 1));
            List<ScoredMember> top = st.read(t -> t.zsets().range(b("big"), ZSetRange.ByScore.closed(4_990, 10_000), true, 1, 2));
            assertThat(top).containsExactly(new ScoredMember("member:4998", 4998), new ScoredMember("member:4997", 4997));
            assertThat((Long) st.read(t -> t.zsets().rank(b("big"), b("member:4999"), true))).isEqualTo(0L);
            long stage = Long.parseLong(st.diskInfo().get("disk_stage_bytes"));
            assertThat(stage).as("the stage holds the metadata and one member, not 5,000").isLessThan(2_000);
        } finally {
            StoreModelTest.closeQuietly(store);
        }
    }

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static String s(byte[] b) {
        return new String(b, StandardCharsets.ISO_8859_1);
    }

    /** The model: per database, each key's members with their scores, and its expiry. */
    private static final class Model {
        final DiskKeyModel<TreeMap<String, Double>> keys = new DiskKeyModel<>();
        final List<Map<String, TreeMap<String, Double>>> sets = keys.values;

        TreeMap<String, Double> live(int db, String key, long now) {
            return keys.live(db, key, now);
        }

        void remove(int db, String key) {
            keys.remove(db, key);
        }

        /** The key's members in order. */
        List<ScoredMember> ordered(int db, String key, long now) {
            TreeMap<String, Double> m = live(db, key, now);
            List<ScoredMember> out = new ArrayList<>();
            if (m != null) {
                m.forEach((k, v) -> out.add(new ScoredMember(k, v)));
            }
            Collections.sort(out);
            return out;
        }

        /** After members went: an emptied set goes with its key. */
        void changed(int db, String key) {
            TreeMap<String, Double> m = sets.get(db).get(key);
            if (m != null && m.isEmpty()) {
                remove(db, key);
            }
        }
    }

    private static double score(RandomGenerator rnd, String key) {
        if (key.startsWith("y")) {
            return 0;
        }
        int k = rnd.nextInt(40);
        return k == 0 ? Double.POSITIVE_INFINITY : k == 1 ? Double.NEGATIVE_INFINITY : k < 6 ? rnd.nextDouble() * 100 - 50 : rnd.nextInt(60) - 30;
    }

    private static ZSetRange randomRange(RandomGenerator rnd, String key) {
        if (key.startsWith("y")) {
            ZSetRange.LexBound lo = rnd.nextInt(8) == 0 ? ZSetRange.LexBound.MINUS : lexBound(rnd);
            ZSetRange.LexBound hi = rnd.nextInt(8) == 0 ? ZSetRange.LexBound.PLUS : lexBound(rnd);
            return new ZSetRange.ByLex(lo, hi);
        }
        double a = rnd.nextInt(10) == 0 ? Double.NEGATIVE_INFINITY : rnd.nextInt(70) - 35;
        double z = rnd.nextInt(10) == 0 ? Double.POSITIVE_INFINITY : a + rnd.nextInt(30);
        return new ZSetRange.ByScore(a, rnd.nextBoolean(), z, rnd.nextBoolean());
    }

    private static ZSetRange.LexBound lexBound(RandomGenerator rnd) {
        String v = "m:" + rnd.nextInt(800);
        return rnd.nextBoolean() ? ZSetRange.LexBound.inclusive(v) : ZSetRange.LexBound.exclusive(v);
    }

    private static List<ScoredMember> inRange(List<ScoredMember> all, ZSetRange range) {
        List<ScoredMember> out = new ArrayList<>();
        for (ScoredMember m : all) {
            if (range.atLeastMin(m) && range.atMostMax(m)) {
                out.add(m);
            }
        }
        return out;
    }

    private static void run(long seed, int steps) {
        RandomGenerator rnd = Seeds.random(seed);
        CrashableFileSystem fs = new CrashableFileSystem();
        ManualClock clock = new ManualClock(1_000_000);
        CrashableDiskEngines engines = new CrashableDiskEngines(Seeds.random(seed + 1), 0.3);
        StoreConfig config = DiskKeyModel.twoDiskDatabases(engines, rnd);
        Model model = new Model();
        DiskKeyModel.Rig rig = new DiskKeyModel.Rig(config, fs, clock, engines);
        Store store = Store.open(config, fs, clock);
        try {
            for (int step = 0; step < steps; step++) {
                Store st = store;
                int db = rnd.nextInt(2);
                String key = (rnd.nextBoolean() ? "z" : "y") + rnd.nextInt(KEYS);
                String member = "m:" + rnd.nextInt(rnd.nextInt(5) == 0 ? 40 : 800);
                long now = clock.millis();
                String where = "seed=" + seed + " step=" + step + " " + key;
                int op = rnd.nextInt(1000);
                TreeMap<String, Double> m = model.live(db, key, now);
                List<ScoredMember> ordered = model.ordered(db, key, now);
                int n = ordered.size();
                if (op < 330) {
                    int k = 1 + rnd.nextInt(rnd.nextInt(8) == 0 ? 300 : 4);
                    Map<String, Double> adds = new TreeMap<>();
                    for (int i = 0; i < k; i++) {
                        adds.put(i == 0 ? member : "m:" + rnd.nextInt(800), score(rnd, key));
                    }
                    int added = st.execute(db, t -> {
                        int a = 0;
                        for (var e : adds.entrySet()) {
                            a += t.zsets().add(b(key), b(e.getKey()), e.getValue()) ? 1 : 0;
                        }
                        return a;
                    }).await();
                    TreeMap<String, Double> z = model.sets.get(db).computeIfAbsent(key, x -> new TreeMap<>());
                    int expected = 0;
                    for (var e : adds.entrySet()) {
                        expected += z.put(e.getKey(), e.getValue()) == null ? 1 : 0;
                    }
                    assertThat(added).as(where).isEqualTo(expected);
                } else if (op < 420) {
                    boolean removed = st.execute(db, t -> t.zsets().remove(b(key), b(member))).await();
                    assertThat(removed).as(where).isEqualTo(m != null && m.containsKey(member));
                    if (m != null) {
                        m.remove(member);
                        model.changed(db, key);
                    }
                } else if (op < 480) {
                    assertThat((Double) st.read(db, t -> t.zsets().score(b(key), b(member)))).as(where).isEqualTo(m == null ? null : m.get(member));
                    assertThat((int) st.read(db, t -> t.zsets().card(b(key)))).as(where).isEqualTo(n);
                    boolean reverse = rnd.nextBoolean();
                    Long rank = st.read(db, t -> t.zsets().rank(b(key), b(member), reverse));
                    Long expected = null;
                    if (m != null && m.containsKey(member)) {
                        long r = ordered.indexOf(new ScoredMember(member, m.get(member)));
                        expected = reverse ? n - 1 - r : r;
                    }
                    assertThat(rank).as(where).isEqualTo(expected);
                } else if (op < 540) {
                    long start = rnd.nextInt(n + 6) - 3 - (rnd.nextBoolean() ? n : 0);
                    long stop = rnd.nextInt(n + 6) - 3 - (rnd.nextBoolean() ? n : 0);
                    boolean reverse = rnd.nextBoolean();
                    List<ScoredMember> got = st.read(db, t -> t.zsets().byRank(b(key), start, stop, reverse));
                    List<ScoredMember> expected = new ArrayList<>(ordered);
                    if (reverse) {
                        Collections.reverse(expected);
                    }
                    long a = start < 0 ? Math.max(0, n + start) : start;
                    long z = Math.min(n - 1L, stop < 0 ? n + stop : stop);
                    assertThat(got).as(where + " " + start + ".." + stop)
                            .isEqualTo(a > z || a >= n ? List.of() : expected.subList((int) a, (int) z + 1));
                } else if (op < 620) {
                    ZSetRange range = randomRange(rnd, key);
                    boolean reverse = rnd.nextBoolean();
                    long offset = rnd.nextInt(4) == 0 ? rnd.nextInt(20) : 0;
                    long limit = rnd.nextInt(3) == 0 ? rnd.nextInt(30) : -1;
                    List<ScoredMember> got = st.read(db, t -> t.zsets().range(b(key), range, reverse, offset, limit));
                    List<ScoredMember> expected = inRange(ordered, range);
                    if (reverse) {
                        Collections.reverse(expected);
                    }
                    expected = offset >= expected.size() ? List.of()
                            : expected.subList((int) offset, (int) (limit < 0 ? expected.size() : Math.min(expected.size(), offset + limit)));
                    assertThat(got).as(where + " " + range + " rev=" + reverse + " " + offset + "/" + limit).isEqualTo(expected);
                    assertThat((long) st.read(db, t -> t.zsets().count(b(key), range))).as(where).isEqualTo((long) inRange(ordered, range).size());
                } else if (op < 650) {
                    ZSetRange range = randomRange(rnd, key);
                    long removed = st.execute(db, t -> t.zsets().removeRange(b(key), range)).await();
                    List<ScoredMember> gone = inRange(ordered, range);
                    assertThat(removed).as(where + " " + range).isEqualTo(gone.size());
                    gone.forEach(x -> m.remove(x.member()));
                    model.changed(db, key);
                } else if (op < 670) {
                    long start = rnd.nextInt(n + 4) - 2;
                    long stop = start + rnd.nextInt(40);
                    long removed = st.execute(db, t -> t.zsets().removeByRank(b(key), start, stop)).await();
                    long a = start < 0 ? Math.max(0, n + start) : start;
                    long z = Math.min(n - 1L, stop < 0 ? n + stop : stop);
                    List<ScoredMember> gone = a > z || a >= n ? List.of() : ordered.subList((int) a, (int) z + 1);
                    assertThat(removed).as(where).isEqualTo(gone.size());
                    gone.forEach(x -> m.remove(x.member()));
                    model.changed(db, key);
                } else if (op < 700) {
                    boolean highest = rnd.nextBoolean();
                    int count = 1 + rnd.nextInt(rnd.nextInt(6) == 0 ? 100 : 3);
                    List<ScoredMember> popped = st.execute(db, t -> t.zsets().pop(b(key), count, highest)).await();
                    List<ScoredMember> expected = new ArrayList<>(ordered);
                    if (highest) {
                        Collections.reverse(expected);
                    }
                    expected = expected.subList(0, Math.min(count, n));
                    assertThat(popped).as(where).isEqualTo(expected);
                    expected.forEach(x -> m.remove(x.member()));
                    model.changed(db, key);
                } else if (op < 730) {
                    assertThat(scanned(st, db, key, 1 + rnd.nextInt(60), where)).as(where).isEqualTo(m == null ? Map.of() : m);
                } else if (op < 750) {
                    for (int i = 0; i < 5 && n > 0; i++) {
                        int rank = rnd.nextInt(n);
                        ScoredMember picked = st.read(db, t -> t.zsets().pick(b(key), rank));
                        assertThat(m.get(picked.member())).as(where + " pick").isEqualTo(picked.score());
                    }
                } else if (op < 760) {
                    List<ScoredMember> members = new ArrayList<>();
                    TreeMap<String, Double> next = new TreeMap<>();
                    for (int i = rnd.nextInt(400); i > 0; i--) {
                        String x = "m:" + rnd.nextInt(800);
                        if (!next.containsKey(x)) {
                            double sc = score(rnd, key);
                            next.put(x, sc);
                            members.add(new ScoredMember(x, sc));
                        }
                    }
                    long size = st.execute(db, t -> t.zsets().store(b(key), members)).await();
                    assertThat(size).as(where).isEqualTo(next.size());
                    model.remove(db, key);
                    if (!next.isEmpty()) {
                        model.sets.get(db).put(key, next);
                    }
                } else if (op < 790) {
                    try (ReadView view = st.openReadView(db)) {
                        List<ScoredMember> before = ordered;
                        String x = "m:" + rnd.nextInt(800);
                        double sc = score(rnd, key);
                        st.execute(db, t -> t.zsets().add(b(key), b(x), sc)).await();
                        model.sets.get(db).computeIfAbsent(key, k -> new TreeMap<>()).put(x, sc);
                        if (m != null && rnd.nextBoolean()) {
                            st.execute(db, t -> t.zsets().remove(b(key), b(member))).await();
                            model.sets.get(db).get(key).remove(member);
                            model.changed(db, key);
                        }
                        assertThat(view.zset(b(key))).as(where + " view").isEqualTo(before);
                    }
                } else if (op < 953) {
                    DiskKeyModel.Step keyStep = op < 820 ? DiskKeyModel.Step.RENAME : op < 840 ? DiskKeyModel.Step.MOVE
                            : op < 855 ? DiskKeyModel.Step.DELETE : op < 875 ? DiskKeyModel.Step.EXPIRE
                            : op < 905 ? DiskKeyModel.Step.TIME : op < 925 ? DiskKeyModel.Step.REOPEN
                            : op < 950 ? DiskKeyModel.Step.POWER_LOSS : DiskKeyModel.Step.FLUSHDB;
                    store = model.keys.step(keyStep, store, rig, rnd, db, key, m, KEYS, where);
                } else {
                    for (int d = 0; d < 2; d++) {
                        for (String prefix : List.of("z", "y")) {
                            for (int i = 0; i < KEYS; i++) {
                                String k = prefix + i;
                                int dd = d;
                                assertThat((List<ScoredMember>) st.read(d, t -> t.zsets().members(b(k)))).as(where + " db " + d + " " + k)
                                        .isEqualTo(model.ordered(dd, k, now));
                            }
                        }
                    }
                }
            }
            assertThat(engines.saves()).as("the stages were saved").isPositive();
            assertThat(engines.partReads()).as("members were read from big sorted sets on disk").isPositive();
            partsGoWithTheirKeys(store, config, fs, clock, engines);
        } finally {
            StoreModelTest.closeQuietly(store);
        }
    }

    /** Big sorted sets saved whole, then deleted or expired: their members' and index's parts all go. */
    private static void partsGoWithTheirKeys(Store store, StoreConfig config, CrashableFileSystem fs, ManualClock clock,
                                             CrashableDiskEngines engines) {
        store.execute(t -> {
            t.flushAll();
            return null;
        }).await();
        for (int d = 0; d < 2; d++) {
            for (int i = 0; i < KEYS; i++) {
                String key = "z" + i;
                store.execute(d, t -> {
                    for (int x = 0; x < 600; x++) { // past zset-max-listpack-entries
                        t.zsets().add(b(key), b("m:" + x), x % 7);
                    }
                    return null;
                }).await();
            }
        }
        store.close();
        assertThat(engines.parts()).as("a member part and an index part per member").isEqualTo(2L * 2 * KEYS * 600);
        Store again = Store.open(config, fs, clock);
        try {
            for (int d = 0; d < 2; d++) {
                for (int i = 0; i < KEYS; i++) {
                    String key = "z" + i;
                    if (i % 2 == 0) {
                        again.execute(d, t -> t.delete(b(key))).await();
                    } else {
                        again.execute(d, t -> t.expireAt(b(key), clock.millis() + 1)).await();
                    }
                }
            }
            clock.advanceMillis(1000);
            for (int round = 0; round < 50 && (again.read(0, t -> t.size()) > 0 || again.read(1, t -> t.size()) > 0); round++) {
                again.reclaimExpired(1000);
            }
            assertThat(again.read(0, t -> t.size()) + again.read(1, t -> t.size())).as("keys left").isZero();
        } finally {
            again.close();
        }
        assertThat(engines.parts()).as("parts left once every sorted set is deleted or expired").isZero();
    }

    /** A whole ZSCAN paging, each member seen once. */
    private static Map<String, Double> scanned(Store st, int db, String key, int count, String where) {
        Map<String, Double> out = new TreeMap<>();
        long cursor = 0;
        int pages = 0;
        do {
            long c = cursor;
            ScanPage page = st.read(db, t -> t.scan(b(key), ValueType.ZSET, c, count));
            for (int i = 0; i < page.elements().size(); i++) {
                String x = s(page.elements().get(i));
                assertThat(out.put(x, (Double) page.values().get(i))).as(where + " member " + x + " seen twice").isNull();
            }
            cursor = page.cursor();
            assertThat(++pages).as(where + " pages").isLessThan(100_000);
        } while (cursor != 0);
        return out;
    }
}
