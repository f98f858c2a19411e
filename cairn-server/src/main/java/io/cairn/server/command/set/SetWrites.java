package io.cairn.server.command.set;

import io.cairn.resp.RespValue;
import io.cairn.server.command.Operation;
import io.cairn.server.command.Replies;
import io.cairn.storage.engine.SetOps;
import io.cairn.storage.engine.Txn;
import java.util.random.RandomGenerator;

/** The set writes, each a record of its checked arguments; replies as Redis 7.2 shapes them. */
sealed interface SetWrites extends Operation {
    /** SADD key member [member ...]: how many were new. */
    record Add(byte[] key, byte[][] members) implements SetWrites {
        @Override
        public RespValue run(Txn t) {
            return RespValue.integer(t.sets().add(key, members));
        }
    }

    /** SREM key member [member ...]: how many were there. */
    record Remove(byte[] key, byte[][] members) implements SetWrites {
        @Override
        public RespValue run(Txn t) {
            return RespValue.integer(t.sets().remove(key, members));
        }
    }

    /** SPOP key: a bulk string, null when the key is absent. */
    record Pop(byte[] key, RandomGenerator random) implements SetWrites {
        @Override
        public RespValue run(Txn t) {
            return RespValue.bulk(t.sets().pop(key, random));
        }
    }

    /** SPOP key count: a RESP3 set, empty for an absent key or a count of 0. */
    record PopCount(byte[] key, long count, RandomGenerator random) implements SetWrites {
        @Override
        public RespValue run(Txn t) {
            return Replies.set(t.sets().pop(key, count, random));
        }
    }

    /** SMOVE source destination member: 1 when the member was moved (or is in source == destination). */
    record Move(byte[] source, byte[] destination, byte[] member) implements SetWrites {
        @Override
        public RespValue run(Txn t) {
            return t.sets().move(source, destination, member) ? RespValue.ONE : RespValue.ZERO;
        }
    }

    /** SINTERSTORE, SUNIONSTORE or SDIFFSTORE destination key [key ...]: the stored set's size. */
    record Store(Algebra op, byte[] destination, byte[][] keys) implements SetWrites {
        @Override
        public RespValue run(Txn t) {
            SetOps sets = t.sets();
            return RespValue.integer(sets.store(destination, op.apply(sets, keys)));
        }
    }
}
