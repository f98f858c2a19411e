package io.cairn.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link ChunkedList} and {@link ListEntry} against {@code java.util.ArrayList}, over seeded
 * random operations, with copies frozen along the way (as a read view freezes an entry) that must
 * keep their contents while the live list changes. Set {@code -Dcairn.seed.list} to replay a run.
 */
class ChunkedListTest {
    private static long seed() {
        long seed = Long.getLong("cairn.seed.list", new SplittableRandom().nextLong());
        System.err.println("[cairn] ChunkedListTest seed=" + seed);
        return seed;
    }

    private static byte[] element(SplittableRandom rnd) {
        int kind = rnd.nextInt(20);
        if (kind == 0) {
            byte[] big = new byte[1 + rnd.nextInt(6000)]; // some elements near or over a chunk's byte bound
            rnd.nextBytes(big);
            return big;
        }
        if (kind < 8) {
            return Long.toString(rnd.nextLong(-100_000, 100_000)).getBytes(StandardCharsets.US_ASCII);
        }
        return ("v" + rnd.nextInt(50)).getBytes(StandardCharsets.US_ASCII);
    }

    private static List<String> contents(ChunkedList l) {
        List<String> out = new ArrayList<>(l.size());
        l.visit(0, l.size(), false, e -> out.add(new String(e, StandardCharsets.ISO_8859_1)));
        return out;
    }

    private static List<String> strings(List<byte[]> model) {
        return model.stream().map(b -> new String(b, StandardCharsets.ISO_8859_1)).toList();
    }

    private record Frozen(ChunkedList list, List<String> expected) {
    }

    @ParameterizedTest(name = "fill {0}")
    @ValueSource(ints = {-2, -1, 1, 3, 16, 128})
    void followsAnArrayListAndFrozenCopiesKeepTheirContents(int fill) {
        SplittableRandom rnd = new SplittableRandom(seed() ^ fill);
        long epoch = 1;
        ChunkedList list = new ChunkedList(epoch);
        List<byte[]> model = new ArrayList<>();
        List<Frozen> frozen = new ArrayList<>();
        for (int step = 0; step < 40_000; step++) {
            int op = rnd.nextInt(100);
            int size = model.size();
            if (op < 30) { // push at either end
                byte[] v = element(rnd);
                int at = rnd.nextBoolean() ? 0 : size;
                list.insert(at, v, fill);
                model.add(at, v);
            } else if (op < 40) {
                byte[] v = element(rnd);
                int at = rnd.nextInt(size + 1);
                list.insert(at, v, fill);
                model.add(at, v);
            } else if (op < 55 && size > 0) { // pop at either end
                int at = rnd.nextBoolean() ? 0 : size - 1;
                assertThat(list.remove(at, fill)).isEqualTo(model.remove(at));
            } else if (op < 62 && size > 0) {
                int at = rnd.nextInt(size);
                assertThat(list.remove(at, fill)).isEqualTo(model.remove(at));
            } else if (op < 70 && size > 0) {
                int at = rnd.nextInt(size);
                byte[] v = element(rnd);
                assertThat(list.set(at, v, fill)).isEqualTo(model.set(at, v));
            } else if (op < 73 && size > 0) {
                int from = rnd.nextInt(size + 1);
                int to = from + rnd.nextInt(Math.min(size - from, 300) + 1);
                list.removeRange(from, to, fill);
                model.subList(from, to).clear();
            } else if (op < 80 && size > 0) {
                int at = rnd.nextInt(size);
                assertThat(list.get(at)).isEqualTo(model.get(at));
            } else if (op < 82) { // a read view opens: the current list is frozen, writes go to a copy
                frozen.add(new Frozen(list, strings(model)));
                list = list.copy(++epoch);
                if (frozen.size() > 4) {
                    Frozen f = frozen.remove(rnd.nextInt(frozen.size()));
                    assertThat(contents(f.list())).isEqualTo(f.expected());
                }
            } else if (op < 84 && size > 0) { // a range visit, either way
                int from = rnd.nextInt(size + 1);
                int to = from + rnd.nextInt(size - from + 1);
                boolean reverse = rnd.nextBoolean();
                List<byte[]> seen = new ArrayList<>();
                list.visit(from, to, reverse, seen::add);
                List<byte[]> expected = new ArrayList<>(model.subList(from, to));
                if (reverse) {
                    java.util.Collections.reverse(expected);
                }
                assertThat(seen).containsExactlyElementsOf(expected);
            } else if (op < 86 && size > 2_000) { // keep the list from growing without bound
                list.removeRange(0, size / 2, fill);
                model.subList(0, size / 2).clear();
            }
            assertThat(list.size()).isEqualTo(model.size());
            if (step % 1_000 == 0) {
                list.verify();
                assertThat(contents(list)).isEqualTo(strings(model));
            }
        }
        list.verify();
        assertThat(contents(list)).isEqualTo(strings(model));
        for (Frozen f : frozen) {
            f.list().verify();
            assertThat(contents(f.list())).isEqualTo(f.expected());
        }
    }

    @Test
    void theFirstWriteAfterACopyCopiesOneChunkNotTheList() {
        ChunkedList list = new ChunkedList(1);
        for (int i = 0; i < 200_000; i++) {
            list.insert(list.size(), ("element-" + i).getBytes(StandardCharsets.US_ASCII), Listpack.DEFAULT_FILL);
        }
        int chunks = list.chunkCount();
        assertThat(chunks).isGreaterThan(100);
        for (int write = 0; write < 4; write++) {
            ChunkedList view = list;
            list = list.copy(write + 2);
            switch (write) {
                case 0 -> list.insert(0, new byte[] {'x'}, Listpack.DEFAULT_FILL);
                case 1 -> list.remove(list.size() - 1, Listpack.DEFAULT_FILL);
                case 2 -> list.set(100_000, new byte[] {'y'}, Listpack.DEFAULT_FILL);
                default -> list.insert(50_000, new byte[] {'z'}, Listpack.DEFAULT_FILL);
            }
            // one chunk changed (an insert may split it in two): every other chunk is shared
            assertThat(list.chunksSharedWith(view)).isGreaterThanOrEqualTo(view.chunkCount() - 1);
        }
    }

