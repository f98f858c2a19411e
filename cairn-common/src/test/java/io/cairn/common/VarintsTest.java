package io.cairn.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class VarintsTest {
    @Test
    void roundTripsEdgeAndRandomValuesInBothForms() {
        long[] edges = {0, 1, 127, 128, 16_383, 16_384, Integer.MAX_VALUE, Long.MAX_VALUE, -1, Long.MIN_VALUE};
        SplittableRandom rnd = new SplittableRandom(42);
        for (int i = 0; i < 10_000 + edges.length; i++) {
            long v = i < edges.length ? edges[i] : rnd.nextLong() >>> rnd.nextInt(64);
            ByteBuffer b = ByteBuffer.allocate(10);
            Varints.put(b, v);
            assertThat(b.position()).isEqualTo(Varints.sizeOf(v));
            byte[] a = new byte[10];
            assertThat(Varints.put(a, 0, v)).isEqualTo(Varints.sizeOf(v));
            assertThat(a).startsWith(java.util.Arrays.copyOf(b.array(), b.position()));
            assertThat(Varints.get(b.flip())).isEqualTo(v);
        }
    }

    @Test
    void sizesFollowSevenBitsPerByte() {
        assertThat(Varints.sizeOf(127)).isEqualTo(1);
        assertThat(Varints.sizeOf(128)).isEqualTo(2);
        assertThat(Varints.sizeOf(-1)).isEqualTo(10);
    }

    @Test
    void truncatedOrOverlongVarintsAreRejected() {
        assertThatThrownBy(() -> Varints.get(ByteBuffer.wrap(new byte[] {(byte) 0x80})))
                .isInstanceOf(BufferUnderflowException.class);
        byte[] eleven = new byte[11];
        java.util.Arrays.fill(eleven, (byte) 0x80);
        assertThatThrownBy(() -> Varints.get(ByteBuffer.wrap(eleven))).hasMessageContaining("longer than 10 bytes");
        assertThatThrownBy(() -> Varints.getInt(ByteBuffer.wrap(new byte[] {(byte) 0xE8, 0x07}), "length", 999))
                .hasMessage("length: 1000 (expected: <= 999)");
    }
}
