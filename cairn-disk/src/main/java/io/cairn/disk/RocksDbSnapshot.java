package io.cairn.disk;

import io.cairn.storage.engine.DiskEngine;
import java.util.concurrent.atomic.AtomicBoolean;
import org.rocksdb.ReadOptions;
import org.rocksdb.Snapshot;

/**
 * A {@link DiskEngine.Snapshot} on a RocksDB snapshot: reads on any thread see the data as of its
 * creation. {@link #close} releases it (once; the engine's close releases any still open), after
 * which it must not be read.
 */
final class RocksDbSnapshot implements DiskEngine.Snapshot {
    private final RocksDbEngine engine;
    private final Snapshot snapshot;
    private final ReadOptions options;
    private final AtomicBoolean closed = new AtomicBoolean();

    RocksDbSnapshot(RocksDbEngine engine, Snapshot snapshot) {
        this.engine = engine;
        this.snapshot = snapshot;
        this.options = new ReadOptions().setSnapshot(snapshot);
    }

    @Override
    public byte[] get(int db, byte[] key) {
        checkOpen();
        return engine.get(options, db, key);
    }

    @Override
    public void scan(int db, byte[] from, boolean exclusive, DiskEngine.Visitor visitor) {
        checkOpen();
        engine.scan(options, db, from, exclusive, visitor);
    }

    @Override
    public byte[] getPart(int db, byte[] part) {
        checkOpen();
        return engine.getPart(options, db, part);
    }

    @Override
    public void scanParts(int db, byte[] from, DiskEngine.Visitor visitor) {
        checkOpen();
        engine.scanParts(options, db, from, visitor);
    }

    @Override
    public void scanPartsBackward(int db, byte[] from, DiskEngine.Visitor visitor) {
        checkOpen();
        engine.scanPartsBackward(options, db, from, visitor);
    }

    private void checkOpen() {
        if (closed.get()) {
            throw new IllegalStateException("snapshot closed");
        }
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            engine.release(this, snapshot);
            options.close();
        }
    }
}
