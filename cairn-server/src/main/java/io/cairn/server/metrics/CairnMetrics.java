package io.cairn.server.metrics;

import io.cairn.common.LatencyHistogram;
import io.cairn.search.IndexInfo;
import io.cairn.server.ServerContext;
import io.cairn.storage.engine.CheckpointInfo;
import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.StoreStats;

/**
 * Cairn's own metrics, {@code cairn_*}: the write-ahead log (its write and fsync latencies as
 * histograms, group writes, bytes, LSNs, size), the last checkpoint, and each search index's
 * backlog, disk size and apply, refresh and merge timings. Read from what INFO persistence and
 * FT.INFO read: {@link StoreStats}, the store's latency histograms, {@link IndexInfo}. The mean
 * group size is {@code rate(cairn_wal_written_bytes_total) / rate(cairn_wal_groups_total)}, the
 * batches per group {@code rate(cairn_wal_last_lsn) / rate(cairn_wal_groups_total)}. Stateless.
 */
final class CairnMetrics {
    private CairnMetrics() {
    }

    static void collect(ServerContext s, StoreStats st, Families f) {
        Store store = s.store();
        histogram(f, "cairn_wal_fsync_seconds", "Each fsync of the write-ahead log", store.walSyncLatency());
        histogram(f, "cairn_wal_write_seconds", "Each group write to the write-ahead log", store.walWriteLatency());
        f.counter("cairn_wal_groups", "Group writes to the log: one or more batches per write", st.walGroups());
        f.counter("cairn_wal_written_bytes", "Bytes written to the log", st.walBytesWritten());
        f.counter("cairn_wal_fsyncs", "Fsyncs of the log", st.walSyncs());
        f.gauge("cairn_wal_last_lsn", "The LSN of the last committed batch", st.lastLsn());
        f.gauge("cairn_wal_durable_lsn", "The LSN up to which the log reached its durability", st.durableLsn());
        f.gauge("cairn_wal_size_bytes", "Bytes of log segments on disk", store.logSizeBytes());
        f.gauge("cairn_checkpoint_in_progress", "Whether a checkpoint is running", st.checkpointRunning() ? 1 : 0);
        f.gauge("cairn_checkpoint_last_failed", "1 when the last checkpoint failed",
                st.lastCheckpointError() == null ? 0 : 1);
        CheckpointInfo cp = st.lastCheckpoint();
        if (cp != null) {
            f.gauge("cairn_checkpoint_last_timestamp_seconds", "When the last checkpoint became durable (epoch seconds)",
                    cp.finishedAt() / 1000.0);
            f.gauge("cairn_checkpoint_last_duration_seconds", "How long the last checkpoint took", cp.millis() / 1000.0);
            f.gauge("cairn_checkpoint_last_keys", "Keys the last checkpoint wrote", cp.entries());
            f.gauge("cairn_checkpoint_last_bytes", "Size of the last checkpoint's snapshot", cp.bytes());
            f.gauge("cairn_checkpoint_last_lsn", "The LSN the last checkpoint is consistent at", cp.lsn());
        }
        f.gauge("cairn_checkpoint_log_bytes_threshold", "The checkpoint-log-bytes setting: log bytes that start a checkpoint",
                s.config().checkpointLogBytes());
        if (store.expiryCycleLatency() != null) {
            histogram(f, "cairn_expiry_cycle_seconds", "Each active expiry cycle", store.expiryCycleLatency());
        }
    }

    /** One search index's Cairn figures; {@link RedisMetrics} adds those {@code redis_exporter} names. */
    static void searchIndex(String name, IndexInfo i, Families f) {
        f.gauge("cairn_search_index_backlog", "Change-stream batches received and not yet applied", i.backlog(),
                "index_name", name);
        f.gauge("cairn_search_index_disk_bytes", "The index's files on disk", i.diskBytes(), "index_name", name);
        f.histogram("cairn_search_index_apply_seconds", "Each application of change-stream batches to the index",
                i.applyLatency(), "index_name", name);
        f.histogram("cairn_search_index_refresh_seconds", "Each reopening of the searcher to see applied changes",
                i.refreshLatency(), "index_name", name);
        f.histogram("cairn_search_index_merge_seconds", "Each segment merge", i.mergeLatency(), "index_name", name);
        f.counter("cairn_search_index_merge_read_bytes", "Bytes merges read", i.mergeBytesRead(), "index_name", name);
        f.counter("cairn_search_index_merge_written_bytes", "Bytes merges wrote", i.mergeBytesWritten(), "index_name", name);
    }

    private static void histogram(Families f, String name, String help, LatencyHistogram h) {
        if (h != null) {
            f.histogram(name, help, h);
        }
    }
}
