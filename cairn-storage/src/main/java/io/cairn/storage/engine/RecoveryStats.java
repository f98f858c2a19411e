package io.cairn.storage.engine;

/**
 * What opening a store found and how long it took.
 *
 * @param snapshot        the snapshot file loaded, or null when none
 * @param snapshotLsn     its LSN (0 when none)
 * @param snapshotEntries keys it held
 * @param snapshotMillis  time to load it
 * @param walRecords      log records replayed after it
 * @param walMutations    mutations in those records
 * @param walBytes        bytes of those records
 * @param walMillis       time to replay them
 * @param truncated       the torn tail cut off, or null
 * @param skippedSnapshots damaged snapshots passed over, with the reason, or null
 * @param keys            keys after recovery
 * @param lastLsn         LSN of the last record recovered
 * @param totalMillis     time for the whole open
 */
public record RecoveryStats(String snapshot, long snapshotLsn, long snapshotEntries, long snapshotMillis,
                            long walRecords, long walMutations, long walBytes, long walMillis, String truncated,
                            String skippedSnapshots, long keys, long lastLsn, long totalMillis) {

    /** Keys loaded from the snapshot plus mutations replayed, per second of recovery. */
    public double keysPerSecond() {
        long ms = Math.max(1, snapshotMillis + walMillis);
        return (snapshotEntries + walMutations) * 1000.0 / ms;
    }
}
