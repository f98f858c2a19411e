package io.cairn.search.index;

import io.cairn.common.LatencyHistogram;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What {@code FT.INFO} reports of one index's work: documents that failed to index, build progress,
 * and the timings of applying batches, reopening searchers and merging segments.
 *
 * <p>Thread-safe: every counter is atomic or volatile and is written by whichever indexer or merge
 * thread does the work, without a lock. A reader sees each counter's latest value, not a snapshot
 * of all of them at one instant, which is all {@code FT.INFO} promises. Callers need guarantee
 * nothing; {@link #reset} may race with recording (a value recorded meanwhile may survive it).
 */
public final class IndexCounters {
    private final AtomicLong failures = new AtomicLong();
    private volatile String lastFailure;
    private final LatencyHistogram applyLatency = new LatencyHistogram();
    private final LatencyHistogram refreshLatency = new LatencyHistogram();
    private final LatencyHistogram mergeLatency = new LatencyHistogram();
    private final AtomicLong mergeBytesRead = new AtomicLong();
    private final AtomicLong mergeBytesWritten = new AtomicLong();
    private volatile long buildTotal;
    private final AtomicLong buildDone = new AtomicLong();

    /** Counts a document that could not be indexed (a value of the wrong type), with why. */
    void documentFailed(byte[] key, RuntimeException e) {
        failures.incrementAndGet();
        lastFailure = new String(key, StandardCharsets.UTF_8) + ": " + e.getMessage();
    }

    /** Documents that failed to index (values of the wrong type), since the index opened. */
    public long documentFailures() {
        return failures.get();
    }

    /** The last {@link #documentFailed}'s key and message, or null. */
    public String lastDocumentFailure() {
        return lastFailure;
    }

    /** A build starts over {@code keys} keys (all the store holds; only those under the prefixes are indexed). */
    void buildStarted(long keys) {
        buildTotal = keys;
    }

    void buildStep() {
        buildDone.incrementAndGet();
    }

    /** Fraction of a running build done, below 1 until it ends. */
    double buildFraction() {
        long total = buildTotal;
        return total == 0 ? 0.0 : Math.min(0.99, (double) buildDone.get() / total);
    }

    /** Records one segment merge that started at {@code startNanos}, read {@code read} bytes and wrote {@code written}. */
    void merged(long startNanos, long read, long written) {
        mergeLatency.recordSince(startNanos);
        mergeBytesRead.addAndGet(read);
        mergeBytesWritten.addAndGet(written);
    }

    /** Time to apply one drained group of batches to the writer (analysis, and Lucene's own RAM flushes). */
    public LatencyHistogram applyLatency() {
        return applyLatency;
    }

    /** Time to reopen the searcher so it sees applied changes (an NRT flush of the new segment). */
    public LatencyHistogram refreshLatency() {
        return refreshLatency;
    }

    /** Time of each segment merge. */
    public LatencyHistogram mergeLatency() {
        return mergeLatency;
    }

    /** Bytes merges read (the merged segments), since open or reset. */
    public long mergeBytesRead() {
        return mergeBytesRead.get();
    }

    /** Bytes merges wrote (the new segments), since open or reset. */
    public long mergeBytesWritten() {
        return mergeBytesWritten.get();
    }

    /** Forgets the timings and merge bytes (CONFIG RESETSTAT); failures and build progress stay. */
    public void reset() {
        applyLatency.reset();
        refreshLatency.reset();
        mergeLatency.reset();
        mergeBytesRead.set(0);
        mergeBytesWritten.set(0);
    }
}
