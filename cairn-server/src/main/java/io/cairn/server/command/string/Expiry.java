package io.cairn.server.command.string;

import io.cairn.common.InvalidRequestException;
import io.cairn.server.command.CommandContext;

/**
 * An expiry argument of SET, SETEX, PSETEX or GETEX, checked as far as it can be before the
 * store's lock: the number parses, is positive, and in seconds does not overflow when made
 * milliseconds (Redis's {@code getExpireMillisecondsOrReply}). Adding a relative one to the
 * transaction's time ({@link #deadline}) can still overflow; that is the only check left. Immutable.
 *
 * @param unit    EX, PX, EXAT or PXAT
 * @param amount  the number given, in the unit's scale; positive
 * @param command the command's name, for Redis's "invalid expire time in 'set' command"
 */
record Expiry(Unit unit, long amount, String command) {

    enum Unit {
        EX(1000, true), PX(1, true), EXAT(1000, false), PXAT(1, false);

        final long millis;
        final boolean relative;

        Unit(long millis, boolean relative) {
            this.millis = millis;
            this.relative = relative;
        }
    }

    /** @throws InvalidRequestException not an integer, or not a valid time, in Redis's words */
    static Expiry parse(Unit unit, byte[] text, String command) {
        long amount = CommandContext.parseLong(text);
        if (amount <= 0 || unit.millis == 1000 && amount > Long.MAX_VALUE / 1000) {
            throw invalid(command);
        }
        return new Expiry(unit, amount, command);
    }

    /** The absolute deadline in epoch milliseconds for a command running at {@code now}. */
    long deadline(long now) {
        long millis = amount * unit.millis;
        if (!unit.relative) {
            return millis;
        }
        try {
            return Math.addExact(millis, now);
        } catch (ArithmeticException e) {
            throw invalid(command);
        }
    }

    static InvalidRequestException invalid(String command) {
        return new InvalidRequestException("ERR invalid expire time in '" + command + "' command");
    }
}
