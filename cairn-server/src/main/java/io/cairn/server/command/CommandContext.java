package io.cairn.server.command;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.CommandSpec;
import io.cairn.server.ServerContext;
import io.cairn.server.Session;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * One command invocation: its arguments, the spec it matched, the session and the server.
 * Argument parsers throw {@link InvalidRequestException} worded as Redis words them.
 */
public final class CommandContext {
    public static final String NOT_INTEGER = "ERR value is not an integer or out of range";
    public static final String NOT_FLOAT = "ERR value is not a valid float";
    public static final String SYNTAX = "ERR syntax error";

    private final byte[][] args;
    private final CommandSpec spec;
    private final Session session;
    private final ServerContext server;

    public CommandContext(byte[][] args, CommandSpec spec, Session session, ServerContext server) {
        this.args = args;
        this.spec = spec;
        this.session = session;
        this.server = server;
    }

    public byte[][] args() {
        return args;
    }

    public int argc() {
        return args.length;
    }

    public byte[] arg(int i) {
        return args[i];
    }

    public String string(int i) {
        return new String(args[i], StandardCharsets.UTF_8);
    }

    /** The argument upper-cased, for matching option words. */
    public String option(int i) {
        return new String(args[i], StandardCharsets.ISO_8859_1).toUpperCase(Locale.ROOT);
    }

    public long integer(int i) {
        return parseLong(args[i]);
    }

    /**
     * A database number (SELECT, MOVE, SWAPDB), checked against the {@code databases} setting in
     * Redis's words.
     */
    public int database(int i) {
        return database(i, NOT_INTEGER);
    }

    /** As {@link #database(int)}, with {@code notInteger} as the error for a non-number. */
    public int database(int i, String notInteger) {
        long db;
        try {
            db = integer(i);
        } catch (InvalidRequestException e) {
            throw new InvalidRequestException(notInteger);
        }
        if (db < 0 || db >= server.config().databases()) {
            throw new InvalidRequestException("ERR DB index is out of range");
        }
        return (int) db;
    }

    public double number(int i) {
        return parseDouble(args[i]);
    }

    public CommandSpec spec() {
        return spec;
    }

    public Session session() {
        return session;
    }

    public ServerContext server() {
        return server;
    }

    /** Parses a decimal integer strictly, as Redis's string2ll: no spaces, no '+', no leading zeros. */
    public static long parseLong(byte[] b) {
        if (b.length == 0 || b.length > 20) {
            throw new InvalidRequestException(NOT_INTEGER);
        }
        int i = 0;
        boolean negative = false;
        if (b[0] == '-') {
            negative = true;
            i = 1;
            if (b.length == 1) {
                throw new InvalidRequestException(NOT_INTEGER);
            }
        }
        if (b[i] == '0' && (b.length > i + 1 || negative)) {
            throw new InvalidRequestException(NOT_INTEGER); // leading zeros and "-0", as string2ll
        }
        long v = 0;
        for (; i < b.length; i++) {
            int d = b[i] - '0';
            if (d < 0 || d > 9) {
                throw new InvalidRequestException(NOT_INTEGER);
            }
            // accumulate negatively so Long.MIN_VALUE parses
            if (v < (Long.MIN_VALUE + d) / 10) {
                throw new InvalidRequestException(NOT_INTEGER);
            }
            v = v * 10 - d;
        }
        if (!negative) {
            if (v == Long.MIN_VALUE) {
                throw new InvalidRequestException(NOT_INTEGER);
            }
            v = -v;
        }
        return v;
    }

    /**
     * Parses a float as Redis's string2d (getDoubleFromObject: scores, weights, coordinates): C's
     * strtod syntax, see {@link #parseStrtod}, and a finite literal out of a double's range, that
     * strtod would turn into an infinity ({@code 1e400}) or into 0 ({@code 1e-400}), is refused.
     */
    public static double parseDouble(byte[] b) {
        return parse(b, Range.DOUBLE);
    }

    /**
     * Parses a float as C's strtod with Redis's checks (score ranges): decimal with optional
     * exponent, hexadecimal ({@code 0x10}, {@code 0x1p4}), {@code inf}, {@code -inf}; no NaN, no
     * surrounding spaces. A literal past a double's range becomes an infinity or 0.
     */
    public static double parseStrtod(byte[] b) {
        return parse(b, Range.STRTOD);
    }

    /**
     * Parses a float as Redis's string2ld (INCRBYFLOAT, HINCRBYFLOAT, blocking timeouts): refused
     * past a C long double's range (about 1.19e4932, or a nonzero value below 3.6e-4951), as Redis
     * refuses it. Cairn computes in doubles, so a literal within a long double's range but not a
     * double's becomes an infinity ({@code 1e400}) or the least double of its sign ({@code 1e-400},
     * so that it stays nonzero), where Redis keeps its value.
     */
    public static double parseLongDouble(byte[] b) {
        return parse(b, Range.LONG_DOUBLE);
    }

