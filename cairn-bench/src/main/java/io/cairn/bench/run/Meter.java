package io.cairn.bench.run;

import io.cairn.bench.report.OpStats;
import io.cairn.bench.report.Sample;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Records the latency of every completed operation, by type, and the errors. Clients record from
 * any thread without locks (HdrHistogram {@link Recorder}s); one sampling thread calls
 * {@link #sample} each interval, which moves what was recorded into the totals and the timeline.
 * Operations that started before the end of the warm-up are not recorded (only counted as
 * completed, for progress).
 *
 * <p>Thread-safe: {@link #record} and {@link #error} from any thread; {@link #sample} and the result accessors from the one sampling thread.
 */
public final class Meter {
    /** Latencies are recorded in microseconds, at 3 significant digits. */
    private static final int DIGITS = 3;
    /** Distinct error messages kept; further distinct ones are counted under "other errors". */
    private static final int MAX_ERROR_SAMPLES = 20;

    private final ConcurrentHashMap<String, Recorder> recorders = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, LongAdder> errors = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, LongAdder> errorSamples = new ConcurrentHashMap<>();
    private final Map<String, Histogram> totals = new LinkedHashMap<>();
    private final List<Sample> timeline = new ArrayList<>();
    private final List<String> order = new ArrayList<>();
    private final LongAdder completed = new LongAdder();
    private final LongAdder warmupErrors = new LongAdder();
    private Histogram intervalAll = new Histogram(DIGITS);
    private final long measureFromNanos;
    private long lastSampleNanos;
    private long startNanos;

    /**
     * @param measureFromNanos operations that start before this {@link System#nanoTime()} are
     *     warm-up: run, but not recorded
     */
    public Meter(long measureFromNanos) {
        this.measureFromNanos = measureFromNanos;
        this.startNanos = measureFromNanos;
        this.lastSampleNanos = measureFromNanos;
    }

    /** Whether an operation that started at {@code startNanos} is measured (not warm-up). */
    public boolean measured(long startNanos) {
        return startNanos - measureFromNanos >= 0;
    }

    /**
     * Records one completed operation of {@code type} that started at {@code startNanos} and took
     * {@code nanos}; a warm-up operation is only counted as completed.
     */
    public void record(String type, long startNanos, long nanos) {
        completed.increment();
        if (measured(startNanos)) {
            recorders.computeIfAbsent(type, t -> new Recorder(DIGITS)).recordValue(Math.max(1, nanos / 1000));
        }
    }

    /** Records that one operation of {@code type} failed with {@code message} (its latency too). */
    public void error(String type, long startNanos, long nanos, String message) {
        record(type, startNanos, nanos);
        if (!measured(startNanos)) {
            warmupErrors.increment();
            sampleError("during warm-up: " + (message == null ? "unknown error" : message));
            return;
        }
        errors.computeIfAbsent(type, t -> new LongAdder()).increment();
        sampleError(message == null ? "unknown error" : message);
    }

    /**
     * Counts {@code message}, or "other errors" once {@value #MAX_ERROR_SAMPLES} distinct ones are kept.
     * Synchronized: the check of the size and the insert must be one step, or two clients failing at
     * once each add a message past the limit (errors are rare; this is not the hot path).
     */
    private synchronized void sampleError(String message) {
        String m = message;
        if (!errorSamples.containsKey(m) && errorSamples.size() >= MAX_ERROR_SAMPLES) {
            m = "other errors";
        }
        errorSamples.computeIfAbsent(m, k -> new LongAdder()).increment();
    }

    private final LongAdder clientFailures = new LongAdder();

    /**
     * Records a failure that is not an operation (a reconnect that failed, a client that stopped):
     * counted and sampled as an error, in warm-up too, but not as an operation or a latency.
     */
    public void clientFailure(String message) {
        clientFailures.increment();
        sampleError(message);
    }

    /** Operations completed since the meter was created, warm-up included (for progress lines). */
    public long completed() {
        return completed.sum();
    }

    /**
     * Moves what was recorded since the last sample into the totals and appends a timeline sample.
     *
     * @return the throughput of the interval, in operations per second
     */
    public double sample(long nowNanos) {
        return sample(nowNanos, true);
    }

    /**
     * As {@link #sample(long)}; with {@code timelinePoint} false the interval goes into the totals
     * only (the last, partial interval of a phase, whose rate would be a spurious spike or cliff).
     */
    public double sample(long nowNanos, boolean timelinePoint) {
        intervalAll.reset();
        long count = 0;
        for (Map.Entry<String, Recorder> e : recorders.entrySet()) {
            Histogram interval = e.getValue().getIntervalHistogram();
            count += interval.getTotalCount();
            intervalAll.add(interval);
            Histogram total = totals.get(e.getKey());
            if (total == null) {
                total = new Histogram(DIGITS);
                totals.put(e.getKey(), total);
                order.add(e.getKey());
            }
            total.add(interval);
        }
        double seconds = (nowNanos - lastSampleNanos) / 1e9;
        lastSampleNanos = nowNanos;
        double rate = seconds > 0 ? count / seconds : 0;
        if (!timelinePoint) {
            return rate;
        }
        timeline.add(new Sample((nowNanos - startNanos) / 1e9, rate,
                count == 0 ? 0 : intervalAll.getValueAtPercentile(99)));
        return rate;
    }

    public List<Sample> timeline() {
        return List.copyOf(timeline);
    }

    /** The name of the row that merges every operation type, when there is more than one. */
    public static final String ALL = "all";
    /**
     * The row of errors that are not measured operations: failed reconnects, stopped clients, and
     * operations that failed during warm-up.
     */
    public static final String FAILURES = "failures";

    /**
     * Per operation type, in the order first seen: counts, errors and latency percentiles; then,
     * when there are several types, an {@value #ALL} row of their histograms merged (percentiles of
     * a mix cannot be computed from the per-type percentiles).
     */
    public List<OpStats> stats() {
        List<OpStats> out = new ArrayList<>();
        Histogram all = new Histogram(DIGITS);
        long allErrors = 0;
        for (String type : order) {
            Histogram h = totals.get(type);
            LongAdder e = errors.get(type);
            long errorCount = e == null ? 0 : e.sum();
            out.add(stats(type, h, errorCount));
            all.add(h);
            allErrors += errorCount;
        }
        if (order.size() > 1) {
            out.add(stats(ALL, all, allErrors));
        }
        long failures = clientFailures.sum() + warmupErrors.sum();
        if (failures > 0) {
            // not operations: no count or latency, but their errors count and are shown
            out.add(new OpStats(FAILURES, 0, failures, 0, 0, 0, 0, 0, 0));
        }
        return out;
    }

    private static OpStats stats(String type, Histogram h, long errorCount) {
        return new OpStats(type, h.getTotalCount(), errorCount, h.getMean(),
                h.getValueAtPercentile(50), h.getValueAtPercentile(95), h.getValueAtPercentile(99),
                h.getValueAtPercentile(99.9), h.getMaxValue());
    }

    /** Operations in the totals (every sampled interval). */
    public long totalOperations() {
        long n = 0;
        for (Histogram h : totals.values()) {
            n += h.getTotalCount();
        }
        return n;
    }

    /** Distinct error messages and how often each was seen, most frequent first. */
    public Map<String, Long> errorSamples() {
        Map<String, Long> out = new LinkedHashMap<>();
        errorSamples.entrySet().stream()
                .sorted((a, b) -> Long.compare(b.getValue().sum(), a.getValue().sum()))
                .forEach(e -> out.put(e.getKey(), e.getValue().sum()));
        return out;
    }
}
