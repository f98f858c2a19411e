package io.cairn.storage.index;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class OrderedIndexTest {
    private static final Comparator<byte[]> ORDER = Arrays::compareUnsigned;

    private static byte[] key(int i) {
        return String.format("key:%06d", i).getBytes(StandardCharsets.US_ASCII);
    }

    private static List<String> all(View<byte[]> v) {
        List<String> out = new ArrayList<>();
        v.scan(null, false, e -> out.add(new String(e, StandardCharsets.US_ASCII)));
        return out;
    }

    private static List<String> all(TreeSet<byte[]> s) {
        return s.stream().map(b -> new String(b, StandardCharsets.US_ASCII)).toList();
    }

    @Test
    void followsATreeSetAndViewsStayFrozenOverRandomOperations() {
        long seed = Long.getLong("cairn.seed.index", new SplittableRandom().nextLong());
        System.err.println("[cairn] OrderedIndexTest seed=" + seed);
        SplittableRandom rnd = new SplittableRandom(seed);
        OrderedIndex<byte[]> index = new OrderedIndex<>(BytesKeyAccess.INSTANCE);
        TreeSet<byte[]> model = new TreeSet<>(ORDER);
        record Frozen(View<byte[]> view, List<String> expected) {
        }
        List<Frozen> views = new ArrayList<>();
        for (int i = 0; i < 60_000; i++) {
            int op = rnd.nextInt(100);
            byte[] k = key(rnd.nextInt(3_000));
            if (op < 55) {
                assertThat(index.put(k) != null).isEqualTo(!model.add(k));
            } else if (op < 95) {
                assertThat(index.remove(k) != null).isEqualTo(model.remove(k));
            } else if (op < 98 && views.size() < 4) {
                views.add(new Frozen(index.openView(), all(model)));
            } else if (!views.isEmpty()) {
                Frozen f = views.remove(rnd.nextInt(views.size()));
                assertThat(all(f.view())).isEqualTo(f.expected());
                f.view().close();
            }
            assertThat(index.size()).isEqualTo(model.size());
        }
        index.verify();
        for (Frozen f : views) {
            assertThat(all(f.view())).isEqualTo(f.expected());
            f.view().close();
        }
        assertThat(index.openViewCount()).isZero();
        List<String> live = new ArrayList<>();
        index.scan(null, false, e -> live.add(new String(e, StandardCharsets.US_ASCII)));
        assertThat(live).isEqualTo(all(model));
    }

    @Test
    void scanStartsAtTheGivenKeyInclusiveOrExclusive() {
        OrderedIndex<byte[]> index = new OrderedIndex<>(BytesKeyAccess.INSTANCE);
        for (int i = 0; i < 1000; i += 2) {
            index.put(key(i));
        }
        List<byte[]> got = new ArrayList<>();
        index.scan(key(500), false, e -> got.add(e) && got.size() < 3);
        assertThat(got).containsExactly(key(500), key(502), key(504));
        got.clear();
        index.scan(key(500), true, e -> got.add(e) && got.size() < 2);
        assertThat(got).containsExactly(key(502), key(504));
        got.clear();
        index.scan(key(501), true, e -> got.add(e) && got.size() < 1);
        assertThat(got).containsExactly(key(502));
        got.clear();
        index.scan(key(999), false, got::add);
        assertThat(got).isEmpty();
    }

    @Test
    void writesWithoutOpenViewsCopyNothing() {
        OrderedIndex<byte[]> index = new OrderedIndex<>(BytesKeyAccess.INSTANCE);
        for (int i = 0; i < 10_000; i++) {
            index.put(key(i));
        }
        View<byte[]> v = index.openView();
        v.close();
        long epochAfter = index.epoch();
        for (int i = 0; i < 100; i++) {
            index.put(key(i));
        }
        assertThat(index.isShared(epochAfter - 1)).as("nothing frozen once the view closed").isFalse();
    }

    @Test
    void viewStillSeesKeysRemovedAfterItOpened() {
        OrderedIndex<byte[]> index = new OrderedIndex<>(BytesKeyAccess.INSTANCE);
        for (int i = 0; i < 5_000; i++) {
            index.put(key(i));
        }
        View<byte[]> v = index.openView();
        for (int i = 0; i < 5_000; i += 3) {
            index.remove(key(i));
        }
        assertThat(v.get(key(3))).isEqualTo(key(3));
        assertThat(index.get(key(3))).isNull();
        assertThat(v.size()).isEqualTo(5_000);
        v.close();
        index.verify();
    }
}
