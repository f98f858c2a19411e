package io.cairn.server.command.keys;

import io.cairn.storage.engine.ScoredMember;
import io.cairn.storage.engine.Txn;
import java.util.List;
import java.util.Map;

/**
 * Copies a key's value and expiry to another key inside one transaction (RENAME, COPY), possibly
 * into another database (COPY ... DB). It reads the value whole and writes it again: O(size).
 */
final class ValueCopy {
    private ValueCopy() {
    }

    /** A value read out of the store, ready to be written under another key. */
    private sealed interface Value {
    }

    private record StringValue(byte[] value) implements Value {
    }

    private record HashValue(List<Map.Entry<byte[], byte[]>> fields) implements Value {
    }

    private record ZSetValue(List<ScoredMember> members) implements Value {
    }

    private record DocumentValue(byte[] document) implements Value {
    }

    private record ListValue(List<byte[]> elements) implements Value {
    }

    /**
     * Copies {@code src} (which must exist) of the selected database to {@code dst} in database
     * {@code db}; false, changing nothing, when {@code dst} exists there and not {@code replace}.
     * The selected database is the same afterwards.
     */
    static boolean copy(Txn t, byte[] src, int db, byte[] dst, boolean replace) {
        int here = t.db();
        long expireAt = t.expireAt(src);
        Value v = read(t, src);
        t.select(db);
        try {
            if (!replace && t.exists(dst)) {
                return false;
            }
            write(t, v, dst, expireAt);
            return true;
        } finally {
            t.select(here);
        }
    }

    /** Replaces {@code dst} with a copy of {@code src}, which must exist, in the selected database. */
    static void copy(Txn t, byte[] src, byte[] dst) {
        long expireAt = t.expireAt(src);
        write(t, read(t, src), dst, expireAt);
    }

    private static Value read(Txn t, byte[] src) {
        return switch (t.type(src)) {
            case STRING -> new StringValue(t.get(src));
            case HASH -> new HashValue(t.hgetAll(src));
            case ZSET -> new ZSetValue(t.zrangeByRank(src, 0, -1));
            case JSON -> new DocumentValue(t.document(src));
            case LIST -> new ListValue(t.lists().range(src, 0, -1));
            case SET -> throw new IllegalStateException("no " + t.type(src) + " values yet");
            case NONE -> throw new IllegalStateException("copy of an absent key");
        };
    }

    private static void write(Txn t, Value v, byte[] dst, long expireAt) {
        switch (v) {
            case StringValue s -> {
                t.set(dst, s.value(), expireAt > 0 ? expireAt : 0);
                return;
            }
            case HashValue h -> {
                t.delete(dst);
                for (Map.Entry<byte[], byte[]> f : h.fields()) {
                    t.hset(dst, f.getKey(), f.getValue());
                }
            }
            case ZSetValue z -> {
                t.delete(dst);
                for (ScoredMember m : z.members()) {
                    t.zadd(dst, m.memberBytes(), m.score());
                }
            }
            case DocumentValue d -> {
                t.delete(dst);
                t.setDocument(dst, d.document());
            }
            case ListValue l -> {
                t.delete(dst);
                t.lists().push(dst, false, l.elements().toArray(new byte[0][]), false);
            }
        }
        if (expireAt > 0) {
            t.expireAt(dst, expireAt);
        }
    }
}
