package io.cairn.disk;

import io.cairn.common.StoreClosedException;
import io.cairn.storage.engine.DiskEngine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.FlushOptions;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Snapshot;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;

/**
 * {@link DiskEngine} on RocksDB: column families {@code meta} (the saved LSN, each database's
 * {@link DiskEngine.Batch#meta}) and {@code data} (each database's entries under a 2-byte prefix,
 * {@link DiskKeys}); {@code docs/format/disk.md}. A save is one {@link WriteBatch} holding the
 * batch and the LSN entry, written without RocksDB's log; a flush (ours, or one RocksDB starts
 * when a memtable fills) is atomic across both column families, so the files on disk always hold
 * the data of one whole save and that save's LSN.
 *
 * <p>Thread-safety as the interface states: saves and plain reads come under the store's lock;
 * {@link #flush}, {@link #info}, snapshots' reads and {@link #close} may run beside them. Closing
 * while another thread still reads is the caller's to prevent (RocksDB's memory would be freed
 * under the read).
 */
public final class RocksDbEngine implements DiskEngine {
    private final Path dir;
    private final RocksResources resources;
    private final RocksDB db;
    private final ColumnFamilyHandle meta;
    private final ColumnFamilyHandle data;
    private final ColumnFamilyHandle parts;
    private final List<ColumnFamilyHandle> handles;
    private final Set<RocksDbSnapshot> snapshots = ConcurrentHashMap.newKeySet();
    private final LongAdder saves = new LongAdder();
    private final LongAdder bytesSaved = new LongAdder();
    private volatile long savedLsn;
    private volatile boolean closed;

    private RocksDbEngine(Path dir, RocksResources resources, RocksDB db, List<ColumnFamilyHandle> handles) {
        this.dir = dir;
        this.resources = resources;
        this.db = db;
        this.handles = handles;
        this.meta = handles.get(1);
        this.data = handles.get(2);
        this.parts = handles.get(3);
    }

