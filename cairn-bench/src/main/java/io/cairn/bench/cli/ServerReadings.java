package io.cairn.bench.cli;

import io.cairn.bench.peer.Peer;
import io.cairn.bench.peer.ProcessMemory;
import io.cairn.bench.peer.ProcessPeer;
import io.cairn.bench.report.ServerResult;
import io.cairn.resp.RespValue;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads what a server holds between phases: its VmRSS as it is (no collection: a collection would
 * change what the next phase measures), the bytes of its directory, and for Cairn the INFO fields
 * of {@link #CAIRN_FIGURES}: its WAL's write and fsync latencies ({@code persistence}), and on disk
 * its stage saves, flushes, compactions, write amplification and stalls ({@code disk}). INFO's
 * latencies and counters are cumulative since the server started, so a run's reading includes the
 * load and the runs before it. Other systems give no figures here; a system the bench did not
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

    private ServerReadings() {
    }

    /** One reading of {@code peer}, which runs {@code system}, after a phase. */
    static ServerResult read(String scenario, Peer peer, Systems system, String workload, String phase, int clients,
            long records) throws IOException {
        long rss = peer.pid() > 0 ? ProcessMemory.rss(peer.pid()) : -1;
        long disk = peer instanceof ProcessPeer p ? p.dataBytes() : -1;
        Map<String, String> figures = system.isCairn() ? cairnFigures(peer) : Map.of();
        return new ServerResult(scenario, peer.system(), peer.durability().label(), workload, phase, clients, records,
                rss, disk, figures);
    }

    private static Map<String, String> cairnFigures(Peer peer) throws IOException {
        try (RespSetup setup = RespSetup.connect(peer.address())) {
            return pick(RespValue.textOf(setup.call("INFO", "persistence", "disk")));
        }
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
