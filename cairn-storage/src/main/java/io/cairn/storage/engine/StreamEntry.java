package io.cairn.storage.engine;

import java.util.Arrays;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A stream: its entries in ID order in a {@link ChunkedList} (each one {@link StreamRecords}'
 * bytes, packed a few kilobytes to a chunk, as Redis packs them into listpacks under a radix
 * tree), its metadata (the last ID given out, the count of entries ever added, the greatest ID
 * deleted), and its consumer groups. Unlike the other collections, a stream key stays when its
 * last entry goes.
 *
 * <p>Copy-on-write: {@link #copy} shares the entries (the list copies one chunk and its path on
 * its first change) and the groups; a group is copied whole, with its pending entries and
 * consumers, on its first change after the copy ({@link #writableGroup}). Mutable only by the
 * keyspace's writer, under the store's lock.
 *
 * <p>In a disk database, a big stream read back from the engine keeps its entries there, one part
 * each ({@link DiskStream}), and only its metadata, groups and what changed since the save here.
 */
final class StreamEntry extends CollectionEntry {
    /** The chunk bound for entries: {@code stream-node-max-bytes}' default, 4 KiB (see {@link Listpack}). */
    static final int FILL = -1;

    final ChunkedList items;
    StreamId lastId = StreamId.MIN;
    long entriesAdded;
    StreamId maxDeletedId = StreamId.MIN;
    /** Groups by name, in the byte order Redis's radix tree keeps; stamped to copy on write. */
    private TreeMap<byte[], Group> groups;
    /** The disk layout, or null: then {@link #items} holds the entries. */
    private DiskStream disk;

    StreamEntry(byte[] key, long expireAt, long epoch) {
        super(key, expireAt, epoch);
        this.items = new ChunkedList(epoch);
    }

    private StreamEntry(StreamEntry from, long epoch) {
        super(from.key, from.expireAt, epoch);
        this.items = from.items.copy(epoch);
        this.lastId = from.lastId;
        this.entriesAdded = from.entriesAdded;
        this.maxDeletedId = from.maxDeletedId;
        this.groups = from.groups == null ? null : new TreeMap<>(from.groups);
        this.disk = from.disk == null ? null : from.disk.copy(epoch);
    }

    /** The same stream with its entries kept by the engine ({@link DiskStream}); this entry's own are left empty. */
    StreamEntry onDisk(DiskStream entries) {
        this.disk = entries;
        return this;
    }

    @Override
    DiskStream saved() {
        return disk;
    }

    @Override
    StreamEntry on(DiskParts snapshot) {
        if (disk == null) {
            return this;
        }
        StreamEntry s = new StreamEntry(this, epoch);
        s.disk = disk.on(snapshot);
        return s;
    }

    /** The metadata and groups without the entries (shared, for encoding only): a big stream's value on disk. */
    StreamEntry withoutEntries() {
        StreamEntry s = new StreamEntry(key, expireAt, epoch);
        s.lastId = lastId;
        s.entriesAdded = entriesAdded;
        s.maxDeletedId = maxDeletedId;
        s.groups = groups;
        return s;
    }

    @Override
    ValueType type() {
        return ValueType.STREAM;
    }

    @Override
    int size() {
        return disk != null ? disk.size() : items.size();
    }

    @Override
    StreamEntry copy(long epoch) {
        return new StreamEntry(this, epoch);
    }

    // ------------------------------------------------------------------ entries

    void add(StreamId id, byte[][] fieldsAndValues) {
        if (!id.after(lastId)) {
            throw new IllegalStateException("stream entry " + id + " not after the last ID " + lastId);
        }
        byte[] record = StreamRecords.encode(id.ms(), id.seq(), fieldsAndValues);
        if (disk != null) {
            disk.append(record);
        } else {
            items.insert(items.size(), record, FILL);
        }
        lastId = id;
        entriesAdded++;
    }

    /** The oldest entry's ID, or null when there is none. */
    StreamId first() {
        return end(false);
    }

    /** The newest entry's ID, or null when there is none. */
    StreamId last() {
        return end(true);
    }

    private StreamId end(boolean newest) {
        if (size() == 0) {
            return null;
        }
        if (disk == null) {
            return idAt(newest ? size() - 1 : 0);
        }
        StreamId[] out = new StreamId[1];
        disk.walk(newest ? StreamId.MAX : StreamId.MIN, newest, (b, off, len) -> {
            out[0] = StreamRecords.id(b, off);
            return false;
        });
        return out[0];
    }

    /**
     * Visits the entries with IDs from {@code start} to {@code end} (inclusive), oldest first
     * (newest first when {@code reverse}), at most {@code limit}, each in place as {@link
     * ChunkedList#scan} hands it over.
     */
    void range(StreamId start, StreamId end, boolean reverse, long limit, ChunkedList.SliceVisitor v) {
        if (disk != null) {
            long[] n = {0};
            StreamId bound = reverse ? start : end;
            disk.walk(reverse ? end : start, reverse, (b, off, len) -> {
                int c = StreamRecords.id(b, off).compareTo(bound);
                if (reverse ? c < 0 : c > 0) {
                    return false;
                }
                v.visit(b, off, len);
                return ++n[0] < limit;
            });
            return;
        }
        int from = lowerBound(start);
        StreamId past = end.next();
        int to = past == null ? size() : lowerBound(past);
        if (from >= to) {
            return;
        }
        long[] n = {0};
        items.scan(from, to, reverse, (b, off, len) -> {
            v.visit(b, off, len);
            return ++n[0] < limit;
        });
    }

    /** Every entry, oldest first, in place. */
    void scanAll(ChunkedList.SliceVisitor v) {
        if (disk != null) {
            disk.walk(StreamId.MIN, false, v);
        } else {
            items.scan(0, items.size(), false, v);
        }
    }

    /** The number of entries whose ID is before {@code id}: O(log n); on disk, a walk over them. */
    long countBefore(StreamId id) {
        if (disk == null) {
            return lowerBound(id);
        }
        long[] n = {0};
        disk.walk(StreamId.MIN, false, (b, off, len) -> {
            if (StreamRecords.id(b, off).compareTo(id) >= 0) {
                return false;
            }
            n[0]++;
            return true;
        });
        return n[0];
    }

    /** Whether the stream holds the entry {@code id}. */
    boolean contains(StreamId id) {
        return disk != null ? disk.contains(id) : indexOf(id) >= 0;
    }

    /**
     * How many nodes hold the entries, XINFO's {@code radix-tree-keys}: the chunks in memory; on
     * disk, those of the entries appended since the save and, for the saved ones, as many as Redis
     * would pack them in (100 entries a node).
     */
    int chunks() {
        if (disk == null) {
            return items.chunkCount();
        }
        return (disk.tail.size() > 0 ? disk.tail.chunkCount() : 0) + (disk.savedLive + 99) / 100;
    }

    /** The ID of entry {@code index}, 0 to size - 1. */
    private StreamId idAt(int index) {
        StreamId[] out = new StreamId[1];
        items.scan(index, index + 1, false, (b, off, len) -> {
            out[0] = StreamRecords.id(b, off);
            return false;
        });
        return out[0];
    }

    /** The position of the first entry whose ID is {@code id} or after it (size when none). */
    private int lowerBound(StreamId id) {
        int n = items.size();
        if (n == 0 || idAt(n - 1).compareTo(id) < 0) {
            return n; // appends and reads past the newest entry: no search
        }
        return items.lowerBound((b, off, len) -> StreamRecords.id(b, off).compareTo(id));
    }

    /** The position of entry {@code id}, or -1 when the stream does not hold it. */
    private int indexOf(StreamId id) {
        int i = lowerBound(id);
        return i < items.size() && idAt(i).equals(id) ? i : -1;
    }

    void trimHead(long count, CowClock clock) {
        if (disk != null) {
            disk = disk.trimHead(Math.min(count, size()), clock);
            return;
        }
        items.removeRange(0, (int) Math.min(count, items.size()), FILL);
    }

    void delete(StreamId[] ids, CowClock clock) {
        for (StreamId id : ids) {
            if (disk != null) {
                if (disk.contains(id)) {
                    disk = disk.delete(id, clock);
                    if (id.after(maxDeletedId)) {
                        maxDeletedId = id;
                    }
                }
                continue;
            }
            int i = indexOf(id);
            if (i >= 0) {
                items.remove(i, FILL);
                if (id.after(maxDeletedId)) {
                    maxDeletedId = id;
                }
            }
        }
    }

    // ------------------------------------------------------------------ groups

    int groupCount() {
        return groups == null ? 0 : groups.size();
    }

    Iterable<Group> groups() {
        return groups == null ? java.util.List.of() : groups.values();
    }

    Group group(byte[] name) {
        return groups == null ? null : groups.get(name);
    }

    /** The group to change: this entry's own, copied first when it came with a {@link #copy}. */
    Group writableGroup(byte[] name) {
        Group g = group(name);
        if (g != null && g.epoch != epoch) {
            g = g.copy(epoch);
            groups.put(g.name, g);
        }
        return g;
    }

    void putGroup(byte[] name, StreamId lastDelivered, long entriesRead) {
        Group g = writableGroup(name);
        if (g == null) {
            if (groups == null) {
                groups = new TreeMap<>(Arrays::compareUnsigned);
            }
            g = new Group(name.clone(), epoch);
            groups.put(g.name, g);
        }
        g.lastDelivered = lastDelivered;
        g.entriesRead = entriesRead;
    }

    boolean removeGroup(byte[] name) {
        return groups != null && groups.remove(name) != null;
    }

    /** A pending entry: the consumer it was last delivered to, when, and how many times. Immutable. */
    record Pending(byte[] consumer, long deliveryTime, long deliveryCount) {
    }

    /** A consumer of a group: the IDs pending for it, and when it was last seen and last active (-1: never). */
    static final class Consumer {
        final byte[] name;
        long seenTime;
        long activeTime = -1;
        final TreeSet<StreamId> pending;

        Consumer(byte[] name, TreeSet<StreamId> pending) {
            this.name = name;
            this.pending = pending;
        }
    }

    /** A consumer group: its last delivered ID, its count of entries read, its pending entries and consumers. */
    static final class Group {
        final byte[] name;
        final long epoch;
        StreamId lastDelivered = StreamId.MIN;
        /** Redis's {@code entries_read}: -1 when not known. */
        long entriesRead = -1;
        final TreeMap<StreamId, Pending> pending = new TreeMap<>();
        final TreeMap<byte[], Consumer> consumers = new TreeMap<>(Arrays::compareUnsigned);

        Group(byte[] name, long epoch) {
            this.name = name;
            this.epoch = epoch;
        }

        Group copy(long epoch) {
            Group g = new Group(name, epoch);
            g.lastDelivered = lastDelivered;
            g.entriesRead = entriesRead;
            g.pending.putAll(pending);
            for (Consumer c : consumers.values()) {
                Consumer d = new Consumer(c.name, new TreeSet<>(c.pending));
                d.seenTime = c.seenTime;
                d.activeTime = c.activeTime;
                g.consumers.put(d.name, d);
            }
            return g;
        }

        Consumer putConsumer(byte[] name, long seenTime, long activeTime) {
            Consumer c = consumers.get(name);
            if (c == null) {
                c = new Consumer(name.clone(), new TreeSet<>());
                consumers.put(c.name, c);
            }
            c.seenTime = seenTime;
            c.activeTime = activeTime;
            return c;
        }

        void removeConsumer(byte[] name) {
            Consumer c = consumers.remove(name);
            if (c != null) {
                for (StreamId id : c.pending) {
                    pending.remove(id);
                }
            }
        }

        /** Makes {@code id} pending for {@code consumer} (which must exist), taking it from any other. */
        void claim(StreamId id, byte[] consumer, long deliveryTime, long deliveryCount) {
            Consumer to = consumers.get(consumer);
            if (to == null) {
                throw new IllegalStateException("claim for a consumer that does not exist");
            }
            Pending was = pending.put(id, new Pending(to.name, deliveryTime, deliveryCount));
            if (was != null && !Arrays.equals(was.consumer(), to.name)) {
                Consumer from = consumers.get(was.consumer());
                if (from != null) {
                    from.pending.remove(id);
                }
            }
            to.pending.add(id);
        }

        boolean ack(StreamId id) {
            Pending was = pending.remove(id);
            if (was == null) {
                return false;
            }
            Consumer c = consumers.get(was.consumer());
            if (c != null) {
                c.pending.remove(id);
            }
            return true;
        }
    }
}
