package io.cairn.server.command.server;

import io.cairn.server.ServerContext;
import io.cairn.server.ServerStats;
import io.cairn.server.command.pubsub.Kind;
import io.cairn.storage.engine.CheckpointInfo;
import io.cairn.storage.engine.RecoveryStats;
import io.cairn.storage.engine.StoreStats;
import io.cairn.storage.engine.WalMode;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The text of INFO. Field names follow Redis where a field means the same thing, so tools that
 * read them work; Cairn-only fields start with {@code cairn_} or {@code wal_}. Memory figures are
 * the JVM's own, labelled as such: {@code used_memory} is heap in use, {@code used_memory_rss}
 * the process's resident set from /proc.
 */
final class Info {
    static final List<String> DEFAULT_SECTIONS = List.of("server", "clients", "memory", "persistence", "stats", "keyspace");

    private Info() {
    }

    static String render(ServerContext s, Set<String> wanted) {
        boolean all = wanted.isEmpty() || wanted.contains("all") || wanted.contains("everything") || wanted.contains("default");
        StringBuilder sb = new StringBuilder();
        StoreStats st = s.store().stats();
        for (String section : DEFAULT_SECTIONS) {
            if (!all && !wanted.contains(section)) {
                continue;
            }
            if (!sb.isEmpty()) {
                sb.append("\r\n");
            }
            sb.append("# ").append(Character.toUpperCase(section.charAt(0))).append(section.substring(1)).append("\r\n");
            switch (section) {
                case "server" -> server(s, sb);
                case "clients" -> line(sb, "connected_clients", s.sessionCount())
                        .line("maxclients", s.maxclients())
                        .line("blocked_clients", s.blocked().blockedCount())
                        .line("tracking_clients", s.tracking().clients());
                case "memory" -> memory(sb);
                case "persistence" -> persistence(s, st, sb);
                case "stats" -> stats(s, st, sb);
                case "keyspace" -> {
                    for (int db = 0; db < st.keysPerDb().length; db++) {
                        if (st.keysPerDb()[db] > 0) {
                            sb.append("db").append(db).append(":keys=").append(st.keysPerDb()[db])
                                    .append(",expires=").append(st.volatileKeysPerDb()[db])
                                    .append(",avg_ttl=").append(st.avgTtlPerDb()[db]).append("\r\n");
                        }
                    }
                }
                default -> {
                }
            }
        }
        return sb.toString();
    }

    /** Appends one {@code key:value} line; returns a builder for the next, so sections read as lists. */
    private static Lines line(StringBuilder sb, String k, Object v) {
        return new Lines(sb).line(k, v);
    }

    /** Chains {@code key:value} lines onto one section's text. */
    private record Lines(StringBuilder sb) {
        Lines line(String k, Object v) {
            sb.append(k).append(':').append(v).append("\r\n");
            return this;
        }
    }

