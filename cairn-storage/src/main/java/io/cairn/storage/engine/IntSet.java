package io.cairn.storage.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * A small set of integers packed in one sorted array, as Redis's {@code intset}: every element
 * takes the width of the widest one (2, 4 or 8 bytes, little-endian), found by binary search.
 * Adding a wider value widens the whole array once; the width never shrinks. Membership is
 * O(log n), insertion and removal O(n) (a move of at most {@code set-max-intset-entries} slots).
 *
 * <p>Members are the decimal text of the integers: {@link #representable} says which byte strings
 * qualify (Redis's {@code string2ll}: no sign but a leading '-', no leading zeros, no "-0").
 * Mutable and not thread-safe; the owning {@link SetEntry} copies it before changing a shared one.
 */
final class IntSet {
    private static final VarHandle SHORTS = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private byte[] data;
    private int width;
    private int size;

    IntSet() {
        this(new byte[8], 2, 0);
    }

    private IntSet(byte[] data, int width, int size) {
        this.data = data;
        this.width = width;
        this.size = size;
    }

    int size() {
        return size;
    }

    /** The {@code i}-th smallest element. */
    long get(int i) {
        return read(data, width, i);
    }

    boolean contains(long v) {
        return fits(v, width) && search(v) >= 0;
    }

    /** Adds {@code v}; returns false when it was already there. */
    boolean add(long v) {
        if (!fits(v, width)) {
            widen(widthOf(v));
        }
        int i = search(v);
        if (i >= 0) {
            return false;
        }
        i = -i - 1;
        int need = (size + 1) * width;
        if (need > data.length) {
            data = Arrays.copyOf(data, Math.max(need, data.length + (data.length >> 1)));
        }
        System.arraycopy(data, i * width, data, (i + 1) * width, (size - i) * width);
        write(data, width, i, v);
        size++;
        return true;
    }

    /** Removes {@code v}; returns false when it was not there. */
    boolean remove(long v) {
        int i = fits(v, width) ? search(v) : -1;
        if (i < 0) {
            return false;
        }
        System.arraycopy(data, (i + 1) * width, data, i * width, (size - i - 1) * width);
        size--;
        if (data.length > 64 && size * width < data.length / 4) {
            data = Arrays.copyOf(data, data.length / 2);
        }
        return true;
    }

    /** A copy that shares nothing with this one. */
    IntSet copy() {
        return new IntSet(Arrays.copyOf(data, Math.max(8, size * width)), width, size);
    }

    /** Bytes per element: 2, 4 or 8. */
    int width() {
        return width;
    }

    private int search(long v) {
        int lo = 0;
        int hi = size - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            long m = read(data, width, mid);
            if (m < v) {
                lo = mid + 1;
            } else if (m > v) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        return -(lo + 1);
    }

    private void widen(int to) {
        byte[] wider = new byte[Math.max(8, (size + 1) * to)];
        for (int i = 0; i < size; i++) {
            write(wider, to, i, read(data, width, i));
        }
        data = wider;
        width = to;
    }

    private static boolean fits(long v, int width) {
        return width == 8 || width == 4 && v == (int) v || v == (short) v;
    }

    private static int widthOf(long v) {
        return v == (short) v ? 2 : v == (int) v ? 4 : 8;
    }

    private static long read(byte[] a, int width, int i) {
        return switch (width) {
            case 2 -> (short) SHORTS.get(a, i * 2);
            case 4 -> (int) INTS.get(a, i * 4);
            default -> (long) LONGS.get(a, i * 8);
        };
    }

    private static void write(byte[] a, int width, int i, long v) {
        switch (width) {
            case 2 -> SHORTS.set(a, i * 2, (short) v);
            case 4 -> INTS.set(a, i * 4, (int) v);
            default -> LONGS.set(a, i * 8, v);
        }
    }

    // ------------------------------------------------------------ decimal text

    /**
     * Whether {@code b} is the canonical decimal text of a signed 64-bit integer, as Redis's
     * {@code string2ll} decides: at most 20 bytes, an optional '-', digits without leading zeros,
     * and neither "-0" nor a value out of range.
     */
    static boolean representable(byte[] b) {
        int n = b.length;
        if (n == 0 || n > 20) {
            return false;
        }
        int i = b[0] == '-' ? 1 : 0;
        if (i == n) {
            return false;
        }
        if (b[i] == '0') {
            return n == 1; // "0" alone; no leading zeros, no "-0"
        }
        long v = 0; // accumulated negatively, so that Long.MIN_VALUE fits
        for (; i < n; i++) {
            int d = b[i] - '0';
            if (d < 0 || d > 9 || v < (Long.MIN_VALUE + d) / 10) {
                return false;
            }
            v = v * 10 - d;
        }
        return b[0] == '-' || v != Long.MIN_VALUE;
    }

    /** The value of {@code b}, which must be {@link #representable}. */
    static long parse(byte[] b) {
        int i = b[0] == '-' ? 1 : 0;
        long v = 0;
        for (int k = i; k < b.length; k++) {
            v = v * 10 - (b[k] - '0');
        }
        return i == 1 ? v : -v;
    }

    /** The decimal text of {@code v}, as Redis replies with an intset's members. */
    static byte[] text(long v) {
        return Long.toString(v).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }
}
