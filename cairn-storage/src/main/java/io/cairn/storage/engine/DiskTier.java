package io.cairn.storage.engine;

import io.cairn.common.Varints;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * A disk database's side of its {@link Keyspace}: the engine it saves to, which keys its stage
 * changed since the last save, and the count of its keys. A value in the engine is an entry as a
 * snapshot holds it ({@link SnapshotWriter#encode}) without its key, which the engine's key
 * already is: {@code kind, varint expireAt, contents} ({@code docs/format/disk.md}), so the expiry
 * reads without decoding the rest.
 *
 * <p>Not thread-safe: the store's lock serialises all access.
 */
final class DiskTier {
    /**
     * The figures a save records per database: keys, keys with an expiry, the expiry sum's halves,
     * the next id for a big hash's parts and the seed of field hashes (the last two absent in the
     * first slice's 32 bytes).
     */
    private static final int FIGURES_BYTES = 48;
    private static final int FIRST_FIGURES_BYTES = 32;

    final DiskEngine engine;
    final int db;
    /** Keys changed since the last save (in the stage, or deleted from it). */
    private final Set<Key> changed = new HashSet<>();
    /** Whether the whole database was cleared since the last save (FLUSHDB). */
    private boolean cleared;
    /** Live keys, in the engine and the stage together (expired ones not yet reclaimed counted). */
    long keys;
    /** Whether the engine holds this database (a save recorded its figures). */
    private boolean known;
    /** The seed of this database's field hashes ({@link DiskFields}), kept in its figures. */
    long seed = FieldHash.newSeed();
    /** The id the next big hash saved gets. */
    private long nextId = 1;
    /** The big hashes on disk the stage removed or replaced since the last save (their parts may go). */
    private final java.util.List<SavedParts> dropped = new java.util.ArrayList<>();

    /** Every disk database's stage bytes together. */
    final Keyspace.Total stage;

    DiskTier(DiskEngine engine, int db, Keyspace.Total stage) {
        this.engine = engine;
        this.db = db;
        this.stage = stage;
    }

    /**
     * Reads what the last save recorded for this database into {@code ks}; false when it never
     * saved (a database that has just become a disk database).
     */
    boolean restore(Keyspace ks) {
        byte[] figures = engine.meta(db);
        if (figures == null) {
            return false;
        }
        ByteBuffer b = ByteBuffer.wrap(figures).order(ByteOrder.LITTLE_ENDIAN);
        keys = b.getLong();
        ks.restoreFigures(b.getLong(), b.getLong(), b.getLong());
        if (figures.length >= FIGURES_BYTES) {
            nextId = b.getLong();
            seed = b.getLong();
        }
        known = true;
        return true;
    }

    /** Whether the engine already holds this database's state (so recovery reads it there). */
    boolean known() {
        return known;
    }

    void changed(byte[] key, int keysDelta) {
        changed.add(new Key(key));
        keys += keysDelta;
    }

    void clear() {
        changed.clear();
        dropped.clear();
        cleared = true;
        keys = 0;
    }

    /** The stage removed or replaced {@code entry}: if it is a big hash on disk, its parts may go at the save. */
    void dropped(Object entry) {
        if (entry instanceof CollectionEntry c && c.saved() instanceof SavedParts d && d.db == db) {
            dropped.add(d);
        }
    }

    /** The entry at {@code key} for the engine's {@code value}, a big hash's fields read from the live engine. */
    Object decode(byte[] key, byte[] value, long epoch, CowClock cow, Encodings encodings) {
        return decode(key, value, epoch, cow, encodings, engine, db, seed);
    }

    /** Whether the stage deleted {@code key} (it holds no entry for it but changed it, or cleared all). */
    boolean deletedHere(byte[] key) {
        return cleared || changed.contains(new Key(key));
    }

    byte[] read(byte[] key) {
        return engine.get(db, key);
    }

    /**
     * The stage's changes, in order: the clear, each changed key's entry (or its deletion), the
     * parts of the big hashes no entry keeps any more, the figures.
     *
     * <p>A big hash on disk ({@link DiskFields}) writes only its metadata and the fields it wrote
     * when it keeps its parts' id: when its key owns them, or when their owner was deleted or
     * replaced and it is the first to claim them (a RENAME, a MOVE back). Any other entry that
     * reads them (a COPY, a MOVE from another database, any after a FLUSHDB) writes every field
     * under a new id, and a big hash the stage built whole in memory does too. Parts no saved
     * entry keeps are removed by one range deletion per hash.
     */
    void saveInto(DiskEngine.Batch batch, Keyspace ks, long volatileKeys, long expireSumHigh, long expireSumLow) {
        if (cleared) {
            batch.clear(db);
        }
        // One pass: every entry but a big collection whose parts are this database's is written at
        // once; those wait until it is known which of them keeps its parts.
        java.util.Map<Key, SavedParts> onDisk = new java.util.LinkedHashMap<>();
        for (Key k : changed) {
            Object e = ks.hash.get(k.bytes);
            if (e == null) {
                if (!cleared) {
                    batch.delete(db, k.bytes);
                }
            } else if (!(e instanceof CollectionEntry c)) {
                batch.put(db, k.bytes, value(e));
            } else if (!cleared && ownParts(c) instanceof SavedParts d) {
                onDisk.put(k, d);
            } else if (split(c)) {
                batch.put(db, k.bytes, saveFields(batch, c, k, java.util.Map.of()));
            } else {
                batch.put(db, k.bytes, value(e));
            }
        }
        java.util.Map<Long, Key> keeps = new java.util.HashMap<>();
        onDisk.forEach((k, d) -> { // owners that still hold their parts
            if (Arrays.equals(d.owner, k.bytes)) {
                keeps.put(d.id, k);
            }
        });
        onDisk.forEach((k, d) -> { // then a renamed or moved-back collection whose owner went
            if (!keeps.containsKey(d.id) && changed.contains(new Key(d.owner))) {
                keeps.put(d.id, k);
            }
        });
        for (Key k : onDisk.keySet()) {
            batch.put(db, k.bytes, saveFields(batch, (CollectionEntry) ks.hash.get(k.bytes), k, keeps));
        }
        if (!cleared) {
            for (SavedParts d : dropped) {
                if (!keeps.containsKey(d.id) && changed.contains(new Key(d.owner))) {
                    batch.deleteParts(db, SavedParts.first(d.id), SavedParts.end(d.id));
                    if (d instanceof DiskScores z) {
                        batch.deleteParts(db, SavedParts.first(z.indexId()), SavedParts.end(z.indexId()));
                    }
                    keeps.put(d.id, null); // once
                }
            }
        }
        ByteBuffer figures = ByteBuffer.allocate(FIGURES_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        figures.putLong(keys).putLong(volatileKeys).putLong(expireSumHigh).putLong(expireSumLow);
        figures.putLong(nextId).putLong(seed);
        batch.meta(db, figures.array());
    }

    /**
     * Whether the collection is saved as parts: a hash in the hashtable layout, a set in it past
     * {@value HashOrder#WHOLE} members (a smaller one is one value, as a listpack would be), a
     * list in the quicklist layout, and any once it is on disk so.
     */
    private static boolean split(CollectionEntry c) {
        return c.saved() != null
                || c instanceof HashEntry h && h.encoding().equals("hashtable")
                || c instanceof SetEntry s && s.encoding().equals("hashtable") && s.size() > HashOrder.WHOLE
                || c instanceof ListEntry l && l.encoding().equals("quicklist")
                || c instanceof ZSetEntry z && z.size() > HashOrder.WHOLE
                || c instanceof StreamEntry st && st.size() > HashOrder.WHOLE;
    }

    /** The entry's {@link SavedParts} when they are this database's parts, else null. */
    private SavedParts ownParts(Object e) {
        return e instanceof CollectionEntry c && c.saved() instanceof SavedParts d && d.db == db ? d : null;
    }

    /**
     * A big collection's elements into the batch (only those it wrote, when it keeps its parts;
     * else every one under a new id); returns its metadata value.
     */
    private byte[] saveFields(DiskEngine.Batch batch, CollectionEntry c, Key k, java.util.Map<Long, Key> keeps) {
        SavedParts d = c.saved();
        boolean keep = d != null && d.db == db && k.equals(keeps.get(d.id));
        if (c instanceof ListEntry l) {
            return saveList(batch, l, keep);
        }
        if (c instanceof ZSetEntry z) {
            return saveZSet(batch, z, keep);
        }
        if (c instanceof StreamEntry st) {
            return saveStream(batch, st, keep);
        }
        long id;
        if (keep) {
            id = d.id;
            ((DiskFields) d).forEachWritten((hash, f, v) -> {
                byte[] part = DiskFields.partKey(id, hash, f);
                if (v == DiskFields.GONE) {
                    batch.deletePart(db, part);
                } else {
                    batch.putPart(db, part, v);
                }
                return true;
            });
        } else {
            id = nextId++;
            if (c instanceof HashEntry h) {
                h.forEach((f, v) -> batch.putPart(db, DiskFields.partKey(id, FieldHash.of(seed, f), f), v));
            } else {
                ((SetEntry) c).forEach(m -> batch.putPart(db, DiskFields.partKey(id, FieldHash.of(seed, m), m), DiskFields.PRESENT));
            }
        }
        return splitValue(c instanceof HashEntry ? SnapshotFormat.KIND_HASH : SnapshotFormat.KIND_SET, c.expireAt, c.size(), id, 0);
    }

    /**
     * A big list: when it keeps its parts, the elements it wrote inside its window and a range
     * deletion of the saved ones the window left; else every element under a new id.
     */
    private byte[] saveList(DiskEngine.Batch batch, ListEntry l, boolean keep) {
        if (keep) {
            DiskList d = (DiskList) l.saved();
            long savedEnd = d.savedHead + d.savedSize;
            long end = d.head + d.size;
            if (d.head > d.savedHead) {
                batch.deleteParts(db, DiskList.partKey(d.id, d.savedHead), DiskList.partKey(d.id, Math.min(d.head, savedEnd)));
            }
            if (end < savedEnd) {
                batch.deleteParts(db, DiskList.partKey(d.id, Math.max(end, d.savedHead)), DiskList.partKey(d.id, savedEnd));
            }
            d.forEachWritten((at, v) -> batch.putPart(db, DiskList.partKey(d.id, at), v));
            return splitValue(SnapshotFormat.KIND_LIST, l.expireAt, l.size(), d.id, d.head);
        }
        long id = nextId++;
        long head = l.saved() instanceof DiskList d ? d.head : 0;
        long[] at = {head};
        l.visit(0, l.size(), false, e -> {
            batch.putPart(db, DiskList.partKey(id, at[0]++), e);
            return true;
        });
        return splitValue(SnapshotFormat.KIND_LIST, l.expireAt, l.size(), id, head);
    }

    /**
     * A big sorted set: when it keeps its parts, the members it wrote (each with its index part,
     * the index part of its saved score removed first); else every member and index part under a
     * new id.
     */
    private byte[] saveZSet(DiskEngine.Batch batch, ZSetEntry z, boolean keep) {
        long id;
        if (keep) {
            DiskScores d = z.saved();
            id = d.id;
            long index = d.indexId();
            if (d.before != null) {
                FieldTrie.visitFrom(d.before, 0, (hash, m, saved) -> {
                    if (saved != DiskFields.GONE) {
                        batch.deletePart(db, DiskScores.indexKey(index, DiskScores.score(saved, 0), m));
                    }
                    return true;
                });
            }
            d.members.forEachWritten((hash, m, v) -> {
                byte[] part = DiskFields.partKey(id, hash, m);
                if (v == DiskFields.GONE) {
                    batch.deletePart(db, part);
                } else {
                    batch.putPart(db, part, v);
                    batch.putPart(db, DiskScores.indexKey(index, DiskScores.score(v, 0), m), DiskScores.indexValue());
                }
                return true;
            });
        } else {
            id = nextId++;
            long index = id | DiskScores.INDEX;
            z.forEach(0, z.size(), m -> {
                byte[] member = m.memberBytes();
                batch.putPart(db, DiskFields.partKey(id, FieldHash.of(seed, member), member), DiskScores.scoreBytes(m.score()));
                batch.putPart(db, DiskScores.indexKey(index, m), DiskScores.indexValue());
            });
        }
        return splitValue(SnapshotFormat.KIND_ZSET, z.expireAt, z.size(), id, 0);
    }

    /**
     * A big stream: when it keeps its parts, a range deletion of the saved entries its head trim
     * took, a deletion of each saved entry deleted, and the entries appended; else every entry
     * under a new id. Its value holds its metadata and groups (the snapshot encoding of the
     * stream without its entries) after the parts' header.
     */
    private byte[] saveStream(DiskEngine.Batch batch, StreamEntry st, boolean keep) {
        long id;
        if (keep) {
            DiskStream d = st.saved();
            id = d.id;
            if (d.floor.compareTo(d.savedFloor) > 0) {
                batch.deleteParts(db, DiskStream.partKey(id, d.savedFloor), DiskStream.partKey(id, d.floor));
            }
            d.forEachGone(at -> batch.deletePart(db, DiskStream.partKey(id, at)));
            d.tail.scan(0, d.tail.size(), false, (b, off, len) -> {
                batch.putPart(db, DiskStream.partKey(id, StreamRecords.id(b, off)), Arrays.copyOfRange(b, off, off + len));
                return true;
            });
        } else {
            id = nextId++;
            st.scanAll((b, off, len) -> {
                batch.putPart(db, DiskStream.partKey(id, StreamRecords.id(b, off)), Arrays.copyOfRange(b, off, off + len));
                return true;
            });
        }
        byte[] head = splitValue(SnapshotFormat.KIND_STREAM, st.expireAt, st.size(), id, 0);
        byte[] meta = SnapshotWriter.encode(st.withoutEntries());
        byte[] out = Arrays.copyOf(head, head.length + meta.length);
        System.arraycopy(meta, 0, out, head.length, meta.length);
        return out;
    }

    /** Whether the stage holds changes a save would write. */
    boolean dirty() {
        return cleared || !changed.isEmpty();
    }

    /** The figures after {@link #saveInto}'s batch was saved: nothing is changed any more. */
    void saved() {
        changed.clear();
        dropped.clear();
        cleared = false;
        known = true;
    }

    boolean cleared() {
        return cleared;
    }

    // ------------------------------------------------------------------ scans and views

    /** One key of a scan, with its expiry (0: none); expired keys are visited too. */
    interface KeyVisitor {
        boolean visit(byte[] key, long expireAt);
    }

    /** The stage's side of a merged scan: its entries in key order. */
    interface StageScan {
        void scan(byte[] from, boolean exclusive, io.cairn.storage.index.OrderedIndex.Visitor<Object> visitor);
    }

    /** The engine's side of a merged scan. */
    interface EngineScan {
        void scan(byte[] from, boolean exclusive, DiskEngine.Visitor visitor);
    }

    /** How many engine keys a merged scan reads ahead of the stage's at a time. */
    private static final int SCAN_CHUNK = 256;

    /**
     * Visits a disk database's keys in order: the stage's entries, and the engine's keys the stage
     * neither holds ({@code staged}) nor deleted ({@code deleted}), until the visitor answers false.
     */
    static void scan(StageScan stage, EngineScan engine, java.util.function.Predicate<byte[]> staged,
                     java.util.function.Predicate<byte[]> deleted, boolean engineCleared,
                     byte[] from, boolean exclusive, KeyVisitor visitor) {
        byte[] pos = from;
        boolean excl = exclusive;
        while (true) {
            java.util.List<byte[]> keys = new java.util.ArrayList<>();
            java.util.List<Long> expiries = new java.util.ArrayList<>();
            if (!engineCleared) {
                engine.scan(pos, excl, (k, v) -> {
                    keys.add(k);
                    expiries.add(expireAt(v));
                    return keys.size() < SCAN_CHUNK;
                });
            }
            boolean engineDone = keys.size() < SCAN_CHUNK;
            byte[] bound = engineDone ? null : keys.get(keys.size() - 1);
            java.util.List<Object> staging = new java.util.ArrayList<>();
            stage.scan(pos, excl, e -> {
                if (bound != null && Arrays.compareUnsigned(EntryKeys.INSTANCE.key(e), bound) > 0) {
                    return false;
                }
                staging.add(e);
                return true;
            });
            int i = 0;
            int j = 0;
            while (i < keys.size() || j < staging.size()) {
                byte[] sk = j < staging.size() ? EntryKeys.INSTANCE.key(staging.get(j)) : null;
                int c = i == keys.size() ? 1 : sk == null ? -1 : Arrays.compareUnsigned(keys.get(i), sk);
                boolean go;
                if (c < 0) {
                    byte[] k = keys.get(i);
                    go = staged.test(k) || deleted.test(k) || visitor.visit(k, expiries.get(i));
                    i++;
                } else {
                    if (c == 0) {
                        i++;
                    }
                    go = visitor.visit(sk, EntryKeys.expireAtOf(staging.get(j)));
                    j++;
                }
                if (!go) {
                    return;
                }
            }
            if (engineDone) {
                return;
            }
            pos = bound;
            excl = true;
        }
    }

    /**
     * A read view's side of a disk database: the engine's snapshot, and what the stage had deleted
     * when the view opened. Reads may run on any thread.
     */
    static final class View implements AutoCloseable {
        private final DiskEngine.Snapshot snapshot;
        private final int db;
        private final Set<Key> deleted;
        private final boolean cleared;
        private final long keys;
        private final long epoch;
        private final Encodings encodings;
        private final long seed;

        /** Under the store's lock: {@code ks}'s stage as it is now. */
        View(Keyspace ks) {
            DiskTier t = ks.disk;
            this.snapshot = t.engine.snapshot();
            this.db = t.db;
            this.cleared = t.cleared;
            Set<Key> gone = new HashSet<>();
            for (Key k : t.changed) {
                if (ks.hash.get(k.bytes) == null) {
                    gone.add(k);
                }
            }
            this.deleted = gone;
            this.keys = t.keys;
            this.epoch = ks.tree.epoch();
            this.encodings = ks.encodings;
            this.seed = t.seed;
        }

        long keys() {
            return keys;
        }

        /** The entry the engine held for {@code key} when the view opened, unless the stage had deleted it. */
        Object get(byte[] key) {
            if (cleared || deleted.contains(new Key(key))) {
                return null;
            }
            byte[] v = snapshot.get(db, key);
            return v == null ? null : decode(key, v, epoch, CowClock.unshared(epoch), encodings, snapshot, db, seed);
        }

        /** A stage entry as the view reads it: a big hash's saved fields through the view's snapshot. */
        Object rebase(Object stageEntry) {
            return stageEntry instanceof CollectionEntry c ? c.on(snapshot) : stageEntry;
        }

        /** Keys in order, merged with the view's stage ({@code stage}, the tree as the view froze it). */
        void scan(io.cairn.storage.index.View<Object> stage, byte[] from, boolean exclusive, KeyVisitor visitor) {
            DiskTier.scan(stage::scan, (f, x, v) -> snapshot.scan(db, f, x, v), k -> stage.get(k) != null,
                    k -> deleted.contains(new Key(k)), cleared, from, exclusive, visitor);
        }

        @Override
        public void close() {
            snapshot.close();
        }
    }

    // ------------------------------------------------------------------ values

    /** The bit of a value's kind byte that marks a set in the hashtable layout. */
    private static final int HASHTABLE = 0x80;
    /**
     * The bit of a value's kind byte that marks a big hash whose fields are parts: the value is
     * then {@code kind, varint expireAt, varint size, id (8 bytes big-endian)}.
     */
    private static final int SPLIT = 0x40;

    /** A big collection's metadata value; a list's ends with its head position. */
    static byte[] splitValue(byte kind, long expireAt, int size, long id, long head) {
        boolean list = kind == SnapshotFormat.KIND_LIST;
        byte[] out = new byte[1 + Varints.sizeOf(expireAt) + Varints.sizeOf(size) + SavedParts.ID_BYTES + (list ? 8 : 0)];
        out[0] = (byte) (kind | SPLIT);
        int at = Varints.put(out, 1, expireAt);
        at = Varints.put(out, at, size);
        SavedParts.putLong(out, at, id);
        if (list) {
            SavedParts.putLong(out, at + SavedParts.ID_BYTES, head);
        }
        return out;
    }

    /** The engine's value for {@code entry}: its snapshot bytes without the key. */
    static byte[] value(Object entry) {
        if (entry instanceof byte[] r && !StringRecord.isItem(r)) { // the common case, without the snapshot encoder
            long expireAt = StringRecord.expireAt(r);
            int vo = StringRecord.valueOffset(r);
            int vl = r.length - vo;
            byte[] out = new byte[1 + Varints.sizeOf(expireAt) + Varints.sizeOf(vl) + vl];
            out[0] = StringRecord.isDocument(r) ? SnapshotFormat.KIND_DOCUMENT : SnapshotFormat.KIND_STRING;
            int at = Varints.put(out, 1, expireAt);
            at = Varints.put(out, at, vl);
            System.arraycopy(r, vo, out, at, vl);
            return out;
        }
        byte[] whole = SnapshotWriter.encode(entry);
        ByteBuffer in = ByteBuffer.wrap(whole);
        in.get(); // kind
        int keyLength = Varints.getInt(in, "key length", whole.length);
        int rest = in.position() + keyLength;
        byte[] out = new byte[1 + whole.length - rest];
        // A set's layout changes only one way while it lives (intset to hashtable, as in Redis): the
        // high bit of the kind keeps a hashtable one so when its members would fit an intset again.
        out[0] = (byte) (whole[0] | (entry instanceof SetEntry set && set.encoding().equals("hashtable") ? HASHTABLE : 0));
        System.arraycopy(whole, rest, out, 1, whole.length - rest);
        return out;
    }

    /**
     * The entry at {@code key} that {@link #value} (or {@link #splitValue}) gave {@code value}; a
     * big hash's fields read from {@code base}'s parts of {@code db} under {@code seed}.
     */
    static Object decode(byte[] key, byte[] value, long epoch, CowClock cow, Encodings encodings,
                         DiskParts base, int db, long seed) {
        if ((value[0] & SPLIT) != 0) {
            try {
                ByteBuffer in = ByteBuffer.wrap(value, 1, value.length - 1);
                long expireAt = Varints.get(in);
                int size = Varints.getInt(in, "size", Integer.MAX_VALUE);
                int at = in.position();
                long id = SavedParts.getLong(value, at);
                DiskFields fields = new DiskFields(base, db, id, seed, key.clone(), null);
                return switch (value[0] & ~SPLIT) {
                    case SnapshotFormat.KIND_HASH -> HashEntry.onDisk(key.clone(), expireAt, epoch, fields, size);
                    case SnapshotFormat.KIND_SET -> SetEntry.onDisk(key.clone(), expireAt, epoch, fields, size);
                    case SnapshotFormat.KIND_ZSET -> ZSetEntry.onDisk(key.clone(), expireAt, epoch,
                            new DiskScores(base, db, id, seed, key.clone()), size);
                    case SnapshotFormat.KIND_STREAM -> {
                        int rest = at + SavedParts.ID_BYTES;
                        StreamEntry st = (StreamEntry) SnapshotReader.readEntry(ByteBuffer.wrap(value, rest, value.length - rest)
                                .slice().order(ByteOrder.LITTLE_ENDIAN), epoch, cow, encodings);
                        st.expireAt = expireAt;
                        yield st.onDisk(DiskStream.saved(base, db, id, key.clone(), size, st.lastId, epoch));
                    }
                    case SnapshotFormat.KIND_LIST -> ListEntry.onDisk(key.clone(), expireAt, epoch,
                            DiskList.saved(base, db, id, key.clone(), SavedParts.getLong(value, at + SavedParts.ID_BYTES), size), cow);
                    default -> throw new IllegalStateException("kind " + (value[0] & ~SPLIT) + " has no parts");
                };
            } catch (RuntimeException e) {
                throw new io.cairn.common.CorruptionException("disk database " + "value of key "
                        + new String(key, java.nio.charset.StandardCharsets.ISO_8859_1), 0, "does not decode: " + e);
            }
        }
        ByteBuffer whole = ByteBuffer.allocate(value.length + 5 + key.length).order(ByteOrder.LITTLE_ENDIAN);
        whole.put((byte) (value[0] & ~HASHTABLE));
        Varints.put(whole, key.length);
        whole.put(key);
        whole.put(value, 1, value.length - 1);
        whole.flip();
        try {
            Object e = SnapshotReader.readEntry(whole, epoch, cow, encodings);
            if ((value[0] & HASHTABLE) != 0 && e instanceof SetEntry set) {
                set.makeHashtable(CowClock.unshared(epoch));
            }
            return e;
        } catch (RuntimeException e) {
            throw new io.cairn.common.CorruptionException("disk database " + "value of key "
                    + new String(key, java.nio.charset.StandardCharsets.ISO_8859_1), 0, "does not decode: " + e);
        }
    }

    /** The expiry time in {@code value} (0: none), without decoding the rest. */
    static long expireAt(byte[] value) {
        ByteBuffer in = ByteBuffer.wrap(value, 1, value.length - 1);
        return Varints.get(in);
    }

    /** A key compared by its bytes. */
    record Key(byte[] bytes) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Arrays.equals(bytes, k.bytes);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(bytes);
        }

        @Override
        public String toString() {
            return new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1);
        }
    }
}
