package io.cairn.server.metrics;

import io.cairn.common.LatencyHistogram;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Gathers the samples of one scrape into metric families: every sample of a name, whatever its
 * labels, lands in one family, built in the order the names first appeared. One per scrape; not
 * thread-safe.
 */
final class Families {
    /** Upper bounds (seconds) of the exported buckets of Cairn's latency histograms: 10 µs to 10 s. */
    static final double[] LATENCY_BOUNDS = {0.00001, 0.000025, 0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025,
            0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10};

    private final Map<String, CounterSnapshot.Builder> counters = new LinkedHashMap<>();
    private final Map<String, GaugeSnapshot.Builder> gauges = new LinkedHashMap<>();
    private final Map<String, HistogramSnapshot.Builder> histograms = new LinkedHashMap<>();
    private final List<MetricSnapshot> others = new ArrayList<>();

    /**
     * A counter sample; {@code name} without the {@code _total} the text formats add.
     *
     * @param labels label names and values, alternating
     */
    void counter(String name, String help, double value, String... labels) {
        counters.computeIfAbsent(name, n -> CounterSnapshot.builder().name(n).help(help))
                .dataPoint(CounterSnapshot.CounterDataPointSnapshot.builder().labels(Labels.of(labels)).value(value).build());
    }

    void gauge(String name, String help, double value, String... labels) {
        gauges.computeIfAbsent(name, n -> GaugeSnapshot.builder().name(n).help(help))
                .dataPoint(GaugeSnapshot.GaugeDataPointSnapshot.builder().labels(Labels.of(labels)).value(value).build());
    }

    /** A histogram in seconds from one of Cairn's {@link LatencyHistogram}s, at {@link #LATENCY_BOUNDS}. */
    void histogram(String name, String help, LatencyHistogram h, String... labels) {
        long count = h.count();
        ClassicHistogramBuckets.Builder buckets = ClassicHistogramBuckets.builder();
        long previous = 0;
        for (double bound : LATENCY_BOUNDS) {
            // Readings race with recording: keep the buckets cumulative and under the count.
            long atOrBelow = Math.min(count, Math.max(previous, h.countAtOrBelow(Math.round(bound * 1_000_000))));
            buckets.bucket(bound, atOrBelow - previous);
            previous = atOrBelow;
        }
        buckets.bucket(Double.POSITIVE_INFINITY, count - previous);
        histograms.computeIfAbsent(name, n -> HistogramSnapshot.builder().name(n).help(help))
                .dataPoint(HistogramSnapshot.HistogramDataPointSnapshot.builder().labels(Labels.of(labels))
                        .classicHistogramBuckets(buckets.build()).sum(h.sumMicros() / 1e6).build());
    }

    /** A family built elsewhere (a summary). */
    void add(MetricSnapshot family) {
        others.add(family);
    }

    List<MetricSnapshot> build() {
        List<MetricSnapshot> out = new ArrayList<>();
        counters.values().forEach(b -> out.add(b.build()));
        gauges.values().forEach(b -> out.add(b.build()));
        histograms.values().forEach(b -> out.add(b.build()));
        out.addAll(others);
        return out;
    }
}
