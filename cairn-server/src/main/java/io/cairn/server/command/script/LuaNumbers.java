package io.cairn.server.command.script;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Numbers printed as C's {@code printf("%.<precision>g")} prints them, which is how Redis's Lua
 * turns a number into the text a command receives ({@code %.17g} for {@code redis.call}
 * arguments) and how Lua 5.1 prints one ({@code %.14g}). Stateless.
 */
final class LuaNumbers {
    private LuaNumbers() {
    }

    /** {@code d} as {@code %.<precision>g} would print it (precision 1 to 17). */
    static String formatG(double d, int precision) {
        if (Double.isNaN(d)) {
            return (Double.doubleToRawLongBits(d) < 0) ? "-nan" : "nan";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "inf" : "-inf";
        }
        if (d == 0) {
            return (1 / d < 0) ? "-0" : "0";
        }
        if (d == Math.rint(d) && Math.abs(d) < 1e15 && precision >= 15) {
            return Long.toString((long) d); // the common case: an integral number, printed exactly
        }
        BigDecimal rounded = new BigDecimal(d).round(new MathContext(precision, RoundingMode.HALF_EVEN));
        int exponent = rounded.precision() - rounded.scale() - 1;
        if (exponent < -4 || exponent >= precision) {
            String digits = rounded.unscaledValue().abs().toString().replaceFirst("0+$", "");
            StringBuilder sb = new StringBuilder(digits.length() + 8);
            if (rounded.signum() < 0) {
                sb.append('-');
            }
            sb.append(digits.charAt(0));
            if (digits.length() > 1) {
                sb.append('.').append(digits, 1, digits.length());
            }
            sb.append('e').append(exponent < 0 ? '-' : '+');
            int abs = Math.abs(exponent);
            if (abs < 10) {
                sb.append('0');
            }
            return sb.append(abs).toString();
        }
        String plain = rounded.stripTrailingZeros().toPlainString();
        return plain;
    }
}
