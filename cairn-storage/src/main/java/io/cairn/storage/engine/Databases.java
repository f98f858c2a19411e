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

    Databases(int count, int expectedKeys) {
        if (count < 1) {
            throw new IllegalArgumentException("databases: " + count + " (expected: >= 1)");
        }
        dbs = new Keyspace[count];
        for (int i = 0; i < count; i++) {
            dbs[i] = new Keyspace(i == 0 ? expectedKeys : 16, epochs, clocks, total);
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

    void swap(int a, int b) {
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
