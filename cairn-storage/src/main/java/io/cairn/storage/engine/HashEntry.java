package io.cairn.storage.engine;

/**
 * A hash: field to value. In the big layout both are byte arrays never changed once stored (a
 * write replaces the array) and handed out as they are; the small layout packs them in one array
 * and hands out copies. Two layouts, as Redis's: a small hash keeps its fields in a {@link PackedFields}
 * (OBJECT ENCODING {@code listpack}), in the order they came; past the {@link Encodings} bounds it
 * moves them, once and for good, to a {@link FieldTrie} ({@code hashtable}), in hash order.
 *
 * <p>In a disk database, a big hash read back from the engine takes a third layout, {@link
 * DiskFields}: its fields stay in the engine and only those written since the last save are held
 * ({@code hashtable} too, as OBJECT ENCODING calls it).
 *
 * <p>Copy-on-write by parts: {@link #copy} shares the layout, and the layout copies what a write
 * changes (the packed array, or one trie leaf and the nodes above it) only when an open view may
 * see it. So the first write after a checkpoint started costs O(one chunk), whatever the size.
 */
final class HashEntry extends CollectionEntry {
    /** Receives a field and its value: the stored arrays, which the visitor must not change. */
    @FunctionalInterface
    interface FieldVisitor {
        void visit(byte[] field, byte[] value);
    }

    /** A {@link PackedFields}, the root {@link FieldTrie.Node}, or a {@link DiskFields}. */
    private Object table;
    private int size;
    /**
     * On disk only: the last field read and its value (null: absent), so that the write which
     * follows a command's check of a field (HSET's "is it new?") does not read its part again.
     * Only the store's writer reads a stage entry (a view reads a copy on its snapshot).
     */
    private byte[] lastField;
    private byte[] lastValue;

    private HashEntry(byte[] key, long expireAt, long epoch, Object table, int size) {
        super(key, expireAt, epoch);
        this.table = table;
        this.size = size;
    }

    /** An empty hash in the small layout, to which the caller adds at least one field. */
    static HashEntry empty(byte[] key, long expireAt, CowClock clock, int expectedFields) {
        return new HashEntry(key, expireAt, clock.stamp(), new PackedFields(clock.stamp(), expectedFields), 0);
    }

    /** A disk database's big hash of {@code size} fields, kept by the engine ({@link DiskFields}). */
    static HashEntry onDisk(byte[] key, long expireAt, long epoch, DiskFields fields, int size) {
        return new HashEntry(key, expireAt, epoch, fields, size);
    }

    /** The fields in the engine, or null when this hash holds them all itself. */
    @Override
    SavedParts saved() {
        return diskFields();
    }

    DiskFields diskFields() {
        return table instanceof DiskFields d ? d : null;
    }

    @Override
    HashEntry on(DiskParts snapshot) {
        return table instanceof DiskFields d ? new HashEntry(key, expireAt, epoch, d.on(snapshot), size) : this;
    }

    @Override
    ValueType type() {
        return ValueType.HASH;
    }

    @Override
    int size() {
        return size;
    }

    /** {@code "listpack"} or {@code "hashtable"}, as Redis names the two layouts. */
    String encoding() {
        return table instanceof PackedFields ? "listpack" : "hashtable";
    }

    byte[] get(byte[] field) {
        if (table instanceof DiskFields d) {
            if (lastField == null || !java.util.Arrays.equals(lastField, field)) {
                lastValue = d.get(field);
                lastField = field;
            }
            return lastValue;
        }
        return table instanceof PackedFields p ? p.get(field) : FieldTrie.get((FieldTrie.Node) table, field, FieldHash.of(field));
    }

    boolean contains(byte[] field) {
        return get(field) != null;
    }

    /**
     * Sets a field; returns the previous value or null. Moves a small hash to the big layout when
     * this write takes it past the bounds, as Redis converts at the write that crosses them.
     */
    byte[] put(byte[] field, byte[] value, CowClock clock, Encodings bounds) {
        if (table instanceof DiskFields d) {
            return write(d, field, value, clock);
        }
        if (table instanceof PackedFields p) {
            if (bounds.smallHash(size + (p.get(field) == null ? 1 : 0), Math.max(field.length, value.length))) {
                PackedFields w = p.writable(clock);
                table = w;
                byte[] old = w.put(field, value);
                size = w.size();
                return old;
            }
            table = FieldTrie.of(p, clock);
        }
        long h = FieldHash.of(field);
        FieldTrie.Node root = (FieldTrie.Node) table;
        byte[] old = FieldTrie.get(root, field, h);
        table = FieldTrie.put(root, field, h, value, old == null, clock);
        if (old == null) {
            size++;
        }
        return old;
    }