    /**
     * Opens (creating when missing) the engine in {@code settings.dir()}. Every table's footer is
     * read and checked at open (paranoid checks, all files kept open).
     *
     * @throws io.cairn.common.CorruptionException naming the damaged file
     * @throws IOException for any other failure, with RocksDB's message
     */
    public static RocksDbEngine open(Settings settings) throws IOException {
        Path dir = settings.dir();
        Files.createDirectories(dir);
        RocksDB.loadLibrary();
        RocksResources resources = new RocksResources(settings.cacheBytes());
        List<ColumnFamilyDescriptor> families = List.of(
                new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY, resources.columnFamilyOptions),
                new ColumnFamilyDescriptor(RocksResources.META, resources.columnFamilyOptions),
                new ColumnFamilyDescriptor(RocksResources.DATA, resources.columnFamilyOptions),
                new ColumnFamilyDescriptor(RocksResources.PARTS, resources.columnFamilyOptions));
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        RocksDB db;
        try {
            db = RocksDB.open(resources.dbOptions, dir.toString(), families, handles);
        } catch (RocksDBException e) {
            resources.close();
            if (RocksFailures.isCorruption(e)) {
                throw RocksFailures.corruption(dir, e);
            }
            throw new IOException("cannot open the disk engine in " + dir + ": " + e.getMessage(), e);
        }
        RocksDbEngine engine = new RocksDbEngine(dir, resources, db, List.copyOf(handles));
        try {
            byte[] lsn = db.get(engine.meta, DiskKeys.LSN_KEY);
            engine.savedLsn = lsn == null ? 0 : DiskKeys.lsn(lsn, dir.resolve("meta").toString());
        } catch (RocksDBException | RuntimeException e) {
            engine.closeQuietly();
            if (e instanceof RocksDBException r) {
                throw RocksFailures.checked(dir, "reading the saved lsn", r);
            }
            throw (RuntimeException) e;
        }
        return engine;
    }

    @Override
    public long savedLsn() {
        return savedLsn;
    }

    @Override
    public byte[] meta(int db) {
        checkOpen();
        try {
            return this.db.get(meta, DiskKeys.metaKey(db));
        } catch (RocksDBException e) {
            throw RocksFailures.unchecked(dir, "reading db " + db + "'s meta", e);
        }
    }

    @Override
    public byte[] get(int db, byte[] key) {
        return get(resources.readOptions, db, key);
    }

    @Override
    public void scan(int db, byte[] from, boolean exclusive, Visitor visitor) {
        scan(resources.readOptions, db, from, exclusive, visitor);
    }

    @Override
    public void resetStats() {
        resources.events.flushLatency.reset();
        resources.events.compactionLatency.reset();
    }

    @Override
    public byte[] getPart(int db, byte[] part) {
        return get(parts, resources.readOptions, db, part);
    }

    @Override
    public void scanParts(int db, byte[] from, Visitor visitor) {
        scan(parts, resources.readOptions, db, from, false, visitor);
    }

    @Override
    public void scanPartsBackward(int db, byte[] from, Visitor visitor) {
        scanPartsBackward(resources.readOptions, db, from, visitor);
    }

    byte[] get(ReadOptions options, int db, byte[] key) {
        return get(data, options, db, key);
    }

    void scan(ReadOptions options, int db, byte[] from, boolean exclusive, Visitor visitor) {
        scan(data, options, db, from, exclusive, visitor);
    }

    /** The part reads of a snapshot. */
    byte[] getPart(ReadOptions options, int db, byte[] part) {
        return get(parts, options, db, part);
    }

    void scanParts(ReadOptions options, int db, byte[] from, Visitor visitor) {
        scan(parts, options, db, from, false, visitor);
    }

    void scanPartsBackward(ReadOptions options, int db, byte[] from, Visitor visitor) {
        checkOpen();
        try (RocksIterator it = this.db.newIterator(parts, options)) {
            for (it.seekForPrev(DiskKeys.dataKey(db, from)); it.isValid(); it.prev()) {
                byte[] k = it.key();
                if (!DiskKeys.inDb(k, db) || !visitor.visit(DiskKeys.userKey(k), it.value())) {
                    return;
                }
            }
            it.status();
        } catch (RocksDBException e) {
            throw RocksFailures.unchecked(dir, "scanning db " + db + " backward", e);
        }
    }

    private byte[] get(ColumnFamilyHandle family, ReadOptions options, int db, byte[] key) {
        checkOpen();
        try {
            return this.db.get(family, options, DiskKeys.dataKey(db, key));
        } catch (RocksDBException e) {
            throw RocksFailures.unchecked(dir, "reading db " + db, e);
        }
    }

    private void scan(ColumnFamilyHandle family, ReadOptions options, int db, byte[] from, boolean exclusive, Visitor visitor) {
        checkOpen();
        byte[] start = from == null ? DiskKeys.prefix(db) : DiskKeys.dataKey(db, from);
        try (RocksIterator it = this.db.newIterator(family, options)) {
            it.seek(start);
            if (exclusive && from != null && it.isValid() && Arrays.equals(it.key(), start)) {
                it.next();
            }
            for (; it.isValid(); it.next()) {
                byte[] k = it.key();
                if (!DiskKeys.inDb(k, db) || !visitor.visit(DiskKeys.userKey(k), it.value())) {
                    return;
                }
            }
            it.status();
        } catch (RocksDBException e) {
            throw RocksFailures.unchecked(dir, "scanning db " + db, e);
        }
    }

    @Override
    public Batch batch() {
        checkOpen();
        return new RocksDbBatch(this, meta, data, parts);
    }

    @Override
    public void save(Batch batch, long lsn) throws IOException {
        checkOpen();
        if (!(batch instanceof RocksDbBatch b) || b.owner != this) {
            throw new IllegalArgumentException("batch: not one of this engine's");
        }
        try {
            WriteBatch w = b.seal(lsn);
            db.write(resources.writeOptions, w);
            saves.increment();
            bytesSaved.add(w.getDataSize());
            savedLsn = lsn;
        } catch (RocksDBException e) {
            throw RocksFailures.checked(dir, "saving at lsn " + lsn, e);
        } finally {
            b.release();
        }
    }

    @Override
    public void flush() throws IOException {
        checkOpen();
        try (FlushOptions options = new FlushOptions().setWaitForFlush(true)) {
            db.flush(options, List.of(meta, data, parts));
        } catch (RocksDBException e) {
            throw RocksFailures.checked(dir, "flushing", e);
        }
    }

    @Override
    public Snapshot snapshot() {
        checkOpen();
        RocksDbSnapshot s = new RocksDbSnapshot(this, db.getSnapshot());
        snapshots.add(s);
        return s;
    }

    void release(RocksDbSnapshot s, org.rocksdb.Snapshot snapshot) {
        if (snapshots.remove(s)) {
            db.releaseSnapshot(snapshot);
        }
    }

    @Override
    public Map<String, String> info() {
        return DiskInfo.of(db, meta, data, parts, resources, saves.sum(), bytesSaved.sum(), closed);
    }

    private void checkOpen() {
        if (closed) {
            throw new StoreClosedException("disk engine closed: " + dir);
        }
    }

    /** Flushes what was saved, releases open snapshots, closes RocksDB and frees every native object. */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        IOException failure = null;
        try {
            flush();
        } catch (IOException e) {
            failure = e;
        }
        closed = true;
        try {
            closeDb();
        } catch (RocksDBException e) {
            IOException io = new IOException("closing the disk engine in " + dir + ": " + e.getMessage(), e);
            if (failure == null) {
                failure = io;
            } else {
                failure.addSuppressed(io);
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    private void closeQuietly() {
        closed = true;
        try {
            closeDb();
        } catch (RocksDBException ignored) {
            // the open already failed; its error is the one to report
        }
    }

    private void closeDb() throws RocksDBException {
        try {
            for (RocksDbSnapshot s : List.copyOf(snapshots)) {
                s.close();
            }
            for (ColumnFamilyHandle h : handles) {
                h.close();
            }
            db.closeE();
        } finally {
            resources.close();
        }
    }
}
