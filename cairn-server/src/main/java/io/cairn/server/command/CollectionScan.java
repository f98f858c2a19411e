package io.cairn.server.command;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespEncoder;
import io.cairn.resp.RespValue;
import io.cairn.storage.engine.ScanPage;
import io.cairn.storage.engine.Txn;
import io.cairn.storage.engine.ValueType;
import java.util.ArrayList;
import java.util.List;

/**
 * HSCAN, SSCAN and ZSCAN: {@code key cursor [MATCH pattern] [COUNT count]} (and NOVALUES for
 * HSCAN) as one typed operation, paging with the engine's cursors ({@link Txn#scan}): COUNT is how
 * many elements a call visits (a small collection comes whole with cursor 0, as Redis's compact
 * encodings do), MATCH filters what was visited, and an element present for a whole iteration is
 * returned at least once however the collection changes in between.
 *
 * <p>Checked in Redis's order: the cursor before the lock; then, inside, an absent key answers an
 * empty page and a key of another type WRONGTYPE before a bad option is reported, so option
 * errors found by {@link #parse} wait in {@link Scan#refusal} until the key is known.
 */
public final class CollectionScan {
    private CollectionScan() {
    }

    /**
     * One checked request.
     *
     * @param pattern null for every element
     * @param refusal an option error to report once the key is known to exist with the right type
     */
    public record Scan(ValueType type, byte[] key, long cursor, byte[] pattern, int count, boolean noValues,
                       InvalidRequestException refusal) implements Operation {
        @Override
        public RespValue run(Txn t) {
            ValueType actual = t.type(key);
            if (actual == ValueType.NONE) {
                return reply(0, List.of());
            }
            if (actual != type) {
                throw new io.cairn.storage.engine.WrongTypeException(type, actual);
            }
            if (refusal != null) {
                throw refusal;
            }
            ScanPage page = t.scan(key, type, cursor, count);
            List<RespValue> items = new ArrayList<>(page.elements().size() * (type == ValueType.SET || noValues ? 1 : 2));
            for (int i = 0; i < page.elements().size(); i++) {
                byte[] element = page.elements().get(i);
                if (pattern != null && !Glob.matches(pattern, element)) {
                    continue;
                }
                items.add(RespValue.bulk(element));
                Object value = page.values().get(i);
                if (value instanceof byte[] v && !noValues) {
                    items.add(RespValue.bulk(v));
                } else if (value instanceof Double score) {
                    items.add(RespValue.bulk(RespEncoder.formatDouble(score)));
                }
            }
            return reply(page.cursor(), items);
        }
    }

    /** Parses {@code key cursor [options]} of a scan over {@code type} (NOVALUES only when {@code allowNoValues}). */
    public static Scan parse(CommandContext c, ValueType type, boolean allowNoValues) {
        long cursor = parseCursor(c.arg(2));
        byte[] pattern = null;
        long count = 10;
        boolean noValues = false;
        InvalidRequestException refusal = null;
        try {
            for (int i = 3; i < c.argc(); i++) {
                String opt = c.option(i);
                boolean hasValue = i + 1 < c.argc();
                if (opt.equals("COUNT") && hasValue) {
                    count = c.integer(++i);
                    if (count < 1) {
                        throw new InvalidRequestException(CommandContext.SYNTAX);
                    }
                } else if (opt.equals("MATCH") && hasValue) {
                    pattern = c.arg(++i);
                    if (pattern.length == 1 && pattern[0] == '*') {
                        pattern = null; // matches everything, as Redis notes
                    }
                } else if (opt.equals("NOVALUES") && allowNoValues) {
                    noValues = true;
                } else {
                    throw new InvalidRequestException(CommandContext.SYNTAX);
                }
            }
        } catch (InvalidRequestException e) {
            refusal = e;
        }
        return new Scan(type, c.arg(1), cursor, pattern, (int) Math.min(count, Integer.MAX_VALUE), noValues, refusal);
    }

    /**
     * A SCAN cursor as Redis reads it (C's {@code strtoul}, base 10): an unsigned 64-bit decimal
     * with an optional sign (a '-' wraps, as strtoul does), the empty string being 0; leading
     * spaces, trailing bytes and overflow are refused with Redis's "invalid cursor".
     */
    public static long parseCursor(byte[] cursor) {
        int i = cursor.length > 0 && (cursor[0] == '-' || cursor[0] == '+') ? 1 : 0;
        if (cursor.length == 0) {
            return 0;
        }
        boolean valid = i < cursor.length && cursor.length - i <= 20;
        long v = 0;
        for (int k = i; valid && k < cursor.length; k++) {
            int d = cursor[k] - '0';
            valid = d >= 0 && d <= 9 && Long.compareUnsigned(v, Long.divideUnsigned(-1L - d, 10)) <= 0;
            v = v * 10 + d;
        }
        if (!valid) {
            throw new InvalidRequestException("ERR invalid cursor");
        }
        return cursor[0] == '-' ? -v : v;
    }

    /** The reply: the next cursor (unsigned decimal) and the items. */
    public static RespValue reply(long cursor, List<RespValue> items) {
        return RespValue.array(List.of(RespValue.bulk(Long.toUnsignedString(cursor)), RespValue.array(items)));
    }
}
