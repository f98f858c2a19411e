package io.cairn.server.http;

import io.cairn.common.LatencyHistogram;
import io.cairn.document.json.JsonWriter;
import io.cairn.search.IndexInfo;
import io.cairn.search.UnknownIndexException;
import io.cairn.server.CommandLatency;
import io.cairn.server.CommandStats;
import io.cairn.server.ServerContext;
import io.cairn.server.command.Command;
import io.cairn.server.command.server.InfoFields;
import io.cairn.storage.engine.CheckpointInfo;
import io.cairn.storage.engine.StoreStats;
import java.util.Map;
import java.util.TreeMap;

/**
 * One sample of {@code GET /console/api/stats}, what the console's charts plot: calls so far by
 * command family (Redis's documentation group: {@code string}, {@code hash}, ...; the page turns
 * them into rates), the p50/p99/p99.9 of every command's latency over the last window, memory
 * and clients as INFO reports them ({@link InfoFields}), the log's counters (mean fsync and group
 * size per window come from their differences), the checkpoint's state and each search index's
 * backlog and merges. Counters are the ones INFO and {@code /metrics} read.
 *
 * <p>The latency window is the time since the previous sample (at least one second; a sample
 * sooner repeats the last window's figures), shared by every open console; the first sample
 * covers the time since start (or CONFIG RESETSTAT). Thread-safe.
 */
final class ConsoleStats {
    static final long WINDOW_MILLIS = 1000;

    private final ServerContext server;
    // The latency window; guarded by this.
    private long[] windowStart;
    private long windowStartMillis;
    private long[] lastPercentiles = {0, 0, 0};

    ConsoleStats(ServerContext server) {
        this.server = server;
    }

    String sample() {
        long now = System.currentTimeMillis();
        Map<String, String> info = InfoFields.read(server, "server", "clients", "memory", "persistence", "stats");
        StoreStats st = server.store().stats();
        StringBuilder sb = new StringBuilder(1024).append("{\"time\":").append(now);
        field(sb, "uptime", info.get("uptime_in_seconds"));
        field(sb, "ops_per_sec", info.get("instantaneous_ops_per_sec"));
        field(sb, "commands_processed", info.get("total_commands_processed"));
        sb.append(",\"keys\":").append(st.keys());
        CommandStats stats = server.commandStats();
        Map<String, CommandStats.Row> rows = stats.rows();
        sb.append(",\"families\":{");
        boolean first = true;
        for (Map.Entry<String, Long> e : families(rows).entrySet()) {
            sb.append(first ? "" : ",");
            first = false;
            JsonWriter.writeString(e.getKey(), sb);
            sb.append(':').append(e.getValue());
        }
        long[] p = latency(rows, now);
        sb.append("},\"latency_us\":{\"p50\":").append(p[0] / 1000.0).append(",\"p99\":").append(p[1] / 1000.0)
                .append(",\"p999\":").append(p[2] / 1000.0).append('}');
        sb.append(",\"memory\":{\"used\":").append(num(info.get("used_memory")))
                .append(",\"heap\":").append(num(info.get("cairn_heap_used")))
                .append(",\"rss\":").append(num(info.get("used_memory_rss")))
                .append(",\"peak\":").append(num(info.get("used_memory_peak")))
                .append(",\"max\":").append(num(info.get("maxmemory"))).append('}');
        sb.append(",\"clients\":{\"connected\":").append(num(info.get("connected_clients")))
                .append(",\"blocked\":").append(num(info.get("blocked_clients"))).append('}');
        LatencyHistogram fsync = server.store().walSyncLatency();
        sb.append(",\"wal\":{\"mode\":");
        JsonWriter.writeString(st.walMode().name().toLowerCase(java.util.Locale.ROOT), sb);
        sb.append(",\"fsyncs\":").append(st.walSyncs()).append(",\"fsync_nanos\":").append(st.walSyncNanos())
                .append(",\"fsync_p99_us\":").append(fsync == null ? 0 : fsync.percentileMicros(99))
                .append(",\"groups\":").append(st.walGroups()).append(",\"bytes\":").append(st.walBytesWritten())
                .append(",\"last_lsn\":").append(st.lastLsn()).append(",\"durable_lsn\":").append(st.durableLsn())
                .append(",\"size\":").append(server.store().logSizeBytes()).append('}');
        CheckpointInfo cp = st.lastCheckpoint();
        sb.append(",\"checkpoint\":{\"running\":").append(st.checkpointRunning())
                .append(",\"changes_since\":").append(num(info.get("rdb_changes_since_last_save")))
                .append(",\"log_bytes_threshold\":").append(server.config().checkpointLogBytes())
                .append(",\"last_time\":").append(cp == null ? -1 : cp.finishedAt() / 1000)
                .append(",\"last_duration_ms\":").append(cp == null ? -1 : cp.millis())
                .append(",\"last_keys\":").append(cp == null ? -1 : cp.entries())
                .append(",\"failed\":").append(st.lastCheckpointError() != null).append('}');
        search(sb);
        return sb.append('}').toString();
    }

