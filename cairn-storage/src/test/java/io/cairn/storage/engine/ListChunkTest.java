package io.cairn.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link ListChunk}'s packing: elements of every framing size (and at the boundaries between
 * them, Redis's 63/64 and 4095/4096 and Cairn's own 127/128 and 16383/16384) read back the same
 * from either end, in place and as copies; copies of a chunk do not see later writes; a big
 * element alone keeps its own array; slack stays bounded.
 */
class ListChunkTest {
    private static final int[] SIZES = {0, 1, 2, 20, 63, 64, 65, 100, 127, 128, 129, 4095, 4096, 4097, 16383, 16384, 16385, 70_000};

    private static byte[] element(int length, int seed) {
        byte[] e = new byte[length];
        for (int i = 0; i < length; i++) {
            e[i] = (byte) (seed * 31 + i * 7);
        }
        return e;
    }

    private static void insert(ListChunk c, int i, byte[] value) {
        c.insert(i, value, Listpack.entryBytes(value));
    }

    /** The chunk's elements read three ways (get, visit forward, scan backwards), checked to agree. */
    private static List<byte[]> contents(ListChunk c) {
        c.verify();
        List<byte[]> byGet = new ArrayList<>();
        for (int i = 0; i < c.count; i++) {
            byGet.add(c.get(i));
        }
        if (c.count == 0) {
            return byGet;
        }
        List<byte[]> forward = new ArrayList<>();
        c.visit(0, c.count, false, forward::add);
        List<byte[]> backward = new ArrayList<>();
        c.scan(0, c.count, true, (b, off, len) -> backward.add(Arrays.copyOfRange(b, off, off + len)));
        Collections.reverse(backward);
        assertThat(forward).containsExactlyElementsOf(byGet);
        assertThat(backward).containsExactlyElementsOf(byGet);
        return byGet;
    }

    @Test
    void everyFramingSizeReadsBackFromBothEnds() {
        ListChunk c = new ListChunk(1);
        List<byte[]> model = new ArrayList<>();
        insert(c, 0, element(5, 0)); // a small first element, so that the big ones are packed beside it
        model.add(element(5, 0));
        for (int k = 0; k < SIZES.length; k++) {
            byte[] e = element(SIZES[k], k);
            boolean front = k % 2 == 0;
            insert(c, front ? 0 : c.count, e);
            model.add(front ? 0 : model.size(), e);
        }
        assertThat(contents(c)).containsExactlyElementsOf(model);
        for (int k = 0; k < SIZES.length; k++) { // and in the middle, walking from either end
            byte[] e = element(SIZES[k], 100 + k);
            int at = 1 + (k * 7) % (c.count - 1);
            insert(c, at, e);
            model.add(at, e);
        }
        assertThat(contents(c)).containsExactlyElementsOf(model);
        for (int i = 0; i < model.size(); i++) {
            int at = i;
            int[] seen = {-1};
            c.scan(at, at + 1, false, (b, off, len) -> {
                assertThat(Arrays.copyOfRange(b, off, off + len)).isEqualTo(model.get(at));
                seen[0] = len;
                return true;
            });
            assertThat(seen[0]).isEqualTo(model.get(at).length);
            assertThat(c.entryBytes(at)).isEqualTo(Listpack.entryBytes(model.get(at)));
        }
    }

    @ParameterizedTest(name = "{0} bytes")
    @ValueSource(ints = {0, 62, 63, 64, 126, 127, 128, 4094, 4095, 4096, 16382, 16383, 16384})
    void sizesAroundEachLengthBoundaryPushAndPopAtBothEnds(int length) {
        ListChunk c = new ListChunk(1);
        List<byte[]> model = new ArrayList<>();
        SplittableRandom rnd = new SplittableRandom(length);
        for (int i = 0; i < 40; i++) {
            byte[] e = element(length + rnd.nextInt(-1, 2) * (length > 0 ? 1 : 0), i);
            int at = rnd.nextInt(3) == 0 ? 0 : rnd.nextInt(3) == 0 ? c.count : rnd.nextInt(c.count + 1);
            insert(c, at, e);
            model.add(at, e);
        }
        assertThat(contents(c)).containsExactlyElementsOf(model);
        assertThat(c.bytes - Listpack.OVERHEAD).isEqualTo(model.stream().mapToInt(Listpack::entryBytes).sum());
        while (c.count > 0) {
            boolean front = rnd.nextBoolean();
            byte[] expected = model.remove(front ? 0 : model.size() - 1);
            assertThat(c.remove(front ? 0 : c.count - 1)).isEqualTo(expected);
            if (c.count % 8 == 0) {
                assertThat(contents(c)).containsExactlyElementsOf(model);
            }
        }
        assertThat(c.bytes).isEqualTo(Listpack.OVERHEAD);
    }

