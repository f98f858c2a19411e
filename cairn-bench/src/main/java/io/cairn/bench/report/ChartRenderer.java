package io.cairn.bench.report;

import io.cairn.bench.report.ChartData.BarChart;
import io.cairn.bench.report.ChartData.BarSeries;
import io.cairn.bench.report.ChartData.LineChart;
import io.cairn.bench.report.ChartData.LineSeries;
import io.cairn.bench.report.ChartData.Point;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.StringJoiner;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler.LegendLayout;
import org.knowm.xchart.style.Styler.LegendPosition;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Draws {@link ChartData} with XChart, as SVG (XChart's VectorGraphics2D encoder) or PNG. Needs no
 * display: it paints on a vector or image {@code Graphics2D} only, so it runs with
 * {@code java.awt.headless=true}.
 *
 * <p>What the drawing adds to the data: a white background and light grid; the y axis from zero;
 * tick labels in the chart's {@link ChartData.Unit}s; a log2 x axis drawn as log2 of the values,
 * labelled with the powers of two; markers on lines of at most {@value #MAX_MARKERS} points; value
 * labels on bars when every label fits its bar; the legend below the plot when it fits in a row,
 * else to its right, so it never covers data. A series with nothing to draw keeps its legend entry,
 * marked {@code (no data)} (lines) or {@code (n/a)} (bars; {@code (n/a: c, e)} when only some
 * categories lack a value); a chart with nothing to draw says {@code no data}. Bar charts with many
 * bars get wider.
 *
 * <p>XChart draws text as glyph outlines, so the SVG looks the same without the fonts but is large
 * (about 200 kB a chart) and its text is not selectable. For a given machine (its fonts) and data
 * the output is the same bytes every time. Stateless and thread-safe: each call builds its own chart.
 */
final class ChartRenderer {
    static final int WIDTH = 760;
    static final int HEIGHT = 440;
    static final int MAX_MARKERS = 60;
    /** Narrowest bar before a bar chart gets wider than {@link #WIDTH}. */
    static final int MIN_BAR = 16;

    private static final String FONT = Font.SANS_SERIF;
    private static final Color TEXT = new Color(0x222222);
    private static final Color AXIS = new Color(0x444444);
    private static final Color GRID = new Color(0xe3e3e3);

    private ChartRenderer() {
    }

    /** {@code data} as a standalone SVG document. */
    static String svg(ChartData data) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(256 * 1024);
        try {
            VectorGraphicsEncoder.saveVectorGraphic(xchart(data), out, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
        } catch (IOException e) {
            throw new UncheckedIOException("rendering " + data.title() + " to memory", e);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    /** {@code data} as a PNG image. */
    static byte[] png(ChartData data) {
        try {
            return BitmapEncoder.getBitmapBytes(xchart(data), BitmapEncoder.BitmapFormat.PNG);
        } catch (IOException e) {
            throw new UncheckedIOException("rendering " + data.title() + " to memory", e);
        }
    }

    /** The XChart chart that {@link #svg} and {@link #png} paint. */
    static Chart<?, ?> xchart(ChartData data) {
        return switch (data) {
            case LineChart c -> lines(c);
            case BarChart c -> bars(c);
        };
    }

    private static XYChart lines(LineChart c) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(c.title())
                .xAxisTitle(c.xLabel()).yAxisTitle(c.yLabel()).build();
        AxesChartStyler st = chart.getStyler();
        style(st, legendFits(c.series().stream().map(LineSeries::name).toList(), WIDTH));
        st.setYAxisMin(0.0);
        st.setyAxisTickLabelsFormattingFunction(c.yUnit()::label);
        if (c.log2X()) {
            st.setxAxisTickLabelsFormattingFunction(v -> powerOfTwoLabel(c.xUnit(), v));
        } else {
            st.setxAxisTickLabelsFormattingFunction(c.xUnit()::label);
        }
        Set<String> names = new HashSet<>();
        boolean empty = true;
        for (LineSeries s : c.series()) {
            List<Point> points = drawable(s, c.log2X());
            double[] x = new double[Math.max(1, points.size())];
            double[] y = new double[x.length];
            if (points.isEmpty()) {
                x[0] = Double.NaN; // XChart wants one value; NaN draws nothing
                y[0] = Double.NaN;
            }
            for (int i = 0; i < points.size(); i++) {
                x[i] = c.log2X() ? log2(points.get(i).x()) : points.get(i).x();
                y[i] = points.get(i).y();
            }
            empty &= points.isEmpty();
            XYSeries series = chart.addSeries(unique(names, s.name()), x, y);
            series.setLabel(points.isEmpty() ? s.name() + " (no data)" : s.name());
            Color color = Color.decode(s.color());
            series.setLineColor(color);
            series.setMarkerColor(color);
            series.setLineStyle(stroke(s.dash()));
            series.setMarker(points.size() <= MAX_MARKERS ? SeriesMarkers.CIRCLE : SeriesMarkers.NONE);
        }
        if (empty) {
            noData(chart, WIDTH);
        }
        return chart;
    }

    /** The width in pixels {@code data} is drawn at. */
    static int widthOf(ChartData data) {
        if (data instanceof BarChart c) {
            int categories = Math.max(1, c.categories().size());
            int seriesCount = Math.max(1, c.series().size());
            return Math.max(WIDTH, 120 + (int) Math.ceil(categories * (seriesCount + 1) * (double) MIN_BAR));
        }
        return WIDTH;
    }

    private static CategoryChart bars(BarChart c) {
        int categories = Math.max(1, c.categories().size());
        int seriesCount = Math.max(1, c.series().size());
        int width = widthOf(c);
        CategoryChart chart = new CategoryChartBuilder().width(width).height(HEIGHT).title(c.title())
                .xAxisTitle(c.xLabel()).yAxisTitle(c.yLabel()).build();
        var st = chart.getStyler();
        style(st, legendFits(c.series().stream().map(BarSeries::name).toList(), width));
        st.setPlotGridVerticalLinesVisible(false);
        st.setYAxisMin(0.0);
        st.setyAxisTickLabelsFormattingFunction(c.yUnit()::label);
        double bar = (width - 120) * st.getAvailableSpaceFill() / categories / seriesCount;
        st.setLabelsVisible(valueLabelsFit(c, bar));
        st.setLabelsPosition(1.0); // at the top, inside the bar
        st.setLabelsFont(new Font(FONT, Font.PLAIN, 10));
        st.setLabelsFontColorAutomaticEnabled(true);
        List<String> categoryNames = c.categories().isEmpty() ? List.of("") : c.categories();
        Set<String> names = new HashSet<>();
        boolean empty = true;
        for (BarSeries s : c.series()) {
            List<Double> values = new ArrayList<>();
            StringJoiner missing = new StringJoiner(", ");
            for (int i = 0; i < categoryNames.size(); i++) {
                double v = c.categories().isEmpty() ? Double.NaN : s.value(i);
                values.add(Double.isFinite(v) ? v : null);
                if (!Double.isFinite(v)) {
                    missing.add(categoryNames.get(i));
                }
            }
            boolean none = values.stream().allMatch(v -> v == null);
            empty &= none;
            CategorySeries series = chart.addSeries(unique(names, s.name()), categoryNames, values);
            series.setLabel(none ? s.name() + " (n/a)" : missing.length() > 0 ? s.name() + " (n/a: " + missing + ")"
                    : s.name());
            series.setFillColor(Color.decode(s.color()));
        }
        if (empty) {
            noData(chart, width);
        }
        return chart;
    }

    private static void style(AxesChartStyler st, boolean legendBelow) {
        st.setChartBackgroundColor(Color.WHITE);
        st.setPlotBackgroundColor(Color.WHITE);
        st.setPlotBorderVisible(false);
        st.setPlotGridLinesColor(GRID);
        st.setPlotGridLinesStroke(new BasicStroke(1f));
        st.setChartTitleBoxVisible(false);
        st.setChartTitleFont(new Font(FONT, Font.BOLD, 15));
        st.setChartFontColor(TEXT);
        st.setAxisTitleFont(new Font(FONT, Font.PLAIN, 12));
        st.setAxisTickLabelsFont(new Font(FONT, Font.PLAIN, 11));
        st.setAxisTickLabelsColor(AXIS);
        st.setAxisTickMarksColor(AXIS);
        st.setLegendFont(new Font(FONT, Font.PLAIN, 12));
        st.setLegendBorderColor(Color.WHITE);
        st.setLegendBackgroundColor(Color.WHITE);
        st.setLegendPosition(legendBelow ? LegendPosition.OutsideS : LegendPosition.OutsideE);
        st.setLegendLayout(legendBelow ? LegendLayout.Horizontal : LegendLayout.Vertical);
        st.setChartPadding(12);
        st.setMarkerSize(6);
        st.setToolTipsEnabled(false);
    }

    /** Whether a legend of {@code names} fits in one row of a chart {@code width} px wide (a rough estimate). */
    private static boolean legendFits(List<String> names, int width) {
        double needed = 0;
        for (String n : names) {
            needed += n.length() * 7.5 + 50;
        }
        return needed <= width - 60;
    }

    /** Whether every value label fits a bar {@code bar} px wide (about 6 px a character at 10 px). */
    private static boolean valueLabelsFit(BarChart c, double bar) {
        for (BarSeries s : c.series()) {
            for (int i = 0; i < c.categories().size(); i++) {
                double v = s.value(i);
                if (Double.isFinite(v) && c.yUnit().label(v).length() * 6.0 > bar - 4) {
                    return false;
                }
            }
        }
        return true;
    }

    private static void noData(Chart<?, ?> chart, int width) {
        chart.addAnnotation(new AnnotationText("no data", width / 2.0, HEIGHT / 2.0, true));
    }

    /** The finite points of {@code s} (positive x on a log2 axis), sorted by x. */
    private static List<Point> drawable(LineSeries s, boolean log2X) {
        return s.points().stream()
                .filter(p -> Double.isFinite(p.x()) && Double.isFinite(p.y()))
                .filter(p -> !log2X || p.x() > 0)
                .sorted(Comparator.comparingDouble(Point::x))
                .toList();
    }

    /** The label of tick {@code v} on a log2 axis: {@code 2^v} where v is whole, else none. */
    static String powerOfTwoLabel(ChartData.Unit unit, double v) {
        double whole = Math.rint(v);
        return Math.abs(v - whole) < 1e-9 ? unit.label(Math.pow(2, whole)) : "";
    }

    private static double log2(double v) {
        return Math.log(v) / Math.log(2);
    }

    /** A 2 px line with {@code dash}'s pattern ("" for solid). */
    private static BasicStroke stroke(String dash) {
        if (dash.isBlank()) {
            return new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND);
        }
        String[] parts = dash.trim().split("\\s+");
        float[] pattern = new float[parts.length];
        for (int i = 0; i < parts.length; i++) {
            pattern[i] = Float.parseFloat(parts[i]);
        }
        return new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, pattern, 0f);
    }

    /** {@code name}, or {@code name (2)}, ... when taken: XChart needs distinct series names. */
    private static String unique(Set<String> used, String name) {
        String n = name;
        for (int i = 2; !used.add(n); i++) {
            n = name + " (" + i + ")";
        }
        return n;
    }
}
