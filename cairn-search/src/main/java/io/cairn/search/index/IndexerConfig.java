package io.cairn.search.index;

import io.cairn.common.Checks;

/**
 * How an index runs its indexer: the number of indexer threads (partitions) and the test hooks.
 * Immutable.
 *
 * @param partitions indexer threads per index, at least 1; keys are spread over them by hash
 * @param hooks      the test seam, {@link IndexerHooks#NONE} in the server
 */
public record IndexerConfig(int partitions, IndexerHooks hooks) {
    /** Indexer threads per index by default, at most: one per core up to this. */
    static final int MAX_DEFAULT_PARTITIONS = 4;

    public IndexerConfig {
        Checks.positive("partitions", partitions);
        Checks.notNull("hooks", hooks);
    }

    /** One partition per core, up to {@value #MAX_DEFAULT_PARTITIONS}, and no hooks. */
    public static IndexerConfig defaults() {
        return new IndexerConfig(Math.max(1, Math.min(MAX_DEFAULT_PARTITIONS, Runtime.getRuntime().availableProcessors())),
                IndexerHooks.NONE);
    }
}
