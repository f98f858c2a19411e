package io.cairn.storage.engine;

import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;

/**
 * The log of record for a store that is one copy of a replicated group (a Raft log): in place of
 * the write-ahead log, {@link Store#openReplica} hands each committed batch to it. The store runs
 * commands and applies their batches at once, as it does with its own log; the batch's reply waits
 * on {@link #append}'s future, which completes once a majority of the group holds the batch
 * durable. Copies that follow apply the batches the group committed through {@link
 * Store#applyReplicated}, the same apply path.
 */
public interface ReplicatedLog {
    /**
     * Queues one encoded batch (the {@link Store#applyReplicated} payload); called under the
     * store's lock, in LSN order. The buffer is the store's and is reused once this returns: copy
     * it. The future completes when the group committed the batch, or fails when it cannot (this
     * copy is no longer the leader): then the store holds a write the group may not have, and the
     * caller must rebuild it from the log ({@link Store#clearReplica}).
     */
    CompletableFuture<Void> append(long lsn, ByteBuffer batch);

    /** Completes once every batch up to {@code lsn} is committed; any thread. */
    CompletableFuture<Void> whenDurable(long lsn);

    /**
     * Completes once a read that ran at {@code lsn} may be answered: every batch up to it is
     * committed and, on the leader, this copy confirmed after the read that it still leads (so
     * the read is linearizable). By default {@link #whenDurable}.
     */
    default CompletableFuture<Void> whenReadable(long lsn) {
        return whenDurable(lsn);
    }

    /** The highest LSN the group committed (or, on a copy that follows, applied). */
    long durableLsn();

    /** Non-null once this copy must not take writes (not the leader, or its log failed): the reason. */
    Throwable failure();
}
