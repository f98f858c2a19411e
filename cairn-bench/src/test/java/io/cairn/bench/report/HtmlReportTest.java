package io.cairn.bench.report;

import static io.cairn.bench.report.XmlAssert.SVG;
import static io.cairn.bench.report.XmlAssert.XHTML;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

class HtmlReportTest {
    private final Report report = ReportFixtures.report();
    private final List<Charts.Chart> charts = Charts.plan(report);
    private final String html = HtmlReport.toHtml(report, charts);
    private final Document doc = XmlAssert.parse(html);

    @Test
    void isWellFormedXhtml() {
        assertThat(html).startsWith("<!DOCTYPE html>");
        assertThat(doc.getDocumentElement().getLocalName()).isEqualTo("html");
        assertThat(doc.getDocumentElement().getNamespaceURI()).isEqualTo(XHTML);
        assertThat(XmlAssert.elements(doc, XHTML, "title").getFirst().getTextContent())
                .isEqualTo("YCSB & sweep <test>");
    }

    @Test
    void inlinesEveryChart() {
        List<Element> svgs = XmlAssert.elements(doc, SVG, "svg");
        assertThat(svgs).hasSize(charts.size());
        assertThat(svgs.stream().map(s -> XmlAssert.elements(s, SVG, "title").getFirst().getTextContent()))
                .containsExactlyElementsOf(charts.stream().map(Charts.Chart::title).toList());
    }

    @Test
    void namesEverySystemAndShowsUnsupportedReasonsAndErrorSamples() {
        String text = doc.getDocumentElement().getTextContent();
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
        List<Element> best = XmlAssert.elements(doc, XHTML, "tr").stream()
                .filter(tr -> tr.getAttribute("class").equals(HtmlTables.BEST_CLASS)).toList();
        // ycsb a, c, e and sweep a
        assertThat(best).hasSize(4);
        assertThat(best.stream().map(tr -> XmlAssert.elements(tr, XHTML, "td").getFirst().getTextContent()))
                .containsExactly("redis", "redis", "cairn", "cairn");
    }

    @Test
    void showsMachineSettingsAndCostPerBillion() {
        String text = doc.getDocumentElement().getTextContent();
        assertThat(text).contains("Test CPU @ 3.0GHz", "8 GiB", "redis.appendfsync", "everysec", "cost per billion");
        assertThat(cells().stream().map(Element::getTextContent)).contains("38.03", "100.00");
    }

    @Test
    void referencesNothingOutsideTheReport() {
        assertThat(html).doesNotContainIgnoringCase("<script").doesNotContain("src=\"")
                .doesNotContain("href=\"http").doesNotContain("@import").doesNotContain("url(");
    }

    @Test
    void unpricedReportHasNoCostColumn() {
        String unpriced = HtmlReport.toHtml(new Report("t", null, Map.of(), report.results(), 0), List.of());
        XmlAssert.parse(unpriced);
        assertThat(unpriced).doesNotContain("cost per billion");
    }

    private List<Element> cells() {
        return XmlAssert.elements(doc, XHTML, "td");
    }
}
