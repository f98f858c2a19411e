package io.cairn.server.command.bitmap;

/**
 * An inclusive range of bit positions of one string, {@code first} to {@code last}, resolved from
 * the {@code start end [BYTE|BIT]} arguments of BITCOUNT and BITPOS as Redis resolves them:
 * negative indexes count from the end, then both ends are clipped to the string. Empty when
 * {@code first > last}; a non-empty range always lies inside the string.
 */
record BitRange(long first, long last) {
    static final BitRange EMPTY = new BitRange(0, -1);

    boolean isEmpty() {
        return first > last;
    }

    /** The whole of a string of {@code length} bytes. */
    static BitRange whole(long length) {
        return length == 0 ? EMPTY : new BitRange(0, length * 8 - 1);
    }

    /**
     * Resolves {@code start} and {@code end} (bytes, or bits when {@code bitUnit}) against a string
     * of {@code length} bytes.
     */
    static BitRange resolve(long start, long end, boolean bitUnit, long length) {
        long total = bitUnit ? length * 8 : length;
        if (start < 0) {
            start = total + start;
        }
        if (end < 0) {
            end = total + end;
        }
        start = Math.max(0, start);
        end = Math.max(0, end);
        end = Math.min(end, total - 1);
        if (start > end) {
            return EMPTY;
        }
        return bitUnit ? new BitRange(start, end) : new BitRange(start * 8, end * 8 + 7);
    }
}
