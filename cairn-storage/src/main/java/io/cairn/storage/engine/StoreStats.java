package io.cairn.storage.engine;


/**
 * A point-in-time reading of a store's counters, for INFO-style reporting.
 *
 * @param keys              keys, counting expired ones not yet reclaimed
 * @param volatileKeys      keys with an expiry
 * @param lastLsn           LSN of the last committed batch
 * @param durableLsn        LSN up to which the log reached its durability
 * @param walMode           the log's mode
 * @param walBytesWritten   log bytes written since open
 * @param walGroups         group writes since open
 * @param walSyncs          fsyncs since open
 * @param walSyncNanos      total time in fsync since open
 * @param lastCheckpoint    the last finished checkpoint, or null
 * @param lastCheckpointError the last failed checkpoint's error, or null
 * @param checkpointRunning whether one is running now
 * @param expiredKeys       keys deleted for their expiry since open (by the cycle, or as an access found them)
 * @param openViews         read views not yet closed
 * @param recovery          what open found
 * @param keysPerDb         keys of each database, as {@code keys} counts them
 * @param volatileKeysPerDb keys with an expiry, per database
 * @param avgTtlPerDb       the mean time left (ms) of each database's keys with an expiry, 0 for none
 *                          (INFO keyspace's {@code avg_ttl})
 * @param evictedKeys       keys evicted for the memory limit since open
 * @param usedBytes         the estimated bytes the keys hold ({@link Store#usedMemory})
 */
public record StoreStats(long keys, long volatileKeys, long lastLsn, long durableLsn, WalMode walMode,
                         long walBytesWritten, long walGroups, long walSyncs, long walSyncNanos,
                         CheckpointInfo lastCheckpoint, String lastCheckpointError, boolean checkpointRunning,
                         long expiredKeys, int openViews, RecoveryStats recovery, long[] keysPerDb,
                         long[] volatileKeysPerDb, long[] avgTtlPerDb, long evictedKeys, long usedBytes) {
}
