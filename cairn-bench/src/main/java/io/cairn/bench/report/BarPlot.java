package io.cairn.bench.report;

import io.cairn.bench.report.SvgCanvas.Anchor;
import io.cairn.bench.report.SvgChart.BarChart;
import io.cairn.bench.report.SvgChart.BarSeries;
import java.util.ArrayList;
import java.util.List;

/**
 * Draws a {@link BarChart}: one group of bars per category, one bar per series in series order, on
 * a y axis from zero to a nice value above the largest bar. Bars are {@value #MIN_BAR} to
 * {@value #MAX_BAR} px wide; when that does not fit the default width the chart gets wider. A
 * missing value leaves its slot empty with a small grey {@code n/a}. Values are written above the
 * bars when every label fits its bar's width (else on none), and are always in the tooltips. Stateless.
 */
final class BarPlot {
    static final double MIN_BAR = 16;
    static final double MAX_BAR = 46;
    /** Space between category groups, in bar widths. */
    static final double GROUP_GAP = 0.8;
    /** The CSS class of each series group, which holds a {@code <title>} with the series name. */
    static final String SERIES_CLASS = "series";
    static final String MISSING_LABEL = "n/a";

    private BarPlot() {
    }

    static String render(BarChart chart) {
        int categories = Math.max(1, chart.categories().size());
        int seriesCount = Math.max(1, chart.series().size());
        double slots = categories * (seriesCount + GROUP_GAP);
        double defaultPlot = ChartFrame.DEFAULT_WIDTH - ChartFrame.PLOT_LEFT - ChartFrame.RIGHT_MARGIN;
        double bar = Math.min(MAX_BAR, defaultPlot / slots);
        double width = ChartFrame.DEFAULT_WIDTH;
        if (bar < MIN_BAR) {
            bar = MIN_BAR;
            width = ChartFrame.PLOT_LEFT + ChartFrame.RIGHT_MARGIN + slots * bar;
        }

        double maxV = Double.NEGATIVE_INFINITY;
        double minV = Double.POSITIVE_INFINITY;
        for (BarSeries s : chart.series()) {
            for (int i = 0; i < chart.categories().size(); i++) {
                double v = s.value(i);
                if (Double.isFinite(v)) {
                    maxV = Math.max(maxV, v);
                    minV = Math.min(minV, v);
                }
            }
        }
        Axis yAxis = minV > maxV ? Axis.linear(0, 1, true) : Axis.linear(minV, maxV, true);

        List<ChartFrame.LegendItem> legend = new ArrayList<>();
        chart.series().forEach(s -> legend.add(new ChartFrame.LegendItem(s.name(), s.color(), "", true)));
        ChartFrame frame = new ChartFrame(width, legend);
        SvgCanvas c = frame.begin(chart.title());
        frame.drawYAxis(c, yAxis, chart.yUnit(), chart.yLabel());

        double groupWidth = (frame.plotRight() - frame.plotLeft()) / categories;
        double barsWidth = seriesCount * bar;
        for (int i = 0; i < chart.categories().size(); i++) {
            double center = frame.plotLeft() + groupWidth * (i + 0.5);
            frame.xTickLabel(c, center, chart.categories().get(i), groupWidth - 4);
        }
        double zero = frame.y(yAxis, 0);
        boolean valueLabels = valueLabelsFit(chart, bar);
        for (int s = 0; s < chart.series().size(); s++) {
            BarSeries series = chart.series().get(s);
            c.beginGroup(SERIES_CLASS, series.name());
            for (int i = 0; i < chart.categories().size(); i++) {
                double x = frame.plotLeft() + groupWidth * (i + 0.5) - barsWidth / 2 + s * bar;
                drawBar(c, frame, yAxis, chart, series, i, x, bar, zero, valueLabels);
            }
            c.endGroup();
        }
        frame.drawXAxis(c, chart.xLabel());
        frame.drawLegend(c);
        return c.finish();
    }

    /** Whether every bar's value label fits its width: labels are shown on all bars or on none. */
    private static boolean valueLabelsFit(BarChart chart, double bar) {
        for (BarSeries s : chart.series()) {
            for (int i = 0; i < chart.categories().size(); i++) {
                double v = s.value(i);
                if (Double.isFinite(v) && SvgCanvas.textWidth(SvgChart.valueLabel(chart.yUnit(), v), 10) > bar - 4) {
                    return false;
                }
            }
        }
        return true;
    }

    private static void drawBar(SvgCanvas c, ChartFrame frame, Axis yAxis, BarChart chart, BarSeries series,
            int category, double x, double bar, double zero, boolean valueLabel) {
        double v = series.value(category);
        double inner = bar - 2;
        double mid = x + bar / 2;
        String where = series.name() + ", " + chart.categories().get(category) + ": ";
        if (!Double.isFinite(v)) {
            double y = zero - 4;
            if (SvgCanvas.textWidth(MISSING_LABEL, 9) <= inner) {
                c.text(mid, y, MISSING_LABEL, Anchor.MIDDLE, 9, "#888888", false, 0);
            } else {
                c.text(mid + 3, y, MISSING_LABEL, Anchor.START, 9, "#888888", false, -90);
            }
            return;
        }
        double top = Math.min(zero, frame.y(yAxis, v));
        double height = Math.abs(zero - frame.y(yAxis, v));
        String label = SvgChart.valueLabel(chart.yUnit(), v);
        c.rect(x + 1, top, inner, height, series.color(), where + label);
        if (valueLabel) {
            c.text(mid, top - 4, label, Anchor.MIDDLE, 10, "#333333", false, 0);
        }
    }
}
