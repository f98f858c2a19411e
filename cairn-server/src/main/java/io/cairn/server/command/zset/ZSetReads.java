package io.cairn.server.command.zset;

import io.cairn.resp.RespValue;
import io.cairn.server.command.Operation;
import io.cairn.storage.engine.Txn;
import io.cairn.storage.engine.ZSetRange;
import java.util.ArrayList;
import java.util.List;

/** The sorted-set reads of single members and counts. Each record holds its checked arguments. */
sealed interface ZSetReads extends Operation {

    /** ZSCORE key member. */
    record Score(byte[] key, byte[] member) implements ZSetReads {
        @Override
        public RespValue run(Txn t) {
            return ZSetArgs.score(t.zscore(key, member));
        }
    }

    /** ZMSCORE key member [member ...]: nil for each absent member. */
    record MScore(byte[] key, byte[][] members) implements ZSetReads {
        @Override
        public RespValue run(Txn t) {
            List<RespValue> out = new ArrayList<>(members.length);
            for (byte[] m : members) {
                out.add(ZSetArgs.score(t.zscore(key, m)));
            }
            return RespValue.array(out);
        }
    }

    /** ZCARD key. */
    record Card(byte[] key) implements ZSetReads {
        @Override
        public RespValue run(Txn t) {
            return RespValue.integer(t.zcard(key));
        }
    }

    /** ZCOUNT key min max, ZLEXCOUNT key min max: O(log n). */
    record Count(byte[] key, ZSetRange range) implements ZSetReads {
        @Override
        public RespValue run(Txn t) {
            return RespValue.integer(t.zsets().count(key, range));
        }
    }

    /**
     * ZRANK / ZREVRANK key member [WITHSCORE]: the rank, or with WITHSCORE [rank, score]; nil
     * (a null array with WITHSCORE) when the member is absent.
     */
    record Rank(byte[] key, byte[] member, boolean reverse, boolean withScore) implements ZSetReads {
        @Override
        public RespValue run(Txn t) {
            Long rank = t.zsets().rank(key, member, reverse);
            if (rank == null) {
                return withScore ? RespValue.NULL_ARRAY : RespValue.NULL;
            }
            if (!withScore) {
                return RespValue.integer(rank);
            }
            return RespValue.array(List.of(RespValue.integer(rank), ZSetArgs.score(t.zscore(key, member))));
        }
    }
}
