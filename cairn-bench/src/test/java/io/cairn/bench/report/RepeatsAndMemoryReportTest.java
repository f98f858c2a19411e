package io.cairn.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * The median of repeated runs ({@link RunResult#median}) and the memory results
 * ({@link MemoryResult}) in every writer: the CSV files, the JSON, the terminal tables, the page
 * and its chart.
 */
class RepeatsAndMemoryReportTest {
    private static RunResult run(String system, double opsPerSecond, Map<String, Long> errors) {
        long ops = (long) opsPerSecond;
        long failed = errors.values().stream().mapToLong(Long::longValue).sum();
        return new RunResult("redis-benchmark", system, "none", "lpush", "run", "pipeline", 50, 50, 16, 1, ops,
                opsPerSecond, List.of(new OpStats("lpush", ops, failed, 10, 9, 12, 20, 30, 40)), List.of(), errors, null);
    }

    private static final RunResult MEDIAN = RunResult.median(List.of(run("cairn", 300, Map.of()),
            run("cairn", 100, Map.of("ERR busy", 2L)), run("cairn", 200, Map.of())));

    private static final List<MemoryResult> MEMORY = List.of(
            new MemoryResult("memory", "cairn", "none", "list", 1000, 20, 100_000, 180_000, 10_000, 70_000,
                    "heap used after GC.run", "jcmd GC.run", null),
            new MemoryResult("memory", "redis", "none", "list", 1000, 20, 50_000, 150_000, 1_000, 41_000,
                    "used_memory", "none", null),
            MemoryResult.unsupported("memory", "memcached", "none", "list", 1000, 20, "no lists"));

    private static Report report() {
        RunResult load = ReportFixtures.single("memory", "cairn", "list", 4, 5000);
        return new Report("memory <test>", null, Map.of(), List.of(MEDIAN, load), 0, MEMORY);
    }

    @Test
    void theMedianIsTheRunOfMedianThroughputWithEveryRunListedAndNoErrorHidden() {
        assertThat(MEDIAN.opsPerSecond()).isEqualTo(200);
        assertThat(MEDIAN.repeats()).containsExactly(300.0, 100.0, 200.0);
        assertThat(MEDIAN.errors()).as("the median run's own").isZero();
        assertThat(MEDIAN.errorSamples()).containsExactly(Map.entry("run 2: ERR busy", 2L));
        RunResult even = RunResult.median(List.of(run("x", 4, Map.of()), run("x", 1, Map.of()), run("x", 3, Map.of()),
                run("x", 2, Map.of())));
        assertThat(even.opsPerSecond()).as("the lower middle").isEqualTo(2);
        RunResult one = run("x", 7, Map.of());
        assertThat(RunResult.median(List.of(one))).isSameAs(one);
        assertThat(one.repeats()).isEmpty();
        assertThatThrownBy(() -> RunResult.median(List.of())).hasMessage("runs: empty (expected: at least one)");
    }

    @Test
    void perElementIsWhatTheLoadAddedOverTheElements() {
        assertThat(MEMORY.get(0).rssPerElement()).isEqualTo(80);
        assertThat(MEMORY.get(0).livePerElement()).isEqualTo(60);
        assertThat(MEMORY.get(1).rssPerElement()).isEqualTo(100);
        assertThat(MEMORY.get(2).rssPerElement()).isNaN();
        assertThat(new MemoryResult("memory", "redis", "none", "set", 10, 20, -1, 5, 1, 2, "", "", null)
                .rssPerElement()).as("a reading not taken").isNaN();
    }

    @Test
    void csvListsTheRepeatsAndTheMemoryGoesToItsOwnFile() {
        List<Map<String, String>> rows = CsvText.rows(CsvReport.toCsv(report()));
        assertThat(rows.getFirst()).containsEntry("repeats", "300 100 200").containsEntry("ops_per_sec", "200");
        assertThat(rows).filteredOn(r -> r.get("scenario").equals("memory")).allSatisfy(r ->
                assertThat(r.get("repeats")).isEmpty());
        List<Map<String, String>> memory = CsvText.rows(CsvReport.memoryCsv(MEMORY));
        assertThat(memory).hasSize(3);
        assertThat(memory.getFirst()).containsEntry("system", "cairn").containsEntry("type", "list")
                .containsEntry("rss_before", "100000").containsEntry("rss_after", "180000")
                .containsEntry("rss_per_element", "80").containsEntry("live_per_element", "60")
                .containsEntry("gc", "jcmd GC.run").containsEntry("unsupported", "");
        assertThat(memory.get(2)).containsEntry("rss_before", "").containsEntry("rss_per_element", "")
                .containsEntry("unsupported", "no lists");
    }

    @Test
    void jsonHasTheRepeatsAndAMemoryArray() {
        Map<String, Object> root = map(MiniJson.parse(JsonReport.toJson(report())));
        Map<String, Object> first = map(list(root.get("results")).getFirst());
        assertThat(list(first.get("repeats"))).containsExactly(new BigDecimal(300), new BigDecimal(100),
                new BigDecimal(200));
        assertThat(map(list(root.get("results")).get(1))).doesNotContainKey("repeats");
        List<Object> memory = list(root.get("memory"));
        assertThat(memory).hasSize(3);
        Map<String, Object> redis = map(memory.get(1));
        assertThat(redis).containsEntry("system", "redis").containsEntry("live", "used_memory")
                .containsEntry("rssBefore", new BigDecimal(50_000)).containsEntry("unsupported", null);
        assertThat(((BigDecimal) redis.get("livePerElement")).doubleValue()).isCloseTo(40, within(1e-9));
        assertThat(map(memory.get(2))).containsEntry("rssPerElement", null).containsEntry("unsupported", "no lists");
        assertThat(JsonReport.toJson(ReportFixtures.report())).doesNotContain("\"memory\"").doesNotContain("repeats");
    }

    @Test
    void terminalTablesShowTheRunsAndTheMemory() {
        List<String> lines = TerminalTable.render(report().results()).lines().toList();
        assertThat(lines.getFirst()).matches(".* errors +runs");
        assertThat(lines.get(2)).contains(" 200 ").endsWith("300 100 200");
        assertThat(TerminalTable.render(ReportFixtures.report().results())).doesNotContain("runs");
        List<String> memory = TerminalTable.renderMemory(MEMORY).lines().toList();
        assertThat(memory.getFirst()).startsWith("system").contains("rss before", "rss/element", "live/element");
        assertThat(memory.get(2)).startsWith("cairn").contains("97.7 KiB", "175.8 KiB", "80.0 B", "60.0 B",
                "jcmd GC.run");
        assertThat(memory.get(3)).startsWith("redis").contains("100.0 B", "40.0 B", "used_memory");
        assertThat(memory.get(4)).startsWith("memcached").endsWith("unsupported: no lists");
        int width = memory.getFirst().length();
        assertThat(memory.subList(0, 4)).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(width + 20));
    }

    @Test
    void thePageHasTheMemoryTableWithCairnOverEachPeerAndAChart() {
        Report report = report();
        List<Charts.Chart> charts = Charts.plan(report);
        assertThat(charts).extracting(Charts.Chart::fileName).contains("memory-memory.svg");
        Charts.Chart memoryChart = charts.stream().filter(c -> c.fileName().equals("memory-memory.svg")).findFirst()
                .orElseThrow();
        ChartData.BarChart bars = (ChartData.BarChart) memoryChart.data();
        assertThat(bars.categories()).containsExactly("list");
        assertThat(bars.series()).extracting(ChartData.BarSeries::name).containsExactly("cairn", "redis", "memcached");
        assertThat(bars.series().get(2).value(0)).isNaN();
        Document doc = XmlAssert.parse(HtmlReport.toHtml(report, charts));
        Element table = XmlAssert.elements(doc, XmlAssert.XHTML, "table").stream()
                .filter(t -> "memory".equals(t.getAttribute("class"))).findFirst().orElseThrow();
        List<List<String>> rows = XmlAssert.elements(table, XmlAssert.XHTML, "tr").stream().skip(1)
                .map(tr -> XmlAssert.elements(tr, XmlAssert.XHTML, "td").stream().map(Element::getTextContent).toList())
                .toList();
        assertThat(rows.get(0)).containsSubsequence("cairn", "none", "list", "1k", "20 B", "97.7 KiB", "175.8 KiB",
                "80.0 B", "", "60.0 B");
        assertThat(rows.get(1)).as("Cairn's 80 over Redis's 100").contains("redis", "0.8×");
        assertThat(rows.get(2)).contains("unsupported: no lists");
        Element summary = XmlAssert.elements(doc, XmlAssert.XHTML, "table").stream()
                .filter(t -> "summary".equals(t.getAttribute("class"))).findFirst().orElseThrow();
        assertThat(summary.getTextContent()).contains("ops/s of each run").contains("300, 100, 200");
    }

    @Test
    void theWriterAddsMemoryCsvOnlyWhenThereIsMemory(@TempDir Path dir) throws Exception {
        List<Path> written = ReportWriter.writeAll(report(), dir.resolve("with"));
        assertThat(written).contains(dir.resolve("with").resolve(CsvReport.MEMORY_FILE_NAME));
        assertThat(Files.readString(dir.resolve("with").resolve("memory.csv"))).startsWith("scenario,system,");
        ReportWriter.writeAll(ReportFixtures.report(), dir.resolve("without"));
        assertThat(dir.resolve("without").resolve(CsvReport.MEMORY_FILE_NAME)).doesNotExist();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o) {
        return (Map<String, Object>) o;
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(Object o) {
        return (List<Object>) o;
    }
}
