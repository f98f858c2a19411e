package io.cairn.server.command.list;

import io.cairn.resp.RespValue;
import io.cairn.server.command.BlockingOperation;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Commands;
import io.cairn.storage.engine.Txn;
import io.cairn.storage.engine.ValueType;
import java.util.Arrays;
import java.util.List;

/**
 * BLPOP, BRPOP, BLMOVE, BRPOPLPUSH and BLMPOP: each a {@link BlockingOperation} that tries the
 * command's non-blocking form and waits on its keys when that finds nothing to pop. Arguments are
 * read in Redis's order, so the first bad one gives Redis's error: BLPOP and BRPOP check the
 * timeout first, BLMOVE its two directions and then the timeout, BLMPOP numkeys, the direction and
 * COUNT and then the timeout.
 */
final class BlockingListCommands {
    private BlockingListCommands() {
    }

    static void register(Commands.Registrar r) {
        r.blocking("blpop", c -> pop(c, true));
        r.blocking("brpop", c -> pop(c, false));
        r.blocking("blmove", c -> {
            boolean from = ListArguments.end(c, 3);
            boolean to = ListArguments.end(c, 4);
            return new BlockingMove(c.arg(1), c.arg(2), from, to, ListArguments.timeoutMillis(c.arg(5)));
        });
        r.blocking("brpoplpush", c -> new BlockingMove(c.arg(1), c.arg(2), false, true,
                ListArguments.timeoutMillis(c.arg(3))));
        r.blocking("blmpop", c -> {
            ListArguments.MultiPop p = ListArguments.multiPop(c, 2);
            return new BlockingMultiPop(p.keys(), p.left(), p.count(), ListArguments.timeoutMillis(c.arg(1)));
        });
    }

    private static BlockingPop pop(CommandContext c, boolean left) {
        long timeout = ListArguments.timeoutMillis(c.arg(c.argc() - 1));
        return new BlockingPop(Arrays.copyOfRange(c.args(), 1, c.argc() - 1), left, timeout);
    }

    /** BLPOP/BRPOP: {@code [key, element]} from the first key holding a list. */
    record BlockingPop(byte[][] keyArray, boolean left, long timeoutMillis) implements BlockingOperation {
        @Override
        public RespValue attempt(Txn t) {
            for (byte[] key : keyArray) {
                if (t.lists().length(key) > 0) {
                    byte[] element = t.lists().pop(key, left, 1).get(0);
                    return RespValue.array(List.of(RespValue.bulk(key), RespValue.bulk(element)));
                }
            }
            return null;
        }

        @Override
        public List<byte[]> keys() {
            return List.of(keyArray);
        }

        @Override
        public ValueType wakesOn() {
            return ValueType.LIST;
        }

        @Override
        public RespValue timedOut() {
            return RespValue.NULL_ARRAY;
        }
    }

    /** BLMOVE/BRPOPLPUSH: the element moved, waiting on the source only. */
    record BlockingMove(byte[] src, byte[] dst, boolean fromLeft, boolean toLeft, long timeoutMillis)
            implements BlockingOperation {
        @Override
        public RespValue attempt(Txn t) {
            byte[] moved = t.lists().move(src, dst, fromLeft, toLeft);
            return moved == null ? null : RespValue.bulk(moved);
        }

        @Override
        public List<byte[]> keys() {
            return List.of(src);
        }

        @Override
        public ValueType wakesOn() {
            return ValueType.LIST;
        }

        @Override
        public RespValue timedOut() {
            return RespValue.NULL_ARRAY; // Redis answers every list timeout with a null array
        }

        @Override
        public RespValue cannotWait() {
            return RespValue.NULL; // but BLMOVE inside MULTI with a null bulk string
        }
    }

    /** BLMPOP: {@code [key, [elements]]} as LMPOP answers. */
    record BlockingMultiPop(byte[][] keyArray, boolean left, long count, long timeoutMillis) implements BlockingOperation {
        @Override
        public RespValue attempt(Txn t) {
            return ListCommands.popFirst(t, keyArray, left, count);
        }

        @Override
        public List<byte[]> keys() {
            return List.of(keyArray);
        }

        @Override
        public ValueType wakesOn() {
            return ValueType.LIST;
        }

        @Override
        public RespValue timedOut() {
            return RespValue.NULL_ARRAY;
        }
    }
}
