package io.cairn.storage.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The stream operations of one {@link Txn}: entries by ID, the stream's metadata, consumer groups,
 * their consumers and pending entries. These are the physical steps; the stream commands' rules
 * (ID generation, trimming strategies, what XREADGROUP delivers) are the server's, built on them.
 *
 * <p>Same contract as {@link Txn}: valid only during the transaction's call, each write checks
 * everything first and then applies fully, and arrays passed in are taken over. Unlike the other
 * collections a stream key stays when its last entry goes.
 *
 * @throws WrongTypeException from every method, when the key holds another type
 */
public final class StreamOps {
    /** Per-string framing in the log (a length varint), for the record-size bound. */
    private static final int FRAMING = 5;

    private final Txn txn;

    StreamOps(Txn txn) {
        this.txn = txn;
    }

    /** One entry: its ID and its field and value strings, alternating. */
    public record Item(StreamId id, byte[][] fieldsAndValues) {
    }

    /**
     * A stream's metadata: its number of entries, the last ID given out (which may be after the
     * last entry, or belong to a deleted one), the first and last entries' IDs (null when empty),
     * the count of entries ever added, the greatest ID deleted, and its number of groups.
     */
    public record Meta(long length, StreamId lastId, StreamId firstEntry, StreamId lastEntry, long entriesAdded,
                       StreamId maxDeletedId, int groups) {
    }

    /** A consumer group: its last delivered ID, entries read (-1: unknown), consumers and pending entries. */
    public record Group(byte[] name, StreamId lastDelivered, long entriesRead, int consumers, int pending) {
    }

    /** A consumer: its pending entries' count, when last seen and when last active (-1: never). */
    public record Consumer(byte[] name, int pending, long seenTime, long activeTime) {
    }

    /** A pending entry: its ID, the consumer it is pending for, its last delivery time and count. */
    public record Pending(StreamId id, byte[] consumer, long deliveryTime, long deliveryCount) {
    }

    // ------------------------------------------------------------------ reads

    /** The stream's metadata, or null when the key is absent. */
    public Meta meta(byte[] key) {
        StreamEntry s = read(key);
        if (s == null) {
            return null;
        }
        int n = s.size();
        return new Meta(n, s.lastId, s.first(), s.last(), s.entriesAdded,
                s.maxDeletedId, s.groupCount());
    }

    /** How many chunks hold the entries (XINFO's {@code radix-tree-keys}, for Redis's listpack nodes); 0 when absent. */
    public int chunks(byte[] key) {
        StreamEntry s = read(key);
        return s == null ? 0 : s.chunks();
    }

    /** The last ID given out (XADD's floor), or null when the key is absent; without {@link #meta}'s reads of the ends. */
    public StreamId lastId(byte[] key) {
        StreamEntry s = read(key);
        return s == null ? null : s.lastId;
    }

    /** Whether the key holds a stream (false when absent). */
    public boolean exists(byte[] key) {
        return read(key) != null;
    }

    /**
     * The entries with IDs from {@code start} to {@code end}, both inclusive, oldest first (newest
     * first when {@code reverse}), at most {@code count} of them (0 or less: all). Empty when absent.
     */
    public List<Item> range(byte[] key, StreamId start, StreamId end, long count, boolean reverse) {
        StreamEntry s = read(key);
        if (s == null || start.compareTo(end) > 0) {
            return List.of();
        }
        long limit = count <= 0 ? Long.MAX_VALUE : count;
        List<Item> out = new ArrayList<>();
        s.range(start, end, reverse, limit, (b, off, len) -> out.add(StreamRecords.item(b, off)));
        return out;
    }

    /** The number of entries whose ID is before {@code id}; 0 when absent. */
    public long countBefore(byte[] key, StreamId id) {
        StreamEntry s = read(key);
        return s == null ? 0 : s.countBefore(id);
    }

    /** Whether the stream holds the entry {@code id}. */
    public boolean contains(byte[] key, StreamId id) {
        StreamEntry s = read(key);
        return s != null && s.contains(id);
    }

    /** The groups, by name in byte order; empty when absent. */
    public List<Group> groups(byte[] key) {
        StreamEntry s = read(key);
        List<Group> out = new ArrayList<>();
        if (s != null) {
            for (StreamEntry.Group g : s.groups()) {
                out.add(describe(g));
            }
        }
        return out;
    }

    /** The group, or null when the stream or the group is absent. */
    public Group group(byte[] key, byte[] group) {
        StreamEntry s = read(key);
        StreamEntry.Group g = s == null ? null : s.group(group);
        return g == null ? null : describe(g);
    }

    /** The group's consumers, by name in byte order; empty when the group is absent. */
    public List<Consumer> consumers(byte[] key, byte[] group) {
        StreamEntry.Group g = readGroup(key, group);
        List<Consumer> out = new ArrayList<>();
        if (g != null) {
            for (StreamEntry.Consumer c : g.consumers.values()) {
                out.add(describe(c));
            }
        }
        return out;
    }

