package io.cairn.storage.engine;

import io.cairn.storage.index.HashIndex;
import io.cairn.storage.index.OrderedIndex;
import io.cairn.storage.index.View;

/**
 * The live keyspace: every entry sits in a {@link HashIndex} for point operations and in an
 * {@link OrderedIndex} for scans and read views. Physical operations only: no expiry logic, no
 * type rules and no logging; {@link Txn} adds those on top, and WAL replay calls these directly.
 *
 * <p>Not thread-safe: the store's lock serialises all access.
 */
final class Keyspace {
    final HashIndex<Object> hash;
    final OrderedIndex<Object> tree;
    /** Changes of part of a string (SETRANGE, SETBIT...): see {@link StringRanges}. */
    final StringRanges strings = new StringRanges(this);
    /**
     * The copy-on-write rule for the nodes inside collections (a hash's packed fields and trie
     * chunks, a sorted set's nodes), from {@link #tree}'s views.
     */
    final CowClock cow;
    /**
     * The bounds of the small layouts that writes apply now, the same in every database ({@link
     * Databases#encodings(Encodings)} sets them all); {@code CONFIG SET} replaces them.
     */
    volatile Encodings encodings = Encodings.DEFAULTS;
    private long volatileKeys;
    /**
     * The sum of the expiry times (ms) of the keys that carry one, as a 128-bit two's-complement
     * integer (high and low halves) so that no count of keys and no expiry time overflows it; kept
     * with each write, O(1), for INFO keyspace's {@code avg_ttl}.
     */
    private long expireSumHigh;
    private long expireSumLow;
    /** Each key's access clock: what a new key starts with and what an access makes of it. */
    final AccessClocks clocks;
    /**
     * The estimated bytes of every entry held ({@link MemoryEstimate}), kept with each write: a
     * string's from its record, a collection's as {@link CollectionEntry#accounted} says.
     */
    private long bytes;
    /** Every database's {@link #bytes} together, which each keyspace of a store moves with its own. */
    final Total total;
    /**
     * Null for a memory database. For a disk database, its entries in the {@link DiskEngine}: this
     * keyspace's indexes then hold only its stage (what changed since the last save, and what was
     * read since), {@link #get} loads the rest on demand, and the key and expiry figures cover both.
     */
    final DiskTier disk;

    /** A running sum the store's keyspaces share. */
    static final class Total {
        long bytes;
    }

    Keyspace(int expectedKeys) {
        this(expectedKeys, new io.cairn.storage.index.Epochs(), new AccessClocks(), new Total());
    }

    /**
     * A keyspace whose views share {@code epochs}, whose keys' clocks follow {@code clocks}, and
     * whose bytes add to {@code total}, with the store's other databases.
     */
    Keyspace(int expectedKeys, io.cairn.storage.index.Epochs epochs, AccessClocks clocks, Total total) {
        this(expectedKeys, epochs, clocks, total, null);
    }

    /** As above; a disk database's when {@code disk} is not null. */
    Keyspace(int expectedKeys, io.cairn.storage.index.Epochs epochs, AccessClocks clocks, Total total, DiskTier disk) {
        this.disk = disk;
        this.hash = new HashIndex<>(EntryKeys.INSTANCE, expectedKeys);
        this.tree = new OrderedIndex<>(EntryKeys.INSTANCE, epochs);
        this.cow = CowClock.of(tree);
        this.clocks = clocks;
        this.total = total;
    }

    private void addBytes(long delta) {
        bytes += delta;
        if (disk == null) {
            total.bytes += delta;
        } else { // a disk database's stage is bounded by its own setting, not maxmemory
            disk.stage.bytes += delta;
        }
    }

    /** The estimated bytes of the entries held (the sum of their {@link MemoryEstimate}s, collections' kept approximately). */
    long bytes() {
        return bytes;
    }

    int size() {
        return disk == null ? hash.size() : (int) Math.min(disk.keys, Integer.MAX_VALUE);
    }