    @Test
    void emptyElements() {
        ListChunk c = new ListChunk(1);
        for (int i = 0; i < 1000; i++) {
            insert(c, i % 2 == 0 ? 0 : c.count, new byte[0]);
        }
        insert(c, 500, new byte[] {'x'});
        assertThat(c.arrayBytes()).isLessThan(1001 * 2 * 2); // two framing bytes each, at most as much again in slack
        List<byte[]> all = contents(c);
        assertThat(all).hasSize(1001);
        for (int i = 0; i < all.size(); i++) {
            assertThat(all.get(i)).hasSize(i == 500 ? 1 : 0);
        }
        c.removeRange(0, 500);
        assertThat(c.get(0)).isEqualTo(new byte[] {'x'});
        assertThat(contents(c)).hasSize(501);
    }

    @Test
    void aCopySeesNoLaterWriteOfTheOriginalNorTheOriginalOfTheCopy() {
        ListChunk original = new ListChunk(1);
        List<byte[]> model = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            byte[] e = element(10 + i, i);
            insert(original, i, e);
            model.add(e);
        }
        byte[] handedOut = original.get(7);
        ListChunk copy = original.copy(2);
        insert(original, 0, element(3, 99));
        original.replace(10, element(200, 98), Listpack.entryBytes(element(200, 98)));
        original.removeRange(20, 30);
        original.remove(original.count - 1);
        assertThat(contents(copy)).containsExactlyElementsOf(model);
        assertThat(handedOut).isEqualTo(model.get(7)); // an element read out is a copy: later writes do not reach it

        List<byte[]> originalNow = contents(original);
        ListChunk second = copy.copy(3);
        insert(second, 25, element(5000, 97));
        second.removeRange(0, 40);
        assertThat(contents(copy)).containsExactlyElementsOf(model);
        assertThat(contents(original)).containsExactlyElementsOf(originalNow);
    }

    @Test
    void aBigElementAloneKeepsItsOwnArrayAndIsPackedWhenAnotherJoins() {
        byte[] big = element(ListChunk.BIG_ELEMENT + 10_000, 1);
        ListChunk c = new ListChunk(1);
        insert(c, 0, big);
        assertThat(c.get(0)).isSameAs(big);
        assertThat(c.arrayBytes()).isEqualTo(big.length);
        List<byte[]> seen = new ArrayList<>();
        c.visit(0, 1, false, seen::add);
        assertThat(seen.get(0)).isSameAs(big);
        ListChunk copy = c.copy(2);
        assertThat(copy.get(0)).isSameAs(big); // an array no one changes: shared

        insert(c, 1, element(3, 2));
        assertThat(contents(c)).containsExactly(big, element(3, 2));
        assertThat(c.get(0)).isNotSameAs(big);
        c.remove(1);
        assertThat(contents(c)).containsExactly(big);
        assertThat(contents(copy)).containsExactly(big);

        ListChunk small = new ListChunk(1);
        insert(small, 0, element(ListChunk.BIG_ELEMENT - 1, 3));
        assertThat(small.get(0)).isNotSameAs(small.get(0)); // packed: each read is a copy
        small.appendAll(copy);
        assertThat(contents(small)).containsExactly(element(ListChunk.BIG_ELEMENT - 1, 3), big);
    }

    @Test
    void slackStaysBoundedUnderAQueueAtOneChunk() {
        ListChunk c = new ListChunk(1);
        for (int i = 0; i < 50; i++) {
            insert(c, c.count, element(20, i));
        }
        int most = 0;
        for (int i = 0; i < 100_000; i++) { // RPUSH and LPOP: entries drift towards the end of the array
            insert(c, c.count, element(20, i));
            c.removeRange(0, 1);
            most = Math.max(most, c.arrayBytes());
        }
        assertThat(contents(c)).hasSize(50);
        assertThat(most).isLessThanOrEqualTo(3 * 50 * 22);
    }

    @Test
    void aListBuiltAtEitherEndKeepsLittleSlack() {
        for (boolean left : new boolean[] {false, true}) {
            ChunkedList list = new ChunkedList(1);
            for (int i = 0; i < 100_000; i++) {
                byte[] e = ("element:" + (100_000_000_000L + i)).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
                list.insert(left ? 0 : list.size(), e, Listpack.DEFAULT_FILL);
            }
            list.verify();
            // 22 bytes an entry; all but the chunk still growing trimmed to their entries
            assertThat(list.arrayBytes()).isBetween(100_000L * 22, 100_000L * 22 + 8192);
        }
    }
}
