package io.cairn.server.command.bitmap;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.testkit.Seeds;
import java.nio.ByteBuffer;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

class BitsTest {
    private static ByteBuffer wrap(byte[] v) {
        return ByteBuffer.wrap(v).asReadOnlyBuffer();
    }

    @Test
    void copyReadsZerosPastTheEnd() {
        assertThat(Bits.copy(wrap(new byte[] {1, 2}), 1, 3)).containsExactly(2, 0, 0);
        assertThat(Bits.copy(null, 0, 1)).containsExactly(0, 0);
    }

    @Test
    void bitZeroIsTheMostSignificantBitOfTheFirstByte() {
        byte[] v = {(byte) 0x80, 0x01};
        assertThat(Bits.get(wrap(v), 0)).isTrue();
        assertThat(Bits.get(wrap(v), 1)).isFalse();
        assertThat(Bits.get(wrap(v), 15)).isTrue();
        assertThat(Bits.get(wrap(v), 16)).as("past the end reads as 0").isFalse();
        Bits.set(v, 0, false);
        Bits.set(v, 9, true);
        assertThat(v).containsExactly(0x00, 0x41);
    }

    @Test
    void countAndPositionAgreeWithABitByBitScanOnRandomRanges() {
        RandomGenerator random = Seeds.random(Seeds.seed());
        for (int round = 0; round < 2000; round++) {
            byte[] v = new byte[random.nextInt(1, 40)];
            int density = random.nextInt(4);
            for (int i = 0; i < v.length; i++) {
                v[i] = (byte) switch (density) {
                    case 0 -> 0;
                    case 1 -> 0xff;
                    default -> random.nextInt(256);
                };
            }
            long first = random.nextLong(v.length * 8L);
            long last = random.nextLong(first - 1, v.length * 8L);
            long count = 0;
            long firstOne = -1;
            long firstZero = -1;
            for (long b = first; b <= last; b++) {
                boolean on = (v[(int) (b / 8)] >> (7 - b % 8) & 1) == 1;
                count += on ? 1 : 0;
                if (on && firstOne < 0) {
                    firstOne = b;
                }
                if (!on && firstZero < 0) {
                    firstZero = b;
                }
            }
            ByteBuffer view = ByteBuffer.wrap(v).asReadOnlyBuffer();
            assertThat(Bits.count(view, first, last)).as("count %d..%d", first, last).isEqualTo(count);
            assertThat(Bits.position(view, true, first, last)).isEqualTo(firstOne);
            assertThat(Bits.position(view, false, first, last)).isEqualTo(firstZero);
        }
    }

    @Test
    void rangesResolveAsRedisResolvesThem() {
        // "foobar" is 6 bytes, 48 bits
        assertThat(BitRange.resolve(0, -1, false, 6)).isEqualTo(new BitRange(0, 47));
        assertThat(BitRange.resolve(1, 1, false, 6)).isEqualTo(new BitRange(8, 15));
        assertThat(BitRange.resolve(-2, -1, false, 6)).isEqualTo(new BitRange(32, 47));
        assertThat(BitRange.resolve(5, 30, true, 6)).isEqualTo(new BitRange(5, 30));
        assertThat(BitRange.resolve(-100, 100, false, 6)).isEqualTo(new BitRange(0, 47));
        assertThat(BitRange.resolve(4, 2, false, 6).isEmpty()).isTrue();
        assertThat(BitRange.resolve(10, 20, false, 6).isEmpty()).isTrue();
        assertThat(BitRange.resolve(0, -1, false, 0).isEmpty()).isTrue();
        assertThat(BitRange.whole(0).isEmpty()).isTrue();
    }

    @Test
    void bitOperationsPadShorterSourcesWithZeros() {
        byte[] a = {(byte) 0xf0, (byte) 0xff};
        byte[] b = {(byte) 0x3c};
        assertThat(BitOperation.AND.apply(java.util.List.of(wrap(a), wrap(b)))).containsExactly(0x30, 0x00);
        assertThat(BitOperation.OR.apply(java.util.List.of(wrap(a), wrap(b)))).containsExactly(0xfc, 0xff);
        assertThat(BitOperation.XOR.apply(java.util.List.of(wrap(a), wrap(b)))).containsExactly(0xcc, 0xff);
        assertThat(BitOperation.NOT.apply(java.util.List.of(wrap(b)))).containsExactly(0xc3);
        assertThat(BitOperation.AND.apply(java.util.List.of(wrap(new byte[0]), wrap(a)))).containsExactly(0, 0);
        assertThat(BitOperation.OR.apply(java.util.List.of(wrap(new byte[0]), wrap(new byte[0])))).isEmpty();
        assertThat(a).as("sources unchanged").containsExactly(0xf0, 0xff);
    }
}
