package io.cairn.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * {@link ZSetEntry} (its {@link ZSetTree} and {@link MemberMap}) against a {@code TreeMap} /
 * {@code TreeSet} reference over random operations, with copies frozen for simulated read views
 * that must never change. Reproducible with {@code -Dcairn.seed.zset=...} (the seed is printed).
 */
class ZSetEntryTest {
    private static final byte[] KEY = {'z'};

    /** The keyspace's copy-on-write rule, driven by hand: views open and close at will. */
    private static final class Clock implements CowClock {
        long epoch;
        final TreeMap<Long, Integer> open = new TreeMap<>();
        int copies;

        @Override
        public long stamp() {
            return epoch;
        }

        @Override
        public boolean isShared(long e) {
            boolean shared = !open.isEmpty() && e <= open.lastKey();
            if (shared) {
                copies++;
            }
            return shared;
        }

        long openView() {
            long v = epoch++;
            open.merge(v, 1, Integer::sum);
            return v;
        }

        void closeView(long v) {
            if (open.merge(v, -1, Integer::sum) == 0) {
                open.remove(v);
            }
        }
    }

    /** The live entry as the keyspace keeps it: copied (O(1)) before a write when a view may see it. */
    private static final class Live {
        final Clock clock = new Clock();
        ZSetEntry entry = new ZSetEntry(KEY, 0, 0);

        ZSetEntry writable() {
            if (clock.isShared(entry.epoch)) {
                entry = entry.copy(clock.stamp());
            }
            return entry;
        }
    }

    private record Frozen(long view, ZSetEntry entry, List<ScoredMember> expected) {
    }

    private static long seed() {
        long seed = Long.getLong("cairn.seed.zset", new SplittableRandom().nextLong());
        System.err.println("[cairn] ZSetEntryTest seed=" + seed);
        return seed;
    }

    private static List<ScoredMember> all(ZSetEntry z) {
        List<ScoredMember> out = new ArrayList<>();
        z.tree().forEach(0, z.size(), out::add);
        return out;
    }

    @Test
    void followsATreeMapAndFrozenCopiesNeverChange() {
        SplittableRandom rnd = new SplittableRandom(seed());
        Live live = new Live();
        Map<String, Double> scores = new HashMap<>();
        TreeSet<ScoredMember> order = new TreeSet<>();
        List<Frozen> frozen = new ArrayList<>();
        for (int step = 0; step < 80_000; step++) {
            int op = rnd.nextInt(100);
            String member = "m" + rnd.nextInt(op < 5 ? 30 : 4_000);
            if (op < 50) {
                double score = rnd.nextInt(8) == 0 ? rnd.nextDouble() : rnd.nextInt(200) - 100;
                Double old = scores.put(member, score);
                if (old != null) {
                    order.remove(new ScoredMember(member, old));
                }
                order.add(new ScoredMember(member, score));
                assertThat(live.writable().put(member, score, live.clock)).isEqualTo(old);
            } else if (op < 80) {
                Double old = scores.remove(member);
                if (old != null) {
                    order.remove(new ScoredMember(member, old));
                }
                ScoredMember got = live.writable().remove(member, live.clock);
                assertThat(got == null ? null : got.score()).isEqualTo(old);
            } else if (op < 85 && !order.isEmpty()) {
                int rank = rnd.nextInt(order.size());
                ScoredMember expected = new ArrayList<>(order).get(rank);
                order.remove(expected);
                scores.remove(expected.member());
                assertThat(live.writable().removeAt(rank, live.clock)).isEqualTo(expected);
            } else if (op < 88 && frozen.size() < 4) {
                frozen.add(new Frozen(live.clock.openView(), live.entry, List.copyOf(order)));
            } else if (op < 91 && !frozen.isEmpty()) {
                Frozen f = frozen.remove(rnd.nextInt(frozen.size()));
                assertThat(all(f.entry())).isEqualTo(f.expected());
                live.clock.closeView(f.view());
            } else {
                checkReads(live.entry, scores, order, rnd);
            }
            assertThat(live.entry.size()).isEqualTo(order.size());
            if (step % 5_000 == 0) {
                live.entry.check();
                assertThat(all(live.entry)).isEqualTo(List.copyOf(order));
            }
        }
        for (Frozen f : frozen) {
            f.entry().check();
            assertThat(all(f.entry())).isEqualTo(f.expected());
        }
        live.entry.check();
        assertThat(all(live.entry)).isEqualTo(List.copyOf(order));
    }

    private static void checkReads(ZSetEntry z, Map<String, Double> scores, TreeSet<ScoredMember> order,
                                   SplittableRandom rnd) {
        String probe = "m" + rnd.nextInt(4_000);
        ScoredMember got = z.get(probe);
        assertThat(got == null ? null : got.score()).isEqualTo(scores.get(probe));
        if (got != null) {
            assertThat(z.tree().rankOf(got)).isEqualTo(order.headSet(got).size());
        }
        if (!order.isEmpty()) {
            int rank = rnd.nextInt(order.size());
            List<ScoredMember> list = List.copyOf(order);
            assertThat(z.tree().get(rank)).isEqualTo(list.get(rank));
            int to = Math.min(list.size(), rank + rnd.nextInt(200));
            List<ScoredMember> slice = new ArrayList<>();
            z.tree().forEach(rank, to, slice::add);
            assertThat(slice).isEqualTo(list.subList(rank, to));
        }
        double bound = rnd.nextInt(220) - 110 + (rnd.nextBoolean() ? 0.5 : 0);
        long below = order.stream().filter(m -> m.score() < bound).count();
        assertThat(z.tree().countWhile(m -> m.score() < bound)).isEqualTo((int) below);
    }

