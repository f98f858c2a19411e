package io.cairn.bench.report;

import static io.cairn.bench.report.XmlAssert.SVG;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.cairn.bench.report.SvgChart.BarChart;
import io.cairn.bench.report.SvgChart.BarSeries;
import io.cairn.bench.report.SvgChart.LineChart;
import io.cairn.bench.report.SvgChart.LineSeries;
import io.cairn.bench.report.SvgChart.Point;
import io.cairn.bench.report.SvgChart.Unit;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

class SvgChartTest {
    private static final String ODD = ReportFixtures.ODD_SYSTEM;

    @Test
    void lineChartIsSvgNamingEverySeriesWithNamesEscaped() {
        String svg = SvgChart.render(line(false, series("cairn", 1, 10, 2, 20), series(ODD, 1, 5, 2, 6)));
        Document doc = XmlAssert.parseSvg(svg);
        assertThat(XmlAssert.seriesGroups(doc).stream().map(XmlAssert::seriesName)).containsExactly("cairn", ODD);
        assertThat(doc.getDocumentElement().getTextContent()).contains("title " + ODD).contains(ODD);
        assertThat(svg).doesNotContain(ODD).contains("a&quot;b&lt;c&amp;");
    }

    @Test
    void pointsAreDrawnInXOrderAndHigherValuesHigherUp() {
        String svg = SvgChart.render(line(false, series("s", 4, 30, 1, 10, 8, 40, 2, 20)));
        List<double[]> px = polyline(XmlAssert.parseSvg(svg), 0);
        assertThat(px).hasSize(4);
        for (int i = 1; i < px.size(); i++) {
            assertThat(px.get(i)[0]).as("x of point %d", i).isGreaterThan(px.get(i - 1)[0]);
            assertThat(px.get(i)[1]).as("y of point %d (SVG y grows down)", i).isLessThan(px.get(i - 1)[1]);
        }
    }

    @Test
    void linearAxisPlacesValuesProportionally() {
        String svg = SvgChart.render(line(false, series("s", 0, 0, 10, 100, 20, 200, 40, 400)));
        List<double[]> px = polyline(XmlAssert.parseSvg(svg), 0);
        double unitX = (px.get(1)[0] - px.get(0)[0]) / 10;
        assertThat(px.get(3)[0] - px.get(0)[0]).isCloseTo(40 * unitX, within(0.05));
        double unitY = (px.get(0)[1] - px.get(1)[1]) / 100;
        assertThat(px.get(0)[1] - px.get(3)[1]).isCloseTo(400 * unitY, within(0.05));
    }

    @Test
    void log2AxisSpacesPowersOfTwoEvenly() {
        String svg = SvgChart.render(line(true, series("s", 1, 5, 2, 5, 4, 5, 8, 5)));
        List<double[]> px = polyline(XmlAssert.parseSvg(svg), 0);
        double step = px.get(1)[0] - px.get(0)[0];
        assertThat(step).isGreaterThan(50);
        assertThat(px.get(2)[0] - px.get(1)[0]).isCloseTo(step, within(0.02));
        assertThat(px.get(3)[0] - px.get(2)[0]).isCloseTo(step, within(0.02));
        assertThat(svg).contains(">1</text>").contains(">8</text>");
    }

    @Test
    void nonFinitePointsAreLeftOutAndEmptySeriesAreMarkedInTheLegend() {
        String svg = SvgChart.render(line(true, series("s", 1, 5, 2, Double.NaN, 0, 7, 4, 6),
                new LineSeries("empty", "#000000", "", List.of())));
        Document doc = XmlAssert.parseSvg(svg);
        assertThat(polyline(doc, 0)).hasSize(2);
        assertThat(doc.getDocumentElement().getTextContent()).contains("empty (no data)");
    }

    @Test
    void chartWithoutDataSaysSo() {
        String svg = SvgChart.render(line(false));
        assertThat(XmlAssert.parseSvg(svg).getDocumentElement().getTextContent()).contains("no data");
    }

