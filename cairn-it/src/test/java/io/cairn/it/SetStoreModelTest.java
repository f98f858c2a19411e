package io.cairn.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.common.ManualClock;
import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.StoreConfig;
import io.cairn.storage.engine.Txn;
import io.cairn.storage.engine.WalMode;
import io.cairn.storage.engine.WrongTypeException;
import io.cairn.testkit.Seeds;
import io.cairn.testkit.disk.CrashableDiskEngines;
import io.cairn.testkit.fs.CrashableFileSystem;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Sets against a plain reference (sorted maps of sorted sets, expiry checked on every access),
 * through long random sequences of SADD / SREM / SPOP / SMOVE / SUNIONSTORE / expiry / DEL across
 * checkpoints, reopens and simulated power losses with everything acknowledged. Big sets (several
 * hundred members) cross the intset bound and the tree's chunk size; checkpoints run while they
 * change. Reproducible with {@code -Dcairn.seed=...} (the seed is printed).
 */
class SetStoreModelTest {
    private static final Path DIR = Path.of("/data");

    @Test
    void setsFollowTheReferenceAcrossCheckpointsReopensAndCrashes() {
        run(Seeds.seed(), 12_000);
    }

    /** The same with database 0 a disk database (StoreModelTest.diskSettings), its engine crashing with the file system. */
    @Test
    void setsOnDiskFollowTheReferenceAcrossCheckpointsReopensAndCrashes() {
        run(Seeds.seed(), 12_000, true);
    }

    @Test
    @Tag("long")
    void setsFollowTheReferenceOverManySeeds() {
        long base = Seeds.seed();
        for (int i = 0; i < 20; i++) {
            run(base + i, 30_000, i % 2 == 1);
        }
    }

    /** The reference: live sets and their expiry (0 for none). */
    private static final class Reference {
        final TreeMap<String, TreeSet<String>> sets = new TreeMap<>();
        final TreeMap<String, Long> expiry = new TreeMap<>();
        final TreeMap<String, String> strings = new TreeMap<>();

        void expire(long now) {
            expiry.entrySet().removeIf(e -> {
                if (e.getValue() > 0 && e.getValue() <= now) {
                    sets.remove(e.getKey());
                    strings.remove(e.getKey());
                    return true;
                }
                return false;
            });
        }

        TreeSet<String> set(String key) {
            return sets.computeIfAbsent(key, k -> new TreeSet<>());
        }

        void dropIfEmpty(String key) {
            if (sets.containsKey(key) && sets.get(key).isEmpty()) {
                sets.remove(key);
                expiry.remove(key);
            }
        }

        TreeMap<String, String> render() {
            TreeMap<String, String> out = new TreeMap<>();
            sets.forEach((k, v) -> out.put(k, "set:" + v + "@" + expiry.getOrDefault(k, 0L)));
            strings.forEach((k, v) -> out.put(k, "string:" + v + "@" + expiry.getOrDefault(k, 0L)));
            return out;
        }
    }

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static TreeMap<String, String> dump(Store store) {
        return store.read(t -> {
            TreeMap<String, String> out = new TreeMap<>();
            byte[] from = null;
            while (true) {
                List<byte[]> page = t.scanKeys(from, true, 500);
                if (page.isEmpty()) {
                    return out;
                }
                for (byte[] k : page) {
                    long at = t.expireAt(k);
                    String body = switch (t.type(k)) {
                        case SET -> {
                            TreeSet<String> members = new TreeSet<>();
                            t.sets().members(k).forEach(m -> members.add(new String(m, StandardCharsets.UTF_8)));
                            yield "set:" + members;
                        }
                        case STRING -> "string:" + new String(t.get(k), StandardCharsets.UTF_8);
                        default -> throw new IllegalStateException("unexpected type");
                    };
                    out.put(new String(k, StandardCharsets.UTF_8), body + "@" + (at == Txn.NO_EXPIRY ? 0 : at));
                }
                from = page.getLast();
            }
        });
    }

    /** Mostly small integers (intsets), some strings, and a few keys that grow big. */
    private static String member(RandomGenerator rnd, String key) {
        int r = rnd.nextInt(100);
        boolean big = key.compareTo("k3") < 0;
        if (r < 70) {
            return Integer.toString(rnd.nextInt(big ? 900 : 40) - 5);
        }
        return "m" + rnd.nextInt(big ? 900 : 30);
    }

    private static void run(long seed, int steps) {
        run(seed, steps, false);
    }

