package io.cairn.server.command;

import io.cairn.common.InvalidRequestException;

/**
 * The timeout argument of every blocking command (BLPOP, BZPOPMIN, ...), read as Redis 7.2's
 * {@code getTimeoutFromObjectOrReply} reads seconds: a float, in milliseconds rounded up; 0 blocks
 * forever (so does a negative fraction that rounds up to 0). Refusals in Redis's words. Stateless.
 */
public final class BlockingTimeout {
    public static final String NOT_FLOAT = "ERR timeout is not a float or out of range";
    public static final String NEGATIVE = "ERR timeout is negative";
    public static final String OUT_OF_RANGE = "ERR timeout is out of range";

    private BlockingTimeout() {
    }

    /** The timeout in milliseconds; 0 waits until woken. */
    public static long millis(byte[] arg) {
        double seconds;
        try {
            seconds = CommandContext.parseLongDouble(arg); // what a long double holds, as Redis
        } catch (InvalidRequestException e) {
            throw new InvalidRequestException(NOT_FLOAT);
        }
        double millis = seconds * 1000.0;
        if (millis > Long.MAX_VALUE) {
            throw new InvalidRequestException(OUT_OF_RANGE);
        }
        long ms = (long) Math.ceil(millis);
        if (ms < 0) {
            throw new InvalidRequestException(NEGATIVE);
        }
        if (ms > Long.MAX_VALUE - System.currentTimeMillis()) {
            throw new InvalidRequestException(OUT_OF_RANGE); // the deadline would overflow
        }
        return ms;
    }
}