    /** The argument as {@link #parseLongDouble}. */
    public double longDouble(int i) {
        return parseLongDouble(args[i]);
    }

    private enum Range { STRTOD, DOUBLE, LONG_DOUBLE }

    private static final BigDecimal LONG_DOUBLE_MAX = new BigDecimal("1.18973149535723176502e4932");
    /** Half the least subnormal long double: below it strtold underflows to 0. */
    private static final BigDecimal LONG_DOUBLE_MIN = new BigDecimal("1.82259976594123730126e-4951");

    private static double parse(byte[] b, Range range) {
        String s = new String(b, StandardCharsets.ISO_8859_1);
        if (s.isEmpty() || Character.isWhitespace(s.charAt(0)) || Character.isWhitespace(s.charAt(s.length() - 1))) {
            throw new InvalidRequestException(NOT_FLOAT);
        }
        String l = s.toLowerCase(Locale.ROOT);
        switch (l) {
            case "inf", "+inf", "infinity", "+infinity" -> {
                return Double.POSITIVE_INFINITY;
            }
            case "-inf", "-infinity" -> {
                return Double.NEGATIVE_INFINITY;
            }
            default -> {
            }
        }
        String unsigned = l.startsWith("-") || l.startsWith("+") ? l.substring(1) : l;
        boolean hex = unsigned.startsWith("0x");
        boolean exponent = false;
        boolean nonZero = false;
        for (int i = hex ? 2 : 0; i < unsigned.length(); i++) {
            char c = unsigned.charAt(i);
            boolean digit = c >= '0' && c <= '9' || hex && !exponent && c >= 'a' && c <= 'f';
            if (c == (hex ? 'p' : 'e')) {
                exponent = true;
            } else if (!digit && c != '.' && c != '-' && c != '+' || exponent && !digit && c != '-' && c != '+') {
                throw new InvalidRequestException(NOT_FLOAT); // Java's 'd'/'f' suffixes too: strtod stops there
            } else if (digit && !exponent && c != '0') {
                nonZero = true;
            }
        }
        if (hex && !exponent) {
            l = l + "p0"; // Java wants the binary exponent that strtod makes optional
        }
        double d;
        try {
            d = Double.parseDouble(l);
        } catch (NumberFormatException e) {
            throw new InvalidRequestException(NOT_FLOAT);
        }
        if (Double.isNaN(d)) {
            throw new InvalidRequestException(NOT_FLOAT);
        }
        boolean outOfRange = Double.isInfinite(d) || d == 0 && nonZero; // strtod's ERANGE to HUGE_VAL or 0
        if (outOfRange && (range == Range.DOUBLE || range == Range.LONG_DOUBLE && outsideLongDouble(unsigned, hex))) {
            throw new InvalidRequestException(NOT_FLOAT);
        }
        if (outOfRange && range == Range.LONG_DOUBLE && d == 0) {
            return Math.copySign(Double.MIN_VALUE, d); // nonzero as in a long double: BLPOP k 1e-400 waits 1 ms
        }
        return d;
    }

    /** Whether a literal, already known out of a double's range, is out of a long double's too. */
    private static boolean outsideLongDouble(String unsigned, boolean hex) {
        if (hex) { // the value's binary exponent, to within the digits' 4 bits: enough at these edges
            int p = unsigned.indexOf('p');
            String digits = unsigned.substring(2, p < 0 ? unsigned.length() : p);
            int point = digits.indexOf('.');
            String whole = (point < 0 ? digits : digits.substring(0, point)).replaceFirst("^0+", "");
            long e2;
            try {
                e2 = p < 0 ? 0 : Long.parseLong(unsigned.substring(p + 1).replace("+", ""));
            } catch (NumberFormatException e) {
                return true; // an exponent past 2^63 is past any range
            }
            e2 += whole.isEmpty() ? -4L * (digits.length() - digits.replaceFirst("^[0.]*", "").length()) : 4L * whole.length();
            return e2 > 16384 || e2 < -16445;
        }
        try {
            BigDecimal v = new BigDecimal(unsigned);
            return v.compareTo(LONG_DOUBLE_MAX) > 0 || v.signum() != 0 && v.compareTo(LONG_DOUBLE_MIN) < 0;
        } catch (NumberFormatException | ArithmeticException e) {
            return true; // an exponent past what BigDecimal holds (2^31) is past any range
        }
    }
}
