package io.cairn.server.metrics;

import io.cairn.server.ServerContext;
import io.cairn.storage.engine.StoreStats;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.List;

/**
 * One scrape of a server's metrics: {@link RedisMetrics}, {@link CairnMetrics} and the JVM's
 * ({@link JvmCollectors}), read fresh from the server's own counters at each call. Thread-safe.
 */
public final class ServerMetrics {
    private final ServerContext server;

    public ServerMetrics(ServerContext server) {
        this.server = server;
    }

    /** Every metric family, now. */
    public MetricSnapshots scrape() {
        Families f = new Families();
        StoreStats st = server.store().stats();
        RedisMetrics.collect(server, st, f);
        CairnMetrics.collect(server, st, f);
        long fds = JvmCollectors.openFileDescriptors();
        if (fds >= 0) {
            f.gauge(JvmCollectors.OPEN_FDS, "Number of open file descriptors (counted at most every 10 s)", fds);
        }
        List<MetricSnapshot> all = f.build();
        JvmCollectors.scrape().forEach(all::add);
        return new MetricSnapshots(all);
    }
}
