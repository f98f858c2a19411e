package io.cairn.server.command.keys;

import io.cairn.common.InvalidRequestException;
import io.cairn.server.rdb.DumpValue;
import io.cairn.storage.engine.ScoredMember;
import io.cairn.storage.engine.StreamId;
import io.cairn.storage.engine.StreamOps;
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
            case STREAM -> stream(t.streams(), key);
        };
    }

    /**
     * A lower bound of the bytes {@link #write} will log for {@code value} under {@code key}: each
     * change it records holds at least the key and its content (one change for a string, a list
     * or a set, one per member or field for a sorted set or a hash; for a stream one per entry,
     * group and consumer, and at least 2 bytes per pending ID).
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
            case DumpValue.StreamValue s -> {
                // an entry per append; a group, a consumer per put; 2 bytes at least per pending ID
                long n = perChange;
                for (DumpValue.StreamValue.Item e : s.entries()) {
                    n += perChange + sum(e.fieldsAndValues());
                }
                for (DumpValue.StreamValue.Group g : s.groups()) {
                    n += perChange + g.name().length + 2L * g.pending().size();
                    for (DumpValue.StreamValue.Consumer c : g.consumers()) {
                        n += perChange + g.name().length + c.name().length;
                    }
                }
                yield n;
            }
        };
    }

    private static DumpValue.StreamValue stream(StreamOps ops, byte[] key) {
        StreamOps.Meta meta = ops.meta(key);
        List<DumpValue.StreamValue.Item> entries = new ArrayList<>((int) meta.length());
        for (StreamOps.Item e : ops.range(key, StreamId.MIN, StreamId.MAX, 0, false)) {
            entries.add(new DumpValue.StreamValue.Item(id(e.id()), List.of(e.fieldsAndValues())));
        }
        List<DumpValue.StreamValue.Group> groups = new ArrayList<>(meta.groups());
        for (StreamOps.Group g : ops.groups(key)) {
            List<DumpValue.StreamValue.Pending> pending = new ArrayList<>(g.pending());
            for (StreamOps.Pending p : ops.pending(key, g.name(), StreamId.MIN, StreamId.MAX, 0, null)) {
                pending.add(new DumpValue.StreamValue.Pending(id(p.id()), p.consumer(), p.deliveryTime(),
                        p.deliveryCount()));
            }
            List<DumpValue.StreamValue.Consumer> consumers = new ArrayList<>(g.consumers());
            for (StreamOps.Consumer c : ops.consumers(key, g.name())) {
                consumers.add(new DumpValue.StreamValue.Consumer(c.name(), c.seenTime(), c.activeTime()));
            }
            groups.add(new DumpValue.StreamValue.Group(g.name(), id(g.lastDelivered()), g.entriesRead(), pending,
                    consumers));
        }
        return new DumpValue.StreamValue(entries, id(meta.lastId()), meta.entriesAdded(), id(meta.maxDeletedId()),
                groups);
    }

    /**
     * Writes a stream in one pass of the engine's steps: its entries, its counters, then per group
     * the group, its consumers and its pending entries (one claim per consumer and delivery time).
     */
    private static void writeStream(StreamOps ops, byte[] key, DumpValue.StreamValue s) {
        if (s.entries().isEmpty()) {
            ops.create(key);
        }
        for (DumpValue.StreamValue.Item e : s.entries()) {
            ops.append(key, id(e.id()), e.fieldsAndValues().toArray(new byte[0][]));
        }
        ops.setId(key, id(s.lastId()), s.entriesAdded(), id(s.maxDeletedId()));
        for (DumpValue.StreamValue.Group g : s.groups()) {
            ops.putGroup(key, g.name(), id(g.lastDelivered()), g.entriesRead());
            for (DumpValue.StreamValue.Consumer c : g.consumers()) {
                ops.putConsumer(key, g.name(), c.name(), c.seenTime(), c.activeTime());
            }
            Map<List<Object>, List<DumpValue.StreamValue.Pending>> claims = new java.util.LinkedHashMap<>();
            for (DumpValue.StreamValue.Pending p : g.pending()) {
                claims.computeIfAbsent(List.of(java.nio.ByteBuffer.wrap(p.consumer()), p.deliveryTime()),
                        k -> new ArrayList<>()).add(p);
            }
            for (List<DumpValue.StreamValue.Pending> batch : claims.values()) {
                StreamId[] ids = new StreamId[batch.size()];
                long[] counts = new long[batch.size()];
                for (int i = 0; i < ids.length; i++) {
                    ids[i] = id(batch.get(i).id());
                    counts[i] = batch.get(i).deliveryCount();
                }
                ops.claim(key, g.name(), batch.get(0).consumer(), batch.get(0).deliveryTime(), ids, counts);
            }
        }
    }

    private static DumpValue.StreamValue.Id id(StreamId id) {
        return new DumpValue.StreamValue.Id(id.ms(), id.seq());
    }

    private static StreamId id(DumpValue.StreamValue.Id id) {
        return new StreamId(id.ms(), id.seq());
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
            case DumpValue.StreamValue s -> writeStream(t.streams(), key, s);
        }
        if (expireAt != 0) {
            t.expireAt(key, expireAt);
        }
    }
}
