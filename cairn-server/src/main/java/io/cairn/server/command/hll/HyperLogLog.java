package io.cairn.server.command.hll;

import io.cairn.common.InvalidRequestException;
import java.util.Arrays;

/**
 * One HyperLogLog value being read or changed: the string's bytes in Redis's layout
 * ({@link HllFormat}), sparse or dense. Built from a stored string with {@link #of}, which checks
 * the header as Redis's {@code isHLLObjectOrReply} does; changed in place; written back with
 * {@link #toBytes}. Not thread-safe; lives inside one operation.
 */
final class HyperLogLog {
    /** Capacity may exceed {@link #length}, so sparse updates grow the array rarely. */
    byte[] bytes;
    int length;

    private HyperLogLog(byte[] bytes, int length) {
        this.bytes = bytes;
        this.length = length;
    }

    /** A new, empty HLL: sparse, one XZERO opcode covering every register, the cached cardinality 0. */
    static HyperLogLog empty() {
        byte[] v = new byte[HllFormat.HEADER + 2];
        v[0] = 'H';
        v[1] = 'Y';
        v[2] = 'L';
        v[3] = 'L';
        v[HllFormat.ENCODING_OFFSET] = HllFormat.SPARSE;
        v[HllFormat.HEADER] = (byte) ((HllFormat.SPARSE_XZERO_MAX_LEN - 1) >>> 8 | 0x40);
        v[HllFormat.HEADER + 1] = (byte) (HllFormat.SPARSE_XZERO_MAX_LEN - 1);
        return new HyperLogLog(v, v.length);
    }

    /**
     * The HLL a string holds; takes the array over. The opcodes of a sparse one are checked only
     * when read, as Redis checks them.
     *
     * @throws InvalidRequestException {@link HllFormat#NOT_HLL} unless the string has the
     *         {@code HYLL} header, a known encoding and, when dense, exactly the dense size
     */
    static HyperLogLog of(byte[] value) {
        if (value.length < HllFormat.HEADER || value[0] != 'H' || value[1] != 'Y' || value[2] != 'L'
                || value[3] != 'L' || (value[HllFormat.ENCODING_OFFSET] & 0xff) > HllFormat.SPARSE
                || value[HllFormat.ENCODING_OFFSET] == HllFormat.DENSE && value.length != HllFormat.DENSE_SIZE) {
            throw new InvalidRequestException(HllFormat.NOT_HLL);
        }
        return new HyperLogLog(value, value.length);
    }

    boolean isSparse() {
        return bytes[HllFormat.ENCODING_OFFSET] == HllFormat.SPARSE;
    }

    /** The byte at {@code i}, 0 past the end (as the terminator after a Redis string). */
    int at(int i) {
        return i < length ? bytes[i] & 0xff : 0;
    }

    void ensureCapacity(int capacity) {
        if (bytes.length < capacity) {
            bytes = Arrays.copyOf(bytes, Math.max(capacity, Math.min(length * 2, length + 300)));
        }
    }

    /** The value's bytes, exactly {@link #length} of them. */
    byte[] toBytes() {
        return length == bytes.length ? bytes : Arrays.copyOf(bytes, length);
    }

    // ------------------------------------------------------------------ registers

    /**
     * Adds one element: raises its register to the element's run of zeros. Returns whether the
     * register changed. A sparse HLL turns dense when it must (see {@link SparseRegisters#set}).
     */
    boolean add(byte[] element, long sparseMaxBytes) {
        long hash = MurmurHash64A.hash(element, MurmurHash64A.HLL_SEED);
        int index = (int) (hash & (HllFormat.REGISTERS - 1));
        long rest = hash >>> HllFormat.P | 1L << HllFormat.Q;
        return raise(index, Long.numberOfTrailingZeros(rest) + 1, sparseMaxBytes);
    }

    /** Raises register {@code index} to {@code count}; returns whether it changed. */
    boolean raise(int index, int count, long sparseMaxBytes) {
        if (isSparse()) {
            int r = SparseRegisters.set(this, index, count, sparseMaxBytes);
            if (r != SparseRegisters.PROMOTE) {
                return r == 1;
            }
            toDense();
        }
        return DenseRegisters.raise(bytes, index, count);
    }

    /**
     * Turns a sparse HLL dense, keeping the header (the cache included); nothing for a dense one.
     *
     * @throws InvalidRequestException {@link HllFormat#CORRUPT} when the opcodes do not cover exactly every register
     */
    void toDense() {
        if (!isSparse()) {
            return;
        }
        byte[] dense = new byte[HllFormat.DENSE_SIZE];
        System.arraycopy(bytes, 0, dense, 0, HllFormat.HEADER);
        dense[HllFormat.ENCODING_OFFSET] = HllFormat.DENSE;
        long covered = SparseRegisters.forEachRun(this, (first, len, value) -> {
            if (value == 0) {
                return true;
            }
            if (first + len > HllFormat.REGISTERS) {
                return false;
            }
            for (int i = 0; i < len; i++) {
                DenseRegisters.set(dense, (int) first + i, value);
            }
            return true;
        });
        if (covered != HllFormat.REGISTERS) {
            throw new InvalidRequestException(HllFormat.CORRUPT);
        }
        bytes = dense;
        length = dense.length;
    }

    /** Raises each {@code max[i]} to register {@code i}; {@code max} has {@link HllFormat#REGISTERS} entries. */
    void mergeInto(byte[] max) {
        if (!isSparse()) {
            DenseRegisters.mergeInto(bytes, max);
            return;
        }
        long covered = SparseRegisters.forEachRun(this, (first, len, value) -> {
            if (value == 0) {
                return true;
            }
            if (first + len > HllFormat.REGISTERS) {
                return false;
            }
            for (int i = 0; i < len; i++) {
                max[(int) first + i] = (byte) Math.max(max[(int) first + i], value);
            }
            return true;
        });
        if (covered != HllFormat.REGISTERS) {
            throw new InvalidRequestException(HllFormat.CORRUPT);
        }
    }

    // ------------------------------------------------------------------ cardinality

    boolean cacheValid() {
        return (bytes[HllFormat.HEADER - 1] & HllFormat.STALE_BIT) == 0;
    }

    /** The cached cardinality, meaningful when {@link #cacheValid()}. */
    long cachedCardinality() {
        long card = 0;
        for (int i = 7; i >= 0; i--) {
            card = card << 8 | bytes[HllFormat.CARDINALITY_OFFSET + i] & 0xff;
        }
        return card;
    }

    /** Marks the cached cardinality stale, keeping its other bits, as Redis does after a change. */
    void invalidateCache() {
        bytes[HllFormat.HEADER - 1] |= (byte) HllFormat.STALE_BIT;
    }

    /**
     * The estimated cardinality from the registers (not the cache).
     *
     * @throws InvalidRequestException {@link HllFormat#CORRUPT} for sparse opcodes that do not cover every register
     */
    long count() {
        int[] histogram = new int[64];
        if (!isSparse()) {
            DenseRegisters.histogram(bytes, histogram);
        } else {
            long covered = SparseRegisters.forEachRun(this, (first, len, value) -> {
                histogram[value] += len;
                return true;
            });
            if (covered != HllFormat.REGISTERS) {
                throw new InvalidRequestException(HllFormat.CORRUPT);
            }
        }
        return HllEstimator.estimate(histogram);
    }

    /** The estimated cardinality of registers held one per byte (the union PFCOUNT computes). */
    static long count(byte[] registers) {
        int[] histogram = new int[64];
        for (byte r : registers) {
            histogram[r]++;
        }
        return HllEstimator.estimate(histogram);
    }
}
