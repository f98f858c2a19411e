package io.cairn.server.command.stream;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Commands;
import io.cairn.server.command.Operation;
import io.cairn.storage.engine.StreamId;
import io.cairn.storage.engine.StreamOps;
import io.cairn.storage.engine.Txn;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * XADD, XRANGE, XREVRANGE, XLEN, XDEL, XTRIM and XSETID with Redis 7.2's options, replies and
 * error texts. The consumer-group commands are in {@link StreamGroupCommands}, XREAD and
 * XREADGROUP in {@link StreamReads}, XINFO in {@link StreamInfo}. Each parses its arguments
 * before the store's lock into an operation record; IDs that depend on the stream (XADD's
 * {@code *}) are chosen inside it.
 */
public final class StreamCommands {
    static final String NO_SUCH_KEY = "ERR no such key";

    private StreamCommands() {
    }

    public static void register(Commands.Registrar r) {
        r.data("xadd", Add::parse);
        r.data("xrange", c -> Range.parse(c, false));
        r.data("xrevrange", c -> Range.parse(c, true));
        r.data("xlen", c -> new Length(c.arg(1)));
        r.data("xdel", c -> new Delete(c.arg(1), ids(c, 2, c.argc())));
        r.data("xtrim", c -> {
            Trim.Parsed p = Trim.parse(c, 2, false);
            return new TrimOp(c.arg(1), p.trim());
        });
        r.data("xsetid", SetId::parse);
        StreamGroupCommands.register(r);
        StreamReads.register(r);
        StreamInfo.register(r);
    }

    /** Strict IDs from argument {@code from} to {@code to} (exclusive). */
    static StreamId[] ids(CommandContext c, int from, int to) {
        StreamId[] out = new StreamId[to - from];
        for (int i = from; i < to; i++) {
            out[i - from] = StreamIds.strict(c.arg(i));
        }
        return out;
    }

    /** An entry as Redis replies with it: {@code [id, [field, value, ...]]}. */
    static RespValue entry(StreamOps.Item item) {
        List<RespValue> fields = new ArrayList<>(item.fieldsAndValues().length);
        for (byte[] b : item.fieldsAndValues()) {
            fields.add(RespValue.bulk(b));
        }
        return RespValue.array(List.of(StreamIds.reply(item.id()), RespValue.array(fields)));
    }

    public static RespValue entries(List<StreamOps.Item> items) {
        List<RespValue> out = new ArrayList<>(items.size());
        for (StreamOps.Item item : items) {
            out.add(entry(item));
        }
        return RespValue.array(out);
    }

    /** XADD key [NOMKSTREAM] [MAXLEN|MINID [=|~] threshold [LIMIT count]] *|id field value [field value ...]. */
    record Add(byte[] key, boolean noMkStream, Trim trim, StreamIds.Given id, byte[][] fields) implements Operation {
        static Add parse(CommandContext c) {
            Trim.Parsed p = Trim.parse(c, 2, true);
            int idAt = p.next();
            StreamIds.Given id = null;
            if (idAt < c.argc() && !(c.arg(idAt).length == 1 && c.arg(idAt)[0] == '*')) {
                id = StreamIds.parseStrict(c.arg(idAt), 0, true);
            }
            int fields = c.argc() - idAt - 1;
            if (fields < 2 || fields % 2 == 1) {
                throw new InvalidRequestException("ERR wrong number of arguments for 'xadd' command");
            }
            if (id != null && id.seq() != null && id.ms() == 0 && id.seq() == 0) {
                throw new InvalidRequestException("ERR The ID specified in XADD must be greater than 0-0");
            }
            return new Add(c.arg(1), p.noMkStream(), p.trim(), id, Arrays.copyOfRange(c.args(), idAt + 1, c.argc()));
        }

        @Override
        public RespValue run(Txn t) {
            StreamOps s = t.streams();
            StreamId known = s.lastId(key);
            if (known == null && noMkStream) {
                return RespValue.NULL;
            }
            StreamId last = known == null ? StreamId.MIN : known;
            if (last.equals(StreamId.MAX)) {
                throw new InvalidRequestException(
                        "ERR The stream has exhausted the last possible ID, unable to add more items");
            }
            StreamId chosen = choose(last, t.now());
            s.append(key, chosen, fields);
            if (trim != null) {
                trim.apply(t, key);
            }
            return StreamIds.reply(chosen);
        }

        /** The new entry's ID after {@code last}, as streamAppendItem picks it, or Redis's error. */
        private StreamId choose(StreamId last, long now) {
            if (id == null) {
                if (Long.compareUnsigned(now, last.ms()) > 0) {
                    return new StreamId(now, 0);
                }
                return last.next();
            }
            if (id.seq() == null) {
                int c = Long.compareUnsigned(id.ms(), last.ms());
                if (c > 0) {
                    return new StreamId(id.ms(), 0);
                }
                if (c == 0 && last.seq() != -1L) {
                    return new StreamId(id.ms(), last.seq() + 1);
                }
                throw smallerThanTop();
            }
            StreamId given = new StreamId(id.ms(), id.seq());
            if (!given.after(last)) {
                throw smallerThanTop();
            }
            return given;
        }

