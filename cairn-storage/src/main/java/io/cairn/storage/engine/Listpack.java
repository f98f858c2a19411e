package io.cairn.storage.engine;

/**
 * The size rules of Redis's listpack, which Cairn's lists follow so that {@code
 * list-max-listpack-size} means what it means in Redis: how many bytes an element would take in a
 * listpack, and when a chunk of elements is over the limit a fill setting gives. Cairn does not
 * store listpacks (a {@link ListChunk} packs its elements in one array with its own framing, and
 * integers as their digits); it only counts their size the same way, so chunks split where
 * Redis's quicklist nodes would and {@code OBJECT ENCODING} answers as Redis does.
 *
 * <p>The fill setting: a positive value {@code n} allows {@code n} elements per chunk (and at most
 * {@link #SAFETY_BYTES}); {@code -1} to {@code -5} allow 4, 8, 16, 32 or 64 KiB; below -5 counts
 * as -5. Zero allows one element. Stateless and thread-safe.
 */
final class Listpack {
    /** Redis's default {@code list-max-listpack-size}: 8 KiB per chunk. */
    static final int DEFAULT_FILL = -2;
    /** A listpack's own bytes: a 6-byte header and the end marker. */
    static final int OVERHEAD = 7;
    /** A chunk limited by count is also limited to this many bytes, as Redis's quicklist is. */
    static final int SAFETY_BYTES = 8192;
    /** The largest element count per chunk that a positive fill may ask for. */
    static final int MAX_COUNT = 1 << 15;

    private Listpack() {
    }

    /** Bytes the element would take in a listpack: its encoding, its data and its back-length. */
    static int entryBytes(byte[] e) {
        return entryBytes(e, 0, e.length);
    }

    /** As {@link #entryBytes(byte[])}, for the element in {@code b[off, off + len)}. */
    static int entryBytes(byte[] b, int off, int len) {
        int body;
        long v;
        if (len <= 20 && (v = integerValue(b, off, len)) != Long.MIN_VALUE) {
            body = intBytes(v);
        } else if (len < 64) {
            body = 1 + len;
        } else if (len < 4096) {
            body = 2 + len;
        } else {
            body = 5 + len;
        }
        return body + backLengthBytes(body);
    }

    /** The byte limit of one chunk under {@code fill}, or {@link Integer#MAX_VALUE} for a count limit. */
    static int byteLimit(int fill) {
        if (fill >= 0) {
            return Integer.MAX_VALUE;
        }
        int level = Math.min(-fill, 5);
        return 4096 << (level - 1);
    }

    /** The element limit of one chunk under {@code fill}, or {@link Integer#MAX_VALUE} for a byte limit. */
    static int countLimit(int fill) {
        if (fill < 0) {
            return Integer.MAX_VALUE;
        }
        return fill == 0 ? 1 : Math.min(fill, MAX_COUNT);
    }

    /** Whether a chunk of {@code count} elements taking {@code bytes} (with {@link #OVERHEAD}) is over the limit. */
    static boolean exceeds(int fill, long bytes, long count) {
        if (fill < 0) {
            return bytes > byteLimit(fill);
        }
        return bytes > SAFETY_BYTES || count > countLimit(fill);
    }

    /**
     * Whether a list that grew past the limit is now small enough to be one listpack again: one
     * chunk of at most half the limit, as Redis 7.2 converts a shrinking quicklist back.
     */
    static boolean fitsHalf(int fill, long bytes, long count) {
        if (fill < 0) {
            return bytes <= byteLimit(fill) / 2;
        }
        return bytes <= SAFETY_BYTES / 2 && count <= countLimit(fill) / 2;
    }

    private static int intBytes(long v) {
        if (v >= 0 && v <= 127) {
            return 1;
        } else if (v >= -4096 && v <= 4095) {
            return 2;
        } else if (v >= -32768 && v <= 32767) {
            return 3;
        } else if (v >= -8388608 && v <= 8388607) {
            return 4;
        } else if (v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE) {
            return 5;
        }
        return 9;
    }

    private static int backLengthBytes(int body) {
        if (body <= 127) {
            return 1;
        } else if (body < 16383) {
            return 2;
        } else if (body < 2097151) {
            return 3;
        } else if (body < 268435455) {
            return 4;
        }
        return 5;
    }

    /**
     * The element's value when it is a decimal integer as Redis writes one (no sign but '-', no
     * leading zeros, no spaces, within a long), else {@link Long#MIN_VALUE}; so that one value
     * itself counts as a 20-byte string, 12 bytes more than Redis counts it.
     */
    private static long integerValue(byte[] e, int off, int n) {
        if (n == 0) {
            return Long.MIN_VALUE;
        }
        int i = 0;
        boolean negative = e[off] == '-';
        if (negative) {
            if (n == 1) {
                return Long.MIN_VALUE;
            }
            i = 1;
        }
        if (e[off + i] == '0' && (n > i + 1 || negative)) {
            return Long.MIN_VALUE;
        }
        long v = 0;
        for (; i < n; i++) {
            int d = e[off + i] - '0';
            if (d < 0 || d > 9 || v < (Long.MIN_VALUE + d) / 10) {
                return Long.MIN_VALUE;
            }
            v = v * 10 - d; // accumulated negatively, so Long.MIN_VALUE's digits fit
        }
        if (!negative) {
            return v == Long.MIN_VALUE ? Long.MIN_VALUE : -v;
        }
        return v;
    }
}
