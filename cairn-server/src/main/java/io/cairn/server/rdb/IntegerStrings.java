package io.cairn.server.rdb;

import java.nio.charset.StandardCharsets;

/**
 * Strings that are integers the way Redis's {@code string2ll} takes them when it picks an
 * encoding: an optional {@code -}, digits without a leading zero (but {@code "0"}), within a
 * signed 64-bit value; so the number prints back as the very same bytes. Stateless.
 */
final class IntegerStrings {
    private IntegerStrings() {
    }

    /** Whether {@code s} is such an integer; its value is then {@link #value}. */
    static boolean isInteger(byte[] s) {
        int n = s.length;
        if (n == 0 || n > 20) {
            return false;
        }
        int i = s[0] == '-' ? 1 : 0;
        if (i == n || s[i] < '1' || s[i] > '9') {
            return n == 1 && s[0] == '0';
        }
        long v = 0;
        for (; i < n; i++) {
            int d = s[i] - '0';
            if (d < 0 || d > 9) {
                return false;
            }
            // accumulate negatively, so Long.MIN_VALUE fits
            if (v < (Long.MIN_VALUE + d) / 10) {
                return false;
            }
            v = v * 10 - d;
        }
        return s[0] == '-' || v != Long.MIN_VALUE;
    }

    /** The value of a string {@link #isInteger} accepted. */
    static long value(byte[] s) {
        return Long.parseLong(new String(s, StandardCharsets.US_ASCII));
    }

    static byte[] text(long v) {
        return Long.toString(v).getBytes(StandardCharsets.US_ASCII);
    }
}
