package io.cairn.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.common.ManualClock;
import io.cairn.storage.engine.ReadView;
import io.cairn.storage.engine.ScanPage;
import io.cairn.storage.engine.ValueType;
import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.StoreConfig;
import io.cairn.testkit.Seeds;
import io.cairn.testkit.disk.CrashableDiskEngines;
import io.cairn.testkit.fs.CrashableFileSystem;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Big hashes, sets and lists in two disk databases, whose fields, members and elements live in the
 * engine one part each: random HSET, HDEL, reads, HSCAN pagings, HRANDFIELD, SADD, SREM, SSCAN,
 * SRANDMEMBER, SPOP, SINTER, LPUSH, RPUSH, LPOP, RPOP, LINDEX, LRANGE, LSET, LINSERT, LREM, LTRIM,
 * LMOVE, read views, RENAME, MOVE, DEL, expiry and FLUSHDB against a model of maps, across saves
 * (a stage of a few kilobytes), reopens and power losses; and at the end no part outlives its key. Reproducible with {@code -Dcairn.seed=...}.
 */
class DiskCollectionsModelTest {
    private static final int KEYS = 6;

    @Test
    void bigHashesOnDiskFollowTheModel() {
        run(Seeds.seed(), 6_000);
    }

    @Test
    @Tag("long")
    void bigHashesOnDiskFollowTheModelOverManySeeds() {
        long base = Seeds.seed();
        for (int i = 0; i < 20; i++) {
            run(base + i, 20_000);
        }
    }

    /**
     * A field read of a big hash on disk reads that field's part and nothing else, a write of it
     * (or an SADD of a set's member) reads it once, and the stage holds none of the other fields.
     */
    @Test
    void aFieldOfABigHashIsOneRead() {
        CrashableDiskEngines engines = new CrashableDiskEngines();
        StoreConfig config = DiskKeyModel.oneDiskDatabase(engines);
        CrashableFileSystem fs = new CrashableFileSystem();
        Store store = Store.open(config, fs, new ManualClock(1_000_000));
        try {
            store.execute(t -> {
                for (int i = 0; i < 5_000; i++) {
                    t.hset(b("big"), b("field:" + i), b("value:" + i));
                }
                t.sets().add(b("bigset"), members(0, 5_000));
                return null;
            }).await();
            store.close();
            store = Store.open(config, fs, new ManualClock(1_000_000));
            Store st = store;
            long before = engines.partReads();
            byte[] v = st.read(t -> t.hget(b("big"), b("field:1234")));
            assertThat(s(v)).isEqualTo("value:1234");
            assertThat(engines.partReads() - before).isEqualTo(1);
            int len = st.read(t -> t.hlen(b("big")));
            assertThat(len).isEqualTo(5_000);
            assertThat(engines.partReads() - before).as("HLEN reads the metadata only").isEqualTo(1);
            long beforeWrite = engines.partReads();
            boolean added = st.execute(t -> t.hset(b("big"), b("field:77"), b("changed"))).await();
            assertThat(added).isFalse();
            assertThat(engines.partReads() - beforeWrite).as("HSET of a field reads its part once").isEqualTo(1);
            assertThat(s(st.read(t -> t.hget(b("big"), b("field:77"))))).isEqualTo("changed");
            for (String member : List.of("member:12", "member:new")) {
                long beforeAdd = engines.partReads();
                long newMembers = st.execute(t -> t.sets().add(b("bigset"), new byte[][] {b(member)})).await();
                assertThat(newMembers).isEqualTo(member.endsWith("new") ? 1 : 0);
                assertThat(engines.partReads() - beforeAdd).as("SADD of " + member + " reads its part once").isEqualTo(1);
            }
            long card = st.read(t -> t.sets().card(b("bigset")));
            assertThat(card).isEqualTo(5_001);
            long stage = Long.parseLong(st.diskInfo().get("disk_stage_bytes"));
            assertThat(stage).as("the stage holds the metadata, not 5,000 fields").isLessThan(2_000);
        } finally {
            StoreModelTest.closeQuietly(store);
        }
    }

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String s(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }

