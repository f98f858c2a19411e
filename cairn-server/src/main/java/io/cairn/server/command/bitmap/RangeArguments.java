package io.cairn.server.command.bitmap;

import io.cairn.common.InvalidRequestException;
import io.cairn.server.command.CommandContext;
import java.nio.charset.StandardCharsets;

/**
 * The optional {@code start end [BYTE|BIT]} of BITCOUNT and BITPOS, parsed before the lock. Redis
 * looks the key up before it reads these arguments (an absent key answers 0 whatever follows, a
 * key of another type WRONGTYPE), so a bad argument is kept here as {@link #error} and thrown only
 * once the key has been seen: the typed operation answers exactly what Redis answers.
 *
 * @param given  whether a range was given at all (else the whole string)
 * @param endGiven whether {@code end} was given (BITPOS may give only {@code start})
 * @param empty  the range is known to be empty whatever the string (BITCOUNT's negative
 *               {@code start > end}, checked by Redis before the unit)
 * @param error  the argument error to answer once the key exists, or null
 */
record RangeArguments(boolean given, long start, long end, boolean endGiven, boolean bitUnit, boolean empty,
                      InvalidRequestException error) {
    static final RangeArguments WHOLE = new RangeArguments(false, 0, -1, false, false, false, null);

    static RangeArguments failed(InvalidRequestException e) {
        return new RangeArguments(false, 0, -1, false, false, false, e);
    }

    /** The range over a string of {@code length} bytes; throws the kept argument error first. */
    BitRange resolve(long length) {
        if (error != null) {
            throw error;
        }
        if (!given) {
            return BitRange.whole(length);
        }
        if (empty) {
            return BitRange.EMPTY;
        }
        return BitRange.resolve(start, endGiven ? end : length - 1, bitUnit, length);
    }

    /** BITCOUNT's {@code [start end [BYTE|BIT]]}, from argument {@code from}. */
    static RangeArguments forCount(byte[][] args, int from) {
        int n = args.length - from;
        if (n == 0) {
            return WHOLE;
        }
        try {
            if (n != 2 && n != 3) {
                throw syntax();
            }
            long start = CommandContext.parseLong(args[from]);
            long end = CommandContext.parseLong(args[from + 1]);
            if (start < 0 && end < 0 && start > end) {
                return new RangeArguments(true, start, end, true, false, true, null);
            }
            boolean bits = n == 3 && unit(args[from + 2]);
            return new RangeArguments(true, start, end, true, bits, false, null);
        } catch (InvalidRequestException e) {
            return failed(e);
        }
    }

    /** BITPOS's {@code [start [end [BYTE|BIT]]]}, from argument {@code from}. */
    static RangeArguments forPosition(byte[][] args, int from) {
        int n = args.length - from;
        if (n == 0) {
            return WHOLE;
        }
        try {
            if (n > 3) {
                throw syntax();
            }
            long start = CommandContext.parseLong(args[from]);
            boolean bits = n == 3 && unit(args[from + 2]);
            long end = n >= 2 ? CommandContext.parseLong(args[from + 1]) : 0;
            return new RangeArguments(true, start, end, n >= 2, bits, false, null);
        } catch (InvalidRequestException e) {
            return failed(e);
        }
    }

    /** True for BIT, false for BYTE, in any letter case. */
    private static boolean unit(byte[] arg) {
        String word = new String(arg, StandardCharsets.ISO_8859_1);
        if (word.equalsIgnoreCase("bit")) {
            return true;
        }
        if (word.equalsIgnoreCase("byte")) {
            return false;
        }
        throw syntax();
    }

    private static InvalidRequestException syntax() {
        return new InvalidRequestException(CommandContext.SYNTAX);
    }
}