        private static InvalidRequestException smallerThanTop() {
            return new InvalidRequestException(
                    "ERR The ID specified in XADD is equal or smaller than the target stream top item");
        }
    }

    /** XRANGE key start end [COUNT n] and XREVRANGE key end start [COUNT n]; count -1 when not given. */
    record Range(byte[] key, StreamId start, StreamId end, long count, boolean reverse) implements Operation {
        static Range parse(CommandContext c, boolean reverse) {
            StreamId start = StreamIds.bound(c.arg(reverse ? 3 : 2), true);
            StreamId end = StreamIds.bound(c.arg(reverse ? 2 : 3), false);
            long count = -1;
            for (int j = 4; j < c.argc(); j++) {
                if (c.option(j).equals("COUNT") && j + 1 < c.argc()) {
                    count = Math.max(0, c.integer(++j));
                } else {
                    throw new InvalidRequestException(CommandContext.SYNTAX);
                }
            }
            return new Range(c.arg(1), start, end, count, reverse);
        }

        @Override
        public RespValue run(Txn t) {
            StreamOps s = t.streams();
            if (!s.exists(key)) {
                return RespValue.array(List.of());
            }
            if (count == 0) {
                return RespValue.NULL_ARRAY;
            }
            return entries(s.range(key, start, end, count < 0 ? 0 : count, reverse));
        }
    }

    record Length(byte[] key) implements Operation {
        @Override
        public RespValue run(Txn t) {
            StreamOps.Meta m = t.streams().meta(key);
            return RespValue.integer(m == null ? 0 : m.length());
        }
    }

    record Delete(byte[] key, StreamId[] ids) implements Operation {
        @Override
        public RespValue run(Txn t) {
            return RespValue.integer(t.streams().delete(key, ids));
        }
    }

    record TrimOp(byte[] key, Trim trim) implements Operation {
        @Override
        public RespValue run(Txn t) {
            if (!t.streams().exists(key)) {
                return RespValue.ZERO;
            }
            return RespValue.integer(trim.apply(t, key));
        }
    }

    /** XSETID key last-id [ENTRIESADDED n] [MAXDELETEDID id]; entriesAdded -1 and maxDeleted null when not given. */
    record SetId(byte[] key, StreamId id, long entriesAdded, StreamId maxDeleted) implements Operation {
        static SetId parse(CommandContext c) {
            StreamId id = StreamIds.strict(c.arg(2));
            long entriesAdded = -1;
            StreamId maxDeleted = null;
            for (int i = 3; i < c.argc(); i += 2) {
                boolean more = i + 1 < c.argc();
                if (c.option(i).equals("ENTRIESADDED") && more) {
                    entriesAdded = c.integer(i + 1);
                    if (entriesAdded < 0) {
                        throw new InvalidRequestException("ERR entries_added must be positive");
                    }
                } else if (c.option(i).equals("MAXDELETEDID") && more) {
                    maxDeleted = StreamIds.strict(c.arg(i + 1));
                    if (id.compareTo(maxDeleted) < 0) {
                        throw new InvalidRequestException(
                                "ERR The ID specified in XSETID is smaller than the provided max_deleted_entry_id");
                    }
                } else {
                    throw new InvalidRequestException(CommandContext.SYNTAX);
                }
            }
            return new SetId(c.arg(1), id, entriesAdded, maxDeleted);
        }

        @Override
        public RespValue run(Txn t) {
            StreamOps s = t.streams();
            StreamOps.Meta m = s.meta(key);
            if (m == null) {
                throw new InvalidRequestException(NO_SUCH_KEY);
            }
            if (id.compareTo(m.maxDeletedId()) < 0) {
                throw new InvalidRequestException(
                        "ERR The ID specified in XSETID is smaller than current max_deleted_entry_id");
            }
            if (m.length() > 0) {
                if (id.compareTo(m.lastEntry()) < 0) {
                    throw new InvalidRequestException(
                            "ERR The ID specified in XSETID is smaller than the target stream top item");
                }
                if (entriesAdded != -1 && m.length() > entriesAdded) {
                    throw new InvalidRequestException(
                            "ERR The entries_added specified in XSETID is smaller than the target stream length");
                }
            }
            boolean zero = maxDeleted == null || maxDeleted.equals(StreamId.MIN);
            s.setId(key, id, entriesAdded == -1 ? m.entriesAdded() : entriesAdded, zero ? m.maxDeletedId() : maxDeleted);
            return RespValue.OK;
        }
    }
}