    private static void run(long seed, int steps, boolean disk) {
        CrashableDiskEngines engines = new CrashableDiskEngines(Seeds.random(seed + 1), 0.2);
        RandomGenerator rnd = Seeds.random(seed);
        CrashableFileSystem fs = new CrashableFileSystem();
        ManualClock clock = new ManualClock(1_000_000);
        StoreConfig config = StoreConfig.builder(DIR).walMode(WalMode.FSYNC).segmentBytes(1 << 16)
                .checkpointsToKeep(1 + rnd.nextInt(2)).expiryCycle(Duration.ofHours(1))
                .checkpointInterval(Duration.ZERO).checkpointLogBytes(0)
                .disk(StoreModelTest.diskSettings(disk, engines, rnd)).build();
        Reference ref = new Reference();
        Store store = Store.open(config, fs, clock);
        try {
            for (int step = 0; step < steps; step++) {
                Store current = store;
                long now = clock.millis();
                ref.expire(now);
                String key = "k" + rnd.nextInt(12);
                String other = "k" + rnd.nextInt(12);
                String where = "seed=" + seed + " step=" + step;
                int op = rnd.nextInt(1000);
                boolean isString = ref.strings.containsKey(key);
                if (op < 350) {
                    int n = 1 + (rnd.nextInt(8) == 0 ? rnd.nextInt(60) : rnd.nextInt(3));
                    byte[][] members = new byte[n][];
                    List<String> names = new ArrayList<>();
                    for (int i = 0; i < n; i++) {
                        names.add(member(rnd, key));
                        members[i] = b(names.get(i));
                    }
                    Long got = attempt(() -> current.execute(t -> t.sets().add(b(key), members)).await());
                    if (isString) {
                        assertThat(got).as(where).isNull();
                    } else {
                        long expected = names.stream().filter(ref.set(key)::add).count();
                        assertThat(got).as(where).isEqualTo(expected);
                    }
                } else if (op < 550) {
                    String m = member(rnd, key);
                    Long got = attempt(() -> current.execute(t -> t.sets().remove(b(key), new byte[][] {b(m)})).await());
                    if (!isString) {
                        assertThat(got).as(where).isEqualTo(ref.set(key).remove(m) ? 1 : 0);
                        ref.dropIfEmpty(key);
                    }
                } else if (op < 620) {
                    int count = rnd.nextInt(8);
                    List<byte[]> popped = attempt(() -> current.execute(t -> t.sets().pop(b(key), count, rnd)).await());
                    if (!isString) {
                        assertThat(popped).as(where).hasSize(Math.min(count, ref.set(key).size()));
                        for (byte[] p : popped) {
                            assertThat(ref.set(key).remove(new String(p, StandardCharsets.UTF_8))).as(where).isTrue();
                        }
                        ref.dropIfEmpty(key);
                    }
                } else if (op < 670) {
                    String m = member(rnd, key);
                    Boolean moved = attempt(() -> current.execute(t -> t.sets().move(b(key), b(other), b(m))).await());
                    Boolean expected;
                    if (!ref.sets.containsKey(key) && !isString) {
                        expected = false; // an absent source answers before the destination's type is read
                    } else if (isString || ref.strings.containsKey(other)) {
                        expected = null; // WRONGTYPE
                    } else {
                        expected = ref.sets.get(key).contains(m);
                    }
                    assertThat(moved).as(where).isEqualTo(expected);
                    if (Boolean.TRUE.equals(expected) && !key.equals(other)) {
                        ref.set(key).remove(m);
                        ref.set(other).add(m);
                        ref.dropIfEmpty(key);
                    }
                } else if (op < 700) {
                    boolean ok = !isString && !ref.strings.containsKey(other);
                    Long size = attempt(() -> current.execute(t -> t.sets().store(b(key),
                            t.sets().union(new byte[][] {b(key), b(other)}))).await());
                    if (ok) {
                        TreeSet<String> union = new TreeSet<>(ref.sets.getOrDefault(key, new TreeSet<>()));
                        union.addAll(ref.sets.getOrDefault(other, new TreeSet<>()));
                        assertThat(size).as(where).isEqualTo(union.size());
                        ref.sets.remove(key);
                        ref.expiry.remove(key);
                        if (!union.isEmpty()) {
                            ref.sets.put(key, union);
                        }
                    }
                } else if (op < 740) {
                    String v = "v" + rnd.nextInt(100);
                    store.execute(t -> {
                        t.set(b(key), b(v), 0);
                        return null;
                    }).await();
                    ref.sets.remove(key);
                    ref.expiry.remove(key);
                    ref.strings.put(key, v);
                } else if (op < 770) {
                    store.execute(t -> t.delete(b(key))).await();
                    ref.sets.remove(key);
                    ref.strings.remove(key);
                    ref.expiry.remove(key);
                } else if (op < 810) {
                    long at = now + 1 + rnd.nextInt(3000);
                    boolean got = store.execute(t -> t.expireAt(b(key), at)).await();
                    boolean exists = ref.sets.containsKey(key) || ref.strings.containsKey(key);
                    assertThat(got).as(where).isEqualTo(exists);
                    if (exists) {
                        ref.expiry.put(key, at);
                    }
                } else if (op < 850) {
                    clock.advanceMillis(rnd.nextInt(1500));
                } else if (op < 880) {
                    store.checkpoint().join();
                } else if (op < 890) {
                    store.close();
                    store = Store.open(config, fs, clock);
                } else if (op < 900) {
                    fs.crash(rnd); // power loss with everything acknowledged: nothing may be missing
                    engines.crash();
                    StoreModelTest.closeQuietly(store);
                    store = Store.open(config, fs, clock);
                } else if (op < 930) {
                    store.reclaimExpired(1 + rnd.nextInt(50));
                } else {
                    int card = store.read(t -> isString ? -1 : t.sets().card(b(key)));
                    if (!isString) {
                        assertThat(card).as(where).isEqualTo(ref.sets.getOrDefault(key, new TreeSet<>()).size());
                    }
                }
                if (step % 400 == 0 || op >= 850 && op < 900) {
                    ref.expire(clock.millis());
                    assertThat(dump(store)).as(where).isEqualTo(ref.render());
                }
            }
            ref.expire(clock.millis());
            assertThat(dump(store)).isEqualTo(ref.render());
        } finally {
            StoreModelTest.closeQuietly(store);
        }
    }

    /** Runs a write; null when it was refused as the wrong type. */
    private static <R> R attempt(java.util.function.Supplier<R> write) {
        try {
            return write.get();
        } catch (WrongTypeException e) {
            return null;
        }
    }
}
