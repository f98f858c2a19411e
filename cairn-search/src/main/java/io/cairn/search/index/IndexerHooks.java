package io.cairn.search.index;

/**
 * Points in an index's indexer where a test can wait, count or throw, so races are replayed with
 * latches rather than timing. Each index is given its hooks when created ({@link IndexerConfig});
 * there is no global registry. {@link #NONE} does nothing and is what the server uses.
 *
 * <p>Implementations must be thread-safe: hooks run on the committing thread (under the store's
 * lock) and on the indexer threads. A hook that throws on an indexer thread fails the index, as
 * any error there does; {@link #queued} must not throw.
 */
public interface IndexerHooks {
    IndexerHooks NONE = new IndexerHooks() {
    };

    /** On the committing thread, under the store's lock, once LSN {@code lsn}'s batch is queued for {@code partition}. */
    default void queued(String index, int partition, long lsn) {
    }

    /** On {@code partition}'s thread, before it applies a drained group of batches that ends at {@code lsn}. */
    default void applying(String index, int partition, long lsn) {
    }

    /** On {@code partition}'s thread, as it reaches a FLUSHALL or commit barrier and before it waits there for the others. */
    default void atBarrier(String index, int partition) {
    }

    /** On {@code partition}'s thread as it ends, whether it stopped, failed, or its index's build was cut short. */
    default void stopped(String index, int partition) {
    }
}
