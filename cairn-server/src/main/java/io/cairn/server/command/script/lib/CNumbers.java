package io.cairn.server.command.script.lib;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;

/**
 * Numbers as C's stdio reads and writes them on glibc, which is what Redis's Lua libraries (and
 * Lua 5.1's own {@code tostring}, {@code "%.14g"}) use: {@link #formatG} is {@code printf("%.Ng")}
 * and {@link #strtod} is {@code strtod}. Java's own formatting differs ({@code %g} keeps trailing
 * zeros; {@code Double.toString} picks the shortest digits), hence this class.
 *
 * <p>Stateless and thread-safe.
 */
public final class CNumbers {
    private CNumbers() {}

    /**
     * {@code printf("%.{precision}g", v)}: {@code precision} significant digits, rounded half-even
     * on the exact binary value as glibc does; exponential form when the exponent is below -4 or
     * not below the precision; trailing zeros removed; {@code inf}, {@code -inf}, {@code nan},
     * {@code -nan}, {@code -0}.
     */
    public static String formatG(double v, int precision) {
        if (Double.isNaN(v)) {
            return (Double.doubleToRawLongBits(v) < 0) ? "-nan" : "nan";
        }
        if (Double.isInfinite(v)) {
            return v < 0 ? "-inf" : "inf";
        }
        if (v == 0) {
            return (Double.doubleToRawLongBits(v) < 0) ? "-0" : "0";
        }
        int p = Math.max(precision, 1);
        BigDecimal rounded = new BigDecimal(v).round(new MathContext(p, RoundingMode.HALF_EVEN));
        int exponent = rounded.precision() - rounded.scale() - 1;
        if (exponent < -4 || exponent >= p) {
            String digits = stripZeros(rounded.unscaledValue().abs().toString());
            StringBuilder sb = new StringBuilder(24);
            if (v < 0) {
                sb.append('-');
            }
            sb.append(digits.charAt(0));
            if (digits.length() > 1) {
                sb.append('.').append(digits, 1, digits.length());
            }
            sb.append('e').append(exponent < 0 ? '-' : '+');
            int e = Math.abs(exponent);
            if (e < 10) {
                sb.append('0');
            }
            return sb.append(e).toString();
        }
        String plain = rounded.toPlainString();
        if (plain.indexOf('.') >= 0) {
            plain = stripZeros(plain);
            if (plain.endsWith(".")) {
                plain = plain.substring(0, plain.length() - 1);
            }
        }
        return plain;
    }

    private static String stripZeros(String s) {
        int end = s.length();
        while (end > 1 && s.charAt(end - 1) == '0') {
            end--;
        }
        return s.substring(0, end);
    }

    /** What {@link #strtod} read: the value, and the index just past the number ({@code end}). */
    public record Parsed(double value, int end) {}

    /**
     * glibc's {@code strtod} on {@code s} from {@code start} (a byte outside {@code s} reads as the
     * C string's terminator): an optional sign, then {@code inf}/{@code infinity}, {@code nan} with
     * an optional {@code (chars)}, a hexadecimal float ({@code 0x1.8p3}) or a decimal one. Returns
     * {@code end == start} when no number is there. Values beyond the double range give infinity or
     * zero, as strtod does (its ERANGE is not reported).
     */
    public static Parsed strtod(byte[] s, int start, int limit) {
        int p = start;
        boolean negative = false;
        int c = at(s, p, limit);
        if (c == '+' || c == '-') {
            negative = c == '-';
            p++;
        }
        if (matches(s, p, limit, "inf")) {
            p += 3;
            if (matches(s, p, limit, "inity")) {
                p += 5;
            }
            return new Parsed(negative ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY, p);
        }
        if (matches(s, p, limit, "nan")) {
            p += 3;
            if (at(s, p, limit) == '(') {
                int q = p + 1;
                while (isAlnum(at(s, q, limit)) || at(s, q, limit) == '_') {
                    q++;
                }
                if (at(s, q, limit) == ')') {
                    p = q + 1;
                }
            }
            return new Parsed(Double.NaN, p);
        }
        if (at(s, p, limit) == '0' && (at(s, p + 1, limit) | 0x20) == 'x') {
            Parsed hex = hex(s, p + 2, limit, negative);
            if (hex != null) {
                return hex;
            }
        }
        int q = p;
        int digits = 0;
        while (isDigit(at(s, q, limit))) {
            q++;
            digits++;
        }
        if (at(s, q, limit) == '.') {
            q++;
            while (isDigit(at(s, q, limit))) {
                q++;
                digits++;
            }
        }
        if (digits == 0) {
            return new Parsed(0, start);
        }
        q = exponent(s, q, limit, 'e');
        double v = Double.parseDouble(new String(s, p, q - p, StandardCharsets.ISO_8859_1));
        return new Parsed(negative ? -v : v, q);
    }

