package io.cairn.server.metrics;

import io.cairn.search.IndexInfo;
import io.cairn.search.UnknownIndexException;
import io.cairn.server.CommandLatency;
import io.cairn.server.CommandStats;
import io.cairn.server.LatencyMonitor;
import io.cairn.server.ServerContext;
import io.cairn.server.command.server.InfoFields;
import io.cairn.storage.engine.StoreStats;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.Quantile;
import io.prometheus.metrics.model.snapshots.Quantiles;
import io.prometheus.metrics.model.snapshots.SummarySnapshot;
import java.util.Map;

/**
 * The metrics {@code redis_exporter} makes of a Redis server, under its names, so its dashboards
 * and alerts work unchanged: the INFO fields of {@link InfoMetric#ALL}, {@code redis_up},
 * {@code redis_instance_info}, per command ({@code redis_commands_total{cmd}} and its kin, from the
 * {@link CommandStats} INFO commandstats renders), per error code, per database (from the
 * {@link StoreStats} INFO keyspace renders; every database, empty ones at 0), the slow log's
 * length, the latency monitor's last spikes and the search indexes as {@code FT.INFO} reports them.
 * Stateless.
 */
final class RedisMetrics {
    private static final double[] QUANTILES = {0.5, 0.99, 0.999};

    private RedisMetrics() {
    }

    static void collect(ServerContext s, StoreStats st, Families f) {
        Map<String, String> info = InfoFields.read(s, "server", "clients", "memory", "persistence", "stats",
                "replication", "cpu");
        f.gauge("redis_up", "1 when the server answers", 1);
        for (InfoMetric m : InfoMetric.ALL) {
            Double v = InfoMetric.value(info.get(m.field()));
            if (v == null) {
                continue;
            }
            if (m.counter()) {
                f.counter(m.name(), m.help(), v);
            } else {
                f.gauge(m.name(), m.help(), v);
            }
        }
        f.gauge("redis_start_time_seconds", "When the server started (epoch seconds)", s.startMillis() / 1000);
        f.gauge("redis_instance_info", "The server's version, role and identity as labels", 1,
                "role", info.getOrDefault("role", "master"),
                "redis_version", info.getOrDefault("redis_version", ""),
                "cairn_version", info.getOrDefault("cairn_version", ""),
                "redis_mode", info.getOrDefault("redis_mode", ""),
                "os", info.getOrDefault("os", ""),
                "maxmemory_policy", info.getOrDefault("maxmemory_policy", ""),
                "tcp_port", info.getOrDefault("tcp_port", ""),
                "run_id", info.getOrDefault("run_id", ""),
                "process_id", info.getOrDefault("process_id", ""),
                "master_replid", info.getOrDefault("master_replid", ""));
        commands(s.commandStats(), f);
        keyspace(st, f);
        f.gauge("redis_slowlog_length", "Entries in the slow log", s.slowLog().size());
        latencySpikes(s.latency(), f);
        searchIndexes(s, f);
    }

    private static void commands(CommandStats stats, Families f) {
        SummarySnapshot.Builder latencies = SummarySnapshot.builder().name("redis_latency_percentiles_usec")
                .help("Latency percentiles per command in microseconds (INFO latencystats)");
        boolean anyLatency = false;
        for (Map.Entry<String, CommandStats.Row> e : stats.rows().entrySet()) {
            String cmd = e.getKey();
            CommandStats.Row r = e.getValue();
            f.counter("redis_commands", "Calls per command that ran", r.calls(), "cmd", cmd);
            f.counter("redis_commands_duration_seconds", "Seconds spent per command", r.micros() / 1e6, "cmd", cmd);
            f.counter("redis_commands_rejected_calls", "Calls per command refused before running (arity, auth, MULTI)",
                    r.rejected(), "cmd", cmd);
            f.counter("redis_commands_failed_calls", "Calls per command that ran and answered an error",
                    r.failed(), "cmd", cmd);
            CommandLatency h = r.latency();
            if (h.count() > 0) {
                long[] counts = h.counts();
                Quantiles.Builder q = Quantiles.builder();
                for (double quantile : QUANTILES) {
                    q.quantile(new Quantile(quantile, CommandLatency.valueAtPercentile(counts, quantile * 100) / 1000.0));
                }
                latencies.dataPoint(SummarySnapshot.SummaryDataPointSnapshot.builder().labels(Labels.of("cmd", cmd))
                        .quantiles(q.build()).count(r.calls()).sum(r.micros()).build());
                anyLatency = true;
            }
        }
        stats.errors().forEach((code, n) -> f.counter("redis_errors", "Error replies per error code", n, "err", code));
        if (anyLatency) {
            f.add(latencies.build());
        }
    }

    private static void keyspace(StoreStats st, Families f) {
        for (int db = 0; db < st.keysPerDb().length; db++) {
            String name = "db" + db;
            f.gauge("redis_db_keys", "Keys per database", st.keysPerDb()[db], "db", name);
            f.gauge("redis_db_keys_expiring", "Keys with an expiry per database", st.volatileKeysPerDb()[db], "db", name);
            f.gauge("redis_db_avg_ttl_seconds", "Mean time left of the keys with an expiry per database",
                    st.avgTtlPerDb()[db] / 1000.0, "db", name);
        }
    }

    private static void latencySpikes(LatencyMonitor monitor, Families f) {
        for (LatencyMonitor.Latest l : monitor.latest()) {
            f.gauge("redis_latency_spike_last", "When the event's last latency spike happened (epoch seconds)",
                    l.second(), "event_name", l.event());
            f.gauge("redis_latency_spike_duration_seconds", "How long the event's last latency spike was",
                    l.millis() / 1000.0, "event_name", l.event());
        }
    }

    private static void searchIndexes(ServerContext s, Families f) {
        for (String name : s.search().list()) {
            IndexInfo i;
            try {
                i = s.search().info(name);
            } catch (UnknownIndexException e) {
                continue; // dropped since the list was read
            }
            f.gauge("redis_search_index_num_docs", "Documents in the search index", i.numDocs(), "index_name", name);
            f.gauge("redis_search_index_max_doc_id", "The search index's highest document id", i.maxDoc(), "index_name", name);
            f.gauge("redis_search_index_indexing", "Whether the index is being built over existing keys",
                    i.indexing() ? 1 : 0, "index_name", name);
            f.gauge("redis_search_index_percent_indexed", "How far that build is (1: done)", i.percentIndexed(),
                    "index_name", name);
            f.gauge("redis_search_index_hash_indexing_failures", "Documents not indexed for a value of the wrong type",
                    i.indexingFailures(), "index_name", name);
            CairnMetrics.searchIndex(name, i, f);
        }
    }
}
