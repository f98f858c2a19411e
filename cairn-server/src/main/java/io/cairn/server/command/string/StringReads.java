package io.cairn.server.command.string;

import io.cairn.resp.RespValue;
import io.cairn.server.ServerStats;
import io.cairn.server.command.Operation;
import io.cairn.storage.engine.Txn;
import io.cairn.storage.engine.ValueType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The string reads: GET, MGET, STRLEN, GETRANGE. Each record holds its checked arguments. */
sealed interface StringReads extends Operation {

    /** GET key; counts a keyspace hit or miss. */
    record Get(byte[] key, ServerStats stats) implements StringReads {
        @Override
        public RespValue run(Txn t) {
            byte[] v = t.get(key);
            stats.hit(v != null);
            return RespValue.bulk(v);
        }
    }

    /** MGET key [key ...]: nil for a key that is absent or holds another type, as Redis answers. */
    record MGet(List<byte[]> keys) implements StringReads {
        @Override
        public RespValue run(Txn t) {
            List<RespValue> out = new ArrayList<>(keys.size());
            for (byte[] k : keys) {
                out.add(t.type(k) == ValueType.STRING ? RespValue.bulk(t.get(k)) : RespValue.NULL);
            }
            return RespValue.array(out);
        }
    }

    /** STRLEN key. */
    record StrLen(byte[] key) implements StringReads {
        @Override
        public RespValue run(Txn t) {
            return RespValue.integer(t.strings().length(key));
        }
    }

    /** GETRANGE key start end, with negative offsets counted from the end, as Redis does. */
    record GetRange(byte[] key, long start, long end) implements StringReads {
        private static final RespValue EMPTY = RespValue.bulk(new byte[0]);

        @Override
        public RespValue run(Txn t) {
            byte[] v = t.get(key);
            if (v == null) {
                return EMPTY;
            }
            long n = v.length;
            long from = start;
            long to = end;
            if (from < 0 && to < 0 && from > to) {
                return EMPTY;
            }
            if (from < 0) {
                from = Math.max(0, n + from);
            }
            if (to < 0) {
                to = Math.max(0, n + to);
            }
            to = Math.min(to, n - 1);
            if (from > to || n == 0) {
                return EMPTY;
            }
            return RespValue.bulk(Arrays.copyOfRange(v, (int) from, (int) to + 1));
        }
    }
}
