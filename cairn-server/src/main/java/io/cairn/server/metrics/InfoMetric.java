package io.cairn.server.metrics;

import java.util.List;

/**
 * One INFO field exported under {@code redis_exporter}'s name for it, so Redis dashboards and
 * alerts built on those names read Cairn as they read Redis.
 *
 * @param field   the INFO field
 * @param name    the metric's name; for a counter without the {@code _total} the text formats add
 * @param counter a counter (only grows, but for CONFIG RESETSTAT) rather than a gauge
 */
record InfoMetric(String field, String name, boolean counter, String help) {

    static InfoMetric gauge(String field, String name, String help) {
        return new InfoMetric(field, name, false, help);
    }

    static InfoMetric counter(String field, String name, String help) {
        return new InfoMetric(field, name, true, help);
    }

    /** The INFO fields exported one for one, in INFO's order. */
    static final List<InfoMetric> ALL = List.of(
            gauge("uptime_in_seconds", "redis_uptime_in_seconds", "Seconds since the server started"),
            gauge("process_id", "redis_process_id", "The server's process id"),
            gauge("io_threads_active", "redis_io_threads_active", "Whether I/O threads are active (Redis's meaning; 0)"),
            gauge("connected_clients", "redis_connected_clients", "Client connections, replicas excepted"),
            gauge("blocked_clients", "redis_blocked_clients", "Clients waiting in a blocking command"),
            gauge("maxclients", "redis_max_clients", "The maxclients setting"),
            gauge("tracking_clients", "redis_tracking_clients", "Clients with CLIENT TRACKING on"),
            gauge("pubsub_clients", "redis_pubsub_clients", "Clients with a subscription"),
            gauge("used_memory", "redis_memory_used_bytes", "JVM heap in use (live data and garbage not yet collected)"),
            gauge("used_memory_rss", "redis_memory_used_rss_bytes", "The process's resident set"),
            gauge("used_memory_peak", "redis_memory_used_peak_bytes", "The highest used_memory seen"),
            gauge("used_memory_startup", "redis_memory_used_startup_bytes", "Heap in use at start"),
            gauge("used_memory_dataset", "redis_memory_used_dataset_bytes", "Heap in use beyond the startup figure"),
            gauge("total_system_memory", "redis_total_system_memory_bytes", "The machine's memory"),
            gauge("maxmemory", "redis_memory_max_bytes", "The maxmemory setting (0: no limit)"),
            gauge("mem_fragmentation_ratio", "redis_mem_fragmentation_ratio", "used_memory_rss / used_memory"),
            gauge("mem_fragmentation_bytes", "redis_mem_fragmentation_bytes", "used_memory_rss - used_memory"),
            gauge("lazyfree_pending_objects", "redis_lazyfree_pending_objects", "Objects waiting to be freed (0)"),
            gauge("loading", "redis_loading_dump_file", "Whether the server is loading its data"),
            gauge("async_loading", "redis_async_loading", "Whether data loads while serving (0)"),
            gauge("rdb_changes_since_last_save", "redis_rdb_changes_since_last_save", "Log batches since the last checkpoint"),
            gauge("rdb_bgsave_in_progress", "redis_rdb_bgsave_in_progress", "Whether a checkpoint is running"),
            gauge("rdb_last_save_time", "redis_rdb_last_save_timestamp_seconds", "When the last checkpoint finished (epoch seconds)"),
            gauge("rdb_last_bgsave_status", "redis_rdb_last_bgsave_status", "1 when the last checkpoint succeeded"),
            gauge("rdb_last_bgsave_time_sec", "redis_rdb_last_bgsave_duration_sec", "Seconds the last checkpoint took (-1: none)"),
            gauge("aof_enabled", "redis_aof_enabled", "Whether the write-ahead log is on"),
            gauge("aof_rewrite_in_progress", "redis_aof_rewrite_in_progress", "Whether an AOF rewrite runs (0)"),
            counter("total_connections_received", "redis_connections_received", "Connections accepted"),
            counter("total_commands_processed", "redis_commands_processed", "Commands processed"),
            gauge("instantaneous_ops_per_sec", "redis_instantaneous_ops_per_sec", "Commands in the last second"),
            counter("total_net_input_bytes", "redis_net_input_bytes", "Bytes read from clients"),
            counter("total_net_output_bytes", "redis_net_output_bytes", "Bytes written to clients"),
            counter("total_net_repl_input_bytes", "redis_net_repl_input_bytes", "Bytes read for replication"),
            counter("total_net_repl_output_bytes", "redis_net_repl_output_bytes", "Bytes written for replication"),
            counter("rejected_connections", "redis_rejected_connections", "Connections refused (maxclients)"),
            gauge("sync_full", "redis_replica_resyncs_full", "Full resynchronisations of replicas"),
            gauge("sync_partial_ok", "redis_replica_partial_resync_accepted", "Partial resynchronisations accepted"),
            gauge("sync_partial_err", "redis_replica_partial_resync_denied", "Partial resynchronisations denied"),
            counter("expired_keys", "redis_expired_keys", "Keys reclaimed by expiry"),
            counter("evicted_keys", "redis_evicted_keys", "Keys evicted by maxmemory"),
            counter("evicted_clients", "redis_evicted_clients", "Clients evicted by maxmemory-clients"),
            counter("keyspace_hits", "redis_keyspace_hits", "Key lookups that found the key"),
            counter("keyspace_misses", "redis_keyspace_misses", "Key lookups that did not"),
            gauge("pubsub_channels", "redis_pubsub_channels", "Channels with a subscriber"),
            gauge("pubsub_patterns", "redis_pubsub_patterns", "Patterns with a subscriber"),
            gauge("pubsubshard_channels", "redis_pubsubshard_channels", "Shard channels with a subscriber"),
            gauge("latest_fork_usec", "redis_latest_fork_usec", "Microseconds of the last fork (0: Cairn does not fork)"),
            gauge("tracking_total_keys", "redis_tracking_total_keys", "Keys tracked for client-side caching"),
            gauge("tracking_total_items", "redis_tracking_total_items", "Client entries in the tracking table"),
            gauge("tracking_total_prefixes", "redis_tracking_total_prefixes", "Prefixes tracked in BCAST mode"),
            gauge("unexpected_error_replies", "redis_unexpected_error_replies", "Errors of an unexpected kind"),
            gauge("total_error_replies", "redis_total_error_replies", "Error replies sent"),
            gauge("connected_slaves", "redis_connected_slaves", "Connected replicas"),
            gauge("master_repl_offset", "redis_master_repl_offset", "The replication offset"),
            gauge("second_repl_offset", "redis_second_repl_offset", "The offset up to which the previous replication id is valid"),
            gauge("repl_backlog_active", "redis_repl_backlog_is_active", "Whether the replication backlog is active"),
            gauge("repl_backlog_size", "redis_replication_backlog_bytes", "The repl-backlog-size setting"),
            gauge("repl_backlog_first_byte_offset", "redis_repl_backlog_first_byte_offset", "The backlog's first offset"),
            gauge("repl_backlog_histlen", "redis_repl_backlog_history_bytes", "Bytes in the backlog"),
            counter("used_cpu_sys", "redis_cpu_sys_seconds", "System CPU seconds"),
            counter("used_cpu_user", "redis_cpu_user_seconds", "User CPU seconds"),
            counter("used_cpu_sys_children", "redis_cpu_sys_children_seconds", "System CPU seconds of children"),
            counter("used_cpu_user_children", "redis_cpu_user_children_seconds", "User CPU seconds of children"));

    /** The field's value as a number: INFO's {@code ok}/{@code err} statuses as 1/0, anything else unparsable as null. */
    static Double value(String text) {
        if (text == null) {
            return null;
        }
        if (text.equals("ok")) {
            return 1.0;
        }
        if (text.startsWith("err")) {
            return 0.0;
        }
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
