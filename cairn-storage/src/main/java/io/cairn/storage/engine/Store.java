package io.cairn.storage.engine;

import io.cairn.common.CairnException;
import io.cairn.common.Clock;
import io.cairn.common.LatencyHistogram;
import io.cairn.common.StorageIOException;
import io.cairn.common.StoreClosedException;
import io.cairn.storage.index.View;
import io.cairn.storage.io.FileSystem;
import io.cairn.storage.io.LocalFileSystem;
import io.cairn.storage.wal.WalMode;
import io.cairn.storage.wal.WalWriter;
import java.io.Closeable;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

/*
 * ============================================================================================
 * Store: the embedded engine.
 *
 *   execute(body) --lock--> Txn applies mutations to the Keyspace (hash + ordered index)
 *                           --> LSN assigned, batch encoded, queued on the WalWriter (group commit)
 *                           --> ChangeListeners told, in LSN order
 *                 <-------- Result(value, lsn, durable future)   (the lock is released here;
 *                                                                 durability arrives later)
 *   checkpoint()  --lock--> open a ReadView (O(1)), roll the log
 *                           --> checkpoint thread writes snapshot-<lsn>.snap from the view
 *                           --> deletes old snapshots and the segments only they needed
 *   open()        --> Recovery: newest valid snapshot + WAL replay (torn tail truncated)
 *
 * One lock serialises all access to the keyspace, as Redis's single thread does: an operation
 * is a few hundred nanoseconds, and what takes long (fsync, snapshot writing) happens outside it.
 * ============================================================================================
 */

/**
 * A durable in-memory keyspace of strings, hashes, sorted sets and JSON documents. Thread-safe: any thread may
 * call any method. Writes are applied at once and made durable asynchronously; see
 * {@link Result#durable()}. Close it to flush the log and stop its threads.
 *
 * <p>After the log fails (a write or fsync error), the store stops accepting writes: what the
 * page cache holds can no longer be trusted, so the store must be reopened, which recovers what
 * really reached the disk. Reads keep working.
 */
