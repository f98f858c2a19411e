package io.cairn.server.command;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The shared parts of HSCAN and ZSCAN. The engine has no stable cursor inside a collection yet,
 * so both return every match in one page with cursor {@code 0}: valid SCAN semantics (everything
 * present for the whole scan is returned), at O(size) per call.
 */
public final class CollectionScan {
    /** MATCH pattern (null for all) and NOVALUES. */
    public record Options(byte[] pattern, boolean noValues) {
    }

    private CollectionScan() {
    }

    /** A SCAN cursor is an unsigned 64-bit decimal; anything else is refused as Redis refuses it. */
    public static void checkCursor(byte[] cursor) {
        int i = cursor.length > 0 && (cursor[0] == '-' || cursor[0] == '+') ? 1 : 0;
        boolean valid = i < cursor.length && cursor.length - i <= 20;
        for (int k = i; valid && k < cursor.length; k++) {
            valid = cursor[k] >= '0' && cursor[k] <= '9';
        }
        if (!valid || cursor.length - i == 20
                && new String(cursor, i, 20, StandardCharsets.US_ASCII).compareTo("18446744073709551615") > 0) {
            throw new InvalidRequestException("ERR invalid cursor");
        }
    }

    /** Parses {@code [MATCH pattern] [COUNT count]} (and NOVALUES when allowed) from argument {@code from}. */
    public static Options options(CommandContext c, int from, boolean allowNoValues) {
        byte[] pattern = null;
        boolean noValues = false;
        for (int i = from; i < c.argc(); i++) {
            String opt = c.option(i);
            boolean hasValue = i + 1 < c.argc();
            if (opt.equals("COUNT") && hasValue) {
                if (c.integer(++i) < 1) {
                    throw new InvalidRequestException(CommandContext.SYNTAX);
                }
            } else if (opt.equals("MATCH") && hasValue) {
                pattern = c.arg(++i);
            } else if (opt.equals("NOVALUES") && allowNoValues) {
                noValues = true;
            } else {
                throw new InvalidRequestException(CommandContext.SYNTAX);
            }
        }
        return new Options(pattern, noValues);
    }

    /** The single page: cursor 0 and the items. */
    public static RespValue reply(List<RespValue> items) {
        return RespValue.array(List.of(RespValue.bulk("0"), RespValue.array(items)));
    }
}
