package io.cairn.storage.engine;

/**
 * A finished checkpoint.
 *
 * @param lsn           the LSN the snapshot is consistent at
 * @param file          the snapshot file name
 * @param entries       keys written
 * @param bytes         size of the file
 * @param millis        time taken, writers running meanwhile
 * @param finishedAt    epoch milliseconds when it became durable
 */
public record CheckpointInfo(long lsn, String file, long entries, long bytes, long millis, long finishedAt) {
}
