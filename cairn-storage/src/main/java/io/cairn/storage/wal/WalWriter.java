package io.cairn.storage.wal;

import io.cairn.common.Checks;
import io.cairn.common.Checksums;
import io.cairn.common.LatencyHistogram;
import io.cairn.common.StorageIOException;
import io.cairn.common.StoreClosedException;
import io.cairn.storage.io.FileHandle;
import io.cairn.storage.io.FileSystem;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Appends records to segment files with group commit.
 *
 * <p>Callers {@link #append} records in LSN order (the store calls it under its commit lock) into a
 * pending buffer and get back the future of the <em>group</em> their record joined. One writer
 * thread repeatedly swaps the pending buffer for an empty one, writes it with one {@code write}
 * and, when {@code fsync} is on, one {@code fdatasync}, then completes the group's future. Records
 * appended while a sync runs form the next group, so N concurrent writers share one sync instead
 * of queueing behind N of them, and no caller ever blocks on the disk.
 *
 * <p>A failed write or sync fails the group it belonged to and every later append: after a failed
 * fsync the kernel's page cache can no longer be trusted (the "fsyncgate" lesson), so the log
 * stops and the store must be reopened, which replays what really reached the disk.
 *
 * <p>Thread-safe. {@link #append} must be called by one thread at a time, in LSN order.
 */
public final class WalWriter implements AutoCloseable {
    private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);
    private final FileSystem fs;
    private final Path dir;
    private final boolean fsync;
    private final long segmentBytes;
    private final int maxRecordBytes;
    private final long maxPendingBytes;

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition work = lock.newCondition();
    private final Condition drained = lock.newCondition();
    // Guarded by lock.
    private ByteBuffer pending;
    private ByteBuffer spare;
    private CompletableFuture<Void> pendingGroup;
    private long pendingFirstLsn = -1;
    private long pendingLastLsn = -1;
    private CompletableFuture<Void> inFlightGroup;
    private long inFlightLastLsn = -1;
    private boolean rollRequested;
    private boolean closing;
    private Throwable failure;

    // Owned by the writer thread.
    private FileHandle segment;
    private long segmentSize;
    private long segmentFirstLsn;

    private final AtomicLong durableLsn;
    private final AtomicLong bytesWritten = new AtomicLong();
    private final AtomicLong syncs = new AtomicLong();
    private final AtomicLong groups = new AtomicLong();
    private final AtomicLong syncNanosTotal = new AtomicLong();
    private final LatencyHistogram writeLatency = new LatencyHistogram();
    private final LatencyHistogram syncLatency = new LatencyHistogram();
    private final Thread writer;
    private static final int GATHER_MIN_GROUP = 4;
    private static final long MAX_GATHER_NANOS = 200_000;
    // Writer-thread state for gatherMore().
    private long lastGroupRecords;
    private long lastSyncNanos;
    // Guarded by lock: while > 0 the writer is gathering and wants a signal at this many records.
    private long gatherTarget;

    /**
     * Opens a writer whose first record will carry {@code nextLsn}; it starts a new segment named
     * after that LSN. The directory must already have been recovered. With {@code fsync} a
     * record is durable once its group was written and synced ({@code wal=fsync}); without, once
     * it was written to the operating system ({@code wal=write}).
     */
    public WalWriter(FileSystem fs, Path dir, boolean fsync, long segmentBytes, int maxRecordBytes, long nextLsn) {
        this.fs = fs;
        this.dir = dir;
        this.fsync = fsync;
        this.segmentBytes = Checks.positive("segmentBytes", segmentBytes);
        this.maxRecordBytes = Checks.positive("maxRecordBytes", maxRecordBytes);
        this.maxPendingBytes = Math.max(64L << 20, 2L * maxRecordBytes);
        this.pending = newBuffer(1 << 16);
        this.spare = newBuffer(1 << 16);
        this.durableLsn = new AtomicLong(nextLsn - 1);
        try {
            openSegment(nextLsn);
        } catch (IOException e) {
            throw new StorageIOException("cannot create WAL segment in " + dir, e);
        }
        this.writer = Thread.ofPlatform().name("cairn-wal-writer").daemon(true).unstarted(this::run);
        writer.start();
    }

    /**
     * Queues a record. The returned future completes when the record has reached the writer's
     * durability, or fails with {@link StorageIOException} if the log failed first. Blocks only
     * when more than {@code maxPendingBytes} wait for the disk (back-pressure).
     *
     * @throws IllegalArgumentException when the payload is larger than {@code maxRecordBytes}
     */
    public CompletableFuture<Void> append(long lsn, ByteBuffer payload) {
        int length = payload.remaining();
        if (length > maxRecordBytes) {
            throw new IllegalArgumentException(
                    "record length: " + length + " (expected: <= " + maxRecordBytes + ")");
        }
        lock.lock();
        try {
            while (failure == null && !closing && pending.position() > 0
                    && pending.position() + length > maxPendingBytes) {
                drained.awaitUninterruptibly();
            }
            if (failure != null) {
                return CompletableFuture.failedFuture(StorageIOException.of("write-ahead log failed earlier", failure));
            }
            if (closing) {
                return CompletableFuture.failedFuture(new StoreClosedException("write-ahead log is closed"));
            }
            if (pendingLastLsn >= 0 && lsn != pendingLastLsn + 1) {
                throw new IllegalStateException("lsn: " + lsn + " (expected: " + (pendingLastLsn + 1) + ")");
            }
            ensureCapacity(WalFormat.RECORD_HEADER_SIZE + length);
            int start = pending.position();
            pending.putInt(0).putInt(length).putLong(lsn).put(payload);
            int crc = Checksums.crc32c(pending, start + 4, WalFormat.RECORD_HEADER_SIZE - 4 + length);
            pending.putInt(start, crc);
            if (pendingGroup == null) {
                pendingGroup = new CompletableFuture<>();
                pendingFirstLsn = lsn;
                work.signal();
            }
            pendingLastLsn = lsn;
            if (gatherTarget > 0 && lsn - pendingFirstLsn + 1 >= gatherTarget) {
                gatherTarget = 0;
                work.signal(); // the writer is gathering and enough records joined
            }
            return pendingGroup;
        } finally {
            lock.unlock();
        }
    }

    /** Asks the writer to start a new segment before the next group, so older ones can be deleted. */
    public void requestRoll() {
        lock.lock();
        try {
            rollRequested = true;
        } finally {
            lock.unlock();
        }
    }

    /**
     * A future that completes once every record up to {@code lsn} has reached the writer's
     * durability (already complete if it has), or fails if the log fails first.
     */
    public CompletableFuture<Void> whenDurable(long lsn) {
        if (durableLsn.get() >= lsn) {
            return DONE;
        }
        lock.lock();
        try {
            if (failure != null) {
                return CompletableFuture.failedFuture(StorageIOException.of("write-ahead log failed earlier", failure));
            }
            if (durableLsn.get() >= lsn) {
                return DONE;
            }
            if (pendingGroup != null && lsn >= pendingFirstLsn) {
                return pendingGroup;
            }
            if (inFlightGroup != null && lsn <= inFlightLastLsn) {
                return inFlightGroup;
            }
            return DONE;
        } finally {
            lock.unlock();
        }
    }

    private void clearInFlight(CompletableFuture<Void> group) {
        lock.lock();
        try {
            if (inFlightGroup == group) {
                inFlightGroup = null;
            }
        } finally {
            lock.unlock();
        }
    }

    /** The highest LSN known to have reached the writer's durability. */
    public long durableLsn() {
        return durableLsn.get();
    }

    public long bytesWritten() {
        return bytesWritten.get();
    }

    public long syncCount() {
        return syncs.get();
    }

    public long groupCount() {
        return groups.get();
    }

    /** How long each group's write to the segment took (the write call, not the fsync). */
    public LatencyHistogram writeLatency() {
        return writeLatency;
    }

    /** How long each fsync took (with {@code fsync} only). */
    public LatencyHistogram syncLatency() {
        return syncLatency;
    }

    public long syncNanosTotal() {
        return syncNanosTotal.get();
    }

    /** The failure that stopped the log, or null while it is healthy. */
    public Throwable failure() {
        lock.lock();
        try {
            return failure;
        } finally {
            lock.unlock();
        }
    }

    private void run() {
        while (true) {
            ByteBuffer batch;
            CompletableFuture<Void> group;
            long firstLsn;
            long lastLsn;
            boolean roll;
            lock.lock();
            try {
                while (pendingGroup == null && !closing) {
                    work.awaitUninterruptibly();
                }
                if (pendingGroup == null) {
                    return; // closing, nothing left
                }
                gatherMore();
                batch = pending;
                pending = spare;
                spare = null;
                group = pendingGroup;
                firstLsn = pendingFirstLsn;
                lastLsn = pendingLastLsn;
                pendingGroup = null;
                inFlightGroup = group;
                inFlightLastLsn = lastLsn;
                roll = rollRequested;
                rollRequested = false;
                drained.signalAll();
            } finally {
                lock.unlock();
            }
            try {
                if (roll || segmentSize >= segmentBytes) {
                    rollTo(firstLsn);
                }
                batch.flip();
                int n = batch.remaining();
                long w0 = System.nanoTime();
                segment.writeFully(batch);
                writeLatency.recordSince(w0);
                segmentSize += n;
                if (fsync) {
                    long t0 = System.nanoTime();
                    segment.sync();
                    lastSyncNanos = System.nanoTime() - t0;
                    syncLatency.record(lastSyncNanos / 1_000);
                    syncNanosTotal.addAndGet(lastSyncNanos);
                    syncs.incrementAndGet();
                }
                lastGroupRecords = lastLsn - firstLsn + 1;
                bytesWritten.addAndGet(n);
                groups.incrementAndGet();
                durableLsn.set(lastLsn);
                group.complete(null);
                clearInFlight(group);
            } catch (Throwable t) {
                fail(t, group);
                return;
            } finally {
                batch.clear();
                lock.lock();
                try {
                    spare = batch;
                } finally {
                    lock.unlock();
                }
            }
        }
    }

    /**
     * Group-commit gathering, in FSYNC mode only: when the last group was shared by several writers
     * (so others are active), wait a fraction of the last fsync's time for more records to join
     * before syncing, as PostgreSQL's commit_delay does. A lone writer never waits. Measured on the
     * 2-core test machine with 50 unpipelined clients: groups grew from ~13 to ~24 records and
     * SET from ~56k to ~62k requests/s; a single client's latency is unchanged (BENCHMARKS.md). Called with the lock held.
     */
    private void gatherMore() {
        if (!fsync || lastGroupRecords < GATHER_MIN_GROUP || closing) {
            return;
        }
        long waitNanos = Math.min(MAX_GATHER_NANOS, lastSyncNanos / 2);
        long deadline = System.nanoTime() + waitNanos;
        // Stop early once as many records joined as the last group had: the crowd has arrived.
        gatherTarget = lastGroupRecords;
        while (!closing && gatherTarget > 0 && pendingLastLsn - pendingFirstLsn + 1 < lastGroupRecords) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                break;
            }
            try {
                work.awaitNanos(left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        gatherTarget = 0;
    }

    private void fail(Throwable t, CompletableFuture<Void> group) {
        StorageIOException e = StorageIOException.of("write-ahead log write failed in " + dir, t);
        CompletableFuture<Void> queued;
        lock.lock();
        try {
            failure = e;
            queued = pendingGroup;
            pendingGroup = null;
            inFlightGroup = null;
            drained.signalAll();
        } finally {
            lock.unlock();
        }
        group.completeExceptionally(e);
        if (queued != null) {
            queued.completeExceptionally(e);
        }
    }

    private void rollTo(long firstLsn) throws IOException {
        if (firstLsn == segmentFirstLsn) {
            return; // the current segment holds no records yet: it already starts here
        }
        if (fsync) {
            segment.sync(); // already synced per group; cheap, keeps the rule local
        }
        segment.close();
        openSegment(firstLsn);
    }

    private void openSegment(long firstLsn) throws IOException {
        Path path = dir.resolve(WalFormat.segmentName(firstLsn));
        FileHandle h = fs.open(path, FileSystem.OpenMode.CREATE_NEW);
        ByteBuffer header = ByteBuffer.allocate(WalFormat.HEADER_SIZE).order(ByteOrder.LITTLE_ENDIAN);
        header.put(WalFormat.MAGIC).putInt(WalFormat.VERSION).putLong(firstLsn);
        header.putInt(Checksums.crc32c(header, 0, WalFormat.HEADER_CHECKED));
        header.flip();
        h.writeFully(header);
        if (fsync) {
            h.sync();
            fs.syncDirectory(dir);
        }
        segment = h;
        segmentSize = WalFormat.HEADER_SIZE;
        segmentFirstLsn = firstLsn;
    }

    private void ensureCapacity(int extra) {
        if (pending.remaining() >= extra) {
            return;
        }
        long want = Math.max((long) pending.capacity() * 2, (long) pending.position() + extra);
        ByteBuffer bigger = newBuffer((int) Math.min(want, Integer.MAX_VALUE - 8));
        pending.flip();
        bigger.put(pending);
        pending = bigger;
    }

    private static ByteBuffer newBuffer(int capacity) {
        return ByteBuffer.allocate(capacity).order(ByteOrder.LITTLE_ENDIAN);
    }

    /**
     * Writes and syncs what is pending, stops the writer thread and closes the segment. Appends
     * after this fail with {@link StoreClosedException}.
     */
    @Override
    public void close() {
        lock.lock();
        try {
            closing = true;
            work.signalAll();
            drained.signalAll();
        } finally {
            lock.unlock();
        }
        try {
            writer.join(TimeUnit.MINUTES.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            if (failure() == null) {
                segment.sync();
            }
            segment.close();
        } catch (IOException e) {
            throw new StorageIOException("cannot close WAL segment in " + dir, e);
        }
    }
}
