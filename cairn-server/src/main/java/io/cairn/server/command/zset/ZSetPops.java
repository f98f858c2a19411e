package io.cairn.server.command.zset;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Operation;
import io.cairn.server.command.Replies;
import io.cairn.storage.engine.ScoredMember;
import io.cairn.storage.engine.Txn;
import io.cairn.storage.engine.ValueType;
import io.cairn.storage.engine.WrongTypeException;
import java.util.ArrayList;
import java.util.List;

/** ZPOPMIN, ZPOPMAX and ZMPOP: the members taken go in one logged removal. */
sealed interface ZSetPops extends Operation {

    /**
     * ZPOPMIN / ZPOPMAX key [count]. Without a count the reply is a flat [member, score] in both
     * protocols; with one, RESP3 nests the pairs, as Redis 7 does. {@code count} is -1 when not given.
     */
    record Pop(byte[] key, boolean highest, long count, int protocol) implements ZSetPops {
        static Pop parse(CommandContext c, boolean highest) {
            if (c.argc() > 3) {
                throw new InvalidRequestException(CommandContext.SYNTAX);
            }
            long count = c.argc() == 3 ? ZSetArgs.atLeast(c.arg(2), 0, ZSetArgs.NOT_POSITIVE) : -1;
            return new Pop(c.arg(1), highest, count, c.session().protocol());
        }

        @Override
        public RespValue run(Txn t) {
            if (t.zcard(key) == 0 || count == 0) {
                return RespValue.EMPTY_ARRAY;
            }
            List<ScoredMember> popped = t.zsets().pop(key, count == -1 ? 1 : count, highest);
            return Replies.scored(popped, true, count == -1 ? 2 : protocol);
        }
    }

    /**
     * ZMPOP numkeys key [key ...] MIN | MAX [COUNT count]: pops from the first key that holds a
     * sorted set; answers [key, [[member, score], ...]] in both protocols, or a null array when
     * every key is absent. A key of another type before the first sorted set is WRONGTYPE.
     */
    record MPop(byte[][] keys, boolean highest, long count) implements ZSetPops {
        static MPop parse(CommandContext c, int numkeysAt) {
            long numkeys = ZSetArgs.atLeast(c.arg(numkeysAt), 1, "ERR numkeys should be greater than 0");
            if (numkeys > c.argc() - numkeysAt - 2) {
                throw new InvalidRequestException(CommandContext.SYNTAX);
            }
            int whereAt = numkeysAt + 1 + (int) numkeys;
            boolean highest = switch (c.option(whereAt)) {
                case "MIN" -> false;
                case "MAX" -> true;
                default -> throw new InvalidRequestException(CommandContext.SYNTAX);
            };
            long count = -1;
            for (int i = whereAt + 1; i < c.argc(); i++) {
                if (count == -1 && c.option(i).equals("COUNT") && i + 1 < c.argc()) {
                    count = ZSetArgs.atLeast(c.arg(++i), 1, "ERR count should be greater than 0");
                } else {
                    throw new InvalidRequestException(CommandContext.SYNTAX);
                }
            }
            byte[][] keys = new byte[(int) numkeys][];
            for (int i = 0; i < keys.length; i++) {
                keys[i] = c.arg(numkeysAt + 1 + i);
            }
            return new MPop(keys, highest, count == -1 ? 1 : count);
        }

        @Override
        public RespValue run(Txn t) {
            for (byte[] key : keys) {
                ValueType type = t.type(key);
                if (type == ValueType.NONE) {
                    continue;
                }
                if (type != ValueType.ZSET) {
                    throw new WrongTypeException(ValueType.ZSET, type);
                }
                List<RespValue> pairs = new ArrayList<>();
                for (ScoredMember m : t.zsets().pop(key, count, highest)) {
                    pairs.add(RespValue.array(List.of(RespValue.bulk(m.memberBytes()), new RespValue.DoubleReply(m.score()))));
                }
                return RespValue.array(List.of(RespValue.bulk(key), RespValue.array(pairs)));
            }
            return RespValue.NULL_ARRAY;
        }
    }
}