public final class Store implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(Store.class.getName());
    private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);

    private final StoreConfig config;
    private final FileSystem fs;
    private final Clock clock;
    private final Closeable dirLock;
    private final ReentrantLock lock = new ReentrantLock();
    private final Keyspace keyspace;
    private final Txn txn;
    private final WalWriter wal;
    private final RecoveryStats recovery;
    private final Checkpointer checkpointer;
    private final List<ChangeListener> listeners = new CopyOnWriteArrayList<>();
    private final ScheduledExecutorService scheduler;
    private final ExecutorService checkpointThread;

    // Guarded by lock.
    private long lastLsn;
    private ByteBuffer scratch = ByteBuffer.allocate(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
    private byte[] expiryCursor;
    private long expiredKeys;
    private boolean closed;

    // Guarded by this (checkpoint bookkeeping).
    private CompletableFuture<CheckpointInfo> runningCheckpoint;
    private volatile CheckpointInfo lastCheckpoint;
    private volatile String lastCheckpointError;
    private volatile long lastCheckpointLsn;
    private volatile long lastCheckpointNanos;
    private volatile long walBytesAtCheckpoint;

    private Store(StoreConfig config, FileSystem fs, Clock clock) throws IOException {
        this.config = config;
        this.fs = fs;
        this.clock = clock;
        fs.createDirectories(config.dir());
        this.dirLock = fs.lock(config.dir().resolve("LOCK"));
        try {
            Recovery.Recovered r = Recovery.run(fs, config, clock);
            this.keyspace = r.keyspace();
            this.lastLsn = r.lastLsn();
            this.recovery = r.stats();
            this.lastCheckpointLsn = r.stats().snapshotLsn();
            this.txn = new Txn(keyspace, config);
            this.wal = config.walMode() == WalMode.NONE ? null
                    : new WalWriter(fs, config.dir(), config.walMode(), config.segmentBytes(),
                            config.maxRecordBytes(), lastLsn + 1);
        } catch (IOException | RuntimeException e) {
            dirLock.close();
            throw e;
        }
        this.checkpointer = new Checkpointer(fs, config, clock);
        this.lastCheckpointNanos = clock.nanos();
        this.scheduler = Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().name("cairn-store-timer").daemon(true).factory());
        this.checkpointThread = Executors.newSingleThreadExecutor(
                Thread.ofPlatform().name("cairn-checkpoint").daemon(true).factory());
        long cycle = config.expiryCycle().toMillis();
        scheduler.scheduleWithFixedDelay(this::reclaimExpiredQuietly, cycle, cycle, TimeUnit.MILLISECONDS);
        scheduler.scheduleWithFixedDelay(this::checkpointIfDue, 1, 1, TimeUnit.SECONDS);
    }

    /** Opens (creating or recovering) the store on the local disk with the system clock. */
    public static Store open(StoreConfig config) {
        return open(config, LocalFileSystem.INSTANCE, Clock.SYSTEM);
    }

    /**
     * Opens the store in {@code config.dir()}: loads the newest valid snapshot and replays the
     * log after it.
     *
     * @throws io.cairn.common.CorruptionException when the log is damaged other than at its tail
     * @throws StorageIOException when the directory cannot be read or is locked by another store
     */
    public static Store open(StoreConfig config, FileSystem fs, Clock clock) {
        try {
            return new Store(config, fs, clock);
        } catch (IOException e) {
            throw new StorageIOException("cannot open store in " + config.dir(), e);
        }
    }

    // ------------------------------------------------------------------ writes and reads

    /**
     * Runs {@code body} atomically with respect to every other call and commits what it wrote as
     * one log record. If {@code body} throws, the writes it made before throwing stay applied and
     * are logged (each {@link Txn} write is itself all-or-nothing), and the exception propagates.
     */
    public <R> Result<R> execute(Function<Txn, R> body) {
        lock.lock();
        try {
            checkWritable();
            txn.begin(clock.millis(), false);
            R value;
            try {
                value = body.apply(txn);
            } catch (RuntimeException | Error e) {
                commit(txn.end());
                throw e;
            }
            List<Mutation> mutations = txn.end();
            if (mutations.isEmpty()) {
                return new Result<>(value, lastLsn, whenDurable(lastLsn));
            }
            return new Result<>(value, lastLsn + 1, commit(mutations));
        } finally {
            lock.unlock();
        }
    }

    /** Runs a read-only {@code body} atomically; write methods of the {@link Txn} throw. */
    public <R> R read(Function<Txn, R> body) {
        lock.lock();
        try {
            checkOpen();
            txn.begin(clock.millis(), true);
            try {
                return body.apply(txn);
            } finally {
                txn.end();
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Runs a read-only {@code body} and returns its value with the durability of everything it
     * may have seen: the future completes once the last batch committed before the read is
     * durable. A server acknowledges a read with it, so no client is shown a write that a crash
     * could still take back. Works after a log failure (the future then fails).
     */
    public <R> Result<R> query(Function<Txn, R> body) {
        lock.lock();
        try {
            checkOpen();
            txn.begin(clock.millis(), true);
            try {
                R value = body.apply(txn);
                return new Result<>(value, lastLsn, whenDurable(lastLsn));
            } finally {
                txn.end();
            }
        } finally {
            lock.unlock();
        }
    }

    /** Applies every operation of the batch, or none when any would fail; one log record. */
    public Result<Void> write(WriteBatch batch) {
        return execute(t -> {
            batch.validate(t, config);
            batch.applyTo(t);
            return null;
        });
    }

    /** The string at {@code key}, or null. */
    public byte[] get(byte[] key) {
        return read(t -> t.get(key));
    }

    /** Sets a string without expiry. */
    public Result<Void> set(byte[] key, byte[] value) {
        return execute(t -> {
            t.set(key, value, 0);
            return null;
        });
    }

    /** Opens a consistent read view of the current state; close it when done. */
    public ReadView openReadView() {
        lock.lock();
        try {
            checkOpen();
            return new ReadView(this, keyspace.openView(), lastLsn, clock.millis());
        } finally {
            lock.unlock();
        }
    }

    void closeView(View<Object> view) {
        lock.lock();
        try {
            view.close();
        } finally {
            lock.unlock();
        }
    }

    /** The LSN of the last committed batch. */
    public long lastLsn() {
        lock.lock();
        try {
            return lastLsn;
        } finally {
            lock.unlock();
        }
    }

    /** Completes once every batch up to {@code lsn} reached the configured durability. */
    public CompletableFuture<Void> whenDurable(long lsn) {
        return wal == null ? DONE : wal.whenDurable(lsn);
    }

    /** Adds a listener to the change stream; it sees batches committed from now on. */
    public Closeable subscribe(ChangeListener listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }

    // Under lock.
    private CompletableFuture<Void> commit(List<Mutation> mutations) {
        if (mutations.isEmpty()) {
            return whenDurable(lastLsn);
        }
        long lsn = ++lastLsn;
        CompletableFuture<Void> durable;
        if (wal == null) {
            durable = DONE;
        } else {
            int size = MutationCodec.sizeOf(mutations);
            if (scratch.capacity() < size || scratch.capacity() > (1 << 20) && size < (1 << 16)) {
                scratch = ByteBuffer.allocate(Math.max(size, 1 << 16)).order(ByteOrder.LITTLE_ENDIAN);
            }
            scratch.clear();
            MutationCodec.encode(mutations, scratch);
            durable = wal.append(lsn, scratch.flip());
        }
        for (ChangeListener l : listeners) {
            try {
                l.onCommit(lsn, mutations);
            } catch (RuntimeException e) {
                LOG.log(Level.ERROR, "change listener failed at LSN " + lsn, e);
            }
        }
        return durable;
    }

    private void checkOpen() {
        if (closed) {
            throw new StoreClosedException("store is closed: " + config.dir());
        }
    }

    private void checkWritable() {
        checkOpen();
        Throwable f = wal == null ? null : wal.failure();
        if (f != null) {
            throw new StorageIOException("store refuses writes after a write-ahead log failure; reopen it to recover", f);
        }
    }

    // ------------------------------------------------------------------ expiry

    /**
     * Reclaims expired keys: walks the ordered index from where the last cycle stopped, for at most
     * {@code budget} entries, and deletes the expired ones (logged and published as
     * {@link Mutation.Expired}). Returns the number reclaimed.
     */
    public int reclaimExpired(int budget) {
        lock.lock();
        try {
            if (closed || keyspace.volatileKeys() == 0) {
                return 0;
            }
            checkWritable();
            long now = clock.millis();
            List<byte[]> expired = new ArrayList<>();
            int[] seen = new int[1];
            byte[][] last = new byte[1][];
            keyspace.tree.scan(expiryCursor, true, e -> {
                if (EntryKeys.expired(e, now)) {
                    expired.add(EntryKeys.INSTANCE.key(e));
                }
                if (++seen[0] >= budget) {
                    last[0] = EntryKeys.INSTANCE.key(e);
                    return false;
                }
                return true;
            });
            expiryCursor = last[0]; // null: wrapped around to the start
            if (!expired.isEmpty()) {
                List<Mutation> ms = new ArrayList<>(expired.size());
                for (byte[] k : expired) {
                    Mutation m = new Mutation.Expired(k);
                    MutationApplier.apply(keyspace, m);
                    ms.add(m);
                }
                commit(ms);
                expiredKeys += expired.size();
            }
            return expired.size();
        } finally {
            lock.unlock();
        }
    }

    private void reclaimExpiredQuietly() {
        try {
            reclaimExpired(2_000);
        } catch (CairnException e) {
            LOG.log(Level.DEBUG, "expiry cycle skipped: " + e.getMessage());
        } catch (RuntimeException e) {
            LOG.log(Level.ERROR, "expiry cycle failed", e);
        }
    }

    // ------------------------------------------------------------------ checkpoints

    /**
     * Starts a checkpoint, or returns the one already running. The snapshot is consistent at the
     * LSN of the moment it starts; writers go on meanwhile. The future completes when the
     * snapshot is durable and obsolete files are deleted.
     */
    public synchronized CompletableFuture<CheckpointInfo> checkpoint() {
        if (runningCheckpoint != null) {
            return runningCheckpoint;
        }
        ReadView view;
        long walBytes;
        lock.lock();
        try {
            checkOpen();
            view = new ReadView(this, keyspace.openView(), lastLsn, clock.millis());
            walBytes = wal == null ? 0 : wal.bytesWritten();
            if (wal != null) {
                wal.requestRoll();
            }
        } finally {
            lock.unlock();
        }
        CompletableFuture<CheckpointInfo> f = new CompletableFuture<>();
        runningCheckpoint = f;
        checkpointThread.execute(() -> {
            try {
                CheckpointInfo info;
                try {
                    info = checkpointer.write(view);
                } finally {
                    view.close();
                }
                checkpointer.deleteObsolete();
                lastCheckpoint = info;
                lastCheckpointError = null;
                lastCheckpointLsn = info.lsn();
                walBytesAtCheckpoint = walBytes;
                finishCheckpoint(f, info, null);
            } catch (IOException | RuntimeException e) {
                lastCheckpointError = e.toString();
                LOG.log(Level.ERROR, "checkpoint failed", e);
                finishCheckpoint(f, null, StorageIOException.of("checkpoint failed in " + config.dir(), e));
            }
        });
        return f;
    }

    private synchronized void finishCheckpoint(CompletableFuture<CheckpointInfo> f, CheckpointInfo info, Throwable error) {
        runningCheckpoint = null;
        lastCheckpointNanos = clock.nanos();
        if (error == null) {
            f.complete(info);
        } else {
            f.completeExceptionally(error);
        }
    }

    private void checkpointIfDue() {
        try {
            long since = lastLsn() - lastCheckpointLsn;
            if (since == 0 || closed) {
                return;
            }
            boolean bySize = wal != null && config.checkpointLogBytes() > 0
                    && wal.bytesWritten() - walBytesAtCheckpoint >= config.checkpointLogBytes();
            long interval = config.checkpointInterval().toNanos();
            boolean byTime = interval > 0 && clock.nanos() - lastCheckpointNanos >= interval;
            if (bySize || byTime) {
                checkpoint();
            }
        } catch (RuntimeException e) {
            LOG.log(Level.DEBUG, "checkpoint trigger skipped: " + e.getMessage());
        }
    }

    // ------------------------------------------------------------------ lifecycle and stats

    public StoreConfig config() {
        return config;
    }

    /** Bytes of write-ahead log on disk now (all segments, including those kept for older snapshots). */
    public long logSizeBytes() {
        long total = 0;
        try {
            for (io.cairn.storage.wal.WalSegment seg : io.cairn.storage.wal.WalSegments.list(fs, config.dir())) {
                try (io.cairn.storage.io.FileHandle h = fs.open(seg.path(), FileSystem.OpenMode.READ)) {
                    total += h.size();
                } catch (IOException e) {
                    // deleted by a checkpoint meanwhile
                }
            }
        } catch (IOException e) {
            throw new StorageIOException("cannot list the log in " + config.dir(), e);
        }
        return total;
    }

    public RecoveryStats recoveryStats() {
        return recovery;
    }

    /**
     * Latency of the log's group writes and of its fsyncs, in microseconds, since open or the last
     * {@link LatencyHistogram#reset}; null without a log ({@code wal=none}).
     */
    public LatencyHistogram walWriteLatency() {
        return wal == null ? null : wal.writeLatency();
    }

    /** Latency of the log's fsyncs ({@code fsync} mode); null without a log. */
    public LatencyHistogram walSyncLatency() {
        return wal == null ? null : wal.syncLatency();
    }

    public StoreStats stats() {
        lock.lock();
        try {
            boolean running;
            synchronized (this) {
                running = runningCheckpoint != null;
            }
            return new StoreStats(keyspace.size(), keyspace.volatileKeys(), lastLsn,
                    wal == null ? lastLsn : wal.durableLsn(), config.walMode(),
                    wal == null ? 0 : wal.bytesWritten(), wal == null ? 0 : wal.groupCount(),
                    wal == null ? 0 : wal.syncCount(), wal == null ? 0 : wal.syncNanosTotal(),
                    lastCheckpoint, lastCheckpointError, running, expiredKeys,
                    keyspace.tree.openViewCount(), recovery);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits for a running checkpoint, writes and syncs what the log holds, stops the threads and
     * releases the directory. Idempotent. Does not take a checkpoint.
     */
    @Override
    public void close() {
        CompletableFuture<CheckpointInfo> running;
        synchronized (this) {
            running = runningCheckpoint;
        }
        if (running != null) {
            try {
                running.join();
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "checkpoint failed during close: " + e.getMessage());
            }
        }
        lock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
        } finally {
            lock.unlock();
        }
        scheduler.shutdownNow();
        checkpointThread.shutdown();
        try {
            checkpointThread.awaitTermination(1, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            if (wal != null) {
                wal.close();
            }
        } finally {
            try {
                dirLock.close();
            } catch (IOException e) {
                LOG.log(Level.WARNING, "cannot release the directory lock: " + e);
            }
        }
    }
}
