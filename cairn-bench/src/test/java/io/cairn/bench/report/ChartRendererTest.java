package io.cairn.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.bench.report.ChartData.BarChart;
import io.cairn.bench.report.ChartData.BarSeries;
import io.cairn.bench.report.ChartData.LineChart;
import io.cairn.bench.report.ChartData.LineSeries;
import io.cairn.bench.report.ChartData.Point;
import io.cairn.bench.report.ChartData.Unit;
import java.awt.Color;
import java.awt.GraphicsEnvironment;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.w3c.dom.Document;

/** What {@link ChartRenderer} hands XChart, and that XChart draws it headless as SVG and PNG. */
class ChartRendererTest {
    private static final String ODD = ReportFixtures.ODD_SYSTEM;

    @Test
    void rendersHeadlessToSvgAndPngOfTheChartsSize() throws IOException {
        assertThat(GraphicsEnvironment.isHeadless()).as("java.awt.headless").isTrue();
        LineChart chart = line(false, series("cairn", 1, 10, 2, 20), series(ODD, 1, 5, 2, 6));
        String svg = ChartRenderer.svg(chart);
        Document doc = XmlAssert.parseSvg(svg);
        assertThat(doc.getDocumentElement().getAttribute("viewBox")).isEqualTo("0 0 760 440");
        BufferedImage png = ImageIO.read(new ByteArrayInputStream(ChartRenderer.png(chart)));
        assertThat(png.getWidth()).isEqualTo(ChartRenderer.WIDTH);
        assertThat(png.getHeight()).isEqualTo(ChartRenderer.HEIGHT);
        assertThat(new Color(png.getRGB(2, 2))).as("background").isEqualTo(Color.WHITE);
    }

    @Test
    void theSameChartRendersToTheSameBytes() {
        LineChart chart = line(true, series("cairn", 1, 10, 2, 20, 4, 40));
        assertThat(ChartRenderer.svg(chart)).isEqualTo(ChartRenderer.svg(chart));
    }

    @Test
    void linesAreSortedByXAndKeepTheirNamesColoursAndDashes() {
        LineSeries dashed = new LineSeries("redis fsync", "#d6372e", "7 4", List.of(new Point(1, 3)));
        XYChart xy = (XYChart) ChartRenderer.xchart(line(false, series(ODD, 4, 30, 1, 10, 8, 40, 2, 20), dashed));
        XYSeries odd = xy.getSeriesMap().get(ODD);
        assertThat(odd.getLabel()).isEqualTo(ODD);
        assertThat(odd.getXData()).containsExactly(1, 2, 4, 8);
        assertThat(odd.getYData()).containsExactly(10, 20, 30, 40);
        assertThat(odd.getLineColor()).isEqualTo(Color.decode("#2f6db5"));
        XYSeries redis = xy.getSeriesMap().get("redis fsync");
        assertThat(redis.getLineStyle().getDashArray()).containsExactly(7f, 4f);
        assertThat(odd.getLineStyle().getDashArray()).isNull();
        assertThat(xy.getStyler().getYAxisMin()).isZero();
    }

    @Test
    void aLog2AxisPlotsLog2OfXAndLabelsThePowersOfTwo() {
        XYChart xy = (XYChart) ChartRenderer.xchart(line(true, series("s", 1, 5, 2, 5, 4, 5, 1024, 5)));
        assertThat(xy.getSeriesMap().get("s").getXData()).containsExactly(0, 1, 2, 10);
        var label = xy.getStyler().getxAxisTickLabelsFormattingFunction();
        assertThat(List.of(0.0, 3.0, 10.0, 2.5).stream().map(label)).containsExactly("1", "8", "1024", "");
    }

    @Test
    void axesAreLabelledInTheirUnits() {
        XYChart xy = (XYChart) ChartRenderer.xchart(new LineChart("t", "clients", Unit.PLAIN, false, "p99",
                Unit.MICROS, List.of(series("s", 1, 850, 2, 1250))));
        assertThat(xy.getStyler().getyAxisTickLabelsFormattingFunction().apply(1250.0)).isEqualTo("1.25 ms");
        assertThat(xy.getStyler().getxAxisTickLabelsFormattingFunction().apply(16.0)).isEqualTo("16");
        assertThat(xy.getXAxisTitle()).isEqualTo("clients");
        assertThat(xy.getYAxisTitle()).isEqualTo("p99");
        BarChart bars = new BarChart("b", "workload", "ops/s", Unit.COUNT, List.of("a"),
                List.of(new BarSeries("s", "#000000", List.of(1_250_000.0))));
        CategoryChart c = (CategoryChart) ChartRenderer.xchart(bars);
        assertThat(c.getStyler().getyAxisTickLabelsFormattingFunction().apply(1_250_000.0)).isEqualTo("1.25M");
    }

