package io.cairn.bench.report;

import static io.cairn.bench.report.XmlAssert.SVG;
import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.bench.report.Charts.Chart;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

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
    void writtenChartsAreSvgFilesWithSafeNamesNamingTheirSeries(@TempDir Path dir) throws IOException {
        List<String> names = Charts.write(report, dir);
        assertThat(names).doesNotHaveDuplicates().allMatch(n -> n.matches("[a-z0-9-]+\\.svg"));
        for (String name : names) {
            String text = Files.readString(dir.resolve(name), StandardCharsets.UTF_8);
            assertThat(text).startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?>");
            Document doc = XmlAssert.parseSvg(text);
            assertThat(XmlAssert.seriesGroups(doc)).as(name).isNotEmpty();
        }
        assertThat(seriesNames(dir, "throughput-ycsb.svg"))
                .containsExactly("cairn", "redis", ReportFixtures.ODD_SYSTEM, "tarantool");
        assertThat(seriesNames(dir, "throughput-by-clients-sweep-a-sync.svg")).containsExactly("cairn", "redis");
        assertThat(seriesNames(dir, "latency-ycsb-a.svg")).containsExactly("cairn read", "cairn update",
                "redis read", "redis update", ReportFixtures.ODD_SYSTEM + " read", ReportFixtures.ODD_SYSTEM + " update");
        assertThat(seriesNames(dir, "p99-ycsb.svg")).contains("tarantool");
    }

    @Test
    void sweepUsesALog2AxisWithOrderedPoints() {
        Document doc = svg("throughput-by-clients-sweep-a-sync.svg");
        Element cairn = XmlAssert.seriesGroups(doc).getFirst();
        List<double[]> px = XmlAssert.points(XmlAssert.elements(cairn, SVG, "polyline").getFirst());
        assertThat(px).hasSize(4);
        double step = px.get(1)[0] - px.get(0)[0];
        for (int i = 1; i < px.size(); i++) {
            assertThat(px.get(i)[0] - px.get(i - 1)[0]).isCloseTo(step, org.assertj.core.api.Assertions.within(0.02));
            assertThat(px.get(i)[1]).as("cairn's throughput grows with clients").isLessThan(px.get(i - 1)[1]);
        }
    }

    @Test
    void unsupportedResultIsAGapLabelledNotAvailable() {
        Document doc = svg("throughput-ycsb.svg");
        Element tarantool = XmlAssert.seriesGroups(doc).get(3);
        assertThat(XmlAssert.elements(tarantool, SVG, "rect")).isEmpty();
        assertThat(XmlAssert.elements(tarantool, SVG, "text").stream().map(Element::getTextContent))
                .containsOnly("n/a").hasSize(3);
    }

    @Test
    void eachSystemKeepsItsColourAcrossCharts() {
        for (String name : List.of("throughput-ycsb.svg", "p99-ycsb.svg", "throughput-sweep.svg")) {
            Element cairn = XmlAssert.seriesGroups(svg(name)).getFirst();
            assertThat(XmlAssert.elements(cairn, SVG, "rect").getFirst().getAttribute("fill")).as(name)
                    .isEqualTo(Palette.color("cairn"));
        }
        Element sweep = XmlAssert.seriesGroups(svg("throughput-by-clients-sweep-a-sync.svg")).getFirst();
        assertThat(XmlAssert.elements(sweep, SVG, "polyline").getFirst().getAttribute("stroke"))
                .isEqualTo(Palette.color("cairn"));
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

    private List<String> seriesNames(Path dir, String file) throws IOException {
        return XmlAssert.seriesGroups(XmlAssert.parseSvg(Files.readString(dir.resolve(file))))
                .stream().map(XmlAssert::seriesName).toList();
    }

    private Document svg(String name) {
        return XmlAssert.parseSvg(byName(name).svg());
    }

    private Chart byName(String name) {
        return charts.stream().filter(c -> c.fileName().equals(name)).findFirst().orElseThrow();
    }
}
