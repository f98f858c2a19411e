package io.cairn.server.command.list;

import static io.cairn.server.command.list.ListArguments.rest;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Commands;
import io.cairn.server.command.Operation;
import io.cairn.server.command.Replies;
import io.cairn.storage.engine.ListOps;
import io.cairn.storage.engine.Txn;
import java.util.ArrayList;
import java.util.List;

/**
 * The list commands (LPUSH ... LMPOP) with Redis 7.2's options, replies and error texts; the
 * blocking ones are in {@link BlockingListCommands}. Each command parses its arguments before the
 * store's lock into one of the operation records below. Where Redis reads an argument only after
 * finding the key (LINDEX's and LSET's index), the record keeps the raw argument and reads it at
 * the same point, so a missing key and a bad index answer as in Redis.
 */
public final class ListCommands {
    static final String NO_SUCH_KEY = "ERR no such key";
    static final String OUT_OF_RANGE = "ERR index out of range";
    static final String RANK_ZERO = "ERR RANK can't be zero: use 1 to start from the first match, 2 from the second ... "
            + "or use negative to start from the end of the list";

    private ListCommands() {
    }

    public static void register(Commands.Registrar r) {
        r.data("lpush", c -> new Push(c.arg(1), true, rest(c, 2), false));
        r.data("rpush", c -> new Push(c.arg(1), false, rest(c, 2), false));
        r.data("lpushx", c -> new Push(c.arg(1), true, rest(c, 2), true));
        r.data("rpushx", c -> new Push(c.arg(1), false, rest(c, 2), true));
        r.data("lpop", c -> Pop.parse(c, true));
        r.data("rpop", c -> Pop.parse(c, false));
        r.data("llen", c -> new Length(c.arg(1)));
        r.data("lrange", c -> new Range(c.arg(1), c.integer(2), c.integer(3)));
        r.data("lindex", c -> new Index(c.arg(1), c.arg(2)));
        r.data("lset", c -> new Set(c.arg(1), c.arg(2), c.arg(3)));
        r.data("linsert", c -> new Insert(c.arg(1), before(c), c.arg(3), c.arg(4)));
        r.data("lrem", c -> new Remove(c.arg(1), c.integer(2), c.arg(3)));
        r.data("ltrim", c -> new Trim(c.arg(1), c.integer(2), c.integer(3)));
        r.data("lpos", Position::parse);
        r.data("lmove", c -> new Move(c.arg(1), c.arg(2), ListArguments.end(c, 3), ListArguments.end(c, 4)));
        r.data("rpoplpush", c -> new Move(c.arg(1), c.arg(2), false, true));
        r.data("lmpop", c -> {
            ListArguments.MultiPop p = ListArguments.multiPop(c, 1);
            return new MultiPop(p.keys(), p.left(), p.count());
        });
        BlockingListCommands.register(r);
    }

    private static boolean before(CommandContext c) {
        return switch (c.option(2)) {
            case "BEFORE" -> true;
            case "AFTER" -> false;
            default -> throw new InvalidRequestException(CommandContext.SYNTAX);
        };
    }

    record Push(byte[] key, boolean left, byte[][] values, boolean onlyIfExists) implements Operation {
        @Override
        public RespValue run(Txn t) {
            return RespValue.integer(t.lists().push(key, left, values, onlyIfExists));
        }
    }

    /** LPOP/RPOP; {@code count} is -1 without the count argument (a bulk reply, not an array). */
    record Pop(byte[] key, boolean left, long count) implements Operation {
        static Pop parse(CommandContext c, boolean left) {
            if (c.argc() > 3) {
                throw new InvalidRequestException("ERR wrong number of arguments for '" + c.spec().name() + "' command");
            }
            long count = c.argc() == 3 ? ListArguments.range(c.arg(2), 0, Long.MAX_VALUE, ListArguments.NOT_POSITIVE) : -1;
            return new Pop(c.arg(1), left, count);
        }

        @Override
        public RespValue run(Txn t) {
            ListOps l = t.lists();
            if (count == 0) {
                return l.length(key) == 0 ? RespValue.NULL_ARRAY : RespValue.array(List.of());
            }
            List<byte[]> popped = l.pop(key, left, count < 0 ? 1 : count);
            if (popped == null) {
                return count < 0 ? RespValue.NULL : RespValue.NULL_ARRAY;
            }
            return count < 0 ? RespValue.bulk(popped.get(0)) : Replies.bulks(popped);
        }
    }

    record Length(byte[] key) implements Operation {
        @Override
        public RespValue run(Txn t) {
            return RespValue.integer(t.lists().length(key));
        }
    }

