package io.cairn.search;

import io.cairn.common.LatencyHistogram;
import io.cairn.search.schema.IndexDefinition;

/**
 * What {@code FT.INFO} reports of one index.
 *
 * @param indexing true while the index is being built over keys that existed before it
 * @param percentIndexed how far that build is (1 when done)
 * @param indexingFailures documents not indexed because a value had the wrong type
 * @param backlog change-stream batches received and not yet applied
 * @param applyLatency applying a group of change-stream batches to the index writer
 * @param refreshLatency reopening the searcher to see applied changes (the NRT flush)
 * @param mergeLatency each segment merge; {@code mergeBytesRead}/{@code Written} their input and output
 * @param opened how the index came up: {@code created}, {@code reused} (its commit was current),
 *        {@code caught_up} (from the log after its commit) or {@code rebuilt} (from the data)
 * @param caughtUpBatches with {@code caught_up}: the log's batches applied that concerned the index
 */
public record IndexInfo(IndexDefinition definition, long numDocs, long maxDoc, boolean indexing, double percentIndexed,
        long indexingFailures, String lastIndexingFailure, long backlog, long diskBytes, String state, int cursors,
        LatencyHistogram applyLatency, LatencyHistogram refreshLatency, LatencyHistogram mergeLatency,
        long mergeBytesRead, long mergeBytesWritten, String opened, long caughtUpBatches) {
}
