package io.cairn.server.command.set;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.command.Operation;
import io.cairn.server.command.Replies;
import io.cairn.storage.engine.SetOps;
import io.cairn.storage.engine.Txn;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/** The set reads, each a record of its checked arguments; replies as Redis 7.2 shapes them. */
sealed interface SetReads extends Operation {
    /** SMEMBERS key: a RESP3 set. */
    record Members(byte[] key) implements SetReads {
        @Override
        public RespValue run(Txn t) {
            return Replies.set(t.sets().members(key));
        }
    }

    /** SISMEMBER key member. */
    record IsMember(byte[] key, byte[] member) implements SetReads {
        @Override
        public RespValue run(Txn t) {
            return t.sets().isMember(key, member) ? RespValue.ONE : RespValue.ZERO;
        }
    }

    /** SMISMEMBER key member [member ...]: 1 or 0 per member, zeros for an absent key. */
    record MisMember(byte[] key, byte[][] members) implements SetReads {
        @Override
        public RespValue run(Txn t) {
            boolean[] in = t.sets().areMembers(key, members);
            List<RespValue> out = new ArrayList<>(in.length);
            for (boolean b : in) {
                out.add(b ? RespValue.ONE : RespValue.ZERO);
            }
            return RespValue.array(out);
        }
    }

    /** SCARD key. */
    record Card(byte[] key) implements SetReads {
        @Override
        public RespValue run(Txn t) {
            return RespValue.integer(t.sets().card(key));
        }
    }

    /** SRANDMEMBER key: a bulk string, null when the key is absent. */
    record RandomMember(byte[] key, RandomGenerator random) implements SetReads {
        @Override
        public RespValue run(Txn t) {
            return RespValue.bulk(t.sets().randomMember(key, random));
        }
    }

    /**
     * SRANDMEMBER key count: an array of distinct members for a positive count, of {@code -count}
     * picks that may repeat for a negative one. A reply of more than {@code mostPicks} repeats is
     * refused once the set is known to exist (Redis would close the client when such a reply
     * passes its output buffer limit; Cairn refuses before building it).
     */
    record RandomMembers(byte[] key, long count, long mostPicks, RandomGenerator random) implements SetReads {
        @Override
        public RespValue run(Txn t) {
            SetOps sets = t.sets();
            if (count < -mostPicks && sets.card(key) > 0) {
                throw new InvalidRequestException("ERR value is out of range, value must between " + -mostPicks
                        + " and " + Long.MAX_VALUE);
            }
            return Replies.bulks(sets.randomMembers(key, count, random));
        }
    }

    /** SINTER, SUNION or SDIFF key [key ...]: a RESP3 set. */
    record Combine(Algebra op, byte[][] keys) implements SetReads {
        @Override
        public RespValue run(Txn t) {
            return Replies.set(op.apply(t.sets(), keys));
        }
    }

    /** SINTERCARD numkeys key [key ...] [LIMIT limit]: 0 means no limit. */
    record InterCard(byte[][] keys, long limit) implements SetReads {
        @Override
        public RespValue run(Txn t) {
            return RespValue.integer(t.sets().interCard(keys, limit));
        }
    }
}
