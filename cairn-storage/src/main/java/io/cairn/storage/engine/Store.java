package io.cairn.storage.engine;

import io.cairn.common.CairnException;
import io.cairn.common.Clock;
import io.cairn.common.LatencyHistogram;
import io.cairn.common.StorageIOException;
import io.cairn.common.StoreClosedException;
import io.cairn.storage.index.View;
import io.cairn.storage.io.FileHandle;
import io.cairn.storage.io.FileSystem;
import io.cairn.storage.io.LocalFileSystem;
import io.cairn.storage.wal.WalSegment;
import io.cairn.storage.wal.WalSegments;
import io.cairn.storage.wal.WalWriter;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
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
 *   checkpoint()  --> CheckpointScheduler claims the one running checkpoint (no lock held)
 *                 --lock--> open a ReadView (O(1)), roll the log
 *                           --> checkpoint thread writes snapshot-<lsn>.snap from the view
 *                           --> deletes old snapshots and the segments only they needed
 *   open()        --> Recovery: newest valid snapshot + WAL replay (torn tail truncated)
 *
 * One lock serialises all access to the keyspace, as Redis's single thread does: an operation
 * is a few hundred nanoseconds, and what takes long (fsync, snapshot writing) happens outside it.
 * The parts, each with one lifecycle: CommitLog (LSNs, encoding, log append, listener fan-out),
 * CheckpointScheduler (when checkpoints run, their bookkeeping), ExpiryCycle (reclaiming expired
 * keys). Lock order: the store's lock is the only lock taken here; the scheduler holds none
 * while it calls in, so INFO (stats under the lock) can never wait on a starting checkpoint.
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

    private final StoreConfig config;
    private final FileSystem fs;
    private final Clock clock;
    private final LatencyHistogram expiryLatency = new LatencyHistogram();
    private final Closeable dirLock;
    private final ReentrantLock lock = new ReentrantLock();
    private final Databases dbs;
    private final Txn txn;
    private final CommitLog log;
    private final RecoveryStats recovery;
    private final ExpiryCycle expiry;
    private volatile java.util.function.BooleanSupplier expiryHeld = () -> false;
    private final Eviction eviction;
    /** {@link Databases#bytes} as the last write left it, for a check without the lock. */
    private volatile long usedBytes;
    private final CheckpointScheduler checkpoints;
    private final ScheduledExecutorService timer;
    private final boolean ownsTimer;
    private final List<ScheduledFuture<?>> timerTasks = new ArrayList<>();
    private final ExecutorService checkpointThread;
    /** The disk databases' engine; null when every database is in memory. */
    private final DiskEngine disk;
    /** The disk databases' saves; null with the engine. */
    private final DiskSaves diskSaves;
    private final List<CheckpointListener> checkpointListeners = new java.util.concurrent.CopyOnWriteArrayList<>();
    // Guarded by lock.

    // Guarded by lock.
    private boolean closed;
    // Guarded by lock. Set when a transaction was abandoned: the keyspace holds writes the log never will.
    private boolean abandoned;

    private Store(StoreConfig config, FileSystem fs, Clock clock, ScheduledExecutorService timer,
                  ReplicatedLog replicated) throws IOException {
        this.config = config;
        this.fs = fs;
        this.clock = clock;
        fs.createDirectories(config.dir());
        this.dirLock = fs.lock(config.dir().resolve("LOCK"));
        DiskEngine engine = null;
        try {
            boolean leftBehind = config.disk().provider() != null && fs.exists(config.dir().resolve("disk"));
            if (config.disk().any() || leftBehind && replicated == null) {
                if (config.disk().any() && replicated != null) {
                    throw new IllegalArgumentException("disk databases do not yet replicate: a replicated store keeps every database in memory");
                }
                engine = config.disk().provider().open(
                        new DiskEngine.Settings(config.dir().resolve("disk"), config.disk().cacheBytes()));
            }
            if (replicated != null) {
                // A replica starts empty: the group's log, replayed through applyReplicated, is its state.
                this.dbs = new Databases(config.databases(), config.expectedKeys());
                dbs.encodings(config.encodings());
                this.recovery = new RecoveryStats(null, 0, 0, 0, 0, 0, 0, 0, null, null, 0, 0, 0);
                this.txn = new Txn(dbs, config);
                this.log = new CommitLog(replicated);
            } else {
                // With no disk database configured, the engine found in the directory is opened only so
                // that recovery refuses the start if it holds one (Databases' check).
                Recovery.Recovered r = Recovery.run(fs, config, clock, engine);
                if (!config.disk().any() && engine != null) {
                    engine.close();
                    engine = null;
                }
                this.dbs = r.databases();
                this.recovery = r.stats();
                this.txn = new Txn(dbs, config);
                WalWriter wal = config.walMode() == WalMode.NONE ? null
                        : new WalWriter(fs, config.dir(), config.walMode() == WalMode.FSYNC, config.segmentBytes(),
                                config.maxRecordBytes(), r.lastLsn() + 1);
                this.log = new CommitLog(wal, r.lastLsn());
            }
            this.disk = engine;
            this.diskSaves = engine == null ? null : new DiskSaves(engine, dbs, log, config.disk());
        } catch (IOException | RuntimeException e) {
            if (engine != null) {
                engine.close();
            }
            dirLock.close();
            throw e;
        }
        this.expiry = new ExpiryCycle(dbs, log);
        this.eviction = new Eviction(dbs);
        this.usedBytes = dbs.bytes();
        this.checkpointThread = Executors.newSingleThreadExecutor(
                Thread.ofPlatform().name("cairn-checkpoint").daemon(true).factory());
        this.checkpoints = new CheckpointScheduler(new CheckpointSource(), new Checkpointer(fs, config, clock),
                config, clock, checkpointThread, recovery.snapshotLsn());
        this.ownsTimer = timer == null;
        this.timer = timer != null ? timer : Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().name("cairn-store-timer").daemon(true).factory());
        long cycle = config.expiryCycle().toMillis();
        timerTasks.add(this.timer.scheduleWithFixedDelay(this::reclaimExpiredQuietly, cycle, cycle, TimeUnit.MILLISECONDS));
        if (replicated == null) {
            timerTasks.add(this.timer.scheduleWithFixedDelay(checkpoints::checkIfDue, 1, 1, TimeUnit.SECONDS));
        }
    }

    /** Opens (creating or recovering) the store on the local disk with the system clock. */
    public static Store open(StoreConfig config) {
        return open(config, LocalFileSystem.INSTANCE, Clock.SYSTEM);
    }

    /**
     * Opens the store in {@code config.dir()}: loads the newest valid snapshot and replays the
     * log after it. The store runs its periodic work (expiry, checkpoint triggers) on a daemon
     * thread of its own.
     *
     * @throws io.cairn.common.CorruptionException when the log is damaged other than at its tail
     * @throws StorageIOException when the directory cannot be read or is locked by another store
     */
    public static Store open(StoreConfig config, FileSystem fs, Clock clock) {
        return open(config, fs, clock, null);
    }

    /**
     * As {@link #open(StoreConfig, FileSystem, Clock)}, with the periodic work (the expiry cycle
     * every {@link StoreConfig#expiryCycle()}, the checkpoint trigger every second) scheduled on
     * {@code timer}. The caller owns the timer: {@link #close()} cancels the store's tasks on it
     * but does not shut it down. The tasks take the store's lock briefly and never block on I/O.
     */
    public static Store open(StoreConfig config, FileSystem fs, Clock clock, ScheduledExecutorService timer) {
        try {
            return new Store(config, fs, clock, timer, null);
        } catch (IOException e) {
            throw new StorageIOException("cannot open store in " + config.dir(), e);
        }
    }

    /**
     * Opens an empty store that is one copy of a replicated group: {@code log} is its log of
     * record in place of a write-ahead log ({@code config.walMode()} is not used), and its state
     * is what {@link #applyReplicated} brings in from the group's log plus, on the leader, what it
     * runs. It reads no snapshot and takes no checkpoint of its own. The expiry cycle runs as on
     * any store; a replica that follows holds it ({@link #holdExpiryWhile}), so only the leader
     * expires keys, and logs them.
     */
    public static Store openReplica(StoreConfig config, FileSystem fs, Clock clock, ReplicatedLog log) {
        io.cairn.common.Checks.notNull("log", log);
        try {
            return new Store(config, fs, clock, null, log);
        } catch (IOException e) {
            throw new StorageIOException("cannot open store in " + config.dir(), e);
        }
    }

    /**
     * Applies a batch the group committed (an {@link ReplicatedLog#append} payload) through the
     * one apply path and tells the change stream; it is not logged again. It takes this store's
     * next LSN: LSNs are a replica's own sequence, the group's order is its log's. Returns it.
     *
     * @throws IllegalArgumentException when the payload does not decode
     */
    public long applyReplicated(ByteBuffer payload) {
        return applyReplicated(payload, () -> true);
    }

    /**
     * As {@link #applyReplicated(ByteBuffer)} if {@code mayApply}, asked under the store's lock (so
     * no write of this store runs between the question and the apply), answers true; else applies
     * nothing and returns -1.
     */
    public long applyReplicated(ByteBuffer payload, java.util.function.BooleanSupplier mayApply) {
        List<Mutation> mutations = MutationCodec.decode(payload);
        lock.lock();
        try {
            checkOpen();
            if (!mayApply.getAsBoolean()) {
                return -1;
            }
            if (!log.replica()) {
                throw new IllegalStateException("not a replica: " + config.dir());
            }
            for (Mutation m : mutations) {
                MutationApplier.apply(dbs, m);
            }
            return log.committedElsewhere(mutations);
        } finally {
            usedBytes = dbs.bytes();
            stageCheck();
            lock.unlock();
        }
    }

    /**
     * Empties a replica, every database, for it to be rebuilt from the group's log (after it ran
     * writes the group did not commit). The change stream sees a flush, at the next LSN.
     */
    public void clearReplica() {
        clearReplica(() -> { });
    }

    /** As {@link #clearReplica()}, running {@code underLock} first under the store's lock. */
    public void clearReplica(Runnable underLock) {
        lock.lock();
        try {
            underLock.run();
            flushReplica();
        } finally {
            usedBytes = dbs.bytes();
            stageCheck();
            lock.unlock();
        }
    }

    /**
     * On a replica: a read view of every database if {@code atBoundary}, asked under the store's
     * lock, answers true (the replication layer's check that the store holds exactly what its log
     * applied); else null. Close it when done.
     */
    public ReadView openReplicaView(java.util.function.BooleanSupplier atBoundary) {
        lock.lock();
        try {
            checkOpen();
            return atBoundary.getAsBoolean() ? newView(0) : null;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Writes {@code view} as a snapshot file in {@code dir} (the format of {@code
     * docs/format/snapshot.md}, named for the view's LSN) and returns its path: a replica's
     * snapshot, which its replication layer names and keeps. Does not close the view.
     */
    public java.nio.file.Path writeSnapshot(ReadView view, java.nio.file.Path dir) {
        StoreConfig at = StoreConfig.builder(dir).databases(config.databases()).encodings(config.encodings()).build();
        try {
            fs.createDirectories(dir);
            CheckpointInfo info = new Checkpointer(fs, at, clock).write(view);
            return dir.resolve(info.file());
        } catch (IOException e) {
            throw new StorageIOException("cannot write a snapshot in " + dir, e);
        }
    }

    /**
     * On a replica: replaces everything it holds by the snapshot at {@code file} (one {@link
     * #writeSnapshot} wrote, on this copy or another). The change stream sees a flush first; the
     * entries loaded are not published (a listener that indexes the data must rebuild from it).
     *
     * @throws io.cairn.common.CorruptionException when the file is damaged (the store is then empty)
     */
    public void loadReplicaSnapshot(java.nio.file.Path file) {
        lock.lock();
        try {
            flushReplica();
            dbs.functions(new byte[0]);
            SnapshotReader.load(fs, file, dbs);
        } catch (IOException e) {
            throw new StorageIOException("cannot read the snapshot " + file, e);
        } finally {
            usedBytes = dbs.bytes();
            stageCheck();
            lock.unlock();
        }
    }

    /** Under the lock, on a replica: every database emptied, and a flush at the next LSN for the change stream. */
    private void flushReplica() {
        checkOpen();
        if (!log.replica()) {
            throw new IllegalStateException("not a replica: " + config.dir());
        }
        List<Mutation> flush = List.of(new Mutation.ClearAll());
        MutationApplier.apply(dbs, flush.getFirst());
        log.committedElsewhere(flush);
    }

    /** Whether this store is a copy of a replicated group ({@link #openReplica}). */
    public boolean replica() {
        return log.replica();
    }

    // ------------------------------------------------------------------ writes and reads

    /**
     * Runs {@code body} atomically with respect to every other call and commits what it wrote as
     * one log record. If {@code body} throws, the writes it made before throwing stay applied and
     * are logged (each {@link Txn} write is itself all-or-nothing), and the exception propagates;
     * except for a {@link TransactionAbandonedException}, after which nothing of the transaction is
     * logged and the store refuses everything until it is closed.
     */
    public <R> Result<R> execute(Function<Txn, R> body) {
        return execute(0, body);
    }

    /** As {@link #execute(Function)}, with database {@code db} selected. */
    public <R> Result<R> execute(int db, Function<Txn, R> body) {
        lock.lock();
        return executeLocked(db, body);
    }

    /**
     * As {@link #execute(int, Function)} if the lock is had within {@code nanos}; null otherwise,
     * having done nothing (a server waits this way while a long script holds the store).
     */
    public <R> Result<R> tryExecute(int db, Function<Txn, R> body, long nanos) throws InterruptedException {
        if (!lock.tryLock(nanos, TimeUnit.NANOSECONDS)) {
            return null;
        }
        return executeLocked(db, body);
    }

    /** As {@link #query(int, Function)} if the lock is had within {@code nanos}; null otherwise. */
    public <R> Result<R> tryQuery(int db, Function<Txn, R> body, long nanos) throws InterruptedException {
        if (!lock.tryLock(nanos, TimeUnit.NANOSECONDS)) {
            return null;
        }
        return queryLocked(db, body);
    }

    private <R> Result<R> executeLocked(int db, Function<Txn, R> body) {
        try {
            checkWritable();
            txn.begin(clock.millis(), false, db);
            txn.batchLsn(log.lastLsn() + 1); // the lock is held until this batch is committed
            R value;
            try {
                value = body.apply(txn);
            } catch (TransactionAbandonedException e) {
                txn.end(); // not committed: nothing of it reaches the log
                abandoned = true;
                throw e;
            } catch (RuntimeException | Error e) {
                log.commit(txn.end());
                throw e;
            }
            List<Txn.SeenExpired> seen = txn.takeExpiredSeen();
            if (!seen.isEmpty() && !expiryHeld.getAsBoolean()) {
                txn.reclaimSeen(seen); // what its reads found expired goes with this batch
            }
            List<Mutation> mutations = txn.end();
            long before = log.lastLsn();
            CompletableFuture<Void> durable = log.commit(mutations);
            return new Result<>(value, mutations.isEmpty() ? before : before + 1, durable);
        } finally {
            usedBytes = dbs.bytes();
            stageCheck();
            lock.unlock();
        }
    }

    /**
     * After a read, under the lock: removes the keys it found expired, in a batch of their own, as
     * Redis deletes a key an access finds expired (so {@code expired} reaches the change stream
     * then, not at the next expiry cycle). The read's own reply does not wait for it.
     */
    private void reclaim(List<Txn.SeenExpired> seen) {
        try {
            checkWritable();
        } catch (RuntimeException e) {
            return; // a store that refuses writes keeps them until it can
        }
        txn.begin(clock.millis(), false, 0);
        try {
            txn.reclaimSeen(seen);
        } finally {
            log.commit(txn.end());
            usedBytes = dbs.bytes();
        }
    }

    // ------------------------------------------------------------------ disk databases

    /** Under the lock, after a transaction: a disk database's stage past its bound is saved and let go. */
    private void stageCheck() {
        if (diskSaves != null && !closed) {
            diskSaves.check();
        }
    }

    /** Whether some database is a disk database. */
    public boolean hasDiskDatabases() {
        return disk != null;
    }

    /**
     * INFO's {@code disk} section, MarkLogic's timings in its order: the journal (the log of record's
     * writes and fsyncs, which disk databases share with memory ones), the stage and its saves
     * (what changed in memory written to the engine, MarkLogic's "save"), then the engine's own
     * figures (its flushes and merges); empty when there is no disk database.
     */
    public java.util.Map<String, String> diskInfo() {
        if (diskSaves == null) {
            return new java.util.LinkedHashMap<>();
        }
        java.util.Map<String, String> out;
        lock.lock();
        try {
            out = diskSaves.info(walWriteLatency(), walSyncLatency());
        } finally {
            lock.unlock();
        }
        out.putAll(disk.info());
        return out;
    }

    /** CONFIG RESETSTAT: INFO disk's saves, flushes and merges count again from now (the journal's are the log's). */
    public void resetDiskStats() {
        if (diskSaves == null) {
            return;
        }
        lock.lock();
        try {
            diskSaves.resetStats();
        } finally {
            lock.unlock();
        }
        disk.resetStats();
    }

    /** Runs a read-only {@code body} atomically; write methods of the {@link Txn} throw. */
    public <R> R read(Function<Txn, R> body) {
        return read(0, body);
    }

    /** As {@link #read(Function)}, with database {@code db} selected. */
    public <R> R read(int db, Function<Txn, R> body) {
        lock.lock();
        try {
            checkOpen();
            txn.begin(clock.millis(), true, db);
            try {
                return body.apply(txn);
            } finally {
                txn.end();
            }
        } finally {
            stageCheck();
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
        return query(0, body);
    }

    /** As {@link #query(Function)}, with database {@code db} selected. */
    public <R> Result<R> query(int db, Function<Txn, R> body) {
        lock.lock();
        return queryLocked(db, body);
    }

    private <R> Result<R> queryLocked(int db, Function<Txn, R> body) {
        try {
            checkOpen();
            txn.begin(clock.millis(), true, db);
            R value;
            long lsn;
            List<Txn.SeenExpired> seen;
            try {
                value = body.apply(txn);
                lsn = log.lastLsn();
                seen = txn.takeExpiredSeen();
            } finally {
                txn.end();
            }
            if (!seen.isEmpty() && !expiryHeld.getAsBoolean()) {
                reclaim(seen);
            }
            return new Result<>(value, lsn, log.whenReadable(lsn));
        } finally {
            stageCheck();
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

    /**
     * Sets Redis's {@code set-max-intset-entries}: the most members a set of integers keeps in
     * the compact intset layout (default 512; Redis caps it at 2^30). Later writes follow it; a
     * set already converted stays a hashtable, and a recovery starts from the default.
     */
    public void setMaxIntsetEntries(int entries) {
        io.cairn.common.Checks.nonNegative("entries", entries);
        Encodings e = encodings();
        encodings(new Encodings(e.hashMaxListpackEntries(), e.hashMaxListpackValue(), entries,
                e.setMaxListpackEntries(), e.setMaxListpackValue(), e.zsetMaxListpackEntries(),
                e.zsetMaxListpackValue(), e.listMaxListpackSize(), e.listCompressDepth(), e.hllSparseMaxBytes()));
    }

    /** Opens a consistent read view of the current state, reading database 0; close it when done. */
    public ReadView openReadView() {
        return openReadView(0);
    }

    /** Opens a consistent read view of every database, reading database {@code db}; close it when done. */
    public ReadView openReadView(int db) {
        lock.lock();
        try {
            checkOpen();
            return newView(db);
        } finally {
            lock.unlock();
        }
    }

    /** Under the lock. */
    private ReadView newView(int db) {
        dbs.get(db); // checks the number before any view is opened
        @SuppressWarnings("unchecked")
        View<Object>[] views = new View[dbs.count()];
        DiskTier.View[] disk = new DiskTier.View[views.length];
        for (int i = 0; i < views.length; i++) {
            Keyspace k = dbs.get(i);
            views[i] = k.openView();
            disk[i] = k.disk == null ? null : new DiskTier.View(k);
        }
        return new ReadView(this, views, disk, db, log.lastLsn(), clock.millis(), dbs.functions());
    }

    void closeViews(View<Object>[] views) {
        lock.lock();
        try {
            for (View<Object> v : views) {
                v.close();
            }
        } finally {
            lock.unlock();
        }
    }

    /** The LSN of the last committed batch. */
    public long lastLsn() {
        lock.lock();
        try {
            return log.lastLsn();
        } finally {
            lock.unlock();
        }
    }

    /** Completes once every batch up to {@code lsn} reached the configured durability. */
    public CompletableFuture<Void> whenDurable(long lsn) {
        return log.whenDurable(lsn);
    }

    /** Adds a listener to the change stream; it sees batches committed from now on. */
    public Closeable subscribe(ChangeListener listener) {
        return log.subscribe(listener);
    }

    private void checkOpen() {
        if (closed) {
            throw new StoreClosedException("store is closed: " + config.dir());
        }
        if (abandoned) {
            throw new StoreClosedException("store abandoned a transaction and is closing: " + config.dir());
        }
    }

    private void checkWritable() {
        checkOpen();
        log.checkWritable();
    }

    // ------------------------------------------------------------------ expiry

    /**
     * While {@code held} answers true (CLIENT PAUSE, as Redis's pause of its expire and evict
     * actions) no key is deleted for its expiry or evicted: reads still see expired keys as gone,
     * the cycle and the reads leave them for after, and {@link #makeRoom} makes none.
     */
    public void holdExpiryWhile(java.util.function.BooleanSupplier held) {
        expiryHeld = held;
    }

    /**
     * Reclaims expired keys: walks the ordered index from where the last cycle stopped, for at most
     * {@code budget} entries, and deletes the expired ones (logged and published as
     * {@link Mutation.Expired}). Returns the number reclaimed.
     */
    public int reclaimExpired(int budget) {
        lock.lock();
        long start = System.nanoTime();
        try {
            return closed || expiryHeld.getAsBoolean() ? 0 : expiry.run(budget, clock.millis());
        } finally {
            expiryLatency.recordSince(start);
            usedBytes = dbs.bytes();
            stageCheck();
            lock.unlock();
        }
    }

    // ------------------------------------------------------------------ memory

    /**
     * The estimated bytes the store's keys hold: each entry's {@link Txn#memoryUsage} figure (a
     * collection's kept approximately as it changes), summed over every database. What {@code
     * maxmemory} is measured against; not the JVM's heap in use. Read without the lock: the value
     * the last write left.
     */
    public long usedMemory() {
        return usedBytes;
    }

    /** Sets {@code maxmemory} and its policy; takes effect for the next command. */
    public void memoryLimit(MemoryLimit limit) {
        lock.lock();
        try {
            eviction.limit(limit);
        } finally {
            lock.unlock();
        }
    }

    public MemoryLimit memoryLimit() {
        return eviction.limit();
    }

    /**
     * A bound on {@link #usedMemory} below {@code maxmemory} (or in place of none), from what the
     * heap can hold: a server lowers it when the heap runs full, so writes are refused or keys
     * evicted before the JVM runs out. {@code Long.MAX_VALUE}: no cap.
     */
    public void heapCap(long bytes) {
        eviction.heapCap(bytes);
    }

    /** The bound {@link #usedMemory} is held to: the lower of {@code maxmemory} and {@link #heapCap}; {@code Long.MAX_VALUE} when none. */
    public long memoryLimitBytes() {
        return eviction.limitBytes();
    }

    /** Whether the store holds more than its limit (a check without the lock, for every command). */
    public boolean overMemoryLimit() {
        return usedBytes > eviction.limitBytes();
    }

    /**
     * What {@link #makeRoom} did: the keys it evicted (logged as deletes, durable with {@code
     * durable}), and whether the store is now within its limit or at least made progress (false:
     * the policy may take nothing, so a command that adds data must be refused, Redis's {@code
     * -OOM}).
     */
    public record Evictions(boolean roomMade, List<EvictedKey> keys, CompletableFuture<Void> durable) {
    }

    /** A key eviction took. */
    public record EvictedKey(int db, byte[] key) {
    }

    /**
     * Evicts keys as the policy says until the store is within its limit (at most a thousand or
     * so per call; the next command's call goes on). Cheap when already within it.
     */
    public Evictions makeRoom() {
        lock.lock();
        try {
            if (dbs.bytes() <= eviction.limitBytes() || expiryHeld.getAsBoolean()) {
                return new Evictions(true, List.of(), CompletableFuture.completedFuture(null));
            }
            checkWritable();
            List<Mutation> batch = new ArrayList<>();
            List<Eviction.Victim> victims = eviction.run(batch);
            CompletableFuture<Void> durable = batch.isEmpty() ? CompletableFuture.completedFuture(null) : log.commit(batch);
            List<EvictedKey> keys = new ArrayList<>(victims.size());
            for (Eviction.Victim v : victims) {
                keys.add(new EvictedKey(v.db(), v.key()));
            }
            return new Evictions(!keys.isEmpty() || dbs.bytes() <= eviction.limitBytes(), keys, durable);
        } finally {
            usedBytes = dbs.bytes();
            stageCheck();
            lock.unlock();
        }
    }

    /**
     * Time the expiry cycle held the store's lock, each run, in microseconds (writers and readers
     * wait meanwhile): what a latency monitor reports as Redis's {@code expire-cycle}.
     */
    public LatencyHistogram expiryCycleLatency() {
        return expiryLatency;
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
    public CompletableFuture<CheckpointInfo> checkpoint() {
        if (log.replica()) {
            return CompletableFuture.failedFuture(new UnsupportedOperationException(
                    "a replicated store keeps its state in the group's log; it takes no checkpoint of its own"));
        }
        return checkpoints.checkpoint();
    }

    /** The checkpoint trigger, for tests that drive it with their own clock. */
    CheckpointScheduler checkpoints() {
        return checkpoints;
    }

    /** What the scheduler needs from the store; each call takes the lock, the scheduler holds none. */
    private final class CheckpointSource implements CheckpointScheduler.Source {
        @Override
        public CheckpointScheduler.Start begin() {
            lock.lock();
            try {
                checkOpen();
                if (diskSaves != null && !diskSaves.save()) {
                    throw new StorageIOException("the disk databases' save failed (see the log)");
                }
                ReadView view = newView(0);
                long logBytes = log.bytesWritten();
                log.requestRoll();
                return new CheckpointScheduler.Start(view, logBytes);
            } finally {
                lock.unlock();
            }
        }

        @Override
        public long lastLsn() {
            lock.lock();
            try {
                checkOpen();
                return log.lastLsn();
            } finally {
                lock.unlock();
            }
        }

        @Override
        public long logBytesWritten() {
            return log.bytesWritten();
        }

        @Override
        public void flushDisk() throws IOException {
            if (disk != null) {
                disk.flush(); // the save begin() made, durable before the log before it may go
            }
        }

        @Override
        public void beforeLogTrim(long lsn) {
            for (CheckpointListener l : checkpointListeners) {
                try {
                    l.beforeLogTrim(lsn);
                } catch (RuntimeException e) {
                    LOG.log(Level.ERROR, "checkpoint listener failed at LSN " + lsn, e);
                }
            }
        }
    }

    /**
     * Adds a listener told at every checkpoint before the log before it is deleted; close the
     * returned handle to remove it.
     */
    public Closeable onCheckpoint(CheckpointListener listener) {
        io.cairn.common.Checks.notNull("listener", listener);
        checkpointListeners.add(listener);
        return () -> checkpointListeners.remove(listener);
    }

    /**
     * Hands {@code consumer} every batch committed after {@code afterLsn}, through the last one, in
     * LSN order, read back from the write-ahead log segments the store still keeps: what a follower
     * of the change stream whose own state is durable at {@code afterLsn} missed. Runs under the
     * store's lock, having waited until the log is written through the last LSN, so a listener
     * subscribed under that same lock before or after the call sees exactly the batches after the
     * last one handed. It reads the whole range under the lock: call it before serving (at open).
     *
     * <p>Returns false when the log does not hold every such batch: a checkpoint deleted the segments
     * ({@link CheckpointListener} is how to keep them), there is no log ({@code wal=none}, a replica),
     * {@code afterLsn} is past the last LSN (a lost tail), or the log has a gap where the disk
     * databases' save was ahead of it. The consumer may have been handed the first batches by then:
     * a caller that needs all or nothing collects them first.
     *
     * @throws StorageIOException when the log cannot be read (other than a segment deleted meanwhile)
     */
    public boolean replayLog(long afterLsn, java.util.function.BiConsumer<Long, List<Mutation>> consumer) {
        lock.lock();
        try {
            checkOpen();
            long last = log.lastLsn();
            if (afterLsn == last) {
                return true;
            }
            if (afterLsn > last || afterLsn < 0 || log.replica() || config.walMode() == WalMode.NONE) {
                return false;
            }
            log.awaitDurable(last);
            return io.cairn.storage.wal.WalRange.read(fs, config.dir(), afterLsn, last, config.maxRecordBytes(),
                    (lsn, payload) -> consumer.accept(lsn, MutationCodec.decode(payload)));
        } catch (java.nio.file.NoSuchFileException e) {
            return false; // a segment a running checkpoint deleted
        } catch (IOException e) {
            throw new StorageIOException("cannot read the log in " + config.dir(), e);
        } finally {
            lock.unlock();
        }
    }

    // ------------------------------------------------------------------ lifecycle and stats

    public StoreConfig config() {
        return config;
    }

    /** The bounds of the small collection layouts that writes apply now. */
    public Encodings encodings() {
        return dbs.encodings();
    }

    /**
     * Replaces the bounds of the small collection layouts (CONFIG SET): every write that starts
     * after this returns applies them. Values already stored keep their layout until a write
     * takes them past the new bounds, as in Redis. Takes the store's lock (every database gets
     * them at once, and no SWAPDB runs meanwhile).
     */
    public void encodings(Encodings bounds) {
        io.cairn.common.Checks.notNull("encodings", bounds);
        lock.lock();
        try {
            dbs.encodings(bounds);
        } finally {
            lock.unlock();
        }
    }

    /** Bytes of write-ahead log on disk now (all segments, including those kept for older snapshots). */
    public long logSizeBytes() {
        long total = 0;
        try {
            for (WalSegment seg : WalSegments.list(fs, config.dir())) {
                try (FileHandle h = fs.open(seg.path(), FileSystem.OpenMode.READ)) {
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
        return log.writeLatency();
    }

    /** Latency of the log's fsyncs ({@code fsync} mode); null without a log. */
    public LatencyHistogram walSyncLatency() {
        return log.syncLatency();
    }

    /** Counters, read under the lock (the checkpoint state is read without waiting on anything). */
    public StoreStats stats() {
        lock.lock();
        try {
            long[] keysPerDb = new long[dbs.count()];
            long[] volatilePerDb = new long[dbs.count()];
            long[] avgTtlPerDb = new long[dbs.count()];
            long now = clock.millis();
            for (int i = 0; i < keysPerDb.length; i++) {
                keysPerDb[i] = dbs.get(i).size();
                volatilePerDb[i] = dbs.get(i).volatileKeys();
                avgTtlPerDb[i] = dbs.get(i).averageTtl(now);
            }
            return new StoreStats(dbs.size(), dbs.volatileKeys(), log.lastLsn(), log.durableLsn(),
                    config.walMode(), log.bytesWritten(), log.groupCount(), log.syncCount(), log.syncNanosTotal(),
                    checkpoints.last(), checkpoints.lastError(), checkpoints.running() != null, expiry.reclaimed() + txn.expiredRecorded(),
                    dbs.epochs().openViewCount(), recovery, keysPerDb, volatilePerDb, avgTtlPerDb,
                    eviction.evicted(), dbs.bytes());
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
        CompletableFuture<CheckpointInfo> running = checkpoints.running();
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
            if (diskSaves != null && !abandoned) {
                diskSaves.save(); // a clean shutdown leaves the engine with everything: nothing to replay
            }
            closed = true;
        } finally {
            lock.unlock();
        }
        timerTasks.forEach(t -> t.cancel(false));
        if (ownsTimer) {
            timer.shutdownNow();
        }
        checkpointThread.shutdown();
        try {
            checkpointThread.awaitTermination(1, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            if (disk != null) {
                try {
                    disk.flush();
                } catch (IOException e) {
                    LOG.log(Level.WARNING, "disk databases: flush at close failed; the log will be replayed: " + e);
                }
                try {
                    disk.close();
                } catch (IOException e) {
                    LOG.log(Level.WARNING, "disk databases: cannot close the engine: " + e);
                }
            }
            log.close();
        } finally {
            try {
                dirLock.close();
            } catch (IOException e) {
                LOG.log(Level.WARNING, "cannot release the directory lock: " + e);
            }
        }
    }
}
