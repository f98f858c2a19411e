package io.cairn.storage.engine;

import io.cairn.common.Checks;
import java.util.Set;

/**
 * Which databases are disk databases and how they run. A disk database keeps its entries in a
 * {@link DiskEngine} (in the store's {@code disk} directory); in memory it holds only the entries
 * changed since its last save and those read since, its stage, up to {@code stageBytes}, after
 * which the store saves them to the engine (together with the log's LSN) and lets them go. The
 * write-ahead log stays the log of record for every database.
 *
 * @param databases  the disk databases' numbers; empty: none
 * @param provider   the engine (RocksDB's, from {@code cairn-disk}); null only when {@code databases} is empty.
 *                   Given with no databases, the store still opens an engine it finds in its
 *                   directory, to refuse a start that would leave its databases behind
 * @param cacheBytes the engine's block cache
 * @param stageBytes the estimated bytes of entries a disk database's stage holds before a save
 */
public record DiskSettings(Set<Integer> databases, DiskEngine.Provider provider, long cacheBytes, long stageBytes) {
    /** Every database in memory. */
    public static final DiskSettings NONE = new DiskSettings(Set.of(), null, 0, 1);

    public DiskSettings {
        databases = Set.copyOf(databases);
        if (!databases.isEmpty()) {
            Checks.notNull("provider", provider);
        }
        Checks.nonNegative("cacheBytes", cacheBytes);
        Checks.positive("stageBytes", stageBytes);
    }

    public boolean isDisk(int db) {
        return databases.contains(db);
    }

    public boolean any() {
        return !databases.isEmpty();
    }
}
