package io.cairn.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Sets against {@link HashSet}s, seeded: random SADD / SREM / SPOP / SMOVE / STORE through
 * {@link SetOps} on a keyspace, with read views opened and closed on the way (what a view saw
 * must not change, across copy-on-write and intset-to-hashtable conversions), and every batch
 * sent through the WAL codec into a second keyspace, which must end up equal, layouts included.
 */
class SetModelTest {
    private static final StoreConfig CONFIG = StoreConfig.builder(Path.of("/unused")).build();

    private record Seen(io.cairn.storage.index.View<Object> view, Map<String, Set<String>> expected) {
    }

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static Set<String> contents(SetEntry s) {
        Set<String> out = new HashSet<>();
        s.forEach(m -> out.add(new String(m, StandardCharsets.UTF_8)));
        return out;
    }

    private static Map<String, Set<String>> copy(Map<String, Set<String>> m) {
        Map<String, Set<String>> out = new HashMap<>();
        m.forEach((k, v) -> out.put(k, new HashSet<>(v)));
        return out;
    }

    @Test
    void setsFollowTheModelAcrossViewsConversionsAndReplay() {
        long seed = Long.getLong("cairn.seed.sets", new SplittableRandom().nextLong());
        System.err.println("[cairn] SetModelTest seed=" + seed);
        SplittableRandom rnd = new SplittableRandom(seed);
        Databases dbs = new Databases(1, 16);
        Keyspace ks = dbs.get(0);
        ks.setMaxIntsetEntries = 64;
        Keyspace replica = new Keyspace(16);
        replica.setMaxIntsetEntries = 64;
        Txn txn = new Txn(dbs, CONFIG);
        Map<String, Set<String>> model = new HashMap<>();
        List<Seen> views = new ArrayList<>();
        java.util.random.RandomGenerator picks = java.util.random.RandomGenerator.of("L64X128MixRandom");
        for (int step = 0; step < 40_000; step++) {
            String where = "seed=" + seed + " step=" + step;
            String key = "s" + rnd.nextInt(12);
            String other = "s" + rnd.nextInt(12);
            int op = rnd.nextInt(100);
            txn.begin(0, false, 0);
            SetOps sets = txn.sets();
            Set<String> m = model.computeIfAbsent(key, k -> new HashSet<>());
            if (op < 45) {
                int n = rnd.nextInt(10) == 0 ? 1 + rnd.nextInt(150) : 1 + rnd.nextInt(4);
                String[] members = new String[n];
                for (int i = 0; i < n; i++) {
                    members[i] = member(rnd, step);
                }
                long expected = 0;
                for (String s : members) {
                    expected += m.add(s) ? 1 : 0;
                }
                assertThat(sets.add(b(key), bytes(members))).as(where).isEqualTo(expected);
            } else if (op < 75) {
                String[] members = {member(rnd, step), member(rnd, step)};
                long expected = 0;
                for (String s : members) {
                    expected += m.remove(s) ? 1 : 0;
                }
                assertThat(sets.remove(b(key), bytes(members))).as(where).isEqualTo(expected);
            } else if (op < 85) {
                int count = rnd.nextInt(6);
                List<byte[]> popped = sets.pop(b(key), count, picks);
                assertThat(popped).as(where).hasSize(Math.min(count, m.size()));
                for (byte[] p : popped) {
                    assertThat(m.remove(new String(p, StandardCharsets.UTF_8))).as(where).isTrue();
                }
            } else if (op < 92) {
                String s = member(rnd, step);
                Set<String> to = model.computeIfAbsent(other, k -> new HashSet<>());
                boolean expected = m.contains(s);
                assertThat(sets.move(b(key), b(other), b(s))).as(where).isEqualTo(expected);
                if (expected && !key.equals(other)) {
                    m.remove(s);
                    to.add(s);
                }
            } else if (op < 95) {
                Set<String> union = new HashSet<>(m);
                union.addAll(model.computeIfAbsent(other, k -> new HashSet<>()));
                assertThat(sets.store(b(key), sets.union(new byte[][] {b(key), b(other)}))).as(where)
                        .isEqualTo(union.size());
                model.put(key, union);
            } else if (op < 97 && views.size() < 3) {
                views.add(new Seen(ks.openView(), copy(model)));
            } else if (!views.isEmpty()) {
                Seen v = views.remove(rnd.nextInt(views.size()));
                checkView(v, where);
                v.view().close();
            }
            List<Mutation> batch = txn.end();
            for (Mutation mu : MutationCodec.decode(MutationCodec.encode(batch))) {
                MutationApplier.apply(replica, mu);
            }
            model.values().removeIf(Set::isEmpty);
            if (step % 500 == 0) {
                checkKeyspace(ks, model, where);
                checkKeyspace(replica, model, where);
                for (Seen v : views) {
                    checkView(v, where);
                }
            }
        }
        checkKeyspace(ks, model, "end");
        checkKeyspace(replica, model, "end");
        for (String k : model.keySet()) {
            assertThat(((SetEntry) replica.get(b(k))).encoding()).as(k)
                    .isEqualTo(((SetEntry) ks.get(b(k))).encoding());
        }
    }

    /** Integers most of the time (so intsets form and fill up), sometimes a string that converts them. */
    private static String member(SplittableRandom rnd, int step) {
        int r = rnd.nextInt(100);
        if (r < 85) {
            return Integer.toString(rnd.nextInt(step < 20_000 ? 90 : 300) - 20);
        }
        return "m" + rnd.nextInt(40);
    }

    private static byte[][] bytes(String[] s) {
        byte[][] out = new byte[s.length][];
        for (int i = 0; i < s.length; i++) {
            out[i] = b(s[i]);
        }
        return out;
    }

    private static void checkKeyspace(Keyspace ks, Map<String, Set<String>> model, String where) {
        assertThat(ks.size()).as(where).isEqualTo(model.size());
        for (Map.Entry<String, Set<String>> e : model.entrySet()) {
            SetEntry s = (SetEntry) ks.get(b(e.getKey()));
            assertThat(s).as(where + " " + e.getKey()).isNotNull();
            s.verify();
            assertThat(contents(s)).as(where + " " + e.getKey()).isEqualTo(e.getValue());
            assertThat(s.size()).as(where).isEqualTo(e.getValue().size());
            boolean ints = e.getValue().size() <= 64 && e.getValue().stream().allMatch(x -> IntSet.representable(b(x)));
            if (!ints) {
                assertThat(s.encoding()).as(where + " " + e.getKey()).isEqualTo("hashtable");
            }
        }
    }

    private static void checkView(Seen v, String where) {
        assertThat(v.view().size()).as(where).isEqualTo((int) v.expected().values().stream().filter(x -> !x.isEmpty()).count());
        for (Map.Entry<String, Set<String>> e : v.expected().entrySet()) {
            Object entry = v.view().get(b(e.getKey()));
            if (e.getValue().isEmpty()) {
                assertThat(entry).as(where).isNull();
            } else {
                assertThat(contents((SetEntry) entry)).as(where + " view " + e.getKey()).isEqualTo(e.getValue());
            }
        }
    }
}
