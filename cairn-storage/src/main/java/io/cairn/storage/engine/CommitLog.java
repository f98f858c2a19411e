package io.cairn.storage.engine;

import io.cairn.common.LatencyHistogram;
import io.cairn.common.StorageIOException;
import io.cairn.storage.wal.WalWriter;
import java.io.Closeable;
import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The store's commit path after a batch was applied: assigns the next LSN, encodes the batch
 * ({@link MutationCodec}), queues it on the {@link WalWriter} (group commit) and tells the
 * {@link ChangeListener}s, in LSN order.
 *
 * <p>Not thread-safe except where a method says so: {@link #commit}, {@link #lastLsn} and
 * {@link #checkWritable} must be called under the store's lock, which is what orders LSNs with
 * the keyspace changes they log. {@link #whenDurable}, {@link #subscribe} and the counters may
 * be called from any thread. Owns the {@link WalWriter} (null with {@code wal=none}) and closes it.
 */
final class CommitLog implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(CommitLog.class.getName());
    private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);

    private final WalWriter wal;
    private final ReplicatedLog replicated;
    private final List<ChangeListener> listeners = new CopyOnWriteArrayList<>();

    // Guarded by the store's lock.
    private long lastLsn;
    private ByteBuffer scratch = ByteBuffer.allocate(1 << 16).order(ByteOrder.LITTLE_ENDIAN);

    /**
     * @param wal     the log to append to, or null for {@code wal=none}
     * @param lastLsn the LSN recovery ended at; the next commit gets {@code lastLsn + 1}
     */
    CommitLog(WalWriter wal, long lastLsn) {
        this.wal = wal;
        this.replicated = null;
        this.lastLsn = lastLsn;
    }

    /** The commit path of a replica: batches go to {@code replicated} instead of a WAL. */
    CommitLog(ReplicatedLog replicated) {
        this.wal = null;
        this.replicated = replicated;
        this.lastLsn = 0;
    }

    boolean replica() {
        return replicated != null;
    }

    /**
     * Logs one batch and publishes it; under the store's lock. Returns when the batch is durable
     * (at once without a log). An empty batch gets no LSN: its future is that of the last batch.
     */
    CompletableFuture<Void> commit(List<Mutation> mutations) {
        if (mutations.isEmpty()) {
            return whenReadable(lastLsn); // a transaction that only read
        }
        long lsn = ++lastLsn;
        CompletableFuture<Void> durable = replicated != null ? replicated.append(lsn, encode(mutations))
                : wal == null ? DONE : wal.append(lsn, encode(mutations));
        publish(lsn, mutations);
        return durable;
    }

    /**
     * A batch the group committed, applied on a replica: takes the next LSN and tells the
     * listeners, without logging it again. Under the store's lock.
     */
    long committedElsewhere(List<Mutation> mutations) {
        long lsn = ++lastLsn;
        publish(lsn, mutations);
        return lsn;
    }

    private void publish(long lsn, List<Mutation> mutations) {
        for (ChangeListener l : listeners) {
            try {
                l.onCommit(lsn, mutations);
            } catch (RuntimeException e) {
                LOG.log(Level.ERROR, "change listener failed at LSN " + lsn, e);
            }
        }
    }

    private ByteBuffer encode(List<Mutation> mutations) {
        int size = MutationCodec.sizeOf(mutations);
        // Grow for a big batch; shrink back after one so a single huge write does not pin memory.
        if (scratch.capacity() < size || scratch.capacity() > (1 << 20) && size < (1 << 16)) {
            scratch = ByteBuffer.allocate(Math.max(size, 1 << 16)).order(ByteOrder.LITTLE_ENDIAN);
        }
        scratch.clear();
        MutationCodec.encode(mutations, scratch);
        return scratch.flip();
    }

    /** The LSN of the last committed batch; under the store's lock. */
    long lastLsn() {
        return lastLsn;
    }

    /** Throws once the log failed: what the page cache holds can no longer be trusted. */
    void checkWritable() {
        if (replicated != null) {
            Throwable f = replicated.failure();
            if (f != null) {
                throw f instanceof RuntimeException r ? r : new StorageIOException(f.getMessage(), f);
            }
            return;
        }
        Throwable f = wal == null ? null : wal.failure();
        if (f != null) {
            throw new StorageIOException("store refuses writes after a write-ahead log failure; reopen it to recover", f);
        }
    }

    /** Completes once every batch up to {@code lsn} reached the configured durability. Any thread. */
    CompletableFuture<Void> whenDurable(long lsn) {
        if (replicated != null) {
            return replicated.whenDurable(lsn);
        }
        return wal == null ? DONE : wal.whenDurable(lsn);
    }

    /**
     * Waits until the log is durable to {@code lsn}, by polling its durable LSN rather than joining
     * a future (whose completion runs others' callbacks first, which might want the store's lock
     * the caller holds).
     */
    void awaitDurable(long lsn) {
        while (durableLsn() < lsn) {
            CompletableFuture<Void> f = whenDurable(lsn);
            if (f.isDone()) {
                f.join(); // done: returns, or throws the log's failure
                return;
            }
            java.util.concurrent.locks.LockSupport.parkNanos(50_000);
        }
    }

    /** As {@link #whenDurable}, for a read at {@code lsn}: a replica's leader also confirms it still leads. */
    CompletableFuture<Void> whenReadable(long lsn) {
        return replicated != null ? replicated.whenReadable(lsn) : whenDurable(lsn);
    }

    /** Adds a listener; it sees batches committed from now on. Any thread. */
    Closeable subscribe(ChangeListener listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }

    /** Asks the log to start a new segment at its next write (a checkpoint's cut). */
    void requestRoll() {
        if (wal != null) {
            wal.requestRoll();
        }
    }

    long bytesWritten() {
        return wal == null ? 0 : wal.bytesWritten();
    }

    /** The LSN up to which the log is durable (without a log, the last one); under the store's lock. */
    long durableLsn() {
        if (replicated != null) {
            return replicated.durableLsn();
        }
        return wal == null ? lastLsn : wal.durableLsn();
    }

    long groupCount() {
        return wal == null ? 0 : wal.groupCount();
    }

    long syncCount() {
        return wal == null ? 0 : wal.syncCount();
    }

    long syncNanosTotal() {
        return wal == null ? 0 : wal.syncNanosTotal();
    }

    LatencyHistogram writeLatency() {
        return wal == null ? null : wal.writeLatency();
    }

    LatencyHistogram syncLatency() {
        return wal == null ? null : wal.syncLatency();
    }

    /** Writes and syncs what the log holds. */
    @Override
    public void close() {
        if (wal != null) {
            wal.close();
        }
    }
}
