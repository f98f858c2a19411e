package io.cairn.search.index;

import io.cairn.storage.engine.Mutation;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * Where an index whose commit is older than the store reads the batches it missed: the change
 * stream's share of this index of every batch after an LSN, read back from the store's log
 * ({@link io.cairn.storage.engine.Store#replayLog}). Called once, while the index opens, under the
 * store's lock, so no live batch falls between the last one read and the first one offered.
 */
@FunctionalInterface
public interface ChangeReplay {
    /** No log to read back: an index that is not in step is rebuilt. */
    ChangeReplay NONE = (afterLsn, batches) -> false;

    /**
     * Hands {@code batches} this index's share of each batch committed after {@code afterLsn}, in
     * LSN order (batches that do not concern it are skipped); returns false when the log no longer
     * holds them all (some may have been handed by then).
     */
    boolean replayAfter(long afterLsn, BiConsumer<Long, List<Mutation>> batches);
}