    /** The consumer, or null when it, its group or the stream is absent. */
    public Consumer consumer(byte[] key, byte[] group, byte[] consumer) {
        StreamEntry.Group g = readGroup(key, group);
        StreamEntry.Consumer c = g == null ? null : g.consumers.get(consumer);
        return c == null ? null : describe(c);
    }

    /**
     * The group's pending entries with IDs from {@code start} to {@code end} inclusive, in ID
     * order, at most {@code count} (0 or less: all), only {@code consumer}'s when it is not null.
     */
    public List<Pending> pending(byte[] key, byte[] group, StreamId start, StreamId end, long count, byte[] consumer) {
        StreamEntry.Group g = readGroup(key, group);
        List<Pending> out = new ArrayList<>();
        if (g == null || start.compareTo(end) > 0) {
            return out;
        }
        long limit = count <= 0 ? Long.MAX_VALUE : count;
        if (consumer != null) {
            StreamEntry.Consumer c = g.consumers.get(consumer);
            if (c != null) {
                for (StreamId id : c.pending.subSet(start, true, end, true)) {
                    if (out.size() >= limit) {
                        break;
                    }
                    out.add(describe(id, g.pending.get(id)));
                }
            }
            return out;
        }
        for (Map.Entry<StreamId, StreamEntry.Pending> e : g.pending.subMap(start, true, end, true).entrySet()) {
            if (out.size() >= limit) {
                break;
            }
            out.add(describe(e.getKey(), e.getValue()));
        }
        return out;
    }

    /** The greatest ID pending in the group, or null when none is. */
    public StreamId lastPending(byte[] key, byte[] group) {
        StreamEntry.Group g = readGroup(key, group);
        return g == null || g.pending.isEmpty() ? null : g.pending.lastKey();
    }

    /** The pending entry {@code id} of the group, or null when it is not pending. */
    public Pending pendingEntry(byte[] key, byte[] group, StreamId id) {
        StreamEntry.Group g = readGroup(key, group);
        StreamEntry.Pending p = g == null ? null : g.pending.get(id);
        return p == null ? null : describe(id, p);
    }

    // ------------------------------------------------------------------ writes

    /** Creates an empty stream (XGROUP CREATE ... MKSTREAM); the key must be absent. */
    public void create(byte[] key) {
        txn.checkWrite(key);
        if (write(key) != null) {
            throw new IllegalStateException("stream exists");
        }
        txn.record(new Mutation.StreamSetId(txn.db(), key, StreamId.MIN, 0, StreamId.MIN), key.length + 8);
    }

    /** Appends an entry, creating the stream when absent; {@code id} must be after the stream's last ID. */
    public void append(byte[] key, StreamId id, byte[][] fieldsAndValues) {
        txn.checkWrite(key);
        long bytes = key.length + 20;
        for (byte[] b : fieldsAndValues) {
            txn.checkValue(b);
            bytes += b.length + FRAMING;
        }
        StreamEntry s = write(key);
        if (s != null && !id.after(s.lastId)) {
            throw new IllegalArgumentException("stream ID " + id + " (expected: after " + s.lastId + ")");
        }
        if (s != null && s.size() == Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("stream length: " + s.size() + " (expected: < " + (Integer.MAX_VALUE - 8) + ")");
        }
        txn.record(new Mutation.StreamAdd(txn.db(), key, id, fieldsAndValues), bytes);
    }

    /** Removes the first {@code count} entries (fewer when the stream has fewer); returns how many went. */
    public long trimHead(byte[] key, long count) {
        txn.checkWrite(key);
        StreamEntry s = write(key);
        long n = s == null ? 0 : Math.min(Math.max(count, 0), s.size());
        if (n > 0) {
            txn.record(new Mutation.StreamTrim(txn.db(), key, n), key.length + 10);
        }
        return n;
    }

    /** Deletes the entries with these IDs (XDEL); returns how many the stream held. */
    public int delete(byte[] key, StreamId[] ids) {
        txn.checkWrite(key);
        StreamEntry s = write(key);
        if (s == null) {
            return 0;
        }
        List<StreamId> found = new ArrayList<>();
        java.util.Set<StreamId> seen = new java.util.HashSet<>();
        for (StreamId id : ids) {
            if (seen.add(id) && s.contains(id)) {
                found.add(id);
            }
        }
        if (!found.isEmpty()) {
            txn.record(new Mutation.StreamDelete(txn.db(), key, found.toArray(StreamId[]::new)),
                    key.length + 20L * found.size());
        }
        return found.size();
    }

    /** Sets the stream's last ID, entries added and greatest deleted ID (XSETID); the stream must exist. */
    public void setId(byte[] key, StreamId lastId, long entriesAdded, StreamId maxDeletedId) {
        txn.checkWrite(key);
        existing(key);
        txn.record(new Mutation.StreamSetId(txn.db(), key, lastId, entriesAdded, maxDeletedId), key.length + 40);
    }

