package io.cairn.common;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;

/**
 * Unsigned LEB128 varints, as Protocol Buffers and LevelDB use: 7 bits a byte, low bits first,
 * the high bit set on every byte but the last. A {@code long} takes 1 to 10 bytes.
 */
public final class Varints {
    private Varints() {
    }

    public static int sizeOf(long value) {
        int n = 1;
        while ((value & ~0x7FL) != 0) {
            value >>>= 7;
            n++;
        }
        return n;
    }

    public static void put(ByteBuffer out, long value) {
        while ((value & ~0x7FL) != 0) {
            out.put((byte) ((value & 0x7F) | 0x80));
            value >>>= 7;
        }
        out.put((byte) value);
    }

    /** Writes {@code value} into {@code out} at {@code offset}; returns the offset after it. */
    public static int put(byte[] out, int offset, long value) {
        while ((value & ~0x7FL) != 0) {
            out[offset++] = (byte) ((value & 0x7F) | 0x80);
            value >>>= 7;
        }
        out[offset++] = (byte) value;
        return offset;
    }

    /**
     * Reads a varint.
     *
     * @throws BufferUnderflowException when the buffer ends inside the varint
     * @throws IllegalArgumentException when the varint is longer than 10 bytes
     */
    public static long get(ByteBuffer in) {
        long result = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            byte b = in.get();
            result |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                return result;
            }
        }
        throw new IllegalArgumentException("varint: longer than 10 bytes (expected: <= 10)");
    }

    /** Reads a varint that must fit in a non-negative int no larger than {@code max}. */
    public static int getInt(ByteBuffer in, String what, int max) {
        long v = get(in);
        if (v < 0 || v > max) {
            throw new IllegalArgumentException(what + ": " + v + " (expected: <= " + max + ")");
        }
        return (int) v;
    }
}
