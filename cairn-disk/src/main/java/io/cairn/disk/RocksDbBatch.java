package io.cairn.disk;

import io.cairn.storage.engine.DiskEngine;
import java.lang.ref.Cleaner;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteBatch;

/**
 * A {@link DiskEngine.Batch} as one RocksDB {@link WriteBatch}, applied in the order its operations
 * were given. Used once: {@link RocksDbEngine#save} writes it and frees its native memory; a batch
 * dropped without a save is freed by a {@link Cleaner} once unreachable. Not thread-safe: one
 * writer fills it.
 */
final class RocksDbBatch implements DiskEngine.Batch {
    private static final Cleaner CLEANER = Cleaner.create();

    final RocksDbEngine owner;
    private final ColumnFamilyHandle meta;
    private final ColumnFamilyHandle data;
    private final ColumnFamilyHandle parts;
    private final WriteBatch batch;
    private final Cleaner.Cleanable cleanable;
    private boolean done;

    RocksDbBatch(RocksDbEngine owner, ColumnFamilyHandle meta, ColumnFamilyHandle data, ColumnFamilyHandle parts) {
        this.owner = owner;
        this.parts = parts;
        this.meta = meta;
        this.data = data;
        WriteBatch b = new WriteBatch();
        this.batch = b;
        this.cleanable = CLEANER.register(this, b::close);
    }

    @Override
    public void put(int db, byte[] key, byte[] value) {
        apply(() -> batch.put(data, DiskKeys.dataKey(db, key), value));
    }

    @Override
    public void delete(int db, byte[] key) {
        apply(() -> batch.delete(data, DiskKeys.dataKey(db, key)));
    }

    @Override
    public void clear(int db) {
        apply(() -> {
            batch.deleteRange(data, DiskKeys.prefix(db), DiskKeys.end(db));
            batch.deleteRange(parts, DiskKeys.prefix(db), DiskKeys.end(db));
        });
    }

    @Override
    public void putPart(int db, byte[] part, byte[] value) {
        apply(() -> batch.put(parts, DiskKeys.dataKey(db, part), value));
    }

    @Override
    public void deletePart(int db, byte[] part) {
        apply(() -> batch.delete(parts, DiskKeys.dataKey(db, part)));
    }

    @Override
    public void deleteParts(int db, byte[] from, byte[] to) {
        apply(() -> batch.deleteRange(parts, DiskKeys.dataKey(db, from), DiskKeys.dataKey(db, to)));
    }

    @Override
    public void meta(int db, byte[] value) {
        apply(() -> batch.put(meta, DiskKeys.metaKey(db), value));
    }

    /** The batch to write, with the LSN entry added last; the caller writes it, then calls {@link #release}. */
    WriteBatch seal(long lsn) {
        apply(() -> batch.put(meta, DiskKeys.LSN_KEY, DiskKeys.lsnValue(lsn)));
        done = true;
        return batch;
    }

    void release() {
        cleanable.clean();
    }

    private interface Op {
        void run() throws RocksDBException;
    }

    private void apply(Op op) {
        if (done) {
            throw new IllegalStateException("batch already saved");
        }
        try {
            op.run();
        } catch (RocksDBException e) {
            // A WriteBatch fails only past its size limit, which is not set.
            throw new IllegalStateException("write batch: " + e.getMessage(), e);
        }
    }
}
