package io.cairn.search.index;

import io.cairn.common.LatencyHistogram;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.lucene.index.ConcurrentMergeScheduler;
import org.apache.lucene.index.MergePolicy;

/**
 * Lucene's concurrent merge scheduler, timing each merge and counting the bytes it read (the
 * segments merged) and wrote (the segment made), for FT.INFO and the ingest benchmark.
 * Thread-safe, as its parent.
 */
final class TimedMergeScheduler extends ConcurrentMergeScheduler {
    private final LatencyHistogram latency;
    private final AtomicLong bytesRead;
    private final AtomicLong bytesWritten;

    TimedMergeScheduler(LatencyHistogram latency, AtomicLong bytesRead, AtomicLong bytesWritten) {
        this.latency = latency;
        this.bytesRead = bytesRead;
        this.bytesWritten = bytesWritten;
    }

    @Override
    protected void doMerge(MergeSource mergeSource, MergePolicy.OneMerge merge) throws IOException {
        long t0 = System.nanoTime();
        super.doMerge(mergeSource, merge);
        latency.recordSince(t0);
        bytesRead.addAndGet(merge.totalBytesSize());
        if (merge.getMergeInfo() != null) {
            bytesWritten.addAndGet(merge.getMergeInfo().sizeInBytes());
        }
    }
}
