package io.cairn.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Server readings ({@link ServerResult}) in server.csv, results.json and the terminal table. */
class ServerReportTest {
    private final ServerResult disk = new ServerResult("ycsb", "cairn-disk", "fsync", "a", "run", 8, 1000,
            4_000_000, 250_000, figures("disk_write_amplification", "3.50", "disk_stage_save_p99_ms", "12.000",
                    "wal_fsync_p99_usec", "900"));
    private final ServerResult vinyl = new ServerResult("ycsb", "tarantool-vinyl", "fsync", "a", "load", 16, 1000,
            2_000_000, -1, Map.of());
    private final Report report = new Report("t", null, Map.of(), List.of(), 0, List.of(), List.of(disk, vinyl));

    private static Map<String, String> figures(String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return m;
    }

    @Test
    void perRecordFiguresDivideByTheRecordsLoadedAndAMissingReadingIsNaN() {
        assertThat(disk.rssPerRecord()).isEqualTo(4000.0);
        assertThat(disk.diskPerRecord()).isEqualTo(250.0);
        assertThat(vinyl.diskPerRecord()).isNaN();
        assertThatThrownBy(() -> new ServerResult("ycsb", "x", "none", "a", "load", 1, 0, 1, 1, Map.of()))
                .hasMessage("records: 0 (expected: > 0)");
    }

    @Test
    void theCsvHasTheFixedColumnsThenEveryFigureSeenWithBlanksWhereAServerGaveNone() {
        List<Map<String, String>> rows = CsvText.rows(CsvReport.serverCsv(report.servers()));
        assertThat(CsvText.records(CsvReport.serverCsv(report.servers())).getFirst()).containsExactly("scenario",
                "system", "durability", "workload", "phase", "clients", "records", "rss_bytes", "rss_per_record",
                "disk_bytes", "disk_per_record", "disk_write_amplification", "disk_stage_save_p99_ms",
                "wal_fsync_p99_usec");
        assertThat(rows.get(0)).containsEntry("system", "cairn-disk").containsEntry("clients", "8")
                .containsEntry("rss_per_record", "4000").containsEntry("disk_per_record", "250")
                .containsEntry("disk_write_amplification", "3.50");
        assertThat(rows.get(1)).containsEntry("phase", "load").containsEntry("disk_bytes", "")
                .containsEntry("disk_per_record", "").containsEntry("wal_fsync_p99_usec", "");
    }

    @Test
    void theJsonHasAServersArrayWithTheFigures() {
        @SuppressWarnings("unchecked")
        Map<String, Object> json = (Map<String, Object>) MiniJson.parse(JsonReport.toJson(report));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> servers = (List<Map<String, Object>>) json.get("servers");
        assertThat(servers).hasSize(2);
        assertThat(((Number) servers.getFirst().get("rssBytes")).longValue()).isEqualTo(4_000_000L);
        assertThat(servers.getFirst()).containsEntry("system", "cairn-disk")
                .containsEntry("figures", Map.of("disk_write_amplification", "3.50", "disk_stage_save_p99_ms", "12.000",
                        "wal_fsync_p99_usec", "900"));
        assertThat(servers.get(1)).containsEntry("diskPerRecord", null);
        Report none = new Report("t", null, Map.of(), List.of(), 0);
        assertThat(JsonReport.toJson(none)).doesNotContain("\"servers\"");
    }

    @Test
    void theTerminalTableShowsMemoryDiskAndTheServersOwnFigures() {
        String table = TerminalTable.renderServers(report.servers());
        assertThat(table.lines().findFirst().orElseThrow()).contains("rss/record").contains("disk/record")
                .contains("write amp").contains("save p99").contains("wal fsync p99");
        assertThat(table).contains("cairn-disk").contains("4000.0 B").contains("3.50").contains("12.000 ms")
                .contains("900 us");
        String vinylLine = table.lines().filter(l -> l.startsWith("tarantool-vinyl")).findFirst().orElseThrow();
        assertThat(vinylLine).endsWith("-");
    }
}
