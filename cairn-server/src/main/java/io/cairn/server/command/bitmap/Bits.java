package io.cairn.server.command.bitmap;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Reads bits of a string as Redis numbers them: bit {@code i} is bit {@code 7 - i % 8} of byte
 * {@code i / 8}, so bit 0 is the most significant bit of the first byte. Strings are read-only
 * buffers over the stored value (indexes from 0 to the limit), so reading a big bitmap copies
 * nothing; ranges are inclusive bit positions that the caller has already clipped to the string
 * ({@link BitRange}). Whole 64-bit words are read at once where a range covers them. Stateless.
 */
final class Bits {
    private Bits() {
    }

    /** The bit at {@code bit}; a bit past the end of {@code v} reads as 0, as Redis pads strings with zeros. */
    static boolean get(ByteBuffer v, long bit) {
        long i = bit >>> 3;
        return i < v.limit() && (v.get((int) i) & (0x80 >>> (int) (bit & 7))) != 0;
    }

    /** Sets or clears {@code bit}, which must lie inside {@code v}. */
    static void set(byte[] v, long bit, boolean on) {
        int i = (int) (bit >>> 3);
        int mask = 0x80 >>> (int) (bit & 7);
        v[i] = (byte) (on ? v[i] | mask : v[i] & ~mask);
    }

    /** The number of bits set in {@code [first, last]}; 0 when {@code first > last}. */
    static long count(ByteBuffer v, long first, long last) {
        v = v.duplicate().order(ByteOrder.BIG_ENDIAN);
        long n = 0;
        long bit = first;
        while (bit <= last && (bit & 7) != 0) {
            n += get(v, bit++) ? 1 : 0;
        }
        while (bit + 63 <= last) {
            n += Long.bitCount(v.getLong((int) (bit >>> 3)));
            bit += 64;
        }
        while (bit + 7 <= last) {
            n += Integer.bitCount(v.get((int) (bit >>> 3)) & 0xff);
            bit += 8;
        }
        while (bit <= last) {
            n += get(v, bit++) ? 1 : 0;
        }
        return n;
    }

    /**
     * The position of the first bit equal to {@code one} in {@code [first, last]}, or -1 when there
     * is none (or the range is empty).
     */
    static long position(ByteBuffer v, boolean one, long first, long last) {
        v = v.duplicate().order(ByteOrder.BIG_ENDIAN); // the word's most significant bit is the lowest-numbered
        long bit = first;
        while (bit <= last && (bit & 7) != 0) {
            if (get(v, bit) == one) {
                return bit;
            }
            bit++;
        }
        while (bit + 63 <= last) {
            long w = v.getLong((int) (bit >>> 3));
            if (!one) {
                w = ~w;
            }
            if (w != 0) {
                return bit + Long.numberOfLeadingZeros(w);
            }
            bit += 64;
        }
        while (bit + 7 <= last) {
            int b = v.get((int) (bit >>> 3)) & 0xff;
            if (!one) {
                b = ~b & 0xff;
            }
            if (b != 0) {
                return bit + Integer.numberOfLeadingZeros(b) - 24;
            }
            bit += 8;
        }
        while (bit <= last) {
            if (get(v, bit) == one) {
                return bit;
            }
            bit++;
        }
        return -1;
    }

    /**
     * The bytes {@code from} to {@code to} inclusive of {@code v} (null for an absent string), as a
     * new array; bytes past the end read as 0.
     */
    static byte[] copy(ByteBuffer v, long from, long to) {
        byte[] out = new byte[(int) (to - from + 1)];
        if (v != null) {
            for (int i = 0; i < out.length && from + i < v.limit(); i++) {
                out[i] = v.get((int) (from + i));
            }
        }
        return out;
    }
}
