package io.cairn.server.rdb;

import java.util.ArrayList;
import java.util.List;

/**
 * Redis's intset, the blob of a set of integers ({@link RdbFormat#TYPE_SET_INTSET}):
 * {@code width (u32 LE: 2, 4 or 8) | count (u32 LE) | count values of width bytes, LE, strictly
 * ascending}. Reading checks all of it (so a duplicate is refused); writing picks the narrowest
 * width. Stateless.
 */
public final class IntsetCodec {
    private static final int HEADER = 8;

    private IntsetCodec() {
    }

    public static List<byte[]> read(byte[] is) {
        if (is.length < HEADER) {
            throw new MalformedPayloadException("intset of " + is.length + " bytes");
        }
        long width = ListpackCodec.u32(is, 0);
        long count = ListpackCodec.u32(is, 4);
        if (width != 2 && width != 4 && width != 8 || count * width != is.length - HEADER) {
            throw new MalformedPayloadException("intset of width " + width + " and count " + count
                    + " in " + is.length + " bytes");
        }
        List<byte[]> out = new ArrayList<>((int) count);
        int w = (int) width;
        int shift = 64 - 8 * w;
        long previous = 0;
        for (int i = 0; i < count; i++) {
            long v = 0;
            for (int k = 0; k < w; k++) {
                v |= (is[HEADER + i * w + k] & 0xffL) << (8 * k);
            }
            v = v << shift >> shift;
            if (i > 0 && v <= previous) {
                throw new MalformedPayloadException("intset not ascending at " + i);
            }
            previous = v;
            out.add(IntegerStrings.text(v));
        }
        return out;
    }

    /** Whether every member is an integer as {@code string2ll} takes it, so the set can be an intset. */
    public static boolean fits(List<byte[]> members) {
        for (byte[] m : members) {
            if (!IntegerStrings.isInteger(m)) {
                return false;
            }
        }
        return true;
    }

    /** The intset of these members, which {@link #fits}. */
    public static byte[] write(List<byte[]> members) {
        long[] v = new long[members.size()];
        int w = 2;
        for (int i = 0; i < v.length; i++) {
            v[i] = IntegerStrings.value(members.get(i));
            if (v[i] < Short.MIN_VALUE || v[i] > Short.MAX_VALUE) {
                w = Math.max(w, v[i] < Integer.MIN_VALUE || v[i] > Integer.MAX_VALUE ? 8 : 4);
            }
        }
        java.util.Arrays.sort(v);
        byte[] out = new byte[HEADER + v.length * w];
        putLittleEndian(out, 0, w, 4);
        putLittleEndian(out, 4, v.length, 4);
        for (int i = 0; i < v.length; i++) {
            putLittleEndian(out, HEADER + i * w, v[i], w);
        }
        return out;
    }

    private static void putLittleEndian(byte[] b, int at, long v, int n) {
        for (int i = 0; i < n; i++) {
            b[at + i] = (byte) (v >>> (8 * i));
        }
    }
}
