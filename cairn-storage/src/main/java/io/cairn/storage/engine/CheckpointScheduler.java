package io.cairn.storage.engine;

import io.cairn.common.Clock;
import io.cairn.common.StorageIOException;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Decides when a checkpoint runs and keeps its bookkeeping: at most one at a time, started on
 * demand ({@code SAVE}, {@code BGSAVE}) or by {@link #checkIfDue} when enough log was written or
 * enough time passed since the last one with something changed. The snapshot itself is written by
 * the {@link Checkpointer} on the {@code checkpointExecutor}.
 *
 * <p>Thread-safe, and <b>lock-free by design</b>: it never holds a lock of its own while it calls
 * into the store, and the store may read its state while holding the store's lock (INFO does, on
 * every call). The one running checkpoint is claimed by a compare-and-set on {@code running}; every
 * other field is volatile and written only by the thread that owns the running checkpoint. (An
 * earlier version guarded this state with the store's monitor and took the store's lock inside
 * it, while {@code stats()} did the reverse: INFO during a checkpoint deadlocked the server.)
 */
final class CheckpointScheduler {
    private static final System.Logger LOG = System.getLogger(CheckpointScheduler.class.getName());

    /**
     * What a checkpoint needs from the store. Each method takes the store's lock itself, so this
     * scheduler calls them holding nothing.
     */
    interface Source {
        /** Opens the snapshot's view at the last LSN and cuts the log there, atomically. */
        Start begin();

        /** The LSN of the last committed batch. */
        long lastLsn();

        /** Log bytes written since open. */
        long logBytesWritten();

        /** Makes the disk databases' save that {@link #begin} made durable (nothing when there are none). */
        default void flushDisk() throws IOException {
        }

        /** Tells the checkpoint listeners the snapshot at {@code lsn} is durable and the log before it is about to go. */
        default void beforeLogTrim(long lsn) {
        }
    }

    /** A checkpoint's starting point: the view to write and how much log preceded it. */
    record Start(ReadView view, long logBytes) {
    }

    private final Source source;
    private final Checkpointer checkpointer;
    private final StoreConfig config;
    private final Clock clock;
    private final Executor checkpointExecutor;
    private final AtomicReference<CompletableFuture<CheckpointInfo>> running = new AtomicReference<>();

    private volatile CheckpointInfo last;
    private volatile String lastError;
    private volatile long lastLsn;
    private volatile long lastNanos;
    private volatile long logBytesAtLast;

    /**
     * @param recoveredLsn       the LSN of the snapshot recovery loaded (nothing to save before it)
     * @param checkpointExecutor runs snapshot writing; one task at a time is enough
     */
    CheckpointScheduler(Source source, Checkpointer checkpointer, StoreConfig config, Clock clock,
                        Executor checkpointExecutor, long recoveredLsn) {
        this.source = source;
        this.checkpointer = checkpointer;
        this.config = config;
        this.clock = clock;
        this.checkpointExecutor = checkpointExecutor;
        this.lastLsn = recoveredLsn;
        this.lastNanos = clock.nanos();
    }

    /**
     * Starts a checkpoint, or returns the one already running. The future completes when the
     * snapshot is durable and obsolete files are deleted.
     *
     * @throws io.cairn.common.StoreClosedException when the store is closed
     */
    CompletableFuture<CheckpointInfo> checkpoint() {
        CompletableFuture<CheckpointInfo> mine = new CompletableFuture<>();
        while (true) {
            CompletableFuture<CheckpointInfo> current = running.get();
            if (current != null) {
                return current;
            }
            if (running.compareAndSet(null, mine)) {
                break;
            }
        }
        Start start;
        try {
            start = source.begin();
        } catch (RuntimeException | Error e) { // nothing may leave the claim behind: close() waits on it
            running.compareAndSet(mine, null);
            mine.completeExceptionally(e);
            throw e;
        }
        try {
            checkpointExecutor.execute(() -> write(start, mine));
        } catch (RuntimeException e) { // executor shut down by close()
            start.view().close();
            finish(mine, null, e);
        }
        return mine;
    }

    private void write(Start start, CompletableFuture<CheckpointInfo> f) {
        try {
            CheckpointInfo info;
            try {
                info = checkpointer.write(start.view());
            } finally {
                start.view().close();
            }
            source.flushDisk(); // before the log it replaces is deleted
            source.beforeLogTrim(info.lsn()); // likewise: followers commit what they hold of that log
            checkpointer.deleteObsolete();
            last = info;
            lastError = null;
            lastLsn = info.lsn();
            logBytesAtLast = start.logBytes();
            finish(f, info, null);
        } catch (IOException | RuntimeException e) {
            lastError = e.toString();
            LOG.log(Level.ERROR, "checkpoint failed", e);
            finish(f, null, StorageIOException.of("checkpoint failed in " + config.dir(), e));
        } catch (Error e) { // e.g. out of memory: still end this checkpoint, or close() would wait forever
            lastError = e.toString();
            finish(f, null, e);
            throw e;
        }
    }

    private void finish(CompletableFuture<CheckpointInfo> f, CheckpointInfo info, Throwable error) {
        lastNanos = clock.nanos();
        running.compareAndSet(f, null); // before completing: a waiter may start the next one
        if (error == null) {
            f.complete(info);
        } else {
            f.completeExceptionally(error);
        }
    }

    /**
     * Starts a checkpoint if {@link StoreConfig#checkpointLogBytes()} of log were written or
     * {@link StoreConfig#checkpointInterval()} passed since the last one, and something changed.
     * Called by the store's timer; never throws.
     */
    void checkIfDue() {
        try {
            if (source.lastLsn() == lastLsn) {
                return;
            }
            long logBytes = config.checkpointLogBytes();
            boolean bySize = logBytes > 0 && source.logBytesWritten() - logBytesAtLast >= logBytes;
            long interval = config.checkpointInterval().toNanos();
            boolean byTime = interval > 0 && clock.nanos() - lastNanos >= interval;
            if (bySize || byTime) {
                checkpoint();
            }
        } catch (RuntimeException e) {
            LOG.log(Level.DEBUG, "checkpoint trigger skipped: " + e.getMessage());
        }
    }

    /** The running checkpoint, or null. Never blocks. */
    CompletableFuture<CheckpointInfo> running() {
        return running.get();
    }

    /** The last finished checkpoint, or null. */
    CheckpointInfo last() {
        return last;
    }

    /** The last failed checkpoint's error, or null once one succeeded after it. */
    String lastError() {
        return lastError;
    }
}
