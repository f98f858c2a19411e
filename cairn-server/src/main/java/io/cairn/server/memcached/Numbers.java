package io.cairn.server.memcached;

/**
 * Numbers read as memcached reads them (its {@code safe_strto*} over C's {@code strtoul} family):
 * decimal, an optional sign, whitespace or the end after the digits. A negative value is refused
 * by the unsigned readers unless it is zero, and the 32-bit readers keep the low 32 bits of a
 * larger number, as memcached does on a 64-bit machine. Each returns null when memcached's
 * reader would fail.
 */
final class Numbers {
    private Numbers() {
    }

    /** {@code safe_strtoull}: an unsigned 64-bit number (returned as its bits), or null. */
    static Long unsigned64(byte[] b, int from, int to) {
        return parse(b, from, to, true);
    }

    /** {@code safe_strtoul}: an unsigned number kept to 32 bits, or null. */
    static Integer unsigned32(byte[] b, int from, int to) {
        Long v = parse(b, from, to, true);
        return v == null ? null : (int) (long) v;
    }

    /** {@code safe_strtol}: a signed number kept to 32 bits, or null. */
    static Integer signed32(byte[] b, int from, int to) {
        Long v = parse(b, from, to, false);
        return v == null ? null : (int) (long) v;
    }

    static Long unsigned64(byte[] token) {
        return unsigned64(token, 0, token.length);
    }

    static Integer unsigned32(byte[] token) {
        return unsigned32(token, 0, token.length);
    }

    static Integer signed32(byte[] token) {
        return signed32(token, 0, token.length);
    }

    private static boolean space(byte c) {
        return c == ' ' || c >= '\t' && c <= '\r';
    }

    private static Long parse(byte[] b, int from, int to, boolean unsigned) {
        int i = from;
        while (i < to && space(b[i])) {
            i++;
        }
        boolean negative = false;
        if (i < to && (b[i] == '+' || b[i] == '-')) {
            negative = b[i] == '-';
            i++;
        }
        int digits = i;
        long v = 0;
        boolean overflow = false;
        for (; i < to && b[i] >= '0' && b[i] <= '9'; i++) {
            int d = b[i] - '0';
            if (unsigned) {
                if (Long.compareUnsigned(v, Long.divideUnsigned(-1L - d, 10)) > 0) {
                    overflow = true;
                }
            } else if (v > (Long.MAX_VALUE - d) / 10) {
                overflow = true;
            }
            v = v * 10 + d;
        }
        if (i == digits || overflow) {
            return null; // no digits (C's str == endptr), or ERANGE
        }
        if (i < to && !space(b[i])) {
            return null;
        }
        if (negative) {
            if (unsigned) {
                return v == 0 ? 0L : null; // strtoul wraps a negative, which memcached then refuses
            }
            return -v;
        }
        return v;
    }
}
