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
 * Expiry is judged at the view's own time, so the view is stable.
 */
public final class ReadView implements AutoCloseable {
    private final Store store;
    private final View<Object> view;
    private final long lsn;
    private final long timeMillis;

    ReadView(Store store, View<Object> view, long lsn, long timeMillis) {
        this.store = store;
        this.view = view;
        this.lsn = lsn;
        this.timeMillis = timeMillis;
    }

    /** The LSN of the last batch the view includes. */
    public long lsn() {
        return lsn;
    }

    public long timeMillis() {
        return timeMillis;
    }

    /** Keys in the view, counting expired ones not yet reclaimed. */
    public int size() {
        return view.size();
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

    /** Live keys in order from {@code from} (null: the first), at most {@code limit}. */
    public List<byte[]> scanKeys(byte[] from, boolean exclusive, int limit) {
        List<byte[]> out = new ArrayList<>();
        if (limit <= 0) {
            return out;
        }
        view.scan(from, exclusive, e -> {
            if (!EntryKeys.expired(e, timeMillis)) {
                out.add(EntryKeys.INSTANCE.key(e));
            }
            return out.size() < limit;
        });
        return out;
    }

    /** Visits every raw entry, expired ones included, in key order; for checkpoints. */
    void forEachEntry(io.cairn.storage.index.OrderedIndex.Visitor<Object> visitor) {
        view.scan(null, false, visitor);
    }

    private Object live(byte[] key) {
        Object e = view.get(key);
        return e == null || EntryKeys.expired(e, timeMillis) ? null : e;
    }

    @Override
    public void close() {
        store.closeView(view);
    }
}