    private static void server(ServerContext s, StringBuilder sb) {
        long uptime = (System.currentTimeMillis() - s.startMillis()) / 1000;
        line(sb, "redis_version", ServerContext.REDIS_COMPAT_VERSION)
                .line("cairn_version", ServerContext.VERSION)
                .line("redis_mode", "standalone")
                .line("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"))
                .line("arch_bits", System.getProperty("sun.arch.data.model", "64"))
                .line("java_version", Runtime.version())
                .line("process_id", ProcessHandle.current().pid())
                .line("tcp_port", s.port())
                .line("uptime_in_seconds", uptime)
                .line("uptime_in_days", uptime / 86400)
                .line("executable", "cairn")
                .line("config_file", "");
    }

    private static void memory(StringBuilder sb) {
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        long rss = rssBytes();
        line(sb, "used_memory", heap.getUsed())
                .line("used_memory_human", human(heap.getUsed()))
                .line("used_memory_rss", rss)
                .line("used_memory_rss_human", human(rss))
                .line("used_memory_peak", heap.getCommitted())
                .line("maxmemory", 0)
                .line("maxmemory_policy", "noeviction")
                .line("mem_allocator", "jvm")
                .line("cairn_heap_committed", heap.getCommitted())
                .line("cairn_heap_max", heap.getMax())
                .line("cairn_memory_note", "used_memory is JVM heap in use (live data plus garbage not yet collected)");
    }

    private static void persistence(ServerContext s, StoreStats st, StringBuilder sb) {
        CheckpointInfo cp = st.lastCheckpoint();
        RecoveryStats r = st.recovery();
        long lastSave = cp != null ? cp.finishedAt() / 1000 : s.startMillis() / 1000;
        line(sb, "loading", 0)
                .line("async_loading", 0)
                .line("rdb_changes_since_last_save", st.lastLsn() - (cp != null ? cp.lsn() : r.snapshotLsn()))
                .line("rdb_bgsave_in_progress", st.checkpointRunning() ? 1 : 0)
                .line("rdb_last_save_time", lastSave)
                .line("rdb_last_bgsave_status", st.lastCheckpointError() == null ? "ok" : "err")
                .line("rdb_last_bgsave_time_sec", cp != null ? cp.millis() / 1000 : -1)
                .line("aof_enabled", st.walMode() == WalMode.NONE ? 0 : 1)
                .line("aof_rewrite_in_progress", 0)
                .line("wal_mode", st.walMode().name().toLowerCase(Locale.ROOT))
                .line("wal_last_lsn", st.lastLsn())
                .line("wal_durable_lsn", st.durableLsn())
                .line("wal_size_bytes", s.store().logSizeBytes())
                .line("wal_bytes_written", st.walBytesWritten())
                .line("wal_group_writes", st.walGroups())
                .line("wal_fsyncs", st.walSyncs())
                .line("wal_fsync_avg_usec", st.walSyncs() == 0 ? 0 : st.walSyncNanos() / st.walSyncs() / 1000)
                .line("checkpoint_in_progress", st.checkpointRunning() ? 1 : 0)
                .line("checkpoint_last_lsn", cp != null ? cp.lsn() : r.snapshotLsn())
                .line("checkpoint_last_time", cp != null ? cp.finishedAt() / 1000 : -1)
                .line("checkpoint_last_status", st.lastCheckpointError() == null ? "ok" : "err: " + st.lastCheckpointError().replace("\r", " ").replace("\n", " "))
                .line("checkpoint_last_keys", cp != null ? cp.entries() : -1)
                .line("checkpoint_last_duration_ms", cp != null ? cp.millis() : -1)
                .line("recovery_snapshot", r.snapshot() == null ? "none" : r.snapshot())
                .line("recovery_snapshot_keys", r.snapshotEntries())
                .line("recovery_wal_records", r.walRecords())
                .line("recovery_wal_mutations", r.walMutations())
                .line("recovery_truncated_tail", r.truncated() == null ? "none" : r.truncated())
                .line("recovery_ms", r.totalMillis())
                .line("recovery_keys_per_sec", Math.round(r.keysPerSecond()));
        latency(sb, "wal_write", s.store().walWriteLatency());
        latency(sb, "wal_fsync", s.store().walSyncLatency());
    }

    /** {@code <name>_count}, {@code _mean_usec}, {@code _p50/95/99/999_usec}, {@code _max_usec}. */
    private static void latency(StringBuilder sb, String name, io.cairn.common.LatencyHistogram h) {
        if (h == null) {
            return;
        }
        line(sb, name + "_count", h.count())
                .line(name + "_mean_usec", Math.round(h.meanMicros()))
                .line(name + "_p50_usec", h.percentileMicros(50))
                .line(name + "_p95_usec", h.percentileMicros(95))
                .line(name + "_p99_usec", h.percentileMicros(99))
                .line(name + "_p999_usec", h.percentileMicros(99.9))
                .line(name + "_max_usec", h.maxMicros());
    }

    private static void stats(ServerContext s, StoreStats st, StringBuilder sb) {
        ServerStats x = s.stats();
        line(sb, "total_connections_received", x.connectionsReceived())
                .line("total_commands_processed", x.commands())
                .line("instantaneous_ops_per_sec", x.opsPerSecond())
                .line("total_net_input_bytes", x.netInputBytes())
                .line("total_net_output_bytes", x.netOutputBytes())
                .line("rejected_connections", x.rejectedConnections())
                .line("expired_keys", st.expiredKeys())
                .line("evicted_keys", 0)
                .line("keyspace_hits", x.keyspaceHits())
                .line("keyspace_misses", x.keyspaceMisses())
                .line("pubsub_channels", s.pubsub().count(Kind.CHANNEL))
                .line("pubsub_patterns", s.pubsub().count(Kind.PATTERN))
                .line("pubsubshard_channels", s.pubsub().count(Kind.SHARD))
                .line("tracking_total_keys", s.tracking().totalKeys())
                .line("tracking_total_items", s.tracking().totalItems())
                .line("tracking_total_prefixes", s.tracking().totalPrefixes());
    }

    static long rssBytes() {
        try {
            for (String l : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (l.startsWith("VmRSS:")) {
                    return Long.parseLong(l.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
        return 0;
    }

    private static String human(long bytes) {
        if (bytes < 1024) {
            return bytes + "B";
        }
        String[] units = {"K", "M", "G", "T"};
        double v = bytes;
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.2f%s", v, units[u]);
    }
}
