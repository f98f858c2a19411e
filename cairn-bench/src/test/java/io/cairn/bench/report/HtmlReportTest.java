package io.cairn.bench.report;

import static io.cairn.bench.report.XmlAssert.XHTML;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

class HtmlReportTest {
    private static final String DATA_SVG = "data:image/svg+xml;base64,";
    // Drawing the charts takes a while: once for the class, not per test.
    private static final Report REPORT = ReportFixtures.report();
    private static final List<Charts.Chart> CHARTS = Charts.plan(REPORT);
    private static final String HTML = HtmlReport.toHtml(REPORT, CHARTS);
    private static final Document DOC = XmlAssert.parse(HTML);

    @Test
    void isWellFormedXhtml() {
        assertThat(HTML).startsWith("<!DOCTYPE html>");
        assertThat(DOC.getDocumentElement().getLocalName()).isEqualTo("html");
        assertThat(DOC.getDocumentElement().getNamespaceURI()).isEqualTo(XHTML);
        assertThat(XmlAssert.elements(DOC, XHTML, "title").getFirst().getTextContent())
                .isEqualTo("YCSB & sweep <test>");
    }

    @Test
    void opensWithTheRatiosAndChartsAndEndsWithTheMachineAndSettings() {
        assertThat(XmlAssert.elements(DOC, XHTML, "h2").stream().map(Element::getTextContent)).containsExactly(
                HtmlReport.RATIOS_HEADING, "Scenario ycsb", "Scenario sweep", HtmlReport.MACHINE_HEADING,
                HtmlReport.SETTINGS_HEADING);
        List<String> order = new ArrayList<>();
        walk(DOC.getDocumentElement(), order);
        int ratios = order.indexOf("table.ratios");
        int firstChart = order.indexOf("img");
        int firstSummary = order.indexOf("table.summary");
        int machine = order.indexOf("table.kv");
        assertThat(ratios).as("the ratios table").isNotNegative();
        assertThat(firstChart).as("the first chart comes after the ratios").isGreaterThan(ratios);
        assertThat(firstSummary).as("and before the first summary table").isGreaterThan(firstChart);
        assertThat(machine).as("the machine and settings come last").isGreaterThan(order.lastIndexOf("img"))
                .isGreaterThan(order.lastIndexOf("table.summary"));
    }

    @Test
    void theRatiosCompareCairnWithEachPeerAtItsBest() {
        Element table = XmlAssert.elements(DOC, XHTML, "table").stream()
                .filter(t -> t.getAttribute("class").equals("ratios")).findFirst().orElseThrow();
        List<List<String>> rows = XmlAssert.elements(table, XHTML, "tr").stream().skip(1)
                .map(tr -> XmlAssert.elements(tr, XHTML, "td").stream().map(Element::getTextContent).toList())
                .toList();
        // scenario, workload, peer, throughput ratio, Cairn ops/s, peer ops/s, p99 ratio, Cairn p99, peer p99
        assertThat(rows).containsExactly(
                List.of("ycsb", "a", "redis", "0.5×", "1k", "2k", "-", "-", "-"),
                List.of("ycsb", "a", ReportFixtures.ODD_SYSTEM, "2×", "1k", "500", "-", "-", "-"),
                List.of("ycsb", "c", "redis", "0.75×", "3k", "4k", "1×", "900 µs", "900 µs"),
                List.of("ycsb", "e", "tarantool", "unsupported by tarantool: " + ReportFixtures.UNSUPPORTED_REASON),
                List.of("sweep", "a", "redis", "1.88×", "600", "320", "1×", "900 µs", "900 µs"));
        Element better = XmlAssert.elements(table, XHTML, "td").stream()
                .filter(td -> td.getTextContent().equals("1.88×")).findFirst().orElseThrow();
        assertThat(better.getAttribute("class")).contains(HtmlTables.BETTER_CLASS);
    }

