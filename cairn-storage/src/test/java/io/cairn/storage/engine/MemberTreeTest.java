package io.cairn.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link MemberTree} against {@link HashSet}: random adds and removes, with read views opened and
 * closed on the way (each view's shared copy must keep what it saw), rank access and cursors.
 */
class MemberTreeTest {
    /** A stand-in for the keyspace's clock: views freeze everything stamped up to their epoch. */
    static final class Clock implements CowClock {
        long epoch;
        final Map<Long, Integer> open = new HashMap<>();
        long frozen = -1;
        int copies;

        long openView() {
            long v = epoch++;
            open.merge(v, 1, Integer::sum);
            frozen = Math.max(frozen, v);
            return v;
        }

        void closeView(long v) {
            if (open.merge(v, -1, Integer::sum) == 0) {
                open.remove(v);
            }
            frozen = open.keySet().stream().mapToLong(Long::longValue).max().orElse(-1);
        }

        @Override
        public long stamp() {
            return epoch;
        }

        @Override
        public boolean isShared(long createdEpoch) {
            boolean shared = createdEpoch <= frozen;
            copies += shared ? 1 : 0;
            return shared;
        }
    }

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static Set<String> contents(MemberTree t) {
        Set<String> out = new HashSet<>();
        t.forEach(m -> out.add(new String(m, StandardCharsets.UTF_8)));
        return out;
    }

    private record Frozen(long viewEpoch, MemberTree tree, Set<String> expected) {
    }

    @Test
    void followsAHashSetAndViewsKeepWhatTheySaw() {
        long seed = Long.getLong("cairn.seed.members", new SplittableRandom().nextLong());
        System.err.println("[cairn] MemberTreeTest seed=" + seed);
        SplittableRandom rnd = new SplittableRandom(seed);
        Clock clock = new Clock();
        MemberTree tree = new MemberTree(clock.stamp());
        Set<String> model = new HashSet<>();
        List<Frozen> views = new ArrayList<>();
        int universe = 6_000;
        for (int step = 0; step < 60_000; step++) {
            String where = "seed=" + seed + " step=" + step;
            String m = "m" + rnd.nextInt(universe);
            int op = rnd.nextInt(100);
            if (op < 55) {
                assertThat(tree.add(b(m), clock)).as(where).isEqualTo(model.add(m));
            } else if (op < 95) {
                assertThat(tree.remove(b(m), clock)).as(where).isEqualTo(model.remove(m));
            } else if (op < 97 && views.size() < 3) {
                views.add(new Frozen(clock.openView(), tree.share(), new HashSet<>(model)));
            } else if (!views.isEmpty()) {
                Frozen v = views.remove(rnd.nextInt(views.size()));
                assertThat(contents(v.tree())).as(where).isEqualTo(v.expected());
                v.tree().verify();
                clock.closeView(v.viewEpoch());
            }
            assertThat(tree.contains(b(m))).as(where).isEqualTo(model.contains(m));
            assertThat(tree.size()).as(where).isEqualTo(model.size());
            if (step % 2_000 == 0) {
                tree.verify();
                assertThat(contents(tree)).as(where).isEqualTo(model);
                for (Frozen v : views) {
                    assertThat(contents(v.tree())).as(where).isEqualTo(v.expected());
                }
            }
            if (step == 30_000) {
                universe = 60; // shrink: merges and a collapsing root
            }
        }
        tree.verify();
        assertThat(contents(tree)).isEqualTo(model);
    }

    @Test
    void ranksListEveryMemberOnce() {
        Clock clock = new Clock();
        MemberTree tree = new MemberTree(clock.stamp());
        for (int i = 0; i < 10_000; i++) {
            tree.add(b("r" + i), clock);
        }
        Set<String> seen = new HashSet<>();
        for (int r = 0; r < tree.size(); r++) {
            assertThat(seen.add(new String(tree.get(r), StandardCharsets.UTF_8))).isTrue();
        }
        assertThat(seen).hasSize(10_000);
        List<byte[]> inOrder = new ArrayList<>();
        tree.forEach(inOrder::add);
        for (int r = 0; r < tree.size(); r += 997) {
            assertThat(tree.get(r)).isSameAs(inOrder.get(r));
        }
    }

    @Test
    void theFirstWriteAfterAViewOpensCopiesOnePathNotTheSet() {
        Clock clock = new Clock();
        MemberTree tree = new MemberTree(clock.stamp());
        for (int i = 0; i < 200_000; i++) {
            tree.add(b("member:" + i), clock);
        }
        clock.openView();
        MemberTree seen = tree.share();
        clock.copies = 0;
        tree.add(b("one more"), clock);
        assertThat(clock.copies).as("nodes copied").isBetween(1, 4); // root to leaf: three levels here
        tree.remove(b("member:7"), clock);
        assertThat(clock.copies).as("nodes copied").isLessThanOrEqualTo(10);
        assertThat(seen.size()).isEqualTo(200_000);
        assertThat(seen.contains(b("one more"))).isFalse();
        assertThat(seen.contains(b("member:7"))).isTrue();
        tree.verify();
        seen.verify();
    }

    @Test
    void aCursorIterationReturnsEveryMemberPresentThroughoutWhileTheSetChanges() {
        long seed = Long.getLong("cairn.seed.members", new SplittableRandom().nextLong());
        System.err.println("[cairn] MemberTreeTest cursor seed=" + seed);
        SplittableRandom rnd = new SplittableRandom(seed);
        Clock clock = new Clock();
        MemberTree tree = new MemberTree(clock.stamp());
        for (int i = 0; i < 5_000; i++) {
            tree.add(b("s" + i), clock);
        }
        Set<String> stable = new HashSet<>();
        for (int i = 0; i < 5_000; i += 2) {
            stable.add("s" + i); // never touched below
        }
        Set<String> returned = new HashSet<>();
        long cursor = 0;
        int pages = 0;
        do {
            int count = 1 + rnd.nextInt(50);
            int[] got = {0};
            cursor = tree.scan(cursor, count, m -> {
                returned.add(new String(m, StandardCharsets.UTF_8));
                got[0]++;
            });
            assertThat(got[0]).as("a page visits at least COUNT while members are left").isGreaterThanOrEqualTo(
                    cursor == 0 ? 0 : count);
            pages++;
            for (int k = 0; k < 20; k++) { // churn: odd members come and go, new ones arrive
                int i = 1 + 2 * rnd.nextInt(2_500);
                if (rnd.nextBoolean()) {
                    tree.remove(b("s" + i), clock);
                } else {
                    tree.add(b("s" + i), clock);
                }
                tree.add(b("new" + rnd.nextInt(100_000)), clock);
            }
            if (pages % 7 == 0) {
                clock.openView(); // copy-on-write in the middle does not disturb the cursor
            }
        } while (cursor != 0);
        assertThat(returned).containsAll(stable);
    }

    @Test
    void aCursorOutsideTheHashRangeEndsTheIteration() {
        Clock clock = new Clock();
        MemberTree tree = new MemberTree(clock.stamp());
        tree.add(b("x"), clock);
        List<byte[]> got = new ArrayList<>();
        assertThat(tree.scan(1L << 32, 10, got::add)).isZero();
        assertThat(tree.scan(-5, 10, got::add)).isZero();
        assertThat(got).isEmpty();
        assertThat(tree.scan(0, 10, got::add)).isZero();
        assertThat(got).hasSize(1);
    }
}
