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

    /** A well-mixed 32-bit hash of a range (FNV-1a folded through a murmur finaliser). */
    public static int hash(byte[] a, int from, int to) {
        int h = 0x811C9DC5;
        for (int i = from; i < to; i++) {
            h = (h ^ a[i]) * 0x01000193;
        }
        h ^= h >>> 16;
        h *= 0x85EBCA6B;
        h ^= h >>> 13;
        h *= 0xC2B2AE35;
        h ^= h >>> 16;
        return h;
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