    @Test
    void pointsThatCannotBeDrawnAreLeftOutAndEmptySeriesMarkedInTheLegend() {
        XYChart xy = (XYChart) ChartRenderer.xchart(line(true, series("s", 1, 5, 2, Double.NaN, 0, 7, 4, 6),
                new LineSeries("empty", "#000000", "", List.of())));
        assertThat(xy.getSeriesMap().get("s").getXData()).containsExactly(0, 2);
        assertThat(xy.getSeriesMap().get("empty").getLabel()).isEqualTo("empty (no data)");
        XmlAssert.parseSvg(ChartRenderer.svg(line(false))); // a chart without any series still draws
    }

    @Test
    void longLinesGoWithoutMarkers() {
        double[] xy = new double[2 * (ChartRenderer.MAX_MARKERS + 1)];
        for (int i = 0; i < xy.length; i += 2) {
            xy[i] = i;
            xy[i + 1] = 1;
        }
        XYChart chart = (XYChart) ChartRenderer.xchart(line(false, series("long", xy), series("short", 1, 1)));
        assertThat(chart.getSeriesMap().get("long").getMarker()).isSameAs(SeriesMarkers.NONE);
        assertThat(chart.getSeriesMap().get("short").getMarker()).isSameAs(SeriesMarkers.CIRCLE);
    }

    @Test
    void missingBarsAreGapsNamedInTheLegend() {
        BarChart chart = new BarChart("bars", "workload", "ops/s", Unit.COUNT, List.of("a", "b", "c"),
                List.of(new BarSeries("cairn", "#2f6db5", List.of(100.0, 200.0, 300.0)),
                        new BarSeries(ODD, "#d6372e", Arrays.asList(150.0, null, Double.NaN)),
                        new BarSeries("tarantool", "#3a9a48", Arrays.asList(null, null, null))));
        CategoryChart c = (CategoryChart) ChartRenderer.xchart(chart);
        Map<String, CategorySeries> series = c.getSeriesMap();
        assertThat(series.keySet()).containsExactly("cairn", ODD, "tarantool");
        assertThat(new ArrayList<Number>(series.get(ODD).getYData())).containsExactly(150.0, null, null);
        assertThat(series.values().stream().map(CategorySeries::getLabel).collect(Collectors.toList()))
                .containsExactly("cairn", ODD + " (n/a: b, c)", "tarantool (n/a)");
        assertThat(series.get("cairn").getFillColor()).isEqualTo(Color.decode("#2f6db5"));
        XmlAssert.parseSvg(ChartRenderer.svg(chart));
    }

    @Test
    void manyBarsWidenTheChartAndHideTheirValueLabels() {
        List<String> categories = List.of("a", "b", "c", "d", "e", "f", "g", "h", "i", "j");
        List<BarSeries> series = List.of("s1", "s2", "s3", "s4", "s5", "s6").stream()
                .map(n -> new BarSeries(n, "#123456", categories.stream().map(c -> 123_456.0).toList())).toList();
        BarChart wide = new BarChart("t", "", "", Unit.COUNT, categories, series);
        CategoryChart c = (CategoryChart) ChartRenderer.xchart(wide);
        assertThat(c.getWidth()).isGreaterThan(ChartRenderer.WIDTH).isEqualTo(ChartRenderer.widthOf(wide));
        assertThat(c.getStyler().isLabelsVisible()).isFalse();
        BarChart few = new BarChart("t", "", "", Unit.COUNT, List.of("a"),
                List.of(new BarSeries("s", "#123456", List.of(123_456.0))));
        assertThat(((CategoryChart) ChartRenderer.xchart(few)).getStyler().isLabelsVisible()).isTrue();
    }

    @Test
    void aBarSeriesMustHaveOneValuePerCategory() {
        assertThatThrownBy(() -> new BarChart("t", "", "", Unit.COUNT, List.of("a", "b"),
                List.of(new BarSeries("s", "#000000", List.of(1.0)))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("values of s: 1 (expected: 2, one per category)");
    }

    @Test
    void seriesOfTheSameNameStayApart() {
        XYChart xy = (XYChart) ChartRenderer.xchart(line(false, series("s", 1, 1), series("s", 1, 2)));
        assertThat(xy.getSeriesMap().keySet()).containsExactly("s", "s (2)");
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
}
