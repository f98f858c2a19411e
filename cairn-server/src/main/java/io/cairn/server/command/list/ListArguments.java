package io.cairn.server.command.list;

import io.cairn.common.InvalidRequestException;
import io.cairn.server.command.BlockingTimeout;
import io.cairn.server.command.CommandContext;
import java.util.Arrays;

/** Argument parsers the list commands share, each failing in Redis's words. */
final class ListArguments {
    static final String NOT_POSITIVE = "ERR value is out of range, must be positive";
    static final String NUMKEYS = "ERR numkeys should be greater than 0";
    static final String COUNT_NOT_POSITIVE = "ERR count should be greater than 0";
    static final String TIMEOUT_NOT_FLOAT = BlockingTimeout.NOT_FLOAT;
    static final String TIMEOUT_NEGATIVE = BlockingTimeout.NEGATIVE;
    static final String TIMEOUT_OUT_OF_RANGE = BlockingTimeout.OUT_OF_RANGE;

    private ListArguments() {
    }

    /** The arguments from {@code from} on. */
    static byte[][] rest(CommandContext c, int from) {
        return Arrays.copyOfRange(c.args(), from, c.argc());
    }

    /** {@code LEFT} (true) or {@code RIGHT} (false), in any case. */
    static boolean end(CommandContext c, int i) {
        return switch (c.option(i)) {
            case "LEFT" -> true;
            case "RIGHT" -> false;
            default -> throw new InvalidRequestException(CommandContext.SYNTAX);
        };
    }

    /** A long from {@code min} to {@code max}; {@code message} when it is not one, as Redis's getRangeLong. */
    static long range(byte[] arg, long min, long max, String message) {
        return range(arg, min, max, message, message);
    }

    /** As {@link #range(byte[], long, long, String)}, with one message for a non-integer and another for one out of range. */
    static long range(byte[] arg, long min, long max, String notInteger, String outOfRange) {
        long v;
        try {
            v = CommandContext.parseLong(arg);
        } catch (InvalidRequestException e) {
            throw new InvalidRequestException(notInteger);
        }
        if (v < min || v > max) {
            throw new InvalidRequestException(outOfRange);
        }
        return v;
    }

    /** A blocking timeout in milliseconds, as {@link BlockingTimeout#millis}. */
    static long timeoutMillis(byte[] arg) {
        return BlockingTimeout.millis(arg);
    }

    /** Keys and options of {@code LMPOP} and {@code BLMPOP}, from the numkeys argument at {@code at}. */
    record MultiPop(byte[][] keys, boolean left, long count) {
    }

    static MultiPop multiPop(CommandContext c, int at) {
        long numkeys = range(c.arg(at), 1, Long.MAX_VALUE, NUMKEYS);
        if (numkeys >= c.argc() - at - 1) { // the direction must follow the keys
            throw new InvalidRequestException(CommandContext.SYNTAX);
        }
        int whereAt = at + (int) numkeys + 1;
        boolean left = end(c, whereAt);
        long count = -1;
        for (int i = whereAt + 1; i < c.argc(); i++) {
            if (count == -1 && c.option(i).equals("COUNT") && i + 1 < c.argc()) {
                count = range(c.arg(++i), 1, Long.MAX_VALUE, COUNT_NOT_POSITIVE);
            } else {
                throw new InvalidRequestException(CommandContext.SYNTAX);
            }
        }
        return new MultiPop(Arrays.copyOfRange(c.args(), at + 1, whereAt), left, count == -1 ? 1 : count);
    }
}