    record Range(byte[] key, long start, long stop) implements Operation {
        @Override
        public RespValue run(Txn t) {
            return Replies.bulks(t.lists().range(key, start, stop));
        }
    }

    record Index(byte[] key, byte[] index) implements Operation {
        @Override
        public RespValue run(Txn t) {
            if (t.lists().length(key) == 0) {
                return RespValue.NULL;
            }
            return RespValue.bulk(t.lists().index(key, CommandContext.parseLong(index)));
        }
    }

    record Set(byte[] key, byte[] index, byte[] value) implements Operation {
        @Override
        public RespValue run(Txn t) {
            if (t.lists().length(key) == 0) {
                throw new InvalidRequestException(NO_SUCH_KEY);
            }
            if (!t.lists().set(key, CommandContext.parseLong(index), value)) {
                throw new InvalidRequestException(OUT_OF_RANGE);
            }
            return RespValue.OK;
        }
    }

    record Insert(byte[] key, boolean before, byte[] pivot, byte[] value) implements Operation {
        @Override
        public RespValue run(Txn t) {
            return RespValue.integer(t.lists().insert(key, before, pivot, value));
        }
    }

    record Remove(byte[] key, long count, byte[] value) implements Operation {
        @Override
        public RespValue run(Txn t) {
            return RespValue.integer(t.lists().remove(key, count, value));
        }
    }

    record Trim(byte[] key, long start, long stop) implements Operation {
        @Override
        public RespValue run(Txn t) {
            t.lists().trim(key, start, stop);
            return RespValue.OK;
        }
    }

    /** LPOS; {@code count} is -1 without COUNT (a single position or null, not an array). */
    record Position(byte[] key, byte[] element, long rank, long count, long maxlen) implements Operation {
        static Position parse(CommandContext c) {
            long rank = 1;
            long count = -1;
            long maxlen = 0;
            for (int i = 3; i < c.argc(); i++) {
                String option = c.option(i);
                boolean more = i + 1 < c.argc();
                if (option.equals("RANK") && more) {
                    rank = ListArguments.range(c.arg(++i), -Long.MAX_VALUE, Long.MAX_VALUE, CommandContext.NOT_INTEGER,
                            "ERR value is out of range, value must between " + -Long.MAX_VALUE + " and " + Long.MAX_VALUE);
                    if (rank == 0) {
                        throw new InvalidRequestException(RANK_ZERO);
                    }
                } else if (option.equals("COUNT") && more) {
                    count = ListArguments.range(c.arg(++i), 0, Long.MAX_VALUE, "ERR COUNT can't be negative");
                } else if (option.equals("MAXLEN") && more) {
                    maxlen = ListArguments.range(c.arg(++i), 0, Long.MAX_VALUE, "ERR MAXLEN can't be negative");
                } else {
                    throw new InvalidRequestException(CommandContext.SYNTAX);
                }
            }
            return new Position(c.arg(1), c.arg(2), rank, count, maxlen);
        }

        @Override
        public RespValue run(Txn t) {
            List<Long> found = t.lists().positions(key, element, rank, count < 0 ? 1 : count, maxlen);
            if (count >= 0) {
                List<RespValue> out = new ArrayList<>(found.size());
                found.forEach(p -> out.add(RespValue.integer(p)));
                return RespValue.array(out);
            }
            return found.isEmpty() ? RespValue.NULL : RespValue.integer(found.get(0));
        }
    }

    record Move(byte[] src, byte[] dst, boolean fromLeft, boolean toLeft) implements Operation {
        @Override
        public RespValue run(Txn t) {
            byte[] moved = t.lists().move(src, dst, fromLeft, toLeft);
            return moved == null ? RespValue.NULL : RespValue.bulk(moved);
        }
    }

    /** LMPOP: pops from the first key that holds a list; null array when none does. */
    record MultiPop(byte[][] keys, boolean left, long count) implements Operation {
        @Override
        public RespValue run(Txn t) {
            RespValue reply = popFirst(t, keys, left, count);
            return reply == null ? RespValue.NULL_ARRAY : reply;
        }
    }

    /**
     * Pops up to {@code count} from the first of {@code keys} that holds a list, as {@code [key,
     * [elements]]}; null when none does. A key of another type met on the way fails the command.
     */
    static RespValue popFirst(Txn t, byte[][] keys, boolean left, long count) {
        for (byte[] key : keys) {
            if (t.lists().length(key) == 0) {
                continue;
            }
            List<byte[]> popped = t.lists().pop(key, left, count);
            return RespValue.array(List.of(RespValue.bulk(key), Replies.bulks(popped)));
        }
        return null;
    }
}
