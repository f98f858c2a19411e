package io.cairn.storage.engine;

import io.cairn.storage.index.View;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A consistent snapshot of the keyspace as of one LSN. Opening it costs O(1) and never blocks
 * writers; writers copy what they change while it is open (see
 * {@link io.cairn.storage.index.OrderedIndex}), so close it promptly. Thread-safe for reads.
 * Expiry is judged at the view's own time, so the view is stable. A view covers every database;
 * its point reads and scans are in the one it was opened on.
 */
public final class ReadView implements AutoCloseable {
    private final Store store;
    private final View<Object>[] views;
    private final View<Object> view;
    private final int db;
    private final long lsn;
    private final long timeMillis;
    private final byte[] functions;
    /** Per database, null for one in memory: a disk database's engine snapshot and deleted keys. */
    private final DiskTier.View[] disk;

    ReadView(Store store, View<Object>[] views, DiskTier.View[] disk, int db, long lsn, long timeMillis, byte[] functions) {
        this.functions = functions;
        this.disk = disk;
        this.store = store;
        this.views = views;
        this.view = views[db];
        this.db = db;
        this.lsn = lsn;
        this.timeMillis = timeMillis;
    }

    /** The function libraries as of the view (the engine never changes a stored payload in place). */
    byte[] functions() {
        return functions;
    }

    /** The LSN of the last batch the view includes. */
    public long lsn() {
        return lsn;
    }

    public long timeMillis() {
        return timeMillis;
    }

    /** The database the point reads and scans are in. */
    public int db() {
        return db;
    }

    /** Keys in the view's database, counting expired ones not yet reclaimed. */
    public int size() {
        return size(db);
    }

    public ValueType type(byte[] key) {
        return EntryKeys.typeOf(live(key));
    }

    /** The string at {@code key}, or null when absent. */
    public byte[] get(byte[] key) {
        Object e = live(key);
        if (e == null) {
            return null;
        }
        if (e instanceof byte[] r && !StringRecord.isDocument(r)) {
            return StringRecord.value(r);
        }
        throw new WrongTypeException(ValueType.STRING, EntryKeys.typeOf(e));
    }

    /** The stored bytes of the JSON document at {@code key} (a copy), or null when absent. */
    public byte[] document(byte[] key) {
        Object e = live(key);
        if (e == null) {
            return null;
        }
        if (e instanceof byte[] r && StringRecord.isDocument(r)) {
            return StringRecord.value(r);
        }
        throw new WrongTypeException(ValueType.JSON, EntryKeys.typeOf(e));
    }

    public List<Map.Entry<byte[], byte[]>> hgetAll(byte[] key) {
        Object e = live(key);
        if (e == null) {
            return List.of();
        }
        if (!(e instanceof HashEntry h)) {
            throw new WrongTypeException(ValueType.HASH, EntryKeys.typeOf(e));
        }
        List<Map.Entry<byte[], byte[]>> out = new ArrayList<>(h.size());
        h.forEach((f, v) -> out.add(new AbstractMap.SimpleImmutableEntry<>(f.clone(), v.clone())));
        return out;
    }

    /** Every element of the list at {@code key}, head to tail (copies, or a big element's stored array: do not modify); empty when absent. */
    public List<byte[]> list(byte[] key) {
        Object e = live(key);
        if (e == null) {
            return List.of();
        }
        if (!(e instanceof ListEntry l)) {
            throw new WrongTypeException(ValueType.LIST, EntryKeys.typeOf(e));
        }
        List<byte[]> out = new ArrayList<>(l.size());
        l.visit(0, l.size(), false, out::add);
        return out;
    }

    /** Every member of the sorted set at {@code key}, lowest first; empty when absent. */
    public List<ScoredMember> zset(byte[] key) {
        Object e = live(key);
        if (e == null) {
            return List.of();
        }
        if (!(e instanceof ZSetEntry z)) {
            throw new WrongTypeException(ValueType.ZSET, EntryKeys.typeOf(e));
        }
        List<ScoredMember> out = new ArrayList<>(z.size());
        z.forEach(0, z.size(), out::add);
        return out;
    }

    /** Live keys in order from {@code from} (null: the first), at most {@code limit}. */
    public List<byte[]> scanKeys(byte[] from, boolean exclusive, int limit) {
        List<byte[]> out = new ArrayList<>();
        if (limit <= 0) {
            return out;
        }
        DiskTier.KeyVisitor visitor = (k, expireAt) -> {
            if (expireAt == 0 || expireAt > timeMillis) {
                out.add(k);
            }
            return out.size() < limit;
        };
        if (disk[db] == null) {
            view.scan(from, exclusive, e -> visitor.visit(EntryKeys.INSTANCE.key(e), EntryKeys.expireAtOf(e)));
        } else {
            disk[db].scan(view, from, exclusive, visitor);
        }
        return out;
    }

    int databaseCount() {
        return views.length;
    }

    /** Keys in database {@code db}, expired ones included. */
    int size(int db) {
        return disk[db] == null ? views[db].size() : (int) Math.min(disk[db].keys(), Integer.MAX_VALUE);
    }

    /** Whether database {@code db} is a disk database (its entries are in its engine, not in a snapshot). */
    boolean isDisk(int db) {
        return disk[db] != null;
    }

    /** Visits every raw entry of database {@code db}, expired ones included, in key order; for checkpoints. */
    void forEachEntry(int db, io.cairn.storage.index.OrderedIndex.Visitor<Object> visitor) {
        views[db].scan(null, false, visitor);
    }

    /** The raw live entry at {@code key}, for tests of copy-on-write in this package. */
    Object entry(byte[] key) {
        return live(key);
    }

    private Object live(byte[] key) {
        Object e = view.get(key);
        if (disk[db] != null) {
            e = e == null ? disk[db].get(key) : disk[db].rebase(e);
        }
        return e == null || EntryKeys.expired(e, timeMillis) ? null : e;
    }

    @Override
    public void close() {
        for (DiskTier.View d : disk) {
            if (d != null) {
                d.close();
            }
        }
        store.closeViews(views);
    }
}
