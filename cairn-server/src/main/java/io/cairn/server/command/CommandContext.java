package io.cairn.server.command;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.CommandSpec;
import io.cairn.server.ServerContext;
import io.cairn.server.Session;
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
     * Parses a float as Redis does for scores and INCRBYFLOAT (C's strtod): decimal with optional
     * exponent, hexadecimal ({@code 0x10}, {@code 0x1p4}), {@code inf}, {@code -inf}; no NaN, no
     * surrounding spaces.
     */
    public static double parseDouble(byte[] b) {
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
        for (int i = hex ? 2 : 0; i < unsigned.length(); i++) {
            char c = unsigned.charAt(i);
            boolean ok = c >= '0' && c <= '9' || c == '.' || c == '-' || c == '+'
                    || (hex ? c >= 'a' && c <= 'f' || c == 'p' : c == 'e');
            if (!ok) {
                throw new InvalidRequestException(NOT_FLOAT);
            }
        }
        if (hex && !l.contains("p")) {
            l = l + "p0"; // Java wants the binary exponent that strtod makes optional
        }
        try {
            double d = Double.parseDouble(l);
            if (Double.isNaN(d)) {
                throw new InvalidRequestException(NOT_FLOAT);
            }
            return d;
        } catch (NumberFormatException e) {
            throw new InvalidRequestException(NOT_FLOAT);
        }
    }
}
