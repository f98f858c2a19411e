package io.cairn.server.command.zset;

import io.cairn.resp.RespValue;
import io.cairn.server.command.BlockingOperation;
import io.cairn.server.command.BlockingTimeout;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Commands;
import io.cairn.storage.engine.ScoredMember;
import io.cairn.storage.engine.Txn;
import io.cairn.storage.engine.ValueType;
import io.cairn.storage.engine.WrongTypeException;
import java.util.Arrays;
import java.util.List;

/**
 * BZPOPMIN, BZPOPMAX and BZMPOP: each a {@link BlockingOperation} that tries the command's
 * non-blocking form and waits on its keys while every one of them is absent. A key of another
 * type met before a sorted set is WRONGTYPE, at the first try or at a retry after a write woke the
 * client, as Redis re-runs the command. Arguments are read in Redis's order: BZPOPMIN and
 * BZPOPMAX have only the timeout; BZMPOP checks numkeys, MIN/MAX and COUNT before the timeout.
 * A timeout, CLIENT UNBLOCK ... TIMEOUT and a try inside MULTI answer a null array.
 */
final class BlockingZSetPops {
    private BlockingZSetPops() {
    }

    static void register(Commands.Registrar r) {
        r.blocking("bzpopmin", c -> pop(c, false));
        r.blocking("bzpopmax", c -> pop(c, true));
        r.blocking("bzmpop", c -> {
            ZSetPops.MPop p = ZSetPops.MPop.parse(c, 2);
            return new BlockingMultiPop(p, BlockingTimeout.millis(c.arg(1)));
        });
    }

    private static BlockingPop pop(CommandContext c, boolean highest) {
        long timeout = BlockingTimeout.millis(c.arg(c.argc() - 1));
        return new BlockingPop(Arrays.copyOfRange(c.args(), 1, c.argc() - 1), highest, timeout);
    }

    /**
     * BZPOPMIN / BZPOPMAX key [key ...] timeout: {@code [key, member, score]} from the first key
     * holding a sorted set, a flat array in both protocols (the score a double in RESP3).
     */
    record BlockingPop(byte[][] keyArray, boolean highest, long timeoutMillis) implements BlockingOperation {
        @Override
        public RespValue attempt(Txn t) {
            for (byte[] key : keyArray) {
                ValueType type = t.type(key);
                if (type == ValueType.NONE) {
                    continue;
                }
                if (type != ValueType.ZSET) {
                    throw new WrongTypeException(ValueType.ZSET, type);
                }
                ScoredMember m = t.zsets().pop(key, 1, highest).get(0);
                return RespValue.array(List.of(RespValue.bulk(key), RespValue.bulk(m.memberBytes()),
                        new RespValue.DoubleReply(m.score())));
            }
            return null;
        }

        @Override
        public List<byte[]> keys() {
            return List.of(keyArray);
        }

        @Override
        public ValueType wakesOn() {
            return ValueType.ZSET;
        }

        @Override
        public RespValue timedOut() {
            return RespValue.NULL_ARRAY;
        }
    }

    /** BZMPOP timeout numkeys key [key ...] MIN | MAX [COUNT count]: {@code [key, [[member, score], ...]]} as ZMPOP answers. */
    record BlockingMultiPop(ZSetPops.MPop pop, long timeoutMillis) implements BlockingOperation {
        @Override
        public RespValue attempt(Txn t) {
            RespValue reply = pop.run(t);
            return reply instanceof RespValue.NullArray ? null : reply;
        }

        @Override
        public List<byte[]> keys() {
            return List.of(pop.keys());
        }

        @Override
        public ValueType wakesOn() {
            return ValueType.ZSET;
        }

        @Override
        public RespValue timedOut() {
            return RespValue.NULL_ARRAY;
        }
    }
}
