package io.cairn.server.command.keys;

import io.cairn.storage.engine.StreamId;
import io.cairn.storage.engine.StreamOps;
import io.cairn.storage.engine.ScoredMember;
import io.cairn.storage.engine.Txn;
import java.util.List;
import java.util.Map;

/**
 * Copies a key's value and expiry to another key inside one transaction (COPY), possibly into
 * another database (COPY ... DB), and moves one between a memory and a disk database (MOVE). It reads the value whole and writes it again: O(size). RENAME
 * does not copy: it moves the value ({@code Txn#rename}).
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

    private record SetValue(List<byte[]> members) implements Value {
    }

    private record ListValue(List<byte[]> elements) implements Value {
    }

    /** A stream whole: entries, metadata, and each group with its consumers and pending entries. */
    private record StreamValue(List<StreamOps.Item> items, StreamOps.Meta meta, List<GroupValue> groups)
            implements Value {
    }

    private record GroupValue(StreamOps.Group group, List<StreamOps.Consumer> consumers,
                              List<StreamOps.Pending> pending) {
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

    /**
     * MOVE as a copy: {@code key} (with its expiry) to {@code db} under the same key, then deleted
     * here; false, changing nothing, when it is absent here or present there.
     */
    static boolean move(Txn t, byte[] key, int db) {
        if (!t.exists(key) || !copy(t, key, db, key, false)) {
            return false;
        }
        t.delete(key);
        return true;
    }

    private static Value read(Txn t, byte[] src) {
        return switch (t.type(src)) {
            case STRING -> new StringValue(t.get(src));
            case HASH -> new HashValue(t.hgetAll(src));
            case ZSET -> new ZSetValue(t.zrangeByRank(src, 0, -1));
            case JSON -> new DocumentValue(t.document(src));
            case SET -> new SetValue(t.sets().members(src));
            case LIST -> new ListValue(t.lists().range(src, 0, -1));
            case STREAM -> readStream(t.streams(), src);
            case NONE -> throw new IllegalStateException("copy of an absent key");
        };
    }

    private static StreamValue readStream(StreamOps s, byte[] src) {
        List<GroupValue> groups = new java.util.ArrayList<>();
        for (StreamOps.Group g : s.groups(src)) {
            groups.add(new GroupValue(g, s.consumers(src, g.name()),
                    s.pending(src, g.name(), StreamId.MIN, StreamId.MAX, 0, null)));
        }
        return new StreamValue(s.range(src, StreamId.MIN, StreamId.MAX, 0, false), s.meta(src), groups);
    }

    private static void writeStream(StreamOps s, StreamValue v, byte[] dst) {
        if (v.items().isEmpty()) {
            s.create(dst);
        }
        for (StreamOps.Item item : v.items()) {
            s.append(dst, item.id(), item.fieldsAndValues());
        }
        s.setId(dst, v.meta().lastId(), v.meta().entriesAdded(), v.meta().maxDeletedId());
        for (GroupValue g : v.groups()) {
            byte[] name = g.group().name();
            s.putGroup(dst, name, g.group().lastDelivered(), g.group().entriesRead());
            for (StreamOps.Consumer c : g.consumers()) {
                s.putConsumer(dst, name, c.name(), c.seenTime(), c.activeTime());
            }
            for (StreamOps.Pending p : g.pending()) {
                s.claim(dst, name, p.consumer(), p.deliveryTime(), new StreamId[] {p.id()},
                        new long[] {p.deliveryCount()});
            }
        }
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
            case SetValue s -> t.sets().store(dst, s.members());
            case ListValue l -> {
                t.delete(dst);
                t.lists().push(dst, false, l.elements().toArray(new byte[0][]), false);
            }
            case StreamValue st -> {
                t.delete(dst);
                writeStream(t.streams(), st, dst);
            }
        }
        if (expireAt > 0) {
            t.expireAt(dst, expireAt);
        }
    }
}
