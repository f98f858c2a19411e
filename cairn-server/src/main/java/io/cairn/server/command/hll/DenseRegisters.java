package io.cairn.server.command.hll;

/**
 * The dense encoding's 6-bit registers, packed from the least significant bit of each byte up:
 * register {@code i} starts at bit {@code 6i % 8} of byte {@code 6i / 8} past the header and may
 * run into the next byte. Operates on a whole dense value ({@link HllFormat#DENSE_SIZE} bytes);
 * stateless.
 */
final class DenseRegisters {
    private DenseRegisters() {
    }

    static int get(byte[] v, int index) {
        int bit = index * HllFormat.BITS;
        int at = HllFormat.HEADER + (bit >>> 3);
        int shift = bit & 7;
        int b0 = v[at] & 0xff;
        int b1 = at + 1 < v.length ? v[at + 1] & 0xff : 0;
        return (b0 >>> shift | b1 << (8 - shift)) & HllFormat.REGISTER_MAX;
    }

    static void set(byte[] v, int index, int value) {
        int bit = index * HllFormat.BITS;
        int at = HllFormat.HEADER + (bit >>> 3);
        int shift = bit & 7;
        v[at] = (byte) (v[at] & ~(HllFormat.REGISTER_MAX << shift) | value << shift);
        if (shift > 8 - HllFormat.BITS) {
            int high = 8 - shift;
            v[at + 1] = (byte) (v[at + 1] & ~(HllFormat.REGISTER_MAX >>> high) | value >>> high);
        }
    }

    /** Raises register {@code index} to {@code count}; returns whether it was lower. */
    static boolean raise(byte[] v, int index, int count) {
        if (count > get(v, index)) {
            set(v, index, count);
            return true;
        }
        return false;
    }

    static void histogram(byte[] v, int[] histogram) {
        for (int i = 0; i < HllFormat.REGISTERS; i++) {
            histogram[get(v, i)]++;
        }
    }

    /** Raises each {@code max[i]} to register {@code i}. */
    static void mergeInto(byte[] v, byte[] max) {
        for (int i = 0; i < HllFormat.REGISTERS; i++) {
            int r = get(v, i);
            if (r > max[i]) {
                max[i] = (byte) r;
            }
        }
    }
}
