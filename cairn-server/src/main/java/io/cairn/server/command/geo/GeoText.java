package io.cairn.server.command.geo;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Numbers as Redis's geo commands print them. Each works from the double's exact binary value,
 * as C's {@code printf} does, never from Java's shortest form. Stateless.
 */
final class GeoText {
    private GeoText() {
    }

    /**
     * A distance with exactly four decimals ({@code 166274.1516}, {@code 0.0000}): the value times
     * 10,000 rounded half-to-even to an integer, then laid out with the point (Redis's
     * {@code fixedpoint_d2string}).
     */
    static String distance(double d) {
        long scaled = (long) Math.rint(d * 10000.0);
        boolean negative = scaled < 0;
        String digits = Long.toString(Math.abs(scaled));
        if (digits.length() < 5) {
            digits = "0".repeat(5 - digits.length()) + digits;
        }
        int point = digits.length() - 4;
        return (negative ? "-" : "") + digits.substring(0, point) + "." + digits.substring(point);
    }

    /**
     * A coordinate in Redis's "human" long-double form ({@code %.17Lf} without trailing zeros):
     * {@code 13.36138933897018433}, {@code 180}, {@code -85.05112751263942528}; {@code -0} prints
     * as {@code 0}, the infinities as {@code inf} and {@code -inf}.
     */
    static String coordinate(double d) {
        if (Double.isInfinite(d)) {
            return d > 0 ? "inf" : "-inf";
        }
        String text = new BigDecimal(d).setScale(17, RoundingMode.HALF_EVEN).toPlainString();
        int end = text.length();
        while (text.charAt(end - 1) == '0') {
            end--;
        }
        if (text.charAt(end - 1) == '.') {
            end--;
        }
        text = text.substring(0, end);
        return text.equals("-0") ? "0" : text;
    }

    /** C's {@code %f}: six decimals of the exact value ({@code 200.000000}), {@code inf}, {@code -inf}. */
    static String sixDecimals(double d) {
        if (Double.isInfinite(d)) {
            return d > 0 ? "inf" : "-inf";
        }
        String text = new BigDecimal(d).setScale(6, RoundingMode.HALF_EVEN).toPlainString();
        boolean negativeZero = d < 0 || d == 0 && Double.doubleToRawLongBits(d) < 0;
        return negativeZero && !text.startsWith("-") ? "-" + text : text;
    }
}
