package io.cairn.storage.engine;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * Where the disk databases keep their entries: an ordered store of (database, key) → value that
 * saves a batch of changes atomically together with the LSN it brings the data to, and keeps what
 * it was given until {@link #flush} made it durable. RocksDB's, in {@code cairn-disk}, is found
 * through {@link Provider} with {@link java.util.ServiceLoader}; tests use a map-backed one.
 *
 * <p>The engine is not the log of record: Cairn's write-ahead log is. A save is not durable by
 * itself (the engine's own log is off); after a crash the engine comes back to the state of some
 * earlier save, whole, and {@link #savedLsn} says which, so recovery replays the log after it.
 *
 * <p>Keys are compared as unsigned bytes within a database. Values are opaque to the engine.
 * Called under the store's lock except {@link #flush}, {@link #snapshot}'s reads, {@link #info}
 * and {@link #close}; implementations must allow those to run beside a save.
 */
public interface DiskEngine extends AutoCloseable, DiskParts {

    /** The provider on the class path, or null when none is (a build without {@code cairn-disk}). */
    static Provider provider() {
        return java.util.ServiceLoader.load(Provider.class).findFirst().orElse(null);
    }

    /** Opens an engine in a directory of its own. */
    interface Provider {
        /**
         * @throws io.cairn.common.CorruptionException naming the damaged file when the engine's
         *         files do not check out
         * @throws IOException when the directory cannot be opened (another process holds it...)
         */
        DiskEngine open(Settings settings) throws IOException;
    }

    /**
     * @param dir        the engine's own directory, created when missing
     * @param cacheBytes the block cache's size (RocksDB's {@code LRUCache}): the memory reads use
     *                   whatever the data's size
     */
    record Settings(Path dir, long cacheBytes) {
    }

    /** The LSN the last save brought the data to, 0 when nothing was saved yet. */
    long savedLsn();

    /** What the last save recorded for {@code db} with {@link Batch#meta}, or null if none. */
    byte[] meta(int db);

    /** The value at {@code key} in {@code db}, or null. */
    byte[] get(int db, byte[] key);

    /**
     * Visits the entries of {@code db} in key order from {@code from} (null: the first, whatever
     * {@code exclusive} says; else excluded when {@code exclusive}), until the visitor answers false.
     */
    void scan(int db, byte[] from, boolean exclusive, Visitor visitor);

    /** One entry of a scan; the arrays are the visitor's to keep. */
    interface Visitor {
        boolean visit(byte[] key, byte[] value);
    }

    /** A batch of changes, saved at once by {@link #save}. */
    Batch batch();

    interface Batch {
        void put(int db, byte[] key, byte[] value);

        void delete(int db, byte[] key);

        /** Removes every entry and every part of {@code db} (a batch's changes apply in the order they were given). */
        void clear(int db);

        void putPart(int db, byte[] part, byte[] value);

        void deletePart(int db, byte[] part);

        /**
         * Removes {@code db}'s parts from {@code from} (included) to {@code to} (excluded) in O(1)
         * (RocksDB's range deletion): the space comes back as compaction passes over them.
         */
        void deleteParts(int db, byte[] from, byte[] to);

        /** Records {@code value} as {@code db}'s figures (key counts...), read back by {@link DiskEngine#meta}. */
        void meta(int db, byte[] value);
    }

    /**
     * Applies {@code batch} atomically and records {@code lsn} with it; after it returns, reads see
     * it. Not yet durable: see {@link #flush}.
     */
    void save(Batch batch, long lsn) throws IOException;

    /** Makes every save so far durable; blocks until it is. Runs outside the store's lock. */
    void flush() throws IOException;

    /** A consistent view of the data as of this call; reads on it may run on any thread. */
    Snapshot snapshot();

    interface Snapshot extends AutoCloseable, DiskParts {
        byte[] get(int db, byte[] key);

        void scan(int db, byte[] from, boolean exclusive, Visitor visitor);

        @Override
        void close();
    }

    /**
     * The figures INFO's {@code disk} section shows, in its order: sizes, the block cache, flushes
     * (saves made durable) and compactions (merges) with their latencies and bytes, write stalls
     * and write amplification.
     */
    Map<String, String> info();

    /** CONFIG RESETSTAT: the flushes' and merges' latencies in {@link #info} count again from now. */
    default void resetStats() {
    }

    @Override
    void close() throws IOException;
}