    @Test
    void barChartDrawsMissingValuesAsLabelledGaps() {
        BarChart chart = new BarChart("bars", "workload", "ops/s", Unit.COUNT, List.of("a", "b", ODD),
                List.of(new BarSeries("cairn", "#2f6db5", List.of(100.0, 200.0, 300.0)),
                        new BarSeries(ODD, "#d6372e", Arrays.asList(150.0, null, Double.NaN))));
        Document doc = XmlAssert.parseSvg(SvgChart.render(chart));
        List<Element> groups = XmlAssert.seriesGroups(doc);
        assertThat(groups.stream().map(XmlAssert::seriesName)).containsExactly("cairn", ODD);
        assertThat(XmlAssert.elements(groups.get(0), SVG, "rect")).hasSize(3);
        assertThat(XmlAssert.elements(groups.get(1), SVG, "rect")).hasSize(1);
        assertThat(XmlAssert.elements(groups.get(1), SVG, "text").stream()
                .filter(t -> t.getTextContent().equals("n/a"))).hasSize(2);
        assertThat(XmlAssert.elements(groups.get(0), SVG, "text").stream()
                .filter(t -> t.getTextContent().equals("n/a"))).isEmpty();
    }

    @Test
    void barHeightsAreProportionalToValues() {
        BarChart chart = new BarChart("bars", "", "ops/s", Unit.COUNT, List.of("a", "b"),
                List.of(new BarSeries("s", "#2f6db5", List.of(100.0, 400.0))));
        List<Element> rects = XmlAssert.elements(XmlAssert.seriesGroups(XmlAssert.parseSvg(SvgChart.render(chart)))
                .getFirst(), SVG, "rect");
        double h0 = Double.parseDouble(rects.get(0).getAttribute("height"));
        double h1 = Double.parseDouble(rects.get(1).getAttribute("height"));
        assertThat(h1).isCloseTo(4 * h0, within(0.05));
        double bottom0 = Double.parseDouble(rects.get(0).getAttribute("y")) + h0;
        double bottom1 = Double.parseDouble(rects.get(1).getAttribute("y")) + h1;
        assertThat(bottom0).isCloseTo(bottom1, within(0.02));
    }

    @Test
    void manyBarsWidenTheChart() {
        List<String> categories = List.of("a", "b", "c", "d", "e", "f", "g", "h", "i", "j");
        List<BarSeries> series = List.of("s1", "s2", "s3", "s4", "s5", "s6").stream()
                .map(n -> new BarSeries(n, "#123456", categories.stream().map(c -> 1.0).toList())).toList();
        Document doc = XmlAssert.parseSvg(SvgChart.render(new BarChart("t", "", "", Unit.COUNT, categories, series)));
        assertThat(Double.parseDouble(doc.getDocumentElement().getAttribute("width")))
                .isGreaterThan(ChartFrame.DEFAULT_WIDTH);
    }

    @Test
    void barSeriesMustHaveOneValuePerCategory() {
        assertThatThrownBy(() -> new BarChart("t", "", "", Unit.COUNT, List.of("a", "b"),
                List.of(new BarSeries("s", "#000000", List.of(1.0)))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("values of s: 1 (expected: 2, one per category)");
    }

    @Test
    void controlCharactersInNamesStillMakeWellFormedXml() {
        String svg = SvgChart.render(line(false, series("x\u0001y\ud800", 1, 1, 2, 2)));
        assertThat(XmlAssert.seriesGroups(XmlAssert.parseSvg(svg)).stream().map(XmlAssert::seriesName))
                .containsExactly("x\uFFFDy\uFFFD");
    }

    @Test
    void axisTicksAreNice() {
        assertThat(Axis.linear(0, 1234, true).ticks()).containsExactly(0.0, 250.0, 500.0, 750.0, 1000.0, 1250.0);
        assertThat(Axis.linear(3, 3, true).ticks()).first().isEqualTo(0.0);
        assertThat(Axis.log2(3, 100).ticks()).containsExactly(2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0);
        assertThat(Axis.log2(1, 1 << 20).ticks()).hasSizeLessThanOrEqualTo(12).contains(1.0);
    }

    private static LineChart line(boolean log2, LineSeries... series) {
        return new LineChart("title " + ODD, "clients", Unit.PLAIN, log2, "ops/s", Unit.COUNT, List.of(series));
    }

    /** A series from x, y, x, y, ... */
    private static LineSeries series(String name, double... xy) {
        Point[] points = new Point[xy.length / 2];
        for (int i = 0; i < points.length; i++) {
            points[i] = new Point(xy[2 * i], xy[2 * i + 1]);
        }
        return new LineSeries(name, "#2f6db5", "", List.of(points));
    }

    private static List<double[]> polyline(Document doc, int series) {
        Element group = XmlAssert.seriesGroups(doc).get(series);
        return XmlAssert.points(XmlAssert.elements(group, SVG, "polyline").getFirst());
    }
}