    @Test
    void embedsEveryChartAsAnSvgImage() {
        List<Element> images = XmlAssert.elements(DOC, XHTML, "img");
        assertThat(images).hasSize(CHARTS.size());
        assertThat(images.stream().map(i -> i.getAttribute("alt")))
                .containsExactlyElementsOf(CHARTS.stream().map(Charts.Chart::title).toList());
        for (Element img : images) {
            assertThat(img.getAttribute("src")).startsWith(DATA_SVG);
            byte[] svg = Base64.getDecoder().decode(img.getAttribute("src").substring(DATA_SVG.length()));
            XmlAssert.parseSvg(new String(svg, StandardCharsets.UTF_8));
        }
    }

    @Test
    void namesEverySystemAndShowsUnsupportedReasonsAndErrorSamples() {
        String text = DOC.getDocumentElement().getTextContent();
        assertThat(text).contains("cairn", "redis", "tarantool", ReportFixtures.ODD_SYSTEM)
                .contains("unsupported: " + ReportFixtures.UNSUPPORTED_REASON)
                .contains("ERR value <bad> & \"quoted\"\nline 2\uFFFD caf\u00e9 \u2603")
                .contains("ERR busy");
        Element unsupported = cells().stream()
                .filter(td -> td.getAttribute("class").equals(HtmlTables.UNSUPPORTED_CLASS)).findFirst().orElseThrow();
        assertThat(unsupported.getTextContent()).endsWith(ReportFixtures.UNSUPPORTED_REASON);
    }

    @Test
    void highlightsTheBestThroughputOfEachWorkload() {
        List<Element> best = XmlAssert.elements(DOC, XHTML, "tr").stream()
                .filter(tr -> tr.getAttribute("class").equals(HtmlTables.BEST_CLASS)).toList();
        // ycsb a, c, e and sweep a
        assertThat(best).hasSize(4);
        assertThat(best.stream().map(tr -> XmlAssert.elements(tr, XHTML, "td").getFirst().getTextContent()))
                .containsExactly("redis", "redis", "cairn", "cairn");
    }

    @Test
    void showsMachineSettingsAndCostPerBillion() {
        String text = DOC.getDocumentElement().getTextContent();
        assertThat(text).contains("Test CPU @ 3.0GHz", "8 GiB", "redis.appendfsync", "everysec", "cost per billion");
        assertThat(cells().stream().map(Element::getTextContent)).contains("38.03", "100.00");
    }

    @Test
    void referencesNothingOutsideTheReport() {
        assertThat(HTML).doesNotContainIgnoringCase("<script").doesNotContain("href=\"http")
                .doesNotContain("@import").doesNotContain("url(");
        Matcher src = Pattern.compile("src=\"([^\"]{0,20})").matcher(HTML);
        int images = 0;
        while (src.find()) {
            assertThat(src.group(1)).startsWith("data:");
            images++;
        }
        assertThat(images).isEqualTo(CHARTS.size());
    }

    @Test
    void unpricedReportWithoutCairnHasNoCostColumnAndSaysThereIsNothingToCompare() {
        List<RunResult> peersOnly = REPORT.results().stream().filter(r -> !r.system().equals("cairn")).toList();
        String unpriced = HtmlReport.toHtml(new Report("t", null, Map.of(), peersOnly, 0), List.of());
        XmlAssert.parse(unpriced);
        assertThat(unpriced).doesNotContain("cost per billion")
                .contains("No workload has results of both Cairn and another system.");
    }

    /** Elements in document order: {@code img}, and tables as {@code table.<class>}. */
    private static void walk(Node node, List<String> order) {
        for (Node n = node.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e) {
                if (e.getLocalName().equals("img")) {
                    order.add("img");
                } else if (e.getLocalName().equals("table")) {
                    order.add("table." + e.getAttribute("class"));
                }
                walk(e, order);
            }
        }
    }

    private List<Element> cells() {
        return XmlAssert.elements(DOC, XHTML, "td");
    }
}
