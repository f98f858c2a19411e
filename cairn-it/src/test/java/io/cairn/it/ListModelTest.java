package io.cairn.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.common.ManualClock;
import io.cairn.storage.engine.ListOps;
import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.StoreConfig;
import io.cairn.storage.engine.WalMode;
import io.cairn.storage.engine.WrongTypeException;
import io.cairn.testkit.Seeds;
import io.cairn.testkit.disk.CrashableDiskEngines;
import io.cairn.testkit.fs.CrashableFileSystem;
import io.cairn.testkit.model.StoreDump;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Random list operations against the store and against a plain reference (an {@code ArrayList}
 * per key), compared across checkpoints, reopens and simulated power losses, with a small
 * {@code list-max-listpack-size}-like chunk bound nowhere needed: the store's default chunks are
 * exercised by lists of up to a few thousand elements. Reproducible with {@code -Dcairn.seed=...}.
 */
class ListModelTest {
    private static final Path DIR = Path.of("/data");

    @Test
    void listsFollowTheReferenceAcrossCheckpointsReopensAndCrashes() {
        run(Seeds.seed(), 20_000);
    }

    /** The same with database 0 a disk database (StoreModelTest.diskSettings), its engine crashing with the file system. */
    @Test
    void listsOnDiskFollowTheReferenceAcrossCheckpointsReopensAndCrashes() {
        run(Seeds.seed(), 20_000, true);
    }

    @Test
    @Tag("long")
    void listsFollowTheReferenceOverManySeeds() {
        long base = Seeds.seed();
        for (int i = 0; i < 20; i++) {
            run(base + i, 40_000, i % 2 == 1);
        }
    }

    /** The reference: lists (and a few strings, to meet wrong types) with expiries. */
    private static final class Reference {
        final TreeMap<String, List<String>> lists = new TreeMap<>();
        final TreeMap<String, String> strings = new TreeMap<>();
        final TreeMap<String, Long> expiry = new TreeMap<>();

        void expire(String key, long now) {
            Long at = expiry.get(key);
            if (at != null && at <= now) {
                drop(key);
            }
        }

        void drop(String key) {
            lists.remove(key);
            strings.remove(key);
            expiry.remove(key);
        }

        /** The list at {@code key} (null when absent); throws as the store does when it is a string. */
        List<String> list(String key, long now) {
            expire(key, now);
            if (strings.containsKey(key)) {
                throw new WrongTypeException(io.cairn.storage.engine.ValueType.LIST, io.cairn.storage.engine.ValueType.STRING);
            }
            return lists.get(key);
        }

        void removeIfEmpty(String key) {
            List<String> l = lists.get(key);
            if (l != null && l.isEmpty()) {
                drop(key);
            }
        }

        TreeMap<String, String> render(long now) {
            TreeMap<String, String> out = new TreeMap<>();
            for (Map.Entry<String, List<String>> e : lists.entrySet()) {
                out.put(e.getKey(), "list:" + e.getValue() + "@" + expiry.getOrDefault(e.getKey(), 0L));
            }
            for (Map.Entry<String, String> e : strings.entrySet()) {
                out.put(e.getKey(), "string:" + e.getValue() + "@" + expiry.getOrDefault(e.getKey(), 0L));
            }
            out.keySet().removeIf(k -> expiry.containsKey(k) && expiry.get(k) <= now);
            return out;
        }
    }

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static List<String> strings(List<byte[]> l) {
        if (l == null) {
            return null;
        }
        List<String> out = new ArrayList<>(l.size());
        l.forEach(e -> out.add(new String(e, StandardCharsets.UTF_8)));
        return out;
    }

    /** The same operation on both sides: the same answer, or both refusing a wrong type. */
    private static <R> void both(Store store, Function<ListOps, R> onStore, java.util.function.Supplier<R> onReference,
                                 Function<R, Object> view, String where) {
        Object expected;
        try {
            expected = view.apply(onReference.get());
        } catch (WrongTypeException e) {
            expected = "WRONGTYPE";
        }
        Object actual;
        try {
            actual = view.apply(store.execute(t -> onStore.apply(t.lists())).await());
        } catch (WrongTypeException e) {
            actual = "WRONGTYPE";
        }
        assertThat(actual).as(where).isEqualTo(expected);
    }

    private static void run(long seed, int steps) {
        run(seed, steps, false);
    }