    /** Number of keys that carry an expiry, expired or not. */
    long volatileKeys() {
        return volatileKeys;
    }

    /**
     * INFO keyspace's {@code avg_ttl}: the mean time left, in milliseconds, of the keys that carry an
     * expiry, at {@code nowMillis}; 0 when there are none or the mean is not positive. Exact rather
     * than sampled (Redis estimates it from its active expire cycle's samples), except that a key
     * already expired but not yet reclaimed counts with its negative time left.
     */
    long averageTtl(long nowMillis) {
        if (volatileKeys == 0) {
            return 0;
        }
        double sum = expireSumHigh * 0x1p64 + unsigned(expireSumLow);
        double mean = sum / volatileKeys - nowMillis;
        return mean > 0 ? (long) mean : 0;
    }

    private static double unsigned(long v) {
        return v >= 0 ? v : (v >>> 1) * 2.0 + (v & 1);
    }

    /** Adds {@code delta} (negative to take away) to the 128-bit expiry sum. */
    private void addToExpireSum(long delta) {
        long low = expireSumLow + delta;
        expireSumHigh += (delta >> 63) + (Long.compareUnsigned(low, expireSumLow) < 0 ? 1 : 0);
        expireSumLow = low;
    }

    Object get(byte[] key) {
        Object e = hash.get(key);
        return e != null || disk == null ? e : load(key);
    }

    /** The entry at {@code key}, counting an access to it (its clock moves, see {@link AccessClocks}). */
    Object touch(byte[] key) {
        Object e = hash.touch(key, clocks);
        return e != null || disk == null ? e : load(key);
    }

    /**
     * A disk database's entry that is not in the stage: read from the engine (unless the stage
     * knows it deleted), and held in the stage, clean, until the next save lets it go.
     */
    private Object load(byte[] key) {
        if (disk.deletedHere(key)) {
            return null;
        }
        byte[] value = disk.read(key);
        if (value == null) {
            return null;
        }
        Object e = disk.decode(key, value, tree.epoch(), cow, encodings);
        hash.put(e, clocks.initial());
        tree.put(e);
        accountBytes(null, e);
        return e;
    }

    /**
     * A disk database's save: its stage's changes into {@code batch}, then, once the caller has saved
     * it, {@link #letGo}.
     */
    void saveInto(DiskEngine.Batch batch) {
        disk.saveInto(batch, this, volatileKeys, expireSumHigh, expireSumLow);
    }

    /**
     * Visits the keys in order from {@code from} with their expiry, expired ones too: the ordered
     * index's, and for a disk database the engine's merged with its stage's.
     */
    void scanKeys(byte[] from, boolean exclusive, DiskTier.KeyVisitor visitor) {
        if (disk == null) {
            tree.scan(from, exclusive, e -> visitor.visit(EntryKeys.INSTANCE.key(e), EntryKeys.expireAtOf(e)));
            return;
        }
        DiskTier.scan(tree::scan, (f, x, v) -> disk.engine.scan(disk.db, f, x, v), k -> hash.get(k) != null,
                disk::deletedHere, disk.cleared(), from, exclusive, visitor);
    }

    /** After a save: the stage is let go (an open view keeps what it saw). */
    void letGo() {
        hash.clear();
        tree.clear();
        addBytes(-bytes);
    }

    /** A disk database's figures as its last save recorded them (at open). */
    void restoreFigures(long volatileKeys, long expireSumHigh, long expireSumLow) {
        this.volatileKeys = volatileKeys;
        this.expireSumHigh = expireSumHigh;
        this.expireSumLow = expireSumLow;
    }

    /**
     * At least this many changes to lists and streams between two measures of one of them whole
     * ({@link #reaccount}); more for a long one (a sixteenth of its length), so the walk of its
     * chunks stays a small share of the changes' cost.
     */
    static final int SEQUENCE_REMEASURE = 64;
    // The writer's: changes to lists and streams, for reaccount's sampling.
    private long sequenceChanges;
    private long nextSequenceMeasure;

