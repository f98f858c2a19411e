package io.cairn.search.index;

import java.io.IOException;
import org.apache.lucene.index.ConcurrentMergeScheduler;
import org.apache.lucene.index.MergePolicy;

/**
 * Lucene's concurrent merge scheduler, timing each merge and counting the bytes it read (the
 * segments merged) and wrote (the segment made), for FT.INFO and the ingest benchmark.
 * Thread-safe, as its parent.
 */
final class TimedMergeScheduler extends ConcurrentMergeScheduler {
    private final IndexCounters counters;

    TimedMergeScheduler(IndexCounters counters) {
        this.counters = counters;
    }

    @Override
    protected void doMerge(MergeSource mergeSource, MergePolicy.OneMerge merge) throws IOException {
        long t0 = System.nanoTime();
        super.doMerge(mergeSource, merge);
        counters.merged(t0, merge.totalBytesSize(), merge.getMergeInfo() == null ? 0 : merge.getMergeInfo().sizeInBytes());
    }
}