    /** Removes a field; returns its value, or null when it was not there (nothing is copied then). */
    byte[] remove(byte[] field, CowClock clock) {
        if (table instanceof DiskFields d) {
            return write(d, field, DiskFields.GONE, clock);
        }
        if (table instanceof PackedFields p) {
            if (p.get(field) == null) {
                return null;
            }
            PackedFields w = p.writable(clock);
            table = w;
            byte[] old = w.remove(field);
            size = w.size();
            return old;
        }
        long h = FieldHash.of(field);
        FieldTrie.Node root = (FieldTrie.Node) table;
        byte[] old = FieldTrie.get(root, field, h);
        if (old == null) {
            return null;
        }
        FieldTrie.Node now = FieldTrie.remove(root, field, h, clock);
        // An emptied hash leaves the keyspace with its last field; keep a valid (empty) table meanwhile.
        table = now != null ? now : new PackedFields(clock.stamp(), 0);
        size--;
        return old;
    }

    /** A write to a hash on disk: into its overlay ({@code value} {@link DiskFields#GONE} removes); returns the previous value. */
    private byte[] write(DiskFields d, byte[] field, byte[] value, CowClock clock) {
        byte[] old = get(field); // usually the check before it read it: no second part read
        if (old == null && value == DiskFields.GONE) {
            return null;
        }
        table = d.with(field, value, clock);
        lastField = field;
        lastValue = value == DiskFields.GONE ? null : value;
        if (old == null) {
            size++;
        } else if (value == DiskFields.GONE) {
            size--;
        }
        return old;
    }

    /** Visits every field: in insertion order when small, in hash order when big. */
    void forEach(FieldVisitor v) {
        if (table instanceof DiskFields d) {
            d.visitFrom(0, (h, f, value) -> {
                v.visit(f, value);
                return true;
            });
        } else if (table instanceof PackedFields p) {
            p.forEach(v);
        } else {
            FieldTrie.forEach((FieldTrie.Node) table, v);
        }
    }

    /**
     * Visits the field of rank {@code rank} ({@code 0 <= rank < size}) in {@link #forEach}'s
     * order: O(rank) when small (a walk of the packed array, whose fields it copies), O(log n) when
     * big, without copying or visiting the other fields.
     */
    void visitAt(int rank, FieldVisitor v) {
        if (table instanceof DiskFields d) {
            if (rank < 0 || rank >= size) {
                throw new IndexOutOfBoundsException("rank " + rank + " of " + size + " fields");
            }
            d.visitNear(rank, size, v);
        } else if (table instanceof PackedFields p) {
            if (rank < 0 || rank >= p.size()) {
                throw new IndexOutOfBoundsException("rank " + rank + " of " + p.size() + " fields");
            }
            p.visitAt(rank, v);
        } else {
            FieldTrie.at((FieldTrie.Node) table, rank, v);
        }
    }

    /**
     * One page of a cursor over the fields (HSCAN): visits about {@code count} fields from
     * {@code cursor} (0 to start) and returns the cursor to pass next, 0 when every field was
     * visited. A small hash is visited whole in one page, as Redis does with a listpack. A big
     * one pages in hash order (see {@link FieldTrie#scan}): every field present from the first
     * page to the last is visited at least once, and none twice, whatever writes happen between
     * pages.
     */
    long scanFields(long cursor, int count, FieldVisitor v) {
        if (table instanceof DiskFields d) {
            return d.scan(cursor, count, v);
        }
        if (table instanceof PackedFields p) {
            p.forEach(v);
            return 0;
        }
        return FieldTrie.scan((FieldTrie.Node) table, cursor, count, v);
    }

    /** The layout, for tests. */
    Object table() {
        return table;
    }

    /** A copy stamped with {@code epoch}, sharing the layout (which copies its own parts on write). */
    @Override
    HashEntry copy(long epoch) {
        return new HashEntry(key, expireAt, epoch, table, size);
    }

    /** HSCAN: the field cursor above ({@link #scanFields}); values are the stored arrays. */
    @Override
    long scan(long cursor, int count, ScanVisitor visitor) {
        return scanFields(cursor, count, visitor::visit);
    }
}
