package io.cairn.bench.report;

import io.cairn.bench.report.SvgCanvas.Anchor;
import java.util.ArrayList;
import java.util.List;

/**
 * The layout every chart shares, and the parts drawn the same way: the title at the top, the plot
 * area with its y axis (grid lines, tick labels, rotated label), the x axis label under the tick
 * labels, and the legend in rows below everything else, so it never covers data. The height grows
 * with the number of legend rows. Immutable once built; not for concurrent use of one canvas.
 */
final class ChartFrame {
    static final double DEFAULT_WIDTH = 760;
    static final double PLOT_LEFT = 78;
    static final double PLOT_TOP = 46;
    static final double PLOT_HEIGHT = 280;
    static final double RIGHT_MARGIN = 24;
    static final String AXIS_COLOR = "#444444";
    static final String GRID_COLOR = "#e3e3e3";
    static final String TEXT_COLOR = "#222222";

    private static final double LEGEND_GAP = 58;
    private static final double LEGEND_ROW = 20;
    private static final double LEGEND_FONT = 12;
    private static final double SWATCH = 22;

    /** One legend entry: a short line (with {@code dash}) or, for bars, a filled square. */
    record LegendItem(String name, String color, String dash, boolean bar) {
    }

    private record Placed(LegendItem item, double x, double y, String text) {
    }

    private final double width;
    private final List<Placed> legend = new ArrayList<>();
    private final double height;

    /** A frame {@code width} px wide whose legend lists {@code items} in order. */
    ChartFrame(double width, List<LegendItem> items) {
        this.width = width;
        double left = PLOT_LEFT / 2;
        double available = width - left - RIGHT_MARGIN;
        double x = left;
        double y = plotBottom() + LEGEND_GAP;
        for (LegendItem item : items) {
            String text = SvgCanvas.fit(item.name(), LEGEND_FONT, available - SWATCH - 6);
            double w = SWATCH + 6 + SvgCanvas.textWidth(text, LEGEND_FONT) + 18;
            if (x > left && x + w > left + available) {
                x = left;
                y += LEGEND_ROW;
            }
            legend.add(new Placed(item, x, y, text));
            x += w;
        }
        this.height = (items.isEmpty() ? plotBottom() + LEGEND_GAP - LEGEND_ROW : y) + LEGEND_ROW - 4;
    }

    double width() {
        return width;
    }

    double height() {
        return height;
    }

    double plotLeft() {
        return PLOT_LEFT;
    }

    double plotRight() {
        return width - RIGHT_MARGIN;
    }

    double plotTop() {
        return PLOT_TOP;
    }

    double plotBottom() {
        return PLOT_TOP + PLOT_HEIGHT;
    }

    /** The y pixel of value {@code v} on {@code axis}. */
    double y(Axis axis, double v) {
        return plotBottom() - axis.fraction(v) * (plotBottom() - plotTop());
    }

    /** The x pixel of value {@code v} on {@code axis}. */
    double x(Axis axis, double v) {
        return plotLeft() + axis.fraction(v) * (plotRight() - plotLeft());
    }

    /** A canvas of this frame's size with the title drawn. */
    SvgCanvas begin(String title) {
        SvgCanvas c = new SvgCanvas(width, height, title);
        c.text(width / 2, 26, SvgCanvas.fit(title, 15, width - 40), Anchor.MIDDLE, 15, TEXT_COLOR, true, 0);
        return c;
    }

    /** Grid lines and labels for each tick of {@code axis}, the y axis line and its label. */
    void drawYAxis(SvgCanvas c, Axis axis, SvgChart.Unit unit, String label) {
        for (double t : axis.ticks()) {
            double y = y(axis, t);
            c.line(plotLeft(), y, plotRight(), y, GRID_COLOR, 1, "");
            c.text(plotLeft() - 6, y + 4, SvgChart.label(unit, t), Anchor.END, 11, AXIS_COLOR, false, 0);
        }
        c.line(plotLeft(), plotTop(), plotLeft(), plotBottom(), AXIS_COLOR, 1, "");
        if (label != null && !label.isEmpty()) {
            double mid = (plotTop() + plotBottom()) / 2;
            c.text(16, mid, SvgCanvas.fit(label, 12, PLOT_HEIGHT), Anchor.MIDDLE, 12, TEXT_COLOR, false, -90);
        }
    }

    /** The x axis line at the bottom of the plot and the axis label under the tick labels. */
    void drawXAxis(SvgCanvas c, String label) {
        c.line(plotLeft(), plotBottom(), plotRight(), plotBottom(), AXIS_COLOR, 1, "");
        if (label != null && !label.isEmpty()) {
            c.text((plotLeft() + plotRight()) / 2, plotBottom() + 38, label, Anchor.MIDDLE, 12, TEXT_COLOR,
                    false, 0);
        }
    }

    /** A tick label centred under x pixel {@code x}. */
    void xTickLabel(SvgCanvas c, double x, String text, double maxWidth) {
        c.line(x, plotBottom(), x, plotBottom() + 4, AXIS_COLOR, 1, "");
        c.text(x, plotBottom() + 18, SvgCanvas.fit(text, 11, maxWidth), Anchor.MIDDLE, 11, AXIS_COLOR, false, 0);
    }

    /** The legend entries, in rows under the x axis label. */
    void drawLegend(SvgCanvas c) {
        for (Placed p : legend) {
            double mid = p.y() - 4;
            if (p.item().bar()) {
                c.rect(p.x() + 5, mid - 6, 12, 12, p.item().color(), null);
            } else {
                c.line(p.x(), mid, p.x() + SWATCH, mid, p.item().color(), 2.5, p.item().dash());
            }
            c.text(p.x() + SWATCH + 6, p.y(), p.text(), Anchor.START, LEGEND_FONT, TEXT_COLOR, false, 0);
        }
    }
}
