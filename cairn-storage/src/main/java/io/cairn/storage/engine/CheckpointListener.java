package io.cairn.storage.engine;

/**
 * Told at each checkpoint, after its snapshot (and the disk databases' save) is durable and before
 * the log segments it made unnecessary are deleted: whatever follows the change stream and keeps
 * durable state of its own tagged with an LSN (a search index's commit) makes it durable here, at
 * an LSN no older than {@code checkpointLsn}, so the log kept afterwards still reaches back to it.
 *
 * <p>Called on the store's checkpoint thread, holding no lock; it may call the store and may take
 * a while (the checkpoint waits, writers do not). An exception is reported and the checkpoint goes
 * on: the follower must then cope with a log that no longer reaches back to its state.
 */
@FunctionalInterface
public interface CheckpointListener {
    void beforeLogTrim(long checkpointLsn);
}
