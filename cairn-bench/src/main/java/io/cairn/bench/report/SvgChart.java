package io.cairn.bench.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * Self-contained SVG 1.1 charts, drawn without any library: a {@link LineChart} of (x, y) series,
 * optionally on a log2 x axis, and a grouped {@link BarChart} of categories × series. Both have a
 * title, axis labels, ticks labelled with humane numbers ({@code 250k}, {@code 1.25M},
 * {@code 2 ms}) and a legend below the plot, where it cannot cover the data. Every name is escaped
 * for XML; the output has no external references, no scripts and no element ids, so it can be
 * written to a file or inlined into HTML as is.
 *
 * <p>Layout: 760 px wide by default, wider when a bar chart has many bars, and taller as the legend
 * needs more rows. Values that are not finite (and x ≤ 0 on a log2 axis) are left out of line
 * charts; in bar charts a missing or non-finite value is a gap labelled {@code n/a}. Stateless and
 * thread-safe: the records are immutable and each render builds its own document.
 */
public final class SvgChart {
    /** How an axis labels its values. */
    public enum Unit {
        /** Counts and rates with SI suffixes: {@code 0, 250k, 1.25M}. */
        COUNT,
        /** Latencies given in microseconds: {@code 500 µs, 1 ms}. */
        MICROS,
        /** Plain numbers without suffix, such as client counts: {@code 1, 2, 4, 1024}. */
        PLAIN
    }

    /** One point of a line series. */
    public record Point(double x, double y) {
    }

    /**
     * One line: {@code color} as {@code #rrggbb}, {@code dash} an SVG dash array ("" for solid).
     * The points may come in any order; they are drawn sorted by x.
     */
    public record LineSeries(String name, String color, String dash, List<Point> points) {
        public LineSeries {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(color, "color");
            dash = dash == null ? "" : dash;
            points = List.copyOf(points);
        }
    }

    /** A line chart; {@code log2X} spaces powers of two evenly along x. */
    public record LineChart(String title, String xLabel, Unit xUnit, boolean log2X, String yLabel,
            Unit yUnit, List<LineSeries> series) {
        public LineChart {
            Objects.requireNonNull(title, "title");
            Objects.requireNonNull(xUnit, "xUnit");
            Objects.requireNonNull(yUnit, "yUnit");
            series = List.copyOf(series);
        }
    }

    /**
     * One series of bars, one value per category of its chart, in the same order; {@code null}
     * or a non-finite value means missing (drawn as {@code n/a}).
     */
    public record BarSeries(String name, String color, List<Double> values) {
        public BarSeries {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(color, "color");
            values = Collections.unmodifiableList(new ArrayList<>(values));
        }

        /** The value for category {@code i}, NaN when missing. */
        double value(int i) {
            Double v = values.get(i);
            return v == null ? Double.NaN : v;
        }
    }

    /**
     * A grouped bar chart: along x one group per category, in each group one bar per series.
     *
     * @throws IllegalArgumentException if a series does not have one value per category
     */
    public record BarChart(String title, String xLabel, String yLabel, Unit yUnit,
            List<String> categories, List<BarSeries> series) {
        public BarChart {
            Objects.requireNonNull(title, "title");
            Objects.requireNonNull(yUnit, "yUnit");
            categories = List.copyOf(categories);
            series = List.copyOf(series);
            for (BarSeries s : series) {
                if (s.values().size() != categories.size()) {
                    throw new IllegalArgumentException("values of " + s.name() + ": " + s.values().size()
                            + " (expected: " + categories.size() + ", one per category)");
                }
            }
        }
    }

    private SvgChart() {
    }

    /** The chart as a standalone SVG document (without an XML declaration). */
    public static String render(LineChart chart) {
        return LinePlot.render(chart);
    }

    /** The chart as a standalone SVG document (without an XML declaration). */
    public static String render(BarChart chart) {
        return BarPlot.render(chart);
    }

    /** {@code v} as {@code unit} labels it on an axis. */
    static String label(Unit unit, double v) {
        return switch (unit) {
            case COUNT -> Units.si(v, 3);
            case MICROS -> Units.micros(v);
            case PLAIN -> Units.data(v);
        };
    }

    /** {@code v} as {@code unit} labels it on a bar or tooltip: shorter than axis labels. */
    static String valueLabel(Unit unit, double v) {
        return switch (unit) {
            case COUNT -> Units.count(v);
            case MICROS -> Units.micros(v);
            case PLAIN -> Units.data(v);
        };
    }
}
