package io.cairn.storage.engine;

import io.cairn.storage.index.Epochs;

/**
 * The store's numbered databases: one {@link Keyspace} each, all on one {@link Epochs} clock, so an
 * entry moved between databases (MOVE) or a swap of two (SWAPDB) keeps its copy-on-write stamp
 * meaningful for every open read view.
 *
 * <p>Not thread-safe: the store's lock serialises all access.
 */
final class Databases {
    private final Keyspace[] dbs;
    private final Epochs epochs = new Epochs();
    private final AccessClocks clocks = new AccessClocks();
    private final Keyspace.Total total = new Keyspace.Total();
    private byte[] functions = new byte[0];

    /** The engine the disk databases keep their entries in; null when every database is in memory. */
    private final DiskEngine engine;

    Databases(int count, int expectedKeys) {
        this(count, expectedKeys, DiskSettings.NONE, null);
    }

    /**
     * The databases {@code disk} names keep their entries in {@code engine}, each starting from
     * the figures its last save recorded there.
     *
     * @throws IllegalStateException when the engine holds a database configured to be in memory
     */
    Databases(int count, int expectedKeys, DiskSettings disk, DiskEngine engine) {
        if (count < 1) {
            throw new IllegalArgumentException("databases: " + count + " (expected: >= 1)");
        }
        this.engine = disk.any() ? engine : null;
        dbs = new Keyspace[count];
        for (int i = 0; i < count; i++) {
            DiskTier tier = disk.isDisk(i) ? new DiskTier(engine, i, stage) : null;
            dbs[i] = new Keyspace(i == 0 ? expectedKeys : 16, epochs, clocks, total, tier);
            if (tier != null) {
                tier.restore(dbs[i]);
            } else if (engine != null && engine.meta(i) != null) {
                throw new IllegalStateException("database " + i + " is a disk database (its data is in the disk"
                        + " engine's files) but is configured to be in memory: name it in disk-databases again");
            }
        }
    }

    private final Keyspace.Total stage = new Keyspace.Total();

    boolean isDisk(int db) {
        return get(db).disk != null;
    }

    /** The estimated bytes the disk databases' stages hold. */
    long stageBytes() {
        return stage.bytes;
    }

    /** Whether any disk database's stage holds a change a save would write. */
    boolean stageDirty() {
        for (Keyspace k : dbs) {
            if (k.disk != null && k.disk.dirty()) {
                return true;
            }
        }
        return false;
    }

    /** Lets every disk database's stage go without a save: for one holding only what reads brought in. */
    void letGoClean() {
        for (Keyspace k : dbs) {
            if (k.disk != null) {
                k.letGo();
            }
        }
    }

    /**
     * Saves every disk database's stage to the engine, in one batch with {@code lsn}, and lets the
     * stages go. The caller holds the store's lock and has made the log durable to {@code lsn}.
     */
    void saveDisk(long lsn) throws java.io.IOException {
        DiskEngine.Batch batch = engine.batch();
        for (Keyspace k : dbs) {
            if (k.disk != null) {
                k.saveInto(batch);
            }
        }
        engine.save(batch, lsn);
        for (Keyspace k : dbs) {
            if (k.disk != null) {
                k.disk.saved();
                k.letGo();
            }
        }
    }

    int count() {
        return dbs.length;
    }

    /**
     * @throws IllegalStateException when {@code db} is not a database of this store (a log or
     *         snapshot naming one is corrupt, or written with more databases than configured)
     */
    Keyspace get(int db) {
        if (db < 0 || db >= dbs.length) {
            throw new IllegalStateException("database " + db + " (expected: 0.." + (dbs.length - 1) + ")");
        }
        return dbs[db];
    }

    /** @throws IllegalStateException when either is a disk database (its entries are filed under its number) */
    void swap(int a, int b) {
        if (isDisk(a) || isDisk(b)) {
            throw new IllegalStateException("SWAPDB of a disk database (" + a + ", " + b + ")");
        }
        Keyspace t = get(a);
        dbs[a] = get(b);
        dbs[b] = t;
    }

    void clearAll() {
        for (Keyspace k : dbs) {
            k.clear();
        }
    }

    /** Keys in every database, expired ones not yet reclaimed included. */
    long size() {
        long n = 0;
        for (Keyspace k : dbs) {
            n += k.size();
        }
        return n;
    }

    /** The estimated bytes of every database's entries ({@link Keyspace#bytes}). */
    long bytes() {
        return total.bytes;
    }

    /** The keys' access clocks, one meaning for every database. */
    AccessClocks clocks() {
        return clocks;
    }

    long volatileKeys() {
        long n = 0;
        for (Keyspace k : dbs) {
            n += k.volatileKeys();
        }
        return n;
    }

    /** The function libraries, as the last {@link Mutation.SetFunctions} left them (empty: none). */
    byte[] functions() {
        return functions;
    }

    void functions(byte[] libraries) {
        functions = libraries;
    }

    Epochs epochs() {
        return epochs;
    }

    /** The bounds of the small collection layouts, the same in every database. */
    Encodings encodings() {
        return dbs[0].encodings;
    }

    /** Replaces the bounds in every database; writes that start after this apply them. */
    void encodings(Encodings bounds) {
        for (Keyspace k : dbs) {
            k.encodings = bounds;
        }
    }
}
