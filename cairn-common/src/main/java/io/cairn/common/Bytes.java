package io.cairn.common;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** Helpers for keys and values held as byte arrays: unsigned order, hashing, printing. */
public final class Bytes {
    public static final byte[] EMPTY = new byte[0];

    private Bytes() {
    }

    /** Unsigned lexicographic order of two ranges, as memcmp and Redis order keys. */
    public static int compare(byte[] a, int aFrom, int aTo, byte[] b, int bFrom, int bTo) {
        return Arrays.compareUnsigned(a, aFrom, aTo, b, bFrom, bTo);
    }

    public static int compare(byte[] a, byte[] b) {
        return Arrays.compareUnsigned(a, b);
    }

    private static final java.lang.invoke.VarHandle LONGS =
            java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

    /**
     * A well-mixed 32-bit hash of a range: eight bytes at a time, each word multiplied in and
     * rotated, then a murmur3 64-bit finaliser. Stable across runs and JVMs (it is not persisted,
     * but tests rely on it being deterministic).
     */
    public static int hash(byte[] a, int from, int to) {
        long h = 0x9E3779B97F4A7C15L ^ (to - from);
        int i = from;
        for (; i + 8 <= to; i += 8) {
            h = Long.rotateLeft((h ^ (long) LONGS.get(a, i)) * 0xBF58476D1CE4E5B9L, 31);
        }
        long tail = 0;
        for (int shift = 0; i < to; i++, shift += 8) {
            tail |= (a[i] & 0xFFL) << shift;
        }
        h = (h ^ tail) * 0x94D049BB133111EBL;
        h ^= h >>> 33;
        h *= 0xFF51AFD7ED558CCDL;
        h ^= h >>> 33;
        h *= 0xC4CEB9FE1A85EC53L;
        h ^= h >>> 33;
        return (int) h;
    }

    public static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** Printable form for messages: UTF-8 when it decodes cleanly, escaped otherwise. */
    public static String toDisplay(byte[] a) {
        StringBuilder sb = new StringBuilder(a.length);
        for (byte b : a) {
            int c = b & 0xFF;
            if (c >= 0x20 && c < 0x7F && c != '\\') {
                sb.append((char) c);
            } else {
                sb.append(String.format("\\x%02x", c));
            }
        }
        return sb.toString();
    }
}
