package io.cairn.server;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * One command's latencies in nanoseconds, laid out as the HdrHistogram Redis keeps per command
 * (1 ns to 1 s, two significant digits): values below 256 exactly, then each power of two in 128
 * buckets, so LATENCY HISTOGRAM's cumulative counts and INFO latencystats' percentiles come out of
 * the same arithmetic as Redis's. Values outside the range count as its ends. Lock-free: any
 * thread records; readings while others record are a view for monitoring, not a snapshot.
 */
public final class CommandLatency {
    static final long MAX_NANOS = 1_000_000_000L;
    private static final int SUB = 128; // buckets per power of two past the first 256 values
    private static final int TOP_EXPONENT = 63 - Long.numberOfLeadingZeros(MAX_NANOS); // 29
    private static final int SIZE = 256 + (TOP_EXPONENT - 7) * SUB;

    private final AtomicLongArray counts = new AtomicLongArray(SIZE);
    private final LongAdder total = new LongAdder();

    public void record(long nanos) {
        long v = Math.max(1, Math.min(nanos, MAX_NANOS));
        counts.incrementAndGet(index(v));
        total.increment();
    }

    public long count() {
        return total.sum();
    }

    static int index(long v) {
        if (v < 256) {
            return (int) v;
        }
        int e = 63 - Long.numberOfLeadingZeros(v); // 8..29
        int sub = (int) ((v >>> (e - 7)) - SUB);    // 0..127
        return 256 + (e - 8) * SUB + sub;
    }

    /** The largest value bucket {@code i} holds (HdrHistogram's highest equivalent value). */
    static long highest(int i) {
        if (i < 256) {
            return i;
        }
        int e = (i - 256) / SUB + 8;
        long sub = (i - 256) % SUB + SUB;
        return (sub << (e - 7)) + (1L << (e - 7)) - 1;
    }

    /** As HdrHistogram's {@code value_at_percentile}: the top of the bucket the rank falls in, in nanoseconds. */
    public long valueAtPercentile(double percentile) {
        return valueAtPercentile(snapshot(), percentile);
    }

    /**
     * {@link #valueAtPercentile(double)} over bucket counts taken by {@link #counts()}, or the
     * difference of two such readings (the latencies of a window), or their sum over commands.
     */
    public static long valueAtPercentile(long[] counts, double percentile) {
        long n = 0;
        for (long x : counts) {
            n += x;
        }
        if (n == 0) {
            return 0;
        }
        long rank = Math.max(1, (long) (Math.min(percentile, 100.0) / 100 * n + 0.5));
        long seen = 0;
        for (int i = 0; i < counts.length; i++) {
            seen += counts[i];
            if (seen >= rank) {
                return highest(i);
            }
        }
        return highest(counts.length - 1);
    }

    /** A reading of every bucket's count, for {@link #valueAtPercentile(long[], double)}; each call a new array. */
    public long[] counts() {
        return snapshot();
    }

    /**
     * LATENCY HISTOGRAM's {@code histogram_usec}: cumulative counts at each power of two from
     * 1024 ns, each reported at the top of its bucket in microseconds, a bound only where the count
     * grew. Pairs of {micros, cumulative count}.
     */
    public List<long[]> cumulativeMicros() {
        long[] c = snapshot();
        List<long[]> out = new ArrayList<>();
        long seen = 0;
        long previous = 0;
        int i = 0;
        for (long bound = 1024; ; bound <<= 1) {
            long top = highest(index(Math.min(bound, MAX_NANOS)));
            while (i < c.length && highest(i) <= top) {
                seen += c[i++];
            }
            if (seen > previous) {
                out.add(new long[] {top / 1000, seen});
            }
            previous = seen;
            if (i >= c.length || bound >= MAX_NANOS) {
                return out;
            }
        }
    }

    private long[] snapshot() {
        long[] c = new long[SIZE];
        for (int i = 0; i < SIZE; i++) {
            c[i] = counts.get(i);
        }
        return c;
    }
}
