package io.cairn.search.schema;

import io.cairn.common.InvalidRequestException;
import java.util.List;
import java.util.Locale;

/**
 * A cursor over a command's arguments (after the command name), with the checks every FT.*
 * parser needs. Not thread-safe; one per parse.
 */
public final class Arguments {
    private final List<String> args;
    private int pos;

    public Arguments(List<String> args) {
        this.args = args;
    }

    public boolean hasNext() {
        return pos < args.size();
    }

    public String next(String what) {
        if (pos >= args.size()) {
            throw new InvalidRequestException("Missing argument: expected " + what);
        }
        return args.get(pos++);
    }

    public String peekUpper() {
        return pos < args.size() ? args.get(pos).toUpperCase(Locale.ROOT) : null;
    }

    /** Consumes the next argument when it is {@code keyword} (any case). */
    public boolean accept(String keyword) {
        if (pos < args.size() && args.get(pos).equalsIgnoreCase(keyword)) {
            pos++;
            return true;
        }
        return false;
    }

    public String nextUpper(String what) {
        return next(what).toUpperCase(Locale.ROOT);
    }

    /** A non-negative integer no larger than {@code max}. */
    public int nextCount(String what, int max) {
        String s = next(what);
        long v;
        try {
            v = Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw new InvalidRequestException("Bad arguments for " + what + ": expected an integer, got `" + s + "`");
        }
        if (v < 0 || v > max) {
            throw new InvalidRequestException("Bad arguments for " + what + ": " + v + " is out of range (0.." + max + ")");
        }
        return (int) v;
    }

    public double nextDouble(String what) {
        String s = next(what);
        try {
            double d = Double.parseDouble(s);
            if (Double.isNaN(d)) {
                throw new NumberFormatException();
            }
            return d;
        } catch (NumberFormatException e) {
            throw new InvalidRequestException("Bad arguments for " + what + ": expected a number, got `" + s + "`");
        }
    }

    /** The next {@code n} arguments; refuses before reading when fewer remain. */
    public List<String> nextN(int n, String what) {
        if (args.size() - pos < n) {
            throw new InvalidRequestException("Bad arguments for " + what + ": expected " + n + " values, got "
                    + (args.size() - pos));
        }
        List<String> out = args.subList(pos, pos + n);
        pos += n;
        return List.copyOf(out);
    }

    public int position() {
        return pos;
    }
}