    /** The model: per database, each key's fields (a set's members, a list's elements by position) and its expiry. */
    private static final class Model {
        final DiskKeyModel<TreeMap<String, String>> keys = new DiskKeyModel<>();
        final List<Map<String, TreeMap<String, String>>> hashes = keys.values;

        TreeMap<String, String> live(int db, String key, long now) {
            return keys.live(db, key, now);
        }

        void remove(int db, String key) {
            keys.remove(db, key);
        }
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
                int kind = rnd.nextInt(4);
                boolean set = kind == 0;
                boolean list = kind == 1;
                String key = (set ? "s" : list ? "l" : "h") + rnd.nextInt(KEYS);
                String field = "field:" + rnd.nextInt(rnd.nextInt(5) == 0 ? 40 : 700);
                String value = rnd.nextInt(8) == 0 ? "long-".repeat(20) + rnd.nextInt(100) : "v" + rnd.nextInt(1000);
                long now = clock.millis();
                String where = "seed=" + seed + " step=" + step;
                int op = rnd.nextInt(1000);
                TreeMap<String, String> m = model.live(db, key, now);
                if (set && op < 820) { // a set's own operations instead of a hash's
                    setStep(st, db, key, m, model, rnd, op < 700 ? op : rnd.nextInt(700), where);
                } else if (list && op < 820) { // a list's
                    listStep(st, db, key, m, model, rnd, op < 700 ? op : rnd.nextInt(700), where);
                } else if (op < 450) {
                    int n = 1 + rnd.nextInt(rnd.nextInt(10) == 0 ? 300 : 4);
                    List<String> fields = new ArrayList<>();
                    for (int i = 0; i < n; i++) {
                        fields.add("field:" + rnd.nextInt(700));
                    }
                    fields.set(0, field);
                    int added = st.execute(db, t -> {
                        int a = 0;
                        for (String f : fields) {
                            a += t.hset(b(key), b(f), b(value)) ? 1 : 0;
                        }
                        return a;
                    }).await();
                    TreeMap<String, String> h = model.hashes.get(db).computeIfAbsent(key, k -> new TreeMap<>());
                    int expected = 0;
                    for (String f : fields) {
                        expected += h.put(f, value) == null ? 1 : 0;
                    }
                    assertThat(added).as(where).isEqualTo(expected);
                } else if (op < 600) {
                    boolean removed = st.execute(db, t -> t.hdel(b(key), b(field))).await();
                    assertThat(removed).as(where).isEqualTo(m != null && m.containsKey(field));
                    if (m != null) {
                        m.remove(field);
                        if (m.isEmpty()) {
                            model.remove(db, key);
                        }
                    }
                } else if (op < 700) {
                    byte[] v = st.read(db, t -> t.hget(b(key), b(field)));
                    assertThat(v == null ? null : s(v)).as(where).isEqualTo(m == null ? null : m.get(field));
                    assertThat((int) st.read(db, t -> t.hlen(b(key)))).as(where).isEqualTo(m == null ? 0 : m.size());
                } else if (op < 740) {
                    assertThat(all(st, db, key)).as(where).isEqualTo(m == null ? Map.of() : m);
                } else if (op < 780) {
                    assertThat(scanned(st, db, key, 1 + rnd.nextInt(50), where)).as(where).isEqualTo(m == null ? Map.of() : m);
                } else if (op < 800) {
                    int k = 1 + rnd.nextInt(60);
                    List<Map.Entry<byte[], byte[]>> picks = st.read(db, t -> t.hashPicks().fields(b(key), k, rnd));
                    Set<String> seen = new HashSet<>();
                    for (var e : picks) {
                        assertThat(seen.add(s(e.getKey()))).as(where + " distinct").isTrue();
                        assertThat(m.get(s(e.getKey()))).as(where).isEqualTo(s(e.getValue()));
                    }
                    assertThat(picks).as(where).hasSize(m == null ? 0 : Math.min(k, m.size()));
                } else if (op < 820) {
                    try (ReadView view = st.openReadView(db)) {
                        Map<String, String> before = m == null ? Map.of() : new TreeMap<>(m);
                        st.execute(db, t -> t.hset(b(key), b("during-view"), b("x"))).await();
                        model.hashes.get(db).computeIfAbsent(key, x -> new TreeMap<>()).put("during-view", "x");
                        Map<String, String> seen = new TreeMap<>();
                        view.hgetAll(b(key)).forEach(e -> seen.put(s(e.getKey()), s(e.getValue())));
                        assertThat(seen).as(where + " view").isEqualTo(before);
                    }
                } else if (op < 988) {
                    DiskKeyModel.Step keyStep = op < 850 ? DiskKeyModel.Step.RENAME : op < 870 ? DiskKeyModel.Step.MOVE
                            : op < 890 ? DiskKeyModel.Step.DELETE : op < 910 ? DiskKeyModel.Step.EXPIRE
                            : op < 940 ? DiskKeyModel.Step.TIME : op < 960 ? DiskKeyModel.Step.REOPEN
                            : op < 985 ? DiskKeyModel.Step.POWER_LOSS : DiskKeyModel.Step.FLUSHDB;
                    store = model.keys.step(keyStep, store, rig, rnd, db, key, m, KEYS, where);
                } else {
                    for (int d = 0; d < 2; d++) {
                        for (int i = 0; i < KEYS; i++) {
                            TreeMap<String, String> h = model.live(d, "h" + i, now);
                            assertThat(all(st, d, "h" + i)).as(where + " db " + d + " h" + i).isEqualTo(h == null ? Map.of() : h);
                            TreeMap<String, String> members = model.live(d, "s" + i, now);
                            assertThat(members(st, d, "s" + i)).as(where + " db " + d + " s" + i)
                                    .isEqualTo(members == null ? Set.of() : members.keySet());
                            TreeMap<String, String> elements = model.live(d, "l" + i, now);
                            assertThat(range(st, d, "l" + i, 0, -1)).as(where + " db " + d + " l" + i)
                                    .isEqualTo(elements == null ? List.of() : new ArrayList<>(elements.values()));
                        }
                    }
                }
            }
            assertThat(engines.saves()).as("the stages were saved").isPositive();
            assertThat(engines.partReads()).as("fields were read from big hashes and sets on disk").isPositive();
            Store st = store;
            st.execute(t -> {
                t.flushAll();
                return null;
            }).await();
            for (int d = 0; d < 2; d++) {
                for (int i = 0; i < KEYS; i++) {
                    int db = d;
                    String key = "h" + i;
                    st.execute(db, t -> {
                        for (int f = 0; f < 600; f++) { // past hash-max-listpack-entries
                            t.hset(b(key), b("field:" + f), b("v"));
                        }
                        t.sets().add(b("s" + key), members(0, 600));
                        byte[][] elements = members(0, 600);
                        for (int e = 0; e < elements.length; e++) {
                            elements[e] = b(s(elements[e]) + "-".repeat(60)); // past one listpack
                        }
                        t.lists().push(b("l" + key), false, elements, false);
                        return null;
                    }).await();
                }
            }
            store.close();
            assertThat(engines.parts()).as("every big hash's parts").isEqualTo(2L * 3 * KEYS * 600);
            store = Store.open(config, fs, clock);
            Store again = store;
            for (int d = 0; d < 2; d++) {
                for (int i = 0; i < KEYS; i++) {
                    String key = "h" + i;
                    if (i % 2 == 0) {
                        again.execute(d, t -> t.delete(b(key)) && t.delete(b("s" + key)) && t.delete(b("l" + key))).await();
                    } else {
                        again.execute(d, t -> t.expireAt(b(key), clock.millis() + 1) && t.expireAt(b("s" + key), clock.millis() + 1)
                                && t.expireAt(b("l" + key), clock.millis() + 1)).await();
                    }
                }
            }
            clock.advanceMillis(1000);
            for (int round = 0; round < 50 && (again.read(0, t -> t.size()) > 0 || again.read(1, t -> t.size()) > 0); round++) {
                again.reclaimExpired(1000); // the cycle goes on from where it stopped, a database at a time
            }
            assertThat(again.read(0, t -> t.size()) + again.read(1, t -> t.size())).as("keys left").isZero();
            store.close();
            assertThat(engines.parts()).as("parts left once every hash is deleted or expired").isZero();
            store = Store.open(config, fs, clock);
        } finally {
            StoreModelTest.closeQuietly(store);
        }
    }

    private static byte[][] members(int from, int to) {
        byte[][] out = new byte[to - from][];
        for (int i = from; i < to; i++) {
            out[i - from] = b("member:" + i);
        }
        return out;
    }

    /** One set operation on {@code key}, whose members the model keeps as a map's keys. */
    private static void setStep(Store st, int db, String key, TreeMap<String, String> m, Model model,
                                RandomGenerator rnd, int op, String where) {
        String member = "member:" + rnd.nextInt(rnd.nextInt(5) == 0 ? 40 : 900);
        if (op < 300) {
            int n = 1 + rnd.nextInt(rnd.nextInt(10) == 0 ? 400 : 4);
            byte[][] add = new byte[n][];
            add[0] = b(member);
            for (int i = 1; i < n; i++) {
                add[i] = b("member:" + rnd.nextInt(900));
            }
            long added = st.execute(db, t -> t.sets().add(b(key), add)).await();
            TreeMap<String, String> h = model.hashes.get(db).computeIfAbsent(key, k -> new TreeMap<>());
            long expected = 0;
            for (byte[] a : add) {
                expected += h.put(s(a), "") == null ? 1 : 0;
            }
            assertThat(added).as(where).isEqualTo(expected);
        } else if (op < 400) {
            long removed = st.execute(db, t -> t.sets().remove(b(key), new byte[][] {b(member)})).await();
            assertThat(removed).as(where).isEqualTo(m != null && m.containsKey(member) ? 1 : 0);
            if (m != null) {
                m.remove(member);
                if (m.isEmpty()) {
                    model.remove(db, key);
                }
            }
        } else if (op < 480) {
            boolean in = st.read(db, t -> t.sets().isMember(b(key), b(member)));
            assertThat(in).as(where).isEqualTo(m != null && m.containsKey(member));
            int card = st.read(db, t -> t.sets().card(b(key)));
            assertThat(card).as(where).isEqualTo(m == null ? 0 : m.size());
        } else if (op < 520) {
            assertThat(members(st, db, key)).as(where).isEqualTo(m == null ? Set.of() : m.keySet());
        } else if (op < 560) {
            Set<String> seen = new TreeSet<>();
            long cursor = 0;
            do {
                long c = cursor;
                ScanPage page = st.read(db, t -> t.scan(b(key), ValueType.SET, c, 1 + rnd.nextInt(40)));
                for (byte[] e : page.elements()) {
                    assertThat(seen.add(s(e))).as(where + " " + s(e) + " seen twice").isTrue();
                }
                cursor = page.cursor();
            } while (cursor != 0);
            assertThat(seen).as(where).isEqualTo(m == null ? Set.of() : m.keySet());
        } else if (op < 600) {
            int k = 1 + rnd.nextInt(rnd.nextBoolean() ? 20 : 400);
            List<byte[]> picks = st.read(db, t -> t.sets().randomMembers(b(key), k, rnd));
            Set<String> seen = new HashSet<>();
            for (byte[] p : picks) {
                assertThat(seen.add(s(p))).as(where + " distinct").isTrue();
                assertThat(m.containsKey(s(p))).as(where).isTrue();
            }
            assertThat(picks).as(where).hasSize(m == null ? 0 : Math.min(k, m.size()));
        } else if (op < 640) {
            int k = 1 + rnd.nextInt(30);
            List<byte[]> popped = st.execute(db, t -> t.sets().pop(b(key), k, rnd)).await();
            assertThat(popped).as(where).hasSize(m == null ? 0 : Math.min(k, m.size()));
            for (byte[] p : popped) {
                assertThat(m.remove(s(p))).as(where + " popped " + s(p)).isNotNull();
            }
            if (m != null && m.isEmpty()) {
                model.remove(db, key);
            }
        } else {
            String other = "s" + rnd.nextInt(KEYS);
            List<byte[]> inter = st.read(db, t -> t.sets().inter(new byte[][] {b(key), b(other)}));
            TreeMap<String, String> o = model.live(db, other, st.read(db, t -> t.now()));
            Set<String> expected = new TreeSet<>();
            if (m != null && o != null) {
                expected.addAll(m.keySet());
                expected.retainAll(o.keySet());
            }
            Set<String> got = new TreeSet<>();
            inter.forEach(x -> got.add(s(x)));
            assertThat(got).as(where + " SINTER").isEqualTo(expected);
        }
    }

    /** One list operation on {@code key}, whose elements the model keeps as a map from zero-padded positions. */
    private static void listStep(Store st, int db, String key, TreeMap<String, String> m, Model model,
                                 RandomGenerator rnd, int op, String where) {
        List<String> cur = m == null ? new ArrayList<>() : new ArrayList<>(m.values());
        String value = element(rnd);
        int n = cur.size();
        if (op < 250) {
            boolean left = rnd.nextBoolean();
            int count = 1 + rnd.nextInt(rnd.nextInt(8) == 0 ? 300 : 4);
            byte[][] values = new byte[count][];
            for (int i = 0; i < count; i++) {
                values[i] = b(element(rnd));
                if (left) {
                    cur.addFirst(s(values[i]));
                } else {
                    cur.add(s(values[i]));
                }
            }
            long length = st.execute(db, t -> t.lists().push(b(key), left, values, false)).await();
            assertThat(length).as(where).isEqualTo(cur.size());
        } else if (op < 330) {
            boolean left = rnd.nextBoolean();
            int count = 1 + rnd.nextInt(5);
            List<byte[]> popped = st.execute(db, t -> t.lists().pop(b(key), left, count)).await();
            List<String> expected = new ArrayList<>();
            for (int i = 0; i < Math.min(count, n); i++) {
                expected.add(left ? cur.removeFirst() : cur.removeLast());
            }
            List<String> got = new ArrayList<>();
            if (popped != null) {
                popped.forEach(x -> got.add(s(x)));
            }
            assertThat(got).as(where).isEqualTo(expected);
        } else if (op < 400) {
            long index = rnd.nextInt(2 * n + 3) - n - 1;
            byte[] v = st.read(db, t -> t.lists().index(b(key), index));
            long i = index < 0 ? n + index : index;
            assertThat(v == null ? null : s(v)).as(where).isEqualTo(i >= 0 && i < n ? cur.get((int) i) : null);
            int length = st.read(db, t -> t.lists().length(b(key)));
            assertThat(length).as(where).isEqualTo(n);
        } else if (op < 470) {
            long start = rnd.nextInt(2 * n + 3) - n - 1;
            long stop = rnd.nextInt(2 * n + 3) - n - 1;
            long a = Math.max(0, start < 0 ? n + start : start);
            long z = Math.min(n - 1L, stop < 0 ? n + stop : stop);
            List<String> expected = a > z ? List.of() : cur.subList((int) a, (int) z + 1);
            assertThat(range(st, db, key, start, stop)).as(where).isEqualTo(expected);
        } else if (op < 520) {
            long index = rnd.nextInt(2 * n + 3) - n - 1;
            long i = index < 0 ? n + index : index;
            boolean ok = st.execute(db, t -> t.lists().set(b(key), index, b(value))).await();
            assertThat(ok).as(where).isEqualTo(i >= 0 && i < n);
            if (ok) {
                cur.set((int) i, value);
            }
        } else if (op < 560) {
            String pivot = element(rnd);
            boolean before = rnd.nextBoolean();
            long length = st.execute(db, t -> t.lists().insert(b(key), before, b(pivot), b(value))).await();
            int at = cur.indexOf(pivot);
            assertThat(length).as(where).isEqualTo(n == 0 ? 0 : at < 0 ? -1 : n + 1);
            if (at >= 0) {
                cur.add(before ? at : at + 1, value);
            }
        } else if (op < 600) {
            long count = rnd.nextInt(7) - 3;
            long removed = st.execute(db, t -> t.lists().remove(b(key), count, b(value))).await();
            long expected = 0;
            long limit = count == 0 ? Long.MAX_VALUE : Math.abs(count);
            if (count >= 0) {
                for (int i = 0; i < cur.size() && expected < limit; ) {
                    if (cur.get(i).equals(value)) {
                        cur.remove(i);
                        expected++;
                    } else {
                        i++;
                    }
                }
            } else {
                for (int i = cur.size() - 1; i >= 0 && expected < limit; i--) {
                    if (cur.get(i).equals(value)) {
                        cur.remove(i);
                        expected++;
                    }
                }
            }
            assertThat(removed).as(where).isEqualTo(expected);
        } else if (op < 640) {
            long start = rnd.nextInt(n + 2) - 1;
            long stop = n - rnd.nextInt(n + 2);
            st.execute(db, t -> {
                t.lists().trim(b(key), start, stop);
                return null;
            }).await();
            long a = Math.max(0, start < 0 ? n + start : start);
            long z = Math.min(n - 1L, stop < 0 ? n + stop : stop);
            cur = a > z ? new ArrayList<>() : new ArrayList<>(cur.subList((int) a, (int) z + 1));
        } else {
            boolean fromLeft = rnd.nextBoolean();
            boolean toLeft = rnd.nextBoolean();
            byte[] moved = st.execute(db, t -> t.lists().move(b(key), b(key), fromLeft, toLeft)).await();
            if (n > 0) {
                String e = fromLeft ? cur.removeFirst() : cur.removeLast();
                assertThat(s(moved)).as(where).isEqualTo(e);
                if (toLeft) {
                    cur.addFirst(e);
                } else {
                    cur.add(e);
                }
            } else {
                assertThat(moved).as(where).isNull();
            }
        }
        if (cur.isEmpty()) {
            model.remove(db, key);
        } else {
            TreeMap<String, String> h = model.hashes.get(db).computeIfAbsent(key, k -> new TreeMap<>());
            h.clear();
            for (int i = 0; i < cur.size(); i++) {
                h.put(String.format("%09d", i), cur.get(i));
            }
        }
    }

    /** A list element: one of a few values (so LREM and LINSERT find them), long enough that a list soon outgrows a listpack. */
    private static String element(RandomGenerator rnd) {
        return "e" + rnd.nextInt(30) + "-".repeat(60);
    }

    private static List<String> range(Store st, int db, String key, long start, long stop) {
        List<String> out = new ArrayList<>();
        st.read(db, t -> t.lists().range(b(key), start, stop)).forEach(x -> out.add(s(x)));
        return out;
    }

    private static Set<String> members(Store st, int db, String key) {
        Set<String> out = new TreeSet<>();
        st.read(db, t -> t.sets().members(b(key))).forEach(x -> out.add(s(x)));
        return out;
    }

    private static Map<String, String> all(Store st, int db, String key) {
        Map<String, String> out = new TreeMap<>();
        st.read(db, t -> t.hgetAll(b(key))).forEach(e -> out.put(s(e.getKey()), s(e.getValue())));
        return out;
    }

    /** A whole HSCAN paging, each field seen once. */
    private static Map<String, String> scanned(Store st, int db, String key, int count, String where) {
        Map<String, String> out = new TreeMap<>();
        long cursor = 0;
        int pages = 0;
        do {
            long c = cursor;
            List<String[]> page = new ArrayList<>();
            cursor = st.read(db, t -> t.hscan(b(key), c, count, (f, v) -> page.add(new String[] {s(f), s(v)})));
            for (String[] fv : page) {
                assertThat(out.put(fv[0], fv[1])).as(where + " field " + fv[0] + " seen twice").isNull();
            }
            assertThat(++pages).as(where + " pages").isLessThan(100_000);
        } while (cursor != 0);
        return out;
    }
}
