package io.cairn.server.command.stream;

import io.cairn.common.InvalidRequestException;
import io.cairn.server.command.CommandContext;
import io.cairn.storage.engine.StreamId;
import io.cairn.storage.engine.StreamOps;
import io.cairn.storage.engine.Txn;

/**
 * A trimming strategy of XADD and XTRIM: {@code MAXLEN} or {@code MINID}, exact ({@code =}, the
 * default) or approximate ({@code ~}), with {@code LIMIT}. An approximate trim removes entries only
 * in whole runs of {@link #NODE_ENTRIES}, as Redis removes only whole radix-tree nodes (of up to
 * {@code stream-node-max-entries}, 100): the stream keeps at least the threshold and may keep up
 * to 99 more (or none, when the threshold lets every entry go). Which entries go is the same as in Redis whenever Redis's nodes are full; counts can
 * differ where Redis's node boundaries would have fallen elsewhere.
 */
record Trim(boolean maxlen, boolean approx, long threshold, StreamId minId, long limit) {
    /** Redis's {@code stream-node-max-entries} default: the size of a run an approximate trim removes. */
    static final long NODE_ENTRIES = 100;

    /** The options from {@code from} on, as Redis's streamParseAddOrTrimArgsOrReply reads them, and where they end. */
    record Parsed(Trim trim, boolean noMkStream, int next) {
    }

    static Parsed parse(CommandContext c, int from, boolean xadd) {
        Boolean maxlen = null;
        boolean approx = false;
        long threshold = 0;
        StreamId minId = null;
        long limit = 0;
        boolean limitGiven = false;
        boolean noMkStream = false;
        int i = from;
        for (; i < c.argc(); i++) {
            int more = c.argc() - 1 - i;
            byte[] raw = c.arg(i);
            if (xadd && raw.length == 1 && raw[0] == '*') { // XADD's usual first argument, without a String
                break;
            }
            String opt = c.string(i);
            if ((opt.equalsIgnoreCase("maxlen") || opt.equalsIgnoreCase("minid")) && more > 0) {
                if (maxlen != null) {
                    throw new InvalidRequestException(
                            "ERR syntax error, MAXLEN and MINID options at the same time are not compatible");
                }
                maxlen = opt.equalsIgnoreCase("maxlen");
                approx = false;
                String next = c.string(i + 1);
                if (more >= 2 && (next.equals("~") || next.equals("="))) {
                    approx = next.equals("~");
                    i++;
                }
                if (maxlen) {
                    threshold = c.integer(i + 1);
                    if (threshold < 0) {
                        throw new InvalidRequestException("ERR The MAXLEN argument must be >= 0.");
                    }
                } else {
                    minId = StreamIds.strict(c.arg(i + 1));
                }
                i++;
            } else if (opt.equalsIgnoreCase("limit") && more > 0) {
                limit = c.integer(i + 1);
                if (limit < 0) {
                    throw new InvalidRequestException("ERR The LIMIT argument must be >= 0.");
                }
                limitGiven = true;
                i++;
            } else if (xadd && opt.equalsIgnoreCase("nomkstream")) {
                noMkStream = true;
            } else if (xadd) {
                break; // the ID, checked by the caller
            } else {
                throw new InvalidRequestException(CommandContext.SYNTAX);
            }
        }
        if (limit != 0 && maxlen == null) {
            throw new InvalidRequestException(
                    "ERR syntax error, LIMIT cannot be used without specifying a trimming strategy");
        }
        if (!xadd && maxlen == null) {
            throw new InvalidRequestException("ERR syntax error, XTRIM must be called with a trimming strategy");
        }
        if (limitGiven && !approx) {
            throw new InvalidRequestException("ERR syntax error, LIMIT cannot be used without the special ~ option");
        }
        if (!limitGiven) {
            limit = approx ? 100 * NODE_ENTRIES : 0;
        }
        Trim trim = maxlen == null ? null : new Trim(maxlen, approx, threshold, minId, limit);
        return new Parsed(trim, noMkStream, i);
    }

    /** Trims the stream at {@code key}; returns how many entries went. */
    long apply(Txn t, byte[] key) {
        StreamOps s = t.streams();
        StreamOps.Meta m = s.meta(key);
        if (m == null || m.length() == 0) {
            return 0;
        }
        long excess = maxlen ? m.length() - threshold : s.countBefore(key, minId);
        if (excess <= 0) {
            return 0;
        }
        if (approx && excess < m.length()) { // all may go at once: Redis frees every node then
            excess -= excess % NODE_ENTRIES;
            if (limit > 0) {
                excess = Math.min(excess, limit - limit % NODE_ENTRIES);
            }
        }
        return excess <= 0 ? 0 : s.trimHead(key, excess);
    }
}
