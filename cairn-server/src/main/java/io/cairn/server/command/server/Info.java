package io.cairn.server.command.server;

import io.cairn.server.CommandLatency;
import io.cairn.server.RedisParameters;
import io.cairn.server.ServerContext;
import io.cairn.server.Session;
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
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The text of INFO, in Redis 7.2's sections and order. Field names follow Redis where a field means
 * the same thing, so tools that read them work; Cairn-only fields start with {@code cairn_},
 * {@code wal_}, {@code checkpoint_} or {@code recovery_}. {@code used_memory} is what the keys
 * hold, the store's estimate that {@code maxmemory} is measured against ({@code Store#usedMemory}:
 * MEMORY USAGE summed), not the JVM's heap in use ({@code cairn_heap_used}, {@link MemoryFigures});
 * {@code used_memory_rss} is the process's resident set. Sections are chosen as Redis chooses them: none named means
 * {@link #DEFAULT_SECTIONS}; {@code default} adds those, {@code all} and {@code everything} every
 * section, any other word the section of that name (case-insensitive; an unknown one adds nothing).
 */
final class Info {
    static final List<String> DEFAULT_SECTIONS = List.of("server", "clients", "memory", "persistence", "stats",
            "replication", "cpu", "modules", "errorstats", "cluster", "keyspace");
    /** Every section, in the order Redis prints them. */
    static final List<String> ALL_SECTIONS = List.of("server", "clients", "memory", "persistence", "stats",
            "replication", "cpu", "modules", "commandstats", "errorstats", "latencystats", "cluster", "keyspace",
            "disk");

    private Info() {
    }

    /** The sections {@code words} (INFO's arguments, lower-cased) ask for. */
    static Set<String> sections(Set<String> words) {
        if (words.isEmpty()) {
            return Set.copyOf(DEFAULT_SECTIONS);
        }
        if (words.contains("all") || words.contains("everything")) {
            return Set.copyOf(ALL_SECTIONS);
        }
        Set<String> out = new HashSet<>(words);
        if (out.remove("default")) {
            out.addAll(DEFAULT_SECTIONS);
        }
        if (out.remove("module_list")) {
            out.add("modules");
        }
        return out;
    }

    static String render(ServerContext s, Set<String> words) {
        Set<String> wanted = sections(words);
        StringBuilder sb = new StringBuilder();
        StoreStats st = s.store().stats();
        for (String section : ALL_SECTIONS) {
            if (!wanted.contains(section) || section.equals("disk") && !s.store().hasDiskDatabases()) {
                continue;
            }
            if (!sb.isEmpty()) {
                sb.append("\r\n");
            }
            sb.append("# ").append(Character.toUpperCase(section.charAt(0))).append(section.substring(1)).append("\r\n");
            switch (section) {
                case "server" -> server(s, sb);
                case "clients" -> clients(s, sb);
                case "memory" -> memory(s, st, sb);
                case "persistence" -> persistence(s, st, sb);
                case "stats" -> stats(s, st, sb);
                case "replication" -> replication(s, sb);
                case "cpu" -> cpu(sb);
                case "commandstats" -> commandStats(s, sb);
                case "errorstats" -> s.commandStats().errors().forEach((code, n) ->
                        sb.append("errorstat_").append(code).append(":count=").append(n).append("\r\n"));
                case "latencystats" -> latencyStats(s, sb);
                case "cluster" -> line(sb, "cluster_enabled", 0);
                case "disk" -> s.store().diskInfo().forEach((k, v) -> sb.append(k).append(':').append(v).append("\r\n"));
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
                    // modules: Cairn loads none, so the section has only its heading, as Redis's without modules
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
        long now = System.currentTimeMillis();
        long uptime = (now - s.startMillis()) / 1000;
        line(sb, "redis_version", ServerContext.REDIS_COMPAT_VERSION)
                .line("cairn_version", ServerContext.VERSION)
                .line("redis_mode", "standalone")
                .line("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"))
                .line("arch_bits", System.getProperty("sun.arch.data.model", "64"))
                .line("java_version", Runtime.version())
                .line("process_id", ProcessHandle.current().pid())
                .line("process_supervised", "no")
                .line("run_id", s.identity().runId())
                .line("tcp_port", s.port() != 0 ? s.port() : s.config().tls().port()) // Redis: port, else tls-port
                .line("server_time_usec", now * 1000)
                .line("uptime_in_seconds", uptime)
                .line("uptime_in_days", uptime / 86400)
                .line("hz", s.redisParameter(RedisParameters.HZ))
                .line("configured_hz", s.redisParameter(RedisParameters.HZ))
                .line("executable", ProcessHandle.current().info().command().orElse("cairn"))
                .line("config_file", "")
                .line("io_threads_active", 0);
    }

    private static void clients(ServerContext s, StringBuilder sb) {
        long pubsubClients = 0;
        for (Session session : s.sessions()) {
            if (session.subscriptions().subscribed()) {
                pubsubClients++;
            }
        }
        line(sb, "connected_clients", s.sessionCount())
                .line("cluster_connections", 0)
                .line("maxclients", s.maxclients())
                .line("blocked_clients", s.blocked().blockedCount())
                .line("tracking_clients", s.tracking().clients())
                .line("pubsub_clients", pubsubClients);
    }

    private static void memory(ServerContext s, StoreStats st, StringBuilder sb) {
        MemoryFigures m = MemoryFigures.read(s, st.keys());
        long used = st.usedBytes();
        long peak = s.usedMemoryPeak(used);
        io.cairn.storage.engine.MemoryLimit limit = s.store().memoryLimit();
        long bound = s.store().memoryLimitBytes();
        line(sb, "used_memory", used)
                .line("used_memory_human", human(used))
                .line("used_memory_rss", m.rss())
                .line("used_memory_rss_human", human(m.rss()))
                .line("used_memory_peak", peak)
                .line("used_memory_peak_human", human(peak))
                .line("used_memory_peak_perc", String.format(Locale.ROOT, "%.2f%%", peak == 0 ? 0 : used * 100.0 / peak))
                .line("used_memory_startup", 0)
                .line("used_memory_dataset", used)
                .line("total_system_memory", m.totalSystem())
                .line("total_system_memory_human", human(m.totalSystem()))
                .line("maxmemory", limit.maxBytes())
                .line("maxmemory_human", human(limit.maxBytes()))
                .line("maxmemory_policy", limit.policy().redisName())
                .line("mem_fragmentation_ratio", String.format(Locale.ROOT, "%.2f", used == 0 ? 0 : (double) m.rss() / used))
                .line("mem_fragmentation_bytes", m.rss() - used)
                .line("mem_not_counted_for_evict", 0)
                .line("mem_allocator", "jvm")
                .line("lazyfree_pending_objects", 0)
                .line("cairn_heap_used", m.used())
                .line("cairn_heap_committed", m.committed())
                .line("cairn_heap_max", m.max())
                .line("cairn_memory_bound", bound == Long.MAX_VALUE ? 0 : bound)
                .line("cairn_memory_note", "used_memory is the keys' estimated size (MEMORY USAGE summed), what maxmemory"
                        + " bounds; cairn_memory_bound is the bound in force (maxmemory, lowered by heap-guard-percent"
                        + " when the heap runs full; 0 none)");
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
                .line("total_net_repl_input_bytes", 0)
                .line("total_net_repl_output_bytes", 0)
                .line("rejected_connections", x.rejectedConnections())
                .line("sync_full", 0)
                .line("sync_partial_ok", 0)
                .line("sync_partial_err", 0)
                .line("expired_keys", st.expiredKeys())
                .line("evicted_keys", st.evictedKeys())
                .line("evicted_clients", 0)
                .line("keyspace_hits", x.keyspaceHits())
                .line("keyspace_misses", x.keyspaceMisses())
                .line("pubsub_channels", s.pubsub().count(Kind.CHANNEL))
                .line("pubsub_patterns", s.pubsub().count(Kind.PATTERN))
                .line("pubsubshard_channels", s.pubsub().count(Kind.SHARD))
                .line("latest_fork_usec", 0)
                .line("total_forks", 0)
                .line("tracking_total_keys", s.tracking().totalKeys())
                .line("tracking_total_items", s.tracking().totalItems())
                .line("tracking_total_prefixes", s.tracking().totalPrefixes())
                .line("unexpected_error_replies", 0)
                .line("total_error_replies", s.commandStats().totalErrors())
                .line("acl_access_denied_auth", s.acl().log().denied(io.cairn.server.acl.Denial.Reason.AUTH))
                .line("acl_access_denied_cmd", s.acl().log().denied(io.cairn.server.acl.Denial.Reason.COMMAND))
                .line("acl_access_denied_key", s.acl().log().denied(io.cairn.server.acl.Denial.Reason.KEY))
                .line("acl_access_denied_channel", s.acl().log().denied(io.cairn.server.acl.Denial.Reason.CHANNEL));
    }

    /**
     * Redis's fields: for a single node those of a master that never had a replica; in a group the
     * leader is the master and each follower a slave (its offset the last Raft log index it holds),
     * followed by the group's own fields ({@code raft_*}).
     */
    private static void replication(ServerContext s, StringBuilder sb) {
        io.cairn.storage.engine.ReplicaGroup group = s.replication();
        if (group != null) {
            groupReplication(s, group.status(), sb);
            return;
        }
        line(sb, "role", "master")
                .line("connected_slaves", 0)
                .line("master_failover_state", "no-failover")
                .line("master_replid", s.identity().replId())
                .line("master_replid2", "0".repeat(40))
                .line("master_repl_offset", 0)
                .line("second_repl_offset", -1)
                .line("repl_backlog_active", 0)
                .line("repl_backlog_size", s.redisParameter(RedisParameters.REPL_BACKLOG_SIZE))
                .line("repl_backlog_first_byte_offset", 0)
                .line("repl_backlog_histlen", 0);
    }

    private static void groupReplication(ServerContext s, io.cairn.storage.engine.ReplicaGroup.Status st, StringBuilder sb) {
        var leader = st.leader();
        boolean leads = st.role().equals("leader");
        if (leads) {
            line(sb, "role", "master").line("connected_slaves", st.followers().size());
            int i = 0;
            for (var f : st.followers()) {
                line(sb, "slave" + i++, "ip=" + f.member().host() + ",port=" + f.member().clientPort()
                        + ",state=online,offset=" + f.matchIndex() + ",lag=" + f.lagMillis() / 1000);
            }
        } else {
            line(sb, "role", "slave")
                    .line("master_host", leader == null ? "" : leader.host())
                    .line("master_port", leader == null ? 0 : leader.clientPort())
                    .line("master_link_status", leader == null ? "down" : "up")
                    .line("slave_repl_offset", st.appliedIndex())
                    .line("slave_read_only", 1)
                    .line("connected_slaves", 0);
        }
        line(sb, "master_failover_state", "no-failover")
                .line("master_replid", s.identity().replId())
                .line("master_repl_offset", leads ? st.commitIndex() : st.appliedIndex())
                .line("raft_node_id", st.self().id())
                .line("raft_role", st.role())
                .line("raft_leader_id", leader == null ? "" : leader.id())
                .line("raft_leader_address", leader == null ? "" : leader.clientAddress())
                .line("raft_term", st.term())
                .line("raft_commit_index", st.commitIndex())
                .line("raft_applied_index", st.appliedIndex())
                .line("raft_members", String.join(",", st.members().stream()
                        .map(m -> m.id() + "=" + m.host() + ":" + m.raftPort() + ":" + m.clientPort()).toList()));
        for (var f : st.followers()) {
            line(sb, "raft_follower_" + f.member().id(), "match_index=" + f.matchIndex() + ",lag_entries="
                    + Math.max(0, st.commitIndex() - f.matchIndex()) + ",last_rpc_ms=" + f.lagMillis());
        }
    }

    /** Seconds of CPU, as Redis prints them (six decimals), from /proc/self/stat or else the JVM's threads. */
    private static void cpu(StringBuilder sb) {
        double[] t = CpuTimes.read();
        line(sb, "used_cpu_sys", String.format(Locale.ROOT, "%.6f", t[0]))
                .line("used_cpu_user", String.format(Locale.ROOT, "%.6f", t[1]))
                .line("used_cpu_sys_children", String.format(Locale.ROOT, "%.6f", t[2]))
                .line("used_cpu_user_children", String.format(Locale.ROOT, "%.6f", t[3]));
    }

    private static void commandStats(ServerContext s, StringBuilder sb) {
        s.commandStats().rows().forEach((name, r) -> {
            long calls = r.calls();
            sb.append("cmdstat_").append(name).append(":calls=").append(calls).append(",usec=").append(r.micros())
                    .append(",usec_per_call=").append(String.format(Locale.ROOT, "%.2f", calls == 0 ? 0.0 : (double) r.micros() / calls))
                    .append(",rejected_calls=").append(r.rejected()).append(",failed_calls=").append(r.failed()).append("\r\n");
        });
    }

    /** p50, p99 and p99.9 in microseconds with three decimals, from the same histograms as LATENCY HISTOGRAM. */
    private static void latencyStats(ServerContext s, StringBuilder sb) {
        s.commandStats().rows().forEach((name, r) -> {
            CommandLatency h = r.latency();
            if (h.count() == 0) {
                return; // a command only ever rejected has no latencies, as in Redis
            }
            sb.append("latency_percentiles_usec_").append(name).append(':')
                    .append(String.format(Locale.ROOT, "p50=%.3f,p99=%.3f,p99.9=%.3f", h.valueAtPercentile(50) / 1000.0,
                            h.valueAtPercentile(99) / 1000.0, h.valueAtPercentile(99.9) / 1000.0)).append("\r\n");
        });
    }

    static String human(long bytes) {
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
