package io.cairn.bench.cli;

import io.cairn.bench.driver.IprotoEvalClient;
import io.cairn.bench.peer.Peer;
import io.cairn.bench.peer.ProcessMemory;
import io.cairn.bench.peer.ProcessPeer;
import io.cairn.bench.report.ServerResult;
import io.cairn.resp.RespValue;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads what a server holds between phases: its VmRSS as it is (no collection: a collection would
 * change what the next phase measures), the bytes of its directory, and its own figures: for Cairn
 * the INFO fields of {@link #CAIRN_FIGURES}, its WAL's write and fsync latencies
 * ({@code persistence}), and on disk its stage saves, flushes, compactions, write amplification and
 * stalls ({@code disk}); for tarantool-vinyl those of {@code box.stat.vinyl()} named in
 * {@link #VINYL_FIGURES}. Both are cumulative since the server started, so a run's reading includes
 * the load and the runs before it. Other systems give no figures here; a system the bench did not
 * start gives neither memory nor disk.
 *
 * <p>Stateless.
 */
final class ServerReadings {
    /** The INFO fields kept, in this order; a field the server does not give is left out. */
    static final List<String> CAIRN_FIGURES = List.of(
            "wal_bytes_written", "wal_fsyncs",
            "wal_write_p50_usec", "wal_write_p99_usec", "wal_write_max_usec",
            "wal_fsync_p50_usec", "wal_fsync_p99_usec", "wal_fsync_max_usec",
            "disk_data_bytes", "disk_live_data_bytes", "disk_block_cache_used",
            "disk_stage_saves", "disk_stage_save_p50_ms", "disk_stage_save_p99_ms", "disk_stage_save_max_ms",
            "disk_flushes", "disk_flush_p50_ms", "disk_flush_p99_ms", "disk_flush_max_ms",
            "disk_compactions", "disk_compaction_p50_ms", "disk_compaction_p99_ms", "disk_compaction_max_ms",
            "disk_compaction_read_bytes", "disk_compaction_write_bytes", "disk_write_amplification",
            "disk_write_stalls", "disk_write_stall_micros");

    /**
     * What {@link #VINYL_LUA} returns, in this order, and {@code vinyl_write_amplification}:
     * (bytes dumps wrote + bytes compactions wrote) / bytes dumps read from memory. Times are
     * seconds spent in all dumps or compactions.
     */
    static final List<String> VINYL_FIGURES = List.of(
            "vinyl_memory_level0", "vinyl_memory_tuple_cache", "vinyl_memory_page_index", "vinyl_memory_bloom_filter",
            "vinyl_disk_data", "vinyl_disk_index",
            "vinyl_dump_count", "vinyl_dump_input", "vinyl_dump_output", "vinyl_dump_time_s",
            "vinyl_compaction_input", "vinyl_compaction_output", "vinyl_compaction_time_s", "vinyl_compaction_queue",
            "vinyl_tx_conflict");

    /** Lua returning vinyl's statistics as one flat table named as {@link #VINYL_FIGURES}. */
    static final String VINYL_LUA = """
            local v = box.stat.vinyl()
            return {
                vinyl_memory_level0 = v.memory.level0, vinyl_memory_tuple_cache = v.memory.tuple_cache,
                vinyl_memory_page_index = v.memory.page_index, vinyl_memory_bloom_filter = v.memory.bloom_filter,
                vinyl_disk_data = v.disk.data, vinyl_disk_index = v.disk.index,
                vinyl_dump_count = v.scheduler.dump_count, vinyl_dump_input = v.scheduler.dump_input,
                vinyl_dump_output = v.scheduler.dump_output, vinyl_dump_time_s = v.scheduler.dump_time,
                vinyl_compaction_input = v.scheduler.compaction_input,
                vinyl_compaction_output = v.scheduler.compaction_output,
                vinyl_compaction_time_s = v.scheduler.compaction_time,
                vinyl_compaction_queue = v.scheduler.compaction_queue,
                vinyl_tx_conflict = v.tx.conflict,
            }
            """;

    private ServerReadings() {
    }

    /** One reading of {@code peer}, which runs {@code system}, after a phase. */
    static ServerResult read(String scenario, Peer peer, Systems system, String workload, String phase, int clients,
            long records) throws IOException {
        long rss = peer.pid() > 0 ? ProcessMemory.rss(peer.pid()) : -1;
        long disk = peer instanceof ProcessPeer p ? p.dataBytes() : -1;
        Map<String, String> figures = system.isCairn() ? cairnFigures(peer)
                : system == Systems.TARANTOOL_VINYL ? vinylFigures(peer) : Map.of();
        return new ServerResult(scenario, peer.system(), peer.durability().label(), workload, phase, clients, records,
                rss, disk, figures);
    }

    private static Map<String, String> cairnFigures(Peer peer) throws IOException {
        try (RespSetup setup = RespSetup.connect(peer.address())) {
            return pick(RespValue.textOf(setup.call("INFO", "persistence", "disk")));
        }
    }

    private static Map<String, String> vinylFigures(Peer peer) throws IOException {
        try (IprotoEvalClient tarantool = new IprotoEvalClient(peer.address())) {
            List<Object> returned = tarantool.eval(VINYL_LUA);
            if (returned.size() != 1 || !(returned.getFirst() instanceof Map<?, ?> stats)) {
                throw new IOException("box.stat.vinyl(): " + returned + " (expected: one table)");
            }
            return vinyl(stats);
        }
    }

    /**
     * The figures of {@link #VINYL_FIGURES} in {@code stats} (integers as they are, seconds with
     * three decimals), then the write amplification when dumps have read anything.
     */
    static Map<String, String> vinyl(Map<?, ?> stats) {
        Map<String, String> kept = new LinkedHashMap<>();
        for (String name : VINYL_FIGURES) {
            switch (stats.get(name)) {
                case Long n -> kept.put(name, Long.toString(n));
                case Double d -> kept.put(name, String.format(Locale.ROOT, "%.3f", d));
                case null, default -> {
                    // a figure this Tarantool does not give is left out
                }
            }
        }
        if (stats.get("vinyl_dump_input") instanceof Long in && in > 0
                && stats.get("vinyl_dump_output") instanceof Long dumped
                && stats.get("vinyl_compaction_output") instanceof Long compacted) {
            kept.put("vinyl_write_amplification", String.format(Locale.ROOT, "%.2f", (double) (dumped + compacted) / in));
        }
        return kept;
    }

    /** The fields of {@link #CAIRN_FIGURES} that INFO's text {@code info} has, in that list's order. */
    static Map<String, String> pick(String info) {
        Map<String, String> all = new LinkedHashMap<>();
        for (String line : info.split("\r?\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && !line.startsWith("#")) {
                all.put(line.substring(0, colon), line.substring(colon + 1).trim());
            }
        }
        Map<String, String> kept = new LinkedHashMap<>();
        for (String name : CAIRN_FIGURES) {
            String v = all.get(name);
            if (v != null) {
                kept.put(name, v);
            }
        }
        return kept;
    }
}
