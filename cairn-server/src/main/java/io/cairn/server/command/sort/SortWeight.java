package io.cairn.server.command.sort;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;

/**
 * A numeric SORT weight read as Redis reads it: C's {@code strtod} over the whole value, which
 * must leave nothing behind, give no range error and not be NaN. So leading white space, a sign,
 * {@code inf}/{@code infinity}, hexadecimal ({@code 0x1p3}) and an empty string (0) are numbers;
 * trailing white space, {@code 1e}, {@code nan} and values that overflow, underflow to zero or
 * round to a subnormal are not (glibc reports those as {@code ERANGE}; an exact subnormal is
 * fine). The value ends at its first NUL byte, where the C string does. Stateless.
 */
final class SortWeight {
    /** What {@link #parse} answers for a value Redis cannot convert. */
    static final double INVALID = Double.NaN;

    private SortWeight() {
    }

    /** The weight, or {@link #INVALID}. */
    static double parse(byte[] b) {
        int end = 0;
        while (end < b.length && b[end] != 0) {
            end++;
        }
        if (end == 0) {
            return 0; // strtod converts nothing and stops at the terminator: Redis takes it as 0
        }
        int i = 0;
        while (i < end && isSpace(b[i])) {
            i++;
        }
        boolean negative = false;
        if (i < end && (b[i] == '+' || b[i] == '-')) {
            negative = b[i] == '-';
            i++;
        }
        double v;
        if (matchesWord(b, i, end, "infinity") || matchesWord(b, i, end, "inf")) {
            v = Double.POSITIVE_INFINITY;
        } else if (end - i > 2 && b[i] == '0' && (b[i + 1] == 'x' || b[i + 1] == 'X')) {
            v = hex(b, i + 2, end);
        } else {
            v = decimal(b, i, end);
        }
        return negative ? -v : v;
    }

    private static boolean isSpace(byte c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0b || c == '\f' || c == '\r';
    }

    /** Whether {@code b[from, end)} is exactly {@code word}, in any letter case. */
    private static boolean matchesWord(byte[] b, int from, int end, String word) {
        if (end - from != word.length()) {
            return false;
        }
        for (int k = 0; k < word.length(); k++) {
            if (Character.toLowerCase((char) (b[from + k] & 0xff)) != word.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    private static int digits(byte[] b, int i, int end, boolean hex) {
        while (i < end && (b[i] >= '0' && b[i] <= '9' || hex && Character.digit((char) b[i], 16) >= 0)) {
            i++;
        }
        return i;
    }

    /** digits [. digits] [e [sign] digits], with a digit somewhere in the mantissa, to the end. */
    private static double decimal(byte[] b, int from, int end) {
        int i = digits(b, from, end, false);
        int intDigits = i - from;
        int fracDigits = 0;
        if (i < end && b[i] == '.') {
            int f = i + 1;
            i = digits(b, f, end, false);
            fracDigits = i - f;
        }
        if (intDigits + fracDigits == 0) {
            return INVALID;
        }
        int mantissaEnd = i;
        i = exponent(b, i, end, 'e');
        if (i != end) {
            return INVALID;
        }
        String text = new String(b, from, end - from, StandardCharsets.ISO_8859_1);
        double v = Double.parseDouble(text);
        if (Double.isInfinite(v)) {
            return INVALID; // overflow: ERANGE
        }
        if (Math.abs(v) < Double.MIN_NORMAL && !exactDecimal(b, from, mantissaEnd, text, v)) {
            return INVALID; // underflow: ERANGE
        }
        return v;
    }

    /** Past an exponent (its letter, a sign, at least one digit) at {@code i}, or {@code i} when there is none. */
    private static int exponent(byte[] b, int i, int end, char letter) {
        if (i < end && (b[i] | 0x20) == letter) {
            int j = i + 1;
            if (j < end && (b[j] == '+' || b[j] == '-')) {
                j++;
            }
            int k = digits(b, j, end, false);
            if (k > j) {
                return k;
            }
        }
        return i;
    }

    private static boolean exactDecimal(byte[] b, int from, int mantissaEnd, String text, double v) {
        boolean nonZero = false;
        for (int k = from; k < mantissaEnd; k++) {
            nonZero |= b[k] >= '1' && b[k] <= '9';
        }
        if (!nonZero) {
            return true; // a true zero
        }
        if (v == 0) {
            return false;
        }
        try {
            return new BigDecimal(text).compareTo(new BigDecimal(v)) == 0;
        } catch (NumberFormatException | ArithmeticException exponentTooLarge) {
            return false;
        }
    }

    /** After {@code 0x}: hex digits [. hex digits] [p [sign] digits], with a digit in the mantissa. */
    private static double hex(byte[] b, int from, int end) {
        int i = digits(b, from, end, true);
        String whole = new String(b, from, i - from, StandardCharsets.ISO_8859_1);
        String fraction = "";
        if (i < end && b[i] == '.') {
            int f = i + 1;
            i = digits(b, f, end, true);
            fraction = new String(b, f, i - f, StandardCharsets.ISO_8859_1);
        }
        if (whole.isEmpty() && fraction.isEmpty()) {
            return INVALID; // "0x" alone: strtod reads the 0 and stops at the x
        }
        int expStart = i;
        i = exponent(b, i, end, 'p');
        if (i != end) {
            return INVALID;
        }
        String exp = i > expStart ? new String(b, expStart + 1, i - expStart - 1, StandardCharsets.ISO_8859_1) : "0";
        double v = Double.parseDouble("0x" + whole + "." + fraction + "p" + exp); // Java needs the p
        if (Double.isInfinite(v)) {
            return INVALID;
        }
        if (Math.abs(v) < Double.MIN_NORMAL && !exactHex(whole + fraction, fraction.length(), exp)) {
            return INVALID;
        }
        return v;
    }

    /** Whether mantissa * 2^(exp - 4 * fracDigits) is a multiple of 2^-1074 (zero included). */
    private static boolean exactHex(String mantissa, int fracDigits, String exp) {
        BigInteger m = new BigInteger(mantissa, 16);
        if (m.signum() == 0) {
            return true;
        }
        long e;
        try {
            e = Long.parseLong(exp) - 4L * fracDigits;
        } catch (NumberFormatException tooLong) {
            return !exp.startsWith("-"); // a huge positive exponent overflowed before this
        }
        return e + m.getLowestSetBit() >= -1074;
    }
}
