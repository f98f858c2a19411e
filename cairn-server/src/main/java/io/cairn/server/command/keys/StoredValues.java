package io.cairn.server.command.keys;

import io.cairn.common.InvalidRequestException;
import io.cairn.server.rdb.DumpValue;
import io.cairn.storage.engine.ScoredMember;
import io.cairn.storage.engine.Txn;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A key's value between the store and its {@link DumpValue} (DUMP and RESTORE), inside the
 * caller's transaction: reading it whole, or writing one under a key that is absent. O(size).
 * Stateless.
 */
final class StoredValues {
    static final String JSON_NOT_DUMPED = "ERR DUMP is not supported for JSON documents (ReJSON-RL) by Cairn";
    static final String STREAM_NOT_DUMPED = "ERR DUMP is not supported for streams by Cairn yet";

    private StoredValues() {
    }

    /** The value of {@code key}, or null when it is absent. */
    static DumpValue read(Txn t, byte[] key) {
        // One arm per value type: the switch is exhaustive, so a new type must say how it dumps.
        return switch (t.type(key)) {
            case NONE -> null;
            case STRING -> new DumpValue.StringValue(t.get(key));
            case LIST -> new DumpValue.ListValue(t.lists().range(key, 0, -1));
            case SET -> new DumpValue.SetValue(t.sets().members(key), "intset".equals(t.encoding(key)));
            case ZSET -> {
                List<ScoredMember> members = t.zrangeByRank(key, 0, -1);
                List<DumpValue.Scored> out = new ArrayList<>(members.size());
                for (ScoredMember m : members) {
                    out.add(new DumpValue.Scored(m.memberBytes(), m.score()));
                }
                yield new DumpValue.ZSetValue(out, "listpack".equals(t.encoding(key)));
            }
            case HASH -> {
                List<Map.Entry<byte[], byte[]>> fields = t.hgetAll(key);
                List<byte[]> flat = new ArrayList<>(2 * fields.size());
                for (Map.Entry<byte[], byte[]> f : fields) {
                    flat.add(f.getKey());
                    flat.add(f.getValue());
                }
                yield new DumpValue.HashValue(flat, "listpack".equals(t.encoding(key)));
            }
            case JSON -> throw new InvalidRequestException(JSON_NOT_DUMPED);
            case STREAM -> throw new InvalidRequestException(STREAM_NOT_DUMPED);
        };
    }

    /**
     * A lower bound of the bytes {@link #write} will log for {@code value} under {@code key}: each
     * change it records holds at least the key and its content (one change for a string, a list
     * or a set, one per member or field for a sorted set or a hash).
     */
    static long minLogBytes(byte[] key, DumpValue value) {
        long perChange = key.length;
        return switch (value) {
            case DumpValue.StringValue s -> perChange + s.value().length;
            case DumpValue.ListValue l -> perChange + sum(l.elements());
            case DumpValue.SetValue s -> perChange + sum(s.members());
            case DumpValue.ZSetValue z -> {
                long n = 0;
                for (DumpValue.Scored m : z.members()) {
                    n += perChange + m.member().length + 8;
                }
                yield n;
            }
            case DumpValue.HashValue h -> perChange * (h.fieldsAndValues().size() / 2) + sum(h.fieldsAndValues());
        };
    }

    private static long sum(List<byte[]> l) {
        long n = 0;
        for (byte[] b : l) {
            n += b.length;
        }
        return n;
    }

    /** Writes {@code value} under {@code key}, which the caller made sure is absent, expiring at {@code expireAt} (0: never). */
    static void write(Txn t, byte[] key, DumpValue value, long expireAt) {
        switch (value) {
            case DumpValue.StringValue s -> {
                t.set(key, s.value(), expireAt);
                return;
            }
            case DumpValue.ListValue l -> t.lists().push(key, false, l.elements().toArray(new byte[0][]), false);
            case DumpValue.SetValue s -> t.sets().store(key, s.members());
            case DumpValue.ZSetValue z -> {
                for (DumpValue.Scored m : z.members()) {
                    t.zadd(key, m.member(), m.score());
                }
            }
            case DumpValue.HashValue h -> {
                List<byte[]> flat = h.fieldsAndValues();
                for (int i = 0; i < flat.size(); i += 2) {
                    t.hset(key, flat.get(i), flat.get(i + 1));
                }
            }
        }
        if (expireAt != 0) {
            t.expireAt(key, expireAt);
        }
    }
}