    /** Calls by family: each command row's calls added to its container's documentation group. */
    private Map<String, Long> families(Map<String, CommandStats.Row> rows) {
        Map<String, Long> out = new TreeMap<>();
        for (Map.Entry<String, CommandStats.Row> e : rows.entrySet()) {
            String name = e.getKey();
            int bar = name.indexOf('|');
            Command c = server.dispatcher().registry().command(bar < 0 ? name : name.substring(0, bar));
            String group = c == null || c.spec().group() == null || c.spec().group().isEmpty() ? "other" : c.spec().group();
            out.merge(group, e.getValue().calls(), Long::sum);
        }
        return out;
    }

    /** p50, p99, p99.9 in nanoseconds of every command's latency over the window. */
    private synchronized long[] latency(Map<String, CommandStats.Row> rows, long now) {
        if (windowStart != null && now - windowStartMillis < WINDOW_MILLIS) {
            return lastPercentiles;
        }
        long[] merged = null;
        for (CommandStats.Row r : rows.values()) {
            long[] c = r.latency().counts();
            if (merged == null) {
                merged = c;
            } else {
                for (int i = 0; i < c.length; i++) {
                    merged[i] += c[i];
                }
            }
        }
        if (merged == null) {
            merged = new long[0];
        }
        long[] window = merged.clone();
        if (windowStart != null && windowStart.length == merged.length) {
            for (int i = 0; i < window.length; i++) {
                window[i] -= windowStart[i];
                if (window[i] < 0) { // CONFIG RESETSTAT: this window starts from zero
                    window = merged.clone();
                    break;
                }
            }
        }
        windowStart = merged;
        windowStartMillis = now;
        lastPercentiles = new long[] {CommandLatency.valueAtPercentile(window, 50),
                CommandLatency.valueAtPercentile(window, 99), CommandLatency.valueAtPercentile(window, 99.9)};
        return lastPercentiles;
    }

    private void search(StringBuilder sb) {
        sb.append(",\"search\":[");
        boolean first = true;
        for (String name : server.search().list()) {
            IndexInfo i;
            try {
                i = server.search().info(name);
            } catch (UnknownIndexException e) {
                continue;
            }
            sb.append(first ? "{\"name\":" : ",{\"name\":");
            first = false;
            JsonWriter.writeString(name, sb);
            sb.append(",\"docs\":").append(i.numDocs()).append(",\"backlog\":").append(i.backlog())
                    .append(",\"indexing\":").append(i.indexing())
                    .append(",\"percent_indexed\":").append(i.percentIndexed())
                    .append(",\"merges\":").append(i.mergeLatency().count())
                    .append(",\"merge_micros\":").append(i.mergeLatency().sumMicros())
                    .append(",\"refreshes\":").append(i.refreshLatency().count()).append('}');
        }
        sb.append(']');
    }

    private static void field(StringBuilder sb, String name, String value) {
        sb.append(",\"").append(name).append("\":").append(num(value));
    }

    /** An INFO number as JSON; 0 when INFO has no such field. */
    private static String num(String v) {
        if (v == null) {
            return "0";
        }
        try {
            double d = Double.parseDouble(v);
            return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
        } catch (NumberFormatException e) {
            return "0";
        }
    }
}
