package io.cairn.server.metrics;

import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;

/**
 * The JVM's metrics (heap and pools, GC pauses, threads, classes, the process's CPU and file
 * descriptors) from the Prometheus client's JVM instrumentation. One registry per process, made on
 * the first scrape: these describe the process, not a server, and the instrumentation adds GC
 * notification listeners it never removes, so a registry per server would pile them up in a JVM
 * that starts many servers (the tests). Immutable once built; thread-safe.
 */
final class JvmCollectors {
    private JvmCollectors() {
    }

    private static final class Holder {
        static final PrometheusRegistry REGISTRY = build();

        private static PrometheusRegistry build() {
            PrometheusRegistry r = new PrometheusRegistry();
            JvmMetrics.builder().register(r);
            return r;
        }
    }

    static MetricSnapshots scrape() {
        return Holder.REGISTRY.scrape();
    }
}