    /** Inserts or replaces the entry under its key; a new key's clock starts now, a replaced one's stays. */
    void put(Object entry) {
        byte[] key = null;
        if (disk != null) {
            key = EntryKeys.INSTANCE.key(entry);
            if (hash.get(key) == null) {
                load(key); // what it replaces, so the figures move right
            }
        }
        Object old = hash.put(entry, clocks.initial());
        tree.put(entry);
        account(old, entry);
        if (disk != null) {
            disk.changed(key, old == null ? 1 : 0);
            disk.dropped(old);
        }
    }

    /**
     * After a change inside the collection at {@code key} that had {@code sizeBefore} elements
     * (-1: it did not exist): brings its share of {@link #bytes} up to date. Measured again
     * ({@link MemoryEstimate}, sampled) while small, when its size crosses a power of two, and
     * for lists and streams now and then too ({@link #SEQUENCE_REMEASURE}: their figure walks
     * every chunk, and a change may not move their size: LSET, a stream's groups); otherwise moved
     * by its mean bytes per element: amortised O(1) per change.
     */
    void reaccount(byte[] key, int sizeBefore) {
        if (!(hash.get(key) instanceof CollectionEntry c)) {
            return;
        }
        int n = c.size();
        long now;
        boolean sequence = c instanceof ListEntry || c instanceof StreamEntry;
        // A big collection on disk holds only what it wrote since the save, which its size does not tell.
        boolean remeasure = c.saved() != null;
        if (sequence && ++sequenceChanges >= nextSequenceMeasure) {
            remeasure = true;
            nextSequenceMeasure = sequenceChanges + Math.max(SEQUENCE_REMEASURE, n / 16);
        }
        if (sizeBefore <= 0 || n <= 16 || remeasure || Integer.highestOneBit(n) != Integer.highestOneBit(sizeBefore)) {
            now = MemoryEstimate.of(c, MemoryEstimate.ACCOUNTING_SAMPLES);
        } else {
            now = c.accounted + (long) (n - sizeBefore) * (c.accounted / sizeBefore);
        }
        addBytes(now - c.accounted);
        c.accounted = now;
    }

    /** The size of the collection at {@code key}, -1 when it holds none (for {@link #reaccount}). */
    int collectionSize(byte[] key) {
        return hash.get(key) instanceof CollectionEntry c ? c.size() : -1;
    }

    /**
     * Sets a string. When the key already holds a string of the same length (the common case of
     * an update) and no read view is open, the bytes are overwritten in place: no allocation and
     * no index change. Otherwise a new record replaces the old one in both indexes.
     */
    void putString(byte[] key, byte[] value, long expireAt) {
        if (!tree.hasOpenViews() && get(key) instanceof byte[] r) {
            long before = EntryKeys.expireAtOf(r);
            if (StringRecord.overwrite(r, key.length, value, expireAt)) {
                if (before != expireAt) { // both set: overwrite keeps the expiry's presence
                    addToExpireSum(expireAt);
                    addToExpireSum(-before);
                }
                if (disk != null) {
                    disk.changed(key, 0);
                }
                return;
            }
        }
        put(StringRecord.encode(key, value, expireAt));
    }

    /**
     * Sets a JSON document: always a new record (documents are not overwritten in place, so a
     * read view keeps seeing the bytes it saw).
     */
    void putDocument(byte[] key, byte[] document, long expireAt) {
        put(StringRecord.encodeDocument(key, document, expireAt));
    }

    Object remove(byte[] key) {
        if (disk != null && hash.get(key) == null) {
            load(key);
        }
        Object old = hash.remove(key);
        if (old != null) {
            tree.remove(key);
            account(old, null);
            if (disk != null) {
                disk.changed(key, -1);
                disk.dropped(old);
            }
        }
        return old;
    }

