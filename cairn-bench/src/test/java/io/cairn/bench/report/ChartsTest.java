package io.cairn.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.bench.report.ChartData.BarChart;
import io.cairn.bench.report.ChartData.BarSeries;
import io.cairn.bench.report.ChartData.LineChart;
import io.cairn.bench.report.ChartData.LineSeries;
import io.cairn.bench.report.ChartData.Point;
import io.cairn.bench.report.Charts.Chart;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which charts a report gets and what each holds; {@link ChartRendererTest} covers the drawing. */
class ChartsTest {
    private final Report report = ReportFixtures.report();
    private final List<Chart> charts = Charts.plan(report);

    @Test
    void reportGetsTheExpectedChartsInOrder() {
        assertThat(charts.stream().map(Chart::fileName)).containsExactly(
                "throughput-ycsb.svg", "p99-ycsb.svg", "latency-ycsb-a.svg", "timeline-ycsb-a.svg",
                "latency-ycsb-c.svg", "latency-ycsb-e.svg",
                "throughput-by-clients-sweep-a-sync.svg", "throughput-sweep.svg", "p99-sweep.svg",
                "latency-sweep-a.svg");
    }

    @Test
    void writtenChartsAreSvgFilesWithSafeNames(@TempDir Path dir) throws IOException {
        List<String> names = Charts.write(charts.subList(0, 3), dir);
        assertThat(names).containsExactly("throughput-ycsb.svg", "p99-ycsb.svg", "latency-ycsb-a.svg");
        for (String name : names) {
            String text = Files.readString(dir.resolve(name), StandardCharsets.UTF_8);
            assertThat(text).startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"");
            XmlAssert.parseSvg(text);
        }
        assertThat(charts).extracting(Chart::fileName).allMatch(n -> n.matches("[a-z0-9-]+\\.svg"))
                .doesNotHaveDuplicates();
    }

    @Test
    void eachChartNamesItsSeries() {
        assertThat(seriesNames("throughput-ycsb.svg"))
                .containsExactly("cairn", "redis", ReportFixtures.ODD_SYSTEM, "tarantool");
        assertThat(seriesNames("throughput-by-clients-sweep-a-sync.svg")).containsExactly("cairn", "redis");
        assertThat(seriesNames("latency-ycsb-a.svg")).containsExactly("cairn read", "cairn update",
                "redis read", "redis update", ReportFixtures.ODD_SYSTEM + " read", ReportFixtures.ODD_SYSTEM + " update");
        assertThat(seriesNames("p99-ycsb.svg")).contains("tarantool");
        assertThat(seriesNames("timeline-ycsb-a.svg")).containsExactly("cairn", "redis", ReportFixtures.ODD_SYSTEM);
    }

    @Test
    void theSweepIsALog2LineOfThroughputByClients() {
        LineChart sweep = (LineChart) byName("throughput-by-clients-sweep-a-sync.svg").data();
        assertThat(sweep.log2X()).isTrue();
        assertThat(sweep.xLabel()).isEqualTo("clients");
        assertThat(sweep.yLabel()).isEqualTo("ops/s");
        LineSeries cairn = sweep.series().getFirst();
        assertThat(cairn.points()).extracting(Point::x).containsExactly(1.0, 2.0, 4.0, 8.0);
        assertThat(cairn.points()).extracting(Point::y).containsExactly(100.0, 190.0, 350.0, 600.0);
    }

    @Test
    void barsHoldTheBestThroughputPerWorkloadAndUnsupportedResultsAsGaps() {
        BarChart throughput = (BarChart) byName("throughput-ycsb.svg").data();
        assertThat(throughput.categories()).containsExactly("a", "c", "e");
        assertThat(throughput.series().getFirst().values()).containsExactly(1000.0, 3000.0, 800.0);
        BarSeries tarantool = throughput.series().get(3);
        assertThat(tarantool.values()).allMatch(v -> v.isNaN()).hasSize(3);
        BarChart sweep = (BarChart) byName("throughput-sweep.svg").data();
        assertThat(sweep.series()).extracting(s -> s.values().getFirst()).containsExactly(600.0, 320.0);
    }

    @Test
    void eachSystemKeepsItsColourAcrossCharts() {
        for (String name : List.of("throughput-ycsb.svg", "p99-ycsb.svg", "throughput-sweep.svg")) {
            assertThat(((BarChart) byName(name).data()).series().getFirst().color()).as(name)
                    .isEqualTo(Palette.color("cairn"));
        }
        LineChart sweep = (LineChart) byName("throughput-by-clients-sweep-a-sync.svg").data();
        assertThat(sweep.series().getFirst().color()).isEqualTo(Palette.color("cairn"));
        assertThat(Palette.color("redis")).isNotEqualTo(Palette.color("cairn"));
        assertThat(Palette.color("unknown-system")).isEqualTo(Palette.color("unknown-system"));
    }

    @Test
    void titlesSayHowClientCountsWereChosen() {
        assertThat(byName("throughput-ycsb.svg").title()).isEqualTo("Throughput — ycsb, 16 clients");
        assertThat(byName("throughput-sweep.svg").title()).isEqualTo("Throughput — sweep, best client count");
    }

    @Test
    void clashingNamesGetASuffixAndLoadPhaseIsNamed() {
        RunResult load = new RunResult("ycsb", "cairn", "none", "a", "load", "sync", 4, 4, 1, 1, 10, 10,
                List.of(new OpStats("insert", 10, 0, 1, 1, 1, 1, 1, 1)), List.of(), Map.of(), null);
        RunResult odd = ReportFixtures.single("ycsb", "cairn", "a load", 4, 5);
        Report r = new Report("t", null, Map.of(), List.of(load, odd), 0);
        assertThat(Charts.plan(r).stream().map(Chart::fileName))
                .contains("latency-ycsb-a-load.svg", "latency-ycsb-a-load-2.svg");
    }

    private List<String> seriesNames(String file) {
        return switch (byName(file).data()) {
            case LineChart c -> c.series().stream().map(LineSeries::name).toList();
            case BarChart c -> c.series().stream().map(BarSeries::name).toList();
        };
    }

    private Chart byName(String name) {
        return charts.stream().filter(c -> c.fileName().equals(name)).findFirst().orElseThrow();
    }
}