    private static void run(long seed, int steps, boolean disk) {
        CrashableDiskEngines engines = new CrashableDiskEngines(Seeds.random(seed + 1), 0.2);
        RandomGenerator rnd = Seeds.random(seed);
        CrashableFileSystem fs = new CrashableFileSystem();
        ManualClock clock = new ManualClock(1_000_000);
        StoreConfig config = StoreConfig.builder(DIR).walMode(WalMode.FSYNC).segmentBytes(16384)
                .checkpointsToKeep(1 + rnd.nextInt(2)).expiryCycle(Duration.ofHours(1))
                .checkpointInterval(Duration.ZERO).checkpointLogBytes(0)
                .disk(StoreModelTest.diskSettings(disk, engines, rnd)).build();
        Reference ref = new Reference();
        Store store = Store.open(config, fs, clock);
        try {
            for (int step = 0; step < steps; step++) {
                String key = "k" + rnd.nextInt(12);
                String value = "v" + rnd.nextInt(40);
                long now = clock.millis();
                String where = "seed=" + seed + " step=" + step + " key=" + key;
                int op = rnd.nextInt(1000);
                Store s = store;
                if (op < 300) {
                    boolean left = rnd.nextBoolean();
                    boolean onlyIfExists = rnd.nextInt(10) == 0;
                    int n = 1 + rnd.nextInt(rnd.nextInt(10) == 0 ? 300 : 4);
                    String[] values = new String[n];
                    for (int i = 0; i < n; i++) {
                        values[i] = value + "." + i;
                    }
                    both(s, l -> {
                        byte[][] raw = new byte[n][];
                        for (int i = 0; i < n; i++) {
                            raw[i] = b(values[i]);
                        }
                        return l.push(b(key), left, raw, onlyIfExists);
                    }, () -> {
                        List<String> list = ref.list(key, now);
                        if (list == null && onlyIfExists) {
                            return 0L;
                        }
                        if (list == null) {
                            list = new ArrayList<>();
                            ref.lists.put(key, list);
                        }
                        for (String v : values) {
                            list.add(left ? 0 : list.size(), v);
                        }
                        return (long) list.size();
                    }, x -> x, where);
                } else if (op < 450) {
                    boolean left = rnd.nextBoolean();
                    long count = 1 + rnd.nextInt(rnd.nextInt(5) == 0 ? 500 : 3);
                    both(s, l -> strings(l.pop(b(key), left, count)), () -> {
                        List<String> list = ref.list(key, now);
                        if (list == null) {
                            return null;
                        }
                        List<String> out = new ArrayList<>();
                        for (long i = 0; i < count && !list.isEmpty(); i++) {
                            out.add(list.remove(left ? 0 : list.size() - 1));
                        }
                        ref.removeIfEmpty(key);
                        return out;
                    }, x -> x, where);
                } else if (op < 520) {
                    long index = rnd.nextInt(40) - 20;
                    both(s, l -> l.set(b(key), index, b(value)), () -> {
                        List<String> list = ref.list(key, now);
                        if (list == null) {
                            return false;
                        }
                        long i = index < 0 ? list.size() + index : index;
                        if (i < 0 || i >= list.size()) {
                            return false;
                        }
                        list.set((int) i, value);
                        return true;
                    }, x -> x, where);
                } else if (op < 580) {
                    boolean before = rnd.nextBoolean();
                    String pivot = "v" + rnd.nextInt(40) + "." + rnd.nextInt(3);
                    both(s, l -> l.insert(b(key), before, b(pivot), b(value)), () -> {
                        List<String> list = ref.list(key, now);
                        if (list == null) {
                            return 0L;
                        }
                        int at = list.indexOf(pivot);
                        if (at < 0) {
                            return -1L;
                        }
                        list.add(before ? at : at + 1, value);
                        return (long) list.size();
                    }, x -> x, where);
                } else if (op < 640) {
                    long count = rnd.nextInt(7) - 3;
                    String target = value + "." + rnd.nextInt(2);
                    both(s, l -> l.remove(b(key), count, b(target)), () -> {
                        List<String> list = ref.list(key, now);
                        if (list == null) {
                            return 0L;
                        }
                        long removed = 0;
                        if (count >= 0) {
                            for (int i = 0; i < list.size() && (count == 0 || removed < count); ) {
                                if (list.get(i).equals(target)) {
                                    list.remove(i);
                                    removed++;
                                } else {
                                    i++;
                                }
                            }
                        } else {
                            for (int i = list.size() - 1; i >= 0 && removed < -count; i--) {
                                if (list.get(i).equals(target)) {
                                    list.remove(i);
                                    removed++;
                                }
                            }
                        }
                        ref.removeIfEmpty(key);
                        return removed;
                    }, x -> x, where);
                } else if (op < 670) {
                    long start = rnd.nextInt(30) - 10;
                    long stop = rnd.nextInt(60) - 20;
                    both(s, l -> {
                        l.trim(b(key), start, stop);
                        return true;
                    }, () -> {
                        List<String> list = ref.list(key, now);
                        if (list != null) {
                            List<String> kept = range(list, start, stop);
                            list.clear();
                            list.addAll(kept);
                            ref.removeIfEmpty(key);
                        }
                        return true;
                    }, x -> x, where);
                } else if (op < 720) {
                    String dst = "k" + rnd.nextInt(12);
                    boolean fromLeft = rnd.nextBoolean();
                    boolean toLeft = rnd.nextBoolean();
                    both(s, l -> {
                        byte[] moved = l.move(b(key), b(dst), fromLeft, toLeft);
                        return moved == null ? null : new String(moved, StandardCharsets.UTF_8);
                    }, () -> {
                        List<String> src = ref.list(key, now);
                        if (src == null) {
                            return null;
                        }
                        List<String> d = ref.list(dst, now); // a wrong type throws before anything moves
                        String e = src.remove(fromLeft ? 0 : src.size() - 1);
                        if (d == null) {
                            d = src.isEmpty() && key.equals(dst) ? src : new ArrayList<>();
                            ref.lists.put(dst, d);
                            if (!key.equals(dst)) {
                                ref.expiry.remove(dst);
                            }
                        }
                        d.add(toLeft ? 0 : d.size(), e);
                        ref.removeIfEmpty(key);
                        return e;
                    }, x -> x, where);
                } else if (op < 760) {
                    long start = rnd.nextInt(30) - 15;
                    long stop = rnd.nextInt(30) - 10;
                    both(s, l -> strings(l.range(b(key), start, stop)), () -> {
                        List<String> list = ref.list(key, now);
                        return list == null ? List.of() : range(list, start, stop);
                    }, x -> x, where);
                } else if (op < 780) {
                    store.execute(t -> {
                        t.set(b(key), b(value), 0);
                        return null;
                    }).await();
                    ref.drop(key);
                    ref.strings.put(key, value);
                } else if (op < 800) {
                    store.execute(t -> t.delete(b(key))).await();
                    ref.drop(key);
                } else if (op < 830) {
                    long at = now + rnd.nextInt(3000) - 500;
                    boolean got = store.execute(t -> t.expireAt(b(key), at)).await();
                    ref.expire(key, now);
                    boolean exists = ref.lists.containsKey(key) || ref.strings.containsKey(key);
                    assertThat(got).as(where).isEqualTo(exists);
                    if (exists && at <= now) {
                        ref.drop(key);
                    } else if (exists) {
                        ref.expiry.put(key, at);
                    }
                } else if (op < 870) {
                    clock.advanceMillis(rnd.nextInt(1500));
                } else if (op < 900) {
                    store.checkpoint().join();
                } else if (op < 910) {
                    store.close();
                    store = Store.open(config, fs, clock);
                } else if (op < 920) {
                    fs.crash(rnd); // power loss with everything acknowledged: nothing may be missing
                    engines.crash();
                    StoreModelTest.closeQuietly(store);
                    store = Store.open(config, fs, clock);
                } else if (op < 950) {
                    store.reclaimExpired(1 + rnd.nextInt(100));
                } else {
                    long index = rnd.nextInt(40) - 20;
                    both(s, l -> {
                        byte[] e = l.index(b(key), index);
                        return e == null ? null : new String(e, StandardCharsets.UTF_8);
                    }, () -> {
                        List<String> list = ref.list(key, now);
                        if (list == null) {
                            return null;
                        }
                        long i = index < 0 ? list.size() + index : index;
                        return i < 0 || i >= list.size() ? null : list.get((int) i);
                    }, x -> x, where);
                }
                if (step % 250 == 0 || op >= 870 && op < 920) {
                    assertThat(StoreDump.render(store)).as(where).isEqualTo(ref.render(clock.millis()));
                }
            }
            assertThat(StoreDump.render(store)).isEqualTo(ref.render(clock.millis()));
        } finally {
            StoreModelTest.closeQuietly(store);
        }
    }

    /** LRANGE's clamping, written out. */
    private static List<String> range(List<String> list, long start, long stop) {
        int n = list.size();
        if (start < 0) {
            start = Math.max(0, n + start);
        }
        if (stop < 0) {
            stop = n + stop;
        }
        stop = Math.min(stop, n - 1);
        if (start > stop) {
            return List.of();
        }
        return new ArrayList<>(list.subList((int) start, (int) stop + 1));
    }
}