    void clear() {
        if (disk != null) {
            disk.clear();
        }
        hash.clear();
        tree.clear();
        addBytes(-bytes);
        volatileKeys = 0;
        expireSumHigh = 0;
        expireSumLow = 0;
    }

    /** The entry itself if no open view can see it, else a copy that replaced it in both indexes. */
    @SuppressWarnings("unchecked")
    <T extends CollectionEntry> T mutable(T e) {
        if (!tree.isShared(e.epoch)) {
            return e;
        }
        T copy = (T) e.copy(tree.epoch());
        copy.accounted = e.accounted;
        put(copy);
        return copy;
    }

    /** {@code set-max-intset-entries}: the most members a set keeps in the intset layout. */
    int setMaxIntsetEntries() {
        return (int) Math.min(encodings.setMaxIntsetEntries(), Integer.MAX_VALUE);
    }

    /** {@code list-max-listpack-size}: how big a list chunk grows (see {@link Listpack}). */
    int listFill() {
        return encodings.listMaxListpackSize();
    }

    HashEntry newHash(byte[] key) {
        HashEntry e = HashEntry.empty(key.clone(), 0, cow, 1);
        put(e);
        return e;
    }

    /**
     * Moves the collection at {@code source} to {@code target}, replacing what {@code target}
     * held, without copying its contents: the entry itself changes key, or, when an open view may
     * see it, a {@link CollectionEntry#copy} of it does (which shares the contents where the type
     * can). Its expiry goes with it.
     *
     * @throws IllegalStateException when {@code source} holds no collection
     */
    void rename(byte[] source, byte[] target) {
        if (!(get(source) instanceof CollectionEntry c)) {
            throw new IllegalStateException("rename of a key that holds no collection");
        }
        remove(source);
        CollectionEntry moved = tree.isShared(c.epoch) ? c.copy(tree.epoch()) : c;
        moved.accounted = 0; // measured again under its new key
        moved.key = target.clone();
        put(moved);
    }

    ZSetEntry newZSet(byte[] key) {
        ZSetEntry e = new ZSetEntry(key.clone(), 0, tree.epoch());
        put(e);
        return e;
    }

    ListEntry newList(byte[] key) {
        ListEntry e = new ListEntry(key.clone(), 0, tree.epoch());
        put(e);
        return e;
    }

    /** Sets the expiry of an existing entry (0 removes it); returns the entry now in the indexes. */
    Object setExpiry(Object e, long expireAt) {
        if (e instanceof byte[] r) {
            byte[] updated = StringRecord.withExpiry(r, expireAt);
            put(updated);
            return updated;
        }
        CollectionEntry c = mutable((CollectionEntry) e);
        long before = c.expireAt;
        c.expireAt = expireAt;
        if (before == 0 && expireAt > 0) {
            volatileKeys++;
        } else if (before > 0 && expireAt == 0) {
            volatileKeys--;
        }
        addToExpireSum(expireAt);
        addToExpireSum(-before);
        return c;
    }

    View<Object> openView() {
        return tree.openView();
    }

    private void account(Object old, Object now) {
        accountBytes(old, now);
        long before = old == null ? 0 : EntryKeys.expireAtOf(old);
        long after = now == null ? 0 : EntryKeys.expireAtOf(now);
        if (before > 0) {
            volatileKeys--;
            addToExpireSum(-before);
        }
        if (after > 0) {
            volatileKeys++;
            addToExpireSum(after);
        }
    }

    private void accountBytes(Object old, Object now) {
        if (old != null) {
            addBytes(-(old instanceof CollectionEntry c ? c.accounted : MemoryEstimate.of(old, 0)));
        }
        if (now instanceof CollectionEntry c) {
            if (c.accounted == 0) {
                c.accounted = MemoryEstimate.of(c, MemoryEstimate.ACCOUNTING_SAMPLES);
            }
            addBytes(c.accounted);
        } else if (now != null) {
            addBytes(MemoryEstimate.of(now, 0));
        }
    }
}
