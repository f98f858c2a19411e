package io.cairn.server.metrics;

import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;

/**
 * The JVM's metrics (heap and pools, GC pauses, threads, classes, the process's CPU and file
 * descriptors) from the Prometheus client's JVM instrumentation, except its open descriptor count,
 * which {@link #openFileDescriptors} reads off the event loop. One registry per process, made on
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

    /** The client's own {@code process_open_fds}, left out: it lists /proc/self/fd at every scrape (10 ms at 10,000 clients). */
    static final String OPEN_FDS = "process_open_fds";
    /** How old the open descriptor count may be before a scrape asks for a new one. */
    private static final long OPEN_FDS_MAX_AGE_NANOS = 10_000_000_000L;
    private static final java.util.concurrent.atomic.AtomicBoolean COUNTING = new java.util.concurrent.atomic.AtomicBoolean();
    private static volatile long openFds = -1;
    private static volatile long openFdsAt;

    static MetricSnapshots scrape() {
        return Holder.REGISTRY.scrape(name -> !name.equals(OPEN_FDS));
    }

    /**
     * The process's open file descriptors as last counted, -1 before the first count; a count
     * older than 10 s starts a new one on a virtual thread, so no scrape (nor the event loop it
     * runs on) waits for the walk of /proc/self/fd.
     */
    static long openFileDescriptors() {
        long now = System.nanoTime();
        if ((openFds < 0 || now - openFdsAt > OPEN_FDS_MAX_AGE_NANOS) && COUNTING.compareAndSet(false, true)) {
            Thread.ofVirtual().name("cairn-open-fds").start(() -> {
                try {
                    if (java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                            instanceof com.sun.management.UnixOperatingSystemMXBean os) {
                        openFds = os.getOpenFileDescriptorCount();
                    }
                    openFdsAt = System.nanoTime();
                } finally {
                    COUNTING.set(false);
                }
            });
        }
        return openFds;
    }
}