    /** Creates or updates a group's last delivered ID and entries read (-1: unknown); the stream must exist. */
    public void putGroup(byte[] key, byte[] group, StreamId lastDelivered, long entriesRead) {
        txn.checkWrite(key);
        txn.checkValue(group);
        existing(key);
        txn.record(new Mutation.StreamGroupPut(txn.db(), key, group, lastDelivered, entriesRead),
                key.length + group.length + 40);
    }

    /** Destroys a group; returns whether it existed. */
    public boolean deleteGroup(byte[] key, byte[] group) {
        txn.checkWrite(key);
        StreamEntry s = write(key);
        if (s == null || s.group(group) == null) {
            return false;
        }
        txn.record(new Mutation.StreamGroupDelete(txn.db(), key, group), key.length + group.length + 5);
        return true;
    }

    /** Creates or updates a consumer's seen and active times (-1: never active); the group must exist. */
    public void putConsumer(byte[] key, byte[] group, byte[] consumer, long seenTime, long activeTime) {
        txn.checkWrite(key);
        txn.checkValue(consumer);
        existingGroup(key, group);
        txn.record(new Mutation.StreamConsumerPut(txn.db(), key, group, consumer, seenTime, activeTime),
                key.length + group.length + consumer.length + 30);
    }

    /** Deletes a consumer with its pending entries; returns how many were pending, -1 when it did not exist. */
    public long deleteConsumer(byte[] key, byte[] group, byte[] consumer) {
        txn.checkWrite(key);
        StreamEntry.Consumer c = existingGroup(key, group).consumers.get(consumer);
        if (c == null) {
            return -1;
        }
        int pending = c.pending.size();
        txn.record(new Mutation.StreamConsumerDelete(txn.db(), key, group, consumer),
                key.length + group.length + consumer.length + 10);
        return pending;
    }

    /**
     * Makes {@code ids} pending for {@code consumer} (which must exist), delivered at
     * {@code deliveryTime}, {@code ids[i]} for the {@code deliveryCounts[i]}th time.
     */
    public void claim(byte[] key, byte[] group, byte[] consumer, long deliveryTime, StreamId[] ids,
                      long[] deliveryCounts) {
        txn.checkWrite(key);
        if (ids.length != deliveryCounts.length) {
            throw new IllegalArgumentException("IDs: " + ids.length + ", delivery counts: " + deliveryCounts.length
                    + " (expected: as many)");
        }
        if (existingGroup(key, group).consumers.get(consumer) == null) {
            throw new IllegalArgumentException("no such consumer");
        }
        if (ids.length > 0) {
            txn.record(new Mutation.StreamClaim(txn.db(), key, group, consumer, deliveryTime, ids, deliveryCounts),
                    key.length + group.length + consumer.length + 30L * ids.length + 20);
        }
    }

    /** Acknowledges the entries (XACK); returns how many of them were pending. */
    public int ack(byte[] key, byte[] group, StreamId[] ids) {
        txn.checkWrite(key);
        StreamEntry s = write(key);
        StreamEntry.Group g = s == null ? null : s.group(group);
        if (g == null) {
            return 0;
        }
        List<StreamId> found = new ArrayList<>();
        java.util.Set<StreamId> seen = new java.util.HashSet<>();
        for (StreamId id : ids) {
            if (seen.add(id) && g.pending.containsKey(id)) {
                found.add(id);
            }
        }
        if (!found.isEmpty()) {
            txn.record(new Mutation.StreamAck(txn.db(), key, group, found.toArray(StreamId[]::new)),
                    key.length + group.length + 20L * found.size());
        }
        return found.size();
    }

    // ------------------------------------------------------------------ internals

    private static Group describe(StreamEntry.Group g) {
        return new Group(g.name.clone(), g.lastDelivered, g.entriesRead, g.consumers.size(), g.pending.size());
    }

    private static Consumer describe(StreamEntry.Consumer c) {
        return new Consumer(c.name.clone(), c.pending.size(), c.seenTime, c.activeTime);
    }

    private static Pending describe(StreamId id, StreamEntry.Pending p) {
        return new Pending(id, p.consumer().clone(), p.deliveryTime(), p.deliveryCount());
    }

    private StreamEntry.Group readGroup(byte[] key, byte[] group) {
        StreamEntry s = read(key);
        return s == null ? null : s.group(group);
    }

    private StreamEntry read(byte[] key) {
        Object e = txn.live(key);
        if (e == null || e instanceof StreamEntry) {
            return (StreamEntry) e;
        }
        throw new WrongTypeException(ValueType.STREAM, EntryKeys.typeOf(e));
    }

    private StreamEntry write(byte[] key) {
        return txn.liveForWrite(key, StreamEntry.class, ValueType.STREAM);
    }

    private StreamEntry existing(byte[] key) {
        StreamEntry s = write(key);
        if (s == null) {
            throw new IllegalStateException("no such stream");
        }
        return s;
    }

    private StreamEntry.Group existingGroup(byte[] key, byte[] group) {
        StreamEntry.Group g = existing(key).group(group);
        if (g == null) {
            throw new IllegalStateException("no such group");
        }
        return g;
    }
}