    @Test
    void indexAccessWalksAShortPath() {
        ChunkedList list = new ChunkedList(1);
        for (int i = 0; i < 1_000_000; i++) {
            list.insert(list.size(), Integer.toString(i).getBytes(StandardCharsets.US_ASCII), Listpack.DEFAULT_FILL);
        }
        list.verify();
        assertThat(new String(list.get(765_432), StandardCharsets.US_ASCII)).isEqualTo("765432");
        assertThat(list.chunkCount()).isLessThan(1_000_000 / 500); // ~2,700 small numbers fit 8 KiB
    }

    @Test
    void chunksHonourTheCountBound() {
        ChunkedList list = new ChunkedList(1);
        for (int i = 0; i < 1_000; i++) {
            list.insert(i % 2 == 0 ? 0 : list.size(), new byte[] {'a'}, 10);
        }
        list.verify();
        assertThat(list.chunkCount()).isBetween(100, 200);
    }

    // ------------------------------------------------------------------ ListEntry

    private static byte[][] values(int n, int length) {
        byte[][] out = new byte[n][];
        for (int i = 0; i < n; i++) {
            out[i] = "x".repeat(length).getBytes(StandardCharsets.US_ASCII);
        }
        return out;
    }

    @Test
    void encodingFollowsRedisSizeRule() {
        ListEntry l = new ListEntry(new byte[] {'k'}, 0, 1);
        l.push(false, values(100, 50), Listpack.DEFAULT_FILL); // about 5,300 bytes: one listpack
        assertThat(l.encoding()).isEqualTo("listpack");
        l.push(false, values(60, 50), Listpack.DEFAULT_FILL); // past 8 KiB
        assertThat(l.encoding()).isEqualTo("quicklist");
        l.pop(true, 90, Listpack.DEFAULT_FILL); // 70 left in one chunk, 3,647 bytes: under half of 8 KiB
        assertThat(l.encoding()).isEqualTo("listpack");
    }

    @Test
    void encodingFollowsRedisCountRule() {
        ListEntry l = new ListEntry(new byte[] {'k'}, 0, 1);
        l.push(true, values(128, 1), 128);
        assertThat(l.encoding()).isEqualTo("listpack");
        l.push(true, values(1, 1), 128);
        assertThat(l.encoding()).isEqualTo("quicklist");
        l.pop(false, 65, 128); // 64 left: half of 128
        assertThat(l.encoding()).isEqualTo("listpack");
    }

    @Test
    void removeMatchingFollowsLrem() {
        SplittableRandom rnd = new SplittableRandom(seed());
        for (int round = 0; round < 300; round++) {
            ListEntry l = new ListEntry(new byte[] {'k'}, 0, 1);
            List<String> model = new ArrayList<>();
            int n = rnd.nextInt(400);
            for (int i = 0; i < n; i++) {
                String v = "e" + rnd.nextInt(4);
                l.push(false, new byte[][] {v.getBytes(StandardCharsets.US_ASCII)}, 4);
                model.add(v);
            }
            long count = rnd.nextInt(-30, 30);
            byte[] target = ("e" + rnd.nextInt(4)).getBytes(StandardCharsets.US_ASCII);
            int removed = l.removeMatching(count, target, 4);
            int expected = 0;
            String t = new String(target, StandardCharsets.US_ASCII);
            if (count >= 0) {
                for (int i = 0; i < model.size() && (count == 0 || expected < count); ) {
                    if (model.get(i).equals(t)) {
                        model.remove(i);
                        expected++;
                    } else {
                        i++;
                    }
                }
            } else {
                for (int i = model.size() - 1; i >= 0 && expected < -count; i--) {
                    if (model.get(i).equals(t)) {
                        model.remove(i);
                        expected++;
                    }
                }
            }
            assertThat(removed).isEqualTo(expected);
            l.items.verify();
            List<String> got = new ArrayList<>();
            l.items.visit(0, l.size(), false, e -> got.add(new String(e, StandardCharsets.US_ASCII)));
            assertThat(got).isEqualTo(model);
        }
    }

    @Test
    void listpackSizesMatchRedis() {
        assertThat(Listpack.entryBytes("12".getBytes(StandardCharsets.US_ASCII))).isEqualTo(2); // 7-bit uint
        assertThat(Listpack.entryBytes("-1".getBytes(StandardCharsets.US_ASCII))).isEqualTo(3); // 13-bit int
        assertThat(Listpack.entryBytes("012".getBytes(StandardCharsets.US_ASCII))).isEqualTo(5); // a string
        assertThat(Listpack.entryBytes("100000".getBytes(StandardCharsets.US_ASCII))).isEqualTo(5); // 24-bit
        assertThat(Listpack.entryBytes(new byte[63])).isEqualTo(65);
        assertThat(Listpack.entryBytes(new byte[200])).isEqualTo(204);
        assertThat(Listpack.exceeds(-2, 8192, 1)).isFalse();
        assertThat(Listpack.exceeds(-2, 8193, 1)).isTrue();
        assertThat(Listpack.exceeds(5, 100, 6)).isTrue();
        assertThat(Listpack.exceeds(-9, 65536, 1)).isFalse();
    }
}
