package io.cairn.bench.report;

import io.cairn.bench.report.SvgCanvas.Anchor;
import io.cairn.bench.report.SvgChart.LineChart;
import io.cairn.bench.report.SvgChart.LineSeries;
import io.cairn.bench.report.SvgChart.Point;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Draws a {@link LineChart}: both axes fitted to the drawable points of all series (y always from
 * zero), one group per series holding a polyline through its points sorted by x plus a marker per
 * point (markers are left out past {@value #MAX_MARKERS} points, as in long timelines). A series
 * without drawable points appears only in the legend, marked {@code (no data)}. Stateless.
 */
final class LinePlot {
    static final int MAX_MARKERS = 60;
    /** The CSS class of each series group, which holds a {@code <title>} with the series name. */
    static final String SERIES_CLASS = "series";

    private LinePlot() {
    }

    static String render(LineChart chart) {
        List<List<Point>> drawable = new ArrayList<>();
        double minX = Double.POSITIVE_INFINITY;
        double maxX = Double.NEGATIVE_INFINITY;
        double minY = Double.POSITIVE_INFINITY;
        double maxY = Double.NEGATIVE_INFINITY;
        for (LineSeries s : chart.series()) {
            List<Point> points = s.points().stream()
                    .filter(p -> Double.isFinite(p.x()) && Double.isFinite(p.y()))
                    .filter(p -> !chart.log2X() || p.x() > 0)
                    .sorted(Comparator.comparingDouble(Point::x))
                    .toList();
            drawable.add(points);
            for (Point p : points) {
                minX = Math.min(minX, p.x());
                maxX = Math.max(maxX, p.x());
                minY = Math.min(minY, p.y());
                maxY = Math.max(maxY, p.y());
            }
        }
        boolean empty = minX > maxX;
        Axis xAxis;
        if (empty) {
            xAxis = chart.log2X() ? Axis.log2(1, 2) : Axis.linear(0, 1, true);
        } else {
            xAxis = chart.log2X() ? Axis.log2(minX, maxX) : Axis.linear(minX, maxX, minX >= 0);
        }
        Axis yAxis = empty ? Axis.linear(0, 1, true) : Axis.linear(minY, maxY, true);

        List<ChartFrame.LegendItem> legend = new ArrayList<>();
        for (int i = 0; i < chart.series().size(); i++) {
            LineSeries s = chart.series().get(i);
            String name = drawable.get(i).isEmpty() ? s.name() + " (no data)" : s.name();
            legend.add(new ChartFrame.LegendItem(name, s.color(), s.dash(), false));
        }
        ChartFrame frame = new ChartFrame(ChartFrame.DEFAULT_WIDTH, legend);
        SvgCanvas c = frame.begin(chart.title());
        frame.drawYAxis(c, yAxis, chart.yUnit(), chart.yLabel());
        drawXTicks(c, frame, xAxis, chart);
        frame.drawXAxis(c, chart.xLabel());
        if (empty) {
            c.text((frame.plotLeft() + frame.plotRight()) / 2, (frame.plotTop() + frame.plotBottom()) / 2,
                    "no data", Anchor.MIDDLE, 13, "#888888", false, 0);
        }
        for (int i = 0; i < chart.series().size(); i++) {
            drawSeries(c, frame, xAxis, yAxis, chart, chart.series().get(i), drawable.get(i));
        }
        frame.drawLegend(c);
        return c.finish();
    }

    private static void drawXTicks(SvgCanvas c, ChartFrame frame, Axis xAxis, LineChart chart) {
        List<Double> ticks = xAxis.ticks();
        double spacing = (frame.plotRight() - frame.plotLeft()) / Math.max(1, ticks.size() - 1);
        for (double t : ticks) {
            double x = frame.x(xAxis, t);
            if (x > frame.plotLeft() + 0.5) {
                c.line(x, frame.plotTop(), x, frame.plotBottom(), ChartFrame.GRID_COLOR, 1, "");
            }
            frame.xTickLabel(c, x, SvgChart.label(chart.xUnit(), t), spacing - 4);
        }
    }

    private static void drawSeries(SvgCanvas c, ChartFrame frame, Axis xAxis, Axis yAxis, LineChart chart,
            LineSeries s, List<Point> points) {
        c.beginGroup(SERIES_CLASS, s.name());
        List<double[]> pixels = new ArrayList<>(points.size());
        for (Point p : points) {
            pixels.add(new double[] {frame.x(xAxis, p.x()), frame.y(yAxis, p.y())});
        }
        if (pixels.size() > 1) {
            c.polyline(pixels, s.color(), 2, s.dash());
        }
        if (pixels.size() <= MAX_MARKERS) {
            for (int i = 0; i < pixels.size(); i++) {
                Point p = points.get(i);
                String tip = s.name() + ": " + SvgChart.valueLabel(chart.yUnit(), p.y()) + " at "
                        + SvgChart.valueLabel(chart.xUnit(), p.x());
                c.circle(pixels.get(i)[0], pixels.get(i)[1], 3, s.color(), tip);
            }
        }
        c.endGroup();
    }
}