    @Test
    void buildMakesAValidTreeOfEverySizeThatThenTakesWrites() {
        SplittableRandom rnd = new SplittableRandom(seed());
        for (int n : new int[] {0, 1, 4, 5, 55, 56, 57, 64, 65, 200, 3_136, 3_137, 10_000}) {
            ScoredMember[] items = new ScoredMember[n];
            for (int i = 0; i < n; i++) {
                items[i] = new ScoredMember(String.format("m%06d", i), i / 3);
            }
            ZSetEntry z = ZSetEntry.load(KEY, 0, 0, items, n);
            z.check();
            assertThat(all(z)).containsExactly(items);
            CowClock clock = CowClock.unshared(0);
            for (int i = 0; i < 300 && n > 0; i++) {
                z.put("x" + rnd.nextInt(1_000), rnd.nextInt(n), clock);
                z.removeAt(rnd.nextInt(z.size()), clock);
            }
            z.check();
        }
    }

    @Test
    void loadOfAnUnorderedListWithRepeatsKeepsTheLastScore() {
        ScoredMember[] items = {new ScoredMember("b", 2), new ScoredMember("a", 1), new ScoredMember("b", 0)};
        ZSetEntry z = ZSetEntry.load(KEY, 0, 0, items, 3);
        z.check();
        assertThat(all(z)).containsExactly(new ScoredMember("b", 0), new ScoredMember("a", 1));
    }

    @Test
    void scoreChangesThatKeepOrElseLeaveAMembersPlaceAreRightAndUnseenByAnOpenView() {
        Live live = new Live();
        TreeSet<ScoredMember> order = new TreeSet<>();
        for (int i = 0; i < 10_000; i++) {
            live.writable().put("m" + i, 2 * i, live.clock);
            order.add(new ScoredMember("m" + i, 2 * i));
        }
        List<ScoredMember> before = all(live.entry);
        ZSetEntry seen = live.entry;
        long view = live.clock.openView();
        for (int i = 0; i < 10_000; i++) { // each stays between its neighbours, at leaf ends too
            double next = 2 * i + (i % 2 == 0 ? 0.5 : -0.5);
            assertThat(live.writable().put("m" + i, next, live.clock)).isEqualTo(2.0 * i);
            order.remove(new ScoredMember("m" + i, 2 * i));
            order.add(new ScoredMember("m" + i, next));
        }
        live.entry.check();
        assertThat(all(live.entry)).isEqualTo(List.copyOf(order));
        assertThat(all(seen)).isEqualTo(before);
        for (int i = 0; i < 10_000; i += 7) { // past a neighbour: moved
            double old = live.entry.get("m" + i).score();
            double next = old + (i % 3 == 0 ? 3 : -5_000);
            live.writable().put("m" + i, next, live.clock);
            order.remove(new ScoredMember("m" + i, old));
            order.add(new ScoredMember("m" + i, next));
        }
        live.entry.check();
        assertThat(all(live.entry)).isEqualTo(List.copyOf(order));
        assertThat(all(seen)).isEqualTo(before);
        live.clock.closeView(view);
        seen.check();
    }

    @Test
    void theFirstWriteAfterAViewOpenedCopiesAPathNotTheSet() {
        Live live = new Live();
        for (int i = 0; i < 200_000; i++) {
            live.writable().put("member:" + i, i % 1000, live.clock);
        }
        List<ScoredMember> before = all(live.entry);
        ZSetEntry seen = live.entry;
        long view = live.clock.openView();
        live.clock.copies = 0;
        live.writable().put("member:7", -5, live.clock);
        // one path in the tree (depth 3 or 4) and one in the member map (about 4 levels)
        assertThat(live.clock.copies).isBetween(2, 12);
        live.clock.copies = 0;
        live.writable().put("member:8", -6, live.clock);
        assertThat(live.clock.copies).isLessThanOrEqualTo(12);
        assertThat(all(seen)).isEqualTo(before);
        assertThat(live.entry.get("member:7").score()).isEqualTo(-5);
        assertThat(live.entry.tree().get(0)).isEqualTo(new ScoredMember("member:8", -6));
        live.clock.closeView(view);
        live.clock.copies = 0;
        live.writable().put("member:9", -7, live.clock);
        assertThat(live.clock.copies).isZero();
        live.entry.check();
    }

    @Test
    void membersWhoseHashesCollideGoDownOnTheSeededHashAndAreStillFoundAndRemoved() {
        // Among 300,000 names, some pairs share all 32 bits of the hash (about 10 expected) and
        // many share the top 30 (the levels that read it alone): they meet below level 5.
        Map<Integer, List<String>> byTop = new HashMap<>();
        for (int i = 0; i < 300_000; i++) {
            String m = "c" + i;
            byTop.computeIfAbsent(MemberMap.hash(m) >>> 2, k -> new ArrayList<>()).add(m);
        }
        List<String> words = byTop.values().stream().filter(l -> l.size() > 1).flatMap(List::stream).toList();
        assertThat(words.size()).isGreaterThan(20);
        CowClock clock = CowClock.unshared(0);
        ZSetEntry z = new ZSetEntry(KEY, 0, 0);
        for (int i = 0; i < words.size(); i++) {
            z.put(words.get(i), i, clock);
        }
        z.check();
        for (int i = 0; i < words.size(); i++) {
            assertThat(z.get(words.get(i)).score()).isEqualTo(i);
        }
        for (int i = 0; i < words.size(); i += 2) {
            assertThat(z.remove(words.get(i), clock)).isNotNull();
        }
        z.check();
        assertThat(z.size()).isEqualTo(words.size() - (words.size() + 1) / 2);
        assertThat(z.get(words.get(0))).isNull();
        assertThat(z.get(words.get(1)).score()).isEqualTo(1);
    }
}