    /**
     * Lua 5.1's conversion of a string to a number ({@code luaO_str2d}): strtod after optional
     * white space, then nothing but white space to the end of the C string (its first zero byte).
     * So {@code " 10 "}, {@code "0x10"}, {@code "1e2"}, {@code "inf"} and {@code "10\0junk"} are
     * numbers and {@code "10 x"} and {@code ""} are not. Returns null for not a number.
     */
    public static Double luaToNumber(byte[] s, int offset, int length) {
        int limit = offset;
        while (limit < offset + length && s[limit] != 0) {
            limit++;
        }
        int p = offset;
        while (p < limit && isSpace(s[p])) {
            p++;
        }
        Parsed n = strtod(s, p, limit);
        if (n.end() == p) {
            return null;
        }
        int q = n.end();
        while (q < limit && isSpace(s[q])) {
            q++;
        }
        return q == limit ? n.value() : null;
    }

    /** Lua 5.1's conversion of a number to a string: {@code "%.14g"}. */
    public static String luaToString(double v) {
        return formatG(v, 14);
    }

    private static boolean isSpace(byte c) {
        return c == ' ' || (c >= '\t' && c <= '\r');
    }

    /** The part after "0x"; null when no hex digit follows (strtod then reads just the "0"). */
    private static Parsed hex(byte[] s, int from, int limit, boolean negative) {
        int q = from;
        StringBuilder mantissa = new StringBuilder("0x");
        int digits = 0;
        while (isHex(at(s, q, limit))) {
            mantissa.append((char) at(s, q++, limit));
            digits++;
        }
        if (at(s, q, limit) == '.') {
            mantissa.append('.');
            q++;
            while (isHex(at(s, q, limit))) {
                mantissa.append((char) at(s, q++, limit));
                digits++;
            }
        }
        if (digits == 0) {
            return null;
        }
        int end = exponent(s, q, limit, 'p');
        long exp = 0;
        if (end > q) { // clamped: far beyond the double range either way, and Java wants an int
            int e = q + 1;
            boolean minus = at(s, e, limit) == '-';
            if (at(s, e, limit) == '+' || minus) {
                e++;
            }
            for (; e < end; e++) {
                exp = Math.min(exp * 10 + (at(s, e, limit) - '0'), 1_000_000);
            }
            exp = minus ? -exp : exp;
        }
        double v = Double.parseDouble(mantissa + "p" + exp);
        return new Parsed(negative ? -v : v, end);
    }

    /** The index past an exponent (marker, optional sign, digits) at q, or q when there is none. */
    private static int exponent(byte[] s, int q, int limit, char marker) {
        if ((at(s, q, limit) | 0x20) != marker) {
            return q;
        }
        int e = q + 1;
        if (at(s, e, limit) == '+' || at(s, e, limit) == '-') {
            e++;
        }
        if (!isDigit(at(s, e, limit))) {
            return q;
        }
        while (isDigit(at(s, e, limit))) {
            e++;
        }
        return e;
    }

    private static boolean matches(byte[] s, int p, int limit, String word) {
        for (int i = 0; i < word.length(); i++) {
            if ((at(s, p + i, limit) | 0x20) != word.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private static int at(byte[] s, int i, int limit) {
        return i < limit ? s[i] & 0xff : 0;
    }

    private static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isHex(int c) {
        return isDigit(c) || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f');
    }

    private static boolean isAlnum(int c) {
        return isDigit(c) || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
    }
}
