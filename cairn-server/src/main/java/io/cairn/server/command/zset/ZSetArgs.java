package io.cairn.server.command.zset;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.command.CommandContext;
import io.cairn.storage.engine.ZSetRange;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The argument readers the sorted-set commands share, each throwing Redis's text. Stateless.
 *
 * <p>Score bounds read as Redis's {@code zslParseRange}: a float as {@code ZADD} takes it,
 * optionally after {@code (} for an exclusive end (a bare {@code (} is an exclusive 0, as
 * {@code strtod} reads it). Lex bounds read as {@code zslParseLexRangeItem}: {@code -}, {@code +},
 * or {@code [x} / {@code (x} for an inclusive or exclusive member {@code x}, compared as bytes.
 */
final class ZSetArgs {
    static final String BAD_SCORE_RANGE = "ERR min or max is not a float";
    static final String BAD_LEX_RANGE = "ERR min or max not valid string range item";
    static final String NOT_POSITIVE = "ERR value is out of range, must be positive";

    private ZSetArgs() {
    }

    static ZSetRange.ByScore scoreRange(byte[] min, byte[] max) {
        boolean minExclusive = min.length > 0 && min[0] == '(';
        boolean maxExclusive = max.length > 0 && max[0] == '(';
        return new ZSetRange.ByScore(bound(min, minExclusive), minExclusive, bound(max, maxExclusive), maxExclusive);
    }

    private static double bound(byte[] arg, boolean exclusive) {
        if (exclusive && arg.length == 1) {
            return 0;
        }
        try {
            return CommandContext.parseStrtod(exclusive ? Arrays.copyOfRange(arg, 1, arg.length) : arg);
        } catch (InvalidRequestException e) {
            throw new InvalidRequestException(BAD_SCORE_RANGE);
        }
    }

    static ZSetRange.ByLex lexRange(byte[] min, byte[] max) {
        return new ZSetRange.ByLex(lexBound(min), lexBound(max));
    }

    private static ZSetRange.LexBound lexBound(byte[] arg) {
        if (arg.length == 1 && arg[0] == '-') {
            return ZSetRange.LexBound.MINUS;
        }
        if (arg.length == 1 && arg[0] == '+') {
            return ZSetRange.LexBound.PLUS;
        }
        if (arg.length == 0 || arg[0] != '(' && arg[0] != '[') {
            throw new InvalidRequestException(BAD_LEX_RANGE);
        }
        String value = new String(arg, 1, arg.length - 1, StandardCharsets.ISO_8859_1);
        return arg[0] == '(' ? ZSetRange.LexBound.exclusive(value) : ZSetRange.LexBound.inclusive(value);
    }

    /** An integer argument that Redis refuses with {@code message} when it is not one or is below {@code least}. */
    static long atLeast(byte[] arg, long least, String message) {
        long v;
        try {
            v = CommandContext.parseLong(arg);
        } catch (InvalidRequestException e) {
            throw new InvalidRequestException(message);
        }
        if (v < least) {
            throw new InvalidRequestException(message);
        }
        return v;
    }

    /** A score reply: a double in RESP3, its text in RESP2 (the encoder's choice), or null. */
    static RespValue score(Double s) {
        return s == null ? RespValue.NULL : new RespValue.DoubleReply(s);
    }

    /** The arguments from index {@code from} on. */
    static byte[][] rest(CommandContext c, int from) {
        return Arrays.copyOfRange(c.args(), from, c.argc());
    }
}
