package io.cairn.storage.engine;

import java.util.List;

/**
 * Receives every committed batch, in commit (LSN) order, with its log position: the change
 * stream that the search indexer and replication follow.
 *
 * <p>Called on the committing thread while the store's lock is held, right after the batch was
 * applied and queued to the log (before it is durable; {@link Store#whenDurable} tells when it
 * is). Implementations must return quickly (hand off to a queue) and must not call the store.
 * An exception thrown here is caught and reported, and does not undo the commit.
 *
 * <p>The list is reused for the next commit once this call returns: copy it to keep it. The
 * mutations in it are immutable and may be kept.
 */
@FunctionalInterface
public interface ChangeListener {
    void onCommit(long lsn, List<Mutation> mutations);
}
