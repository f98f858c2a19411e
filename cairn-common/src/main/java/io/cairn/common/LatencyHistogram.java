package io.cairn.common;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Latencies in microseconds, counted in log-linear buckets: exact below 16 µs, then 16 buckets per
 * power of two (within 1/16, about 6 %, of the value), up to 2^40 µs (12 days). Percentiles answer
 * a bucket's upper bound, so they never understate. Lock-free and thread-safe: {@link #record} from
 * any thread; readings during recording are a consistent-enough view for monitoring, not a
 * snapshot. For the server's own timings (log writes, fsyncs, index flushes and merges), reported by
 * INFO and FT.INFO and reset by CONFIG RESETSTAT.
 */
public final class LatencyHistogram {
    private static final int SUB_BITS = 4;
    private static final int SUB = 1 << SUB_BITS;
    private static final int MAX_EXPONENT = 40;
    private static final int BUCKETS = (MAX_EXPONENT - SUB_BITS + 2) * SUB;

    private final AtomicLongArray counts = new AtomicLongArray(BUCKETS);
    private final AtomicLong total = new AtomicLong();
    private final AtomicLong sum = new AtomicLong();
    private final AtomicLong max = new AtomicLong();
    private final AtomicLong windowMax = new AtomicLong();

    /** Records one latency of {@code micros} (negative counts as 0, beyond 2^40 as 2^40). */
    public void record(long micros) {
        long v = Math.max(0, Math.min(micros, 1L << MAX_EXPONENT));
        counts.incrementAndGet(index(v));
        total.incrementAndGet();
        sum.addAndGet(v);
        max.accumulateAndGet(v, Math::max);
        windowMax.accumulateAndGet(v, Math::max);
    }

    /**
     * The largest latency recorded since the previous call (or since creation), and starts a new
     * window: for one periodic reader (a latency monitor sampling once a second). Not cleared by
     * {@link #reset}, which belongs to the statistics' readers.
     */
    public long takeWindowMaxMicros() {
        return windowMax.getAndSet(0);
    }

    /** Records the time since {@code startNanos} ({@link System#nanoTime()}). */
    public void recordSince(long startNanos) {
        record((System.nanoTime() - startNanos) / 1_000);
    }

    static int index(long v) {
        if (v < SUB) {
            return (int) v;
        }
        int exponent = 63 - Long.numberOfLeadingZeros(v);
        int sub = (int) (v >>> (exponent - SUB_BITS)) & (SUB - 1);
        return (exponent - SUB_BITS + 1) * SUB + sub;
    }

    /** The largest value bucket {@code i} holds. */
    static long upperBound(int i) {
        if (i < SUB) {
            return i;
        }
        int exponent = i / SUB + SUB_BITS - 1;
        long sub = i % SUB;
        long low = (1L << exponent) + (sub << (exponent - SUB_BITS));
        return low + (1L << (exponent - SUB_BITS)) - 1;
    }

    public long count() {
        return total.get();
    }

    public long maxMicros() {
        return max.get();
    }

    /** The sum of every latency recorded, in microseconds. */
    public long sumMicros() {
        return sum.get();
    }

    /**
     * How many recorded latencies lie in buckets wholly at or below {@code micros}: a cumulative
     * count for a histogram exported with fixed bounds (Prometheus's {@code le}). A bucket that
     * straddles the bound counts above it, so the count may understate by one bucket's width
     * (within 1/16 of the bound), never overstate.
     */
    public long countAtOrBelow(long micros) {
        long seen = 0;
        for (int i = 0; i < BUCKETS && upperBound(i) <= micros; i++) {
            seen += counts.get(i);
        }
        return seen;
    }

    public double meanMicros() {
        long n = total.get();
        return n == 0 ? 0 : (double) sum.get() / n;
    }

    /** The value at or below which {@code percentile} % of the recorded latencies lie; 0 when empty. */
    public long percentileMicros(double percentile) {
        long n = total.get();
        if (n == 0) {
            return 0;
        }
        long rank = Math.max(1, (long) Math.ceil(percentile / 100.0 * n));
        long seen = 0;
        for (int i = 0; i < BUCKETS; i++) {
            seen += counts.get(i);
            if (seen >= rank) {
                return Math.min(upperBound(i), max.get());
            }
        }
        return max.get();
    }

    /** Forgets everything recorded. */
    public void reset() {
        for (int i = 0; i < BUCKETS; i++) {
            counts.set(i, 0);
        }
        total.set(0);
        sum.set(0);
        max.set(0);
    }
}
