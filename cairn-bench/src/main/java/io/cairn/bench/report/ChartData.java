package io.cairn.bench.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * What a chart shows, apart from how it is drawn ({@link ChartRenderer}): a {@link LineChart} of
 * (x, y) series, optionally on a log2 x axis, or a grouped {@link BarChart} of categories ×
 * series, each with a title, axis labels and the unit its values are labelled in. Values that are
 * not finite are missing: left out of lines, a gap among bars. Immutable and thread-safe.
 */
public sealed interface ChartData permits ChartData.LineChart, ChartData.BarChart {

    String title();

    /** How an axis labels its values. */
    enum Unit {
        /** Counts and rates with SI suffixes: {@code 0, 250k, 1.25M}. */
        COUNT,
        /** Latencies given in microseconds: {@code 500 µs, 1 ms}. */
        MICROS,
        /** Plain numbers without suffix, such as client counts: {@code 1, 2, 4, 1024}. */
        PLAIN;

        /** {@code v} as this unit labels it. */
        String label(double v) {
            return switch (this) {
                case COUNT -> Units.si(v, 3);
                case MICROS -> Units.micros(v);
                case PLAIN -> Units.data(v);
            };
        }
    }

    /** One point of a line series. */
    record Point(double x, double y) {
    }

    /**
     * One line: {@code color} as {@code #rrggbb}, {@code dash} the lengths of its dashes and gaps
     * in pixels separated by spaces ("" for solid). The points may come in any order; they are
     * drawn sorted by x.
     */
    record LineSeries(String name, String color, String dash, List<Point> points) {
        public LineSeries {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(color, "color");
            dash = dash == null ? "" : dash;
            points = List.copyOf(points);
        }
    }

    /** A line chart; {@code log2X} spaces powers of two evenly along x (x must then be positive). */
    record LineChart(String title, String xLabel, Unit xUnit, boolean log2X, String yLabel,
            Unit yUnit, List<LineSeries> series) implements ChartData {
        public LineChart {
            Objects.requireNonNull(title, "title");
            Objects.requireNonNull(xUnit, "xUnit");
            Objects.requireNonNull(yUnit, "yUnit");
            series = List.copyOf(series);
        }
    }

    /**
     * One series of bars, one value per category of its chart, in the same order; {@code null}
     * or a non-finite value means missing.
     */
    record BarSeries(String name, String color, List<Double> values) {
        public BarSeries {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(color, "color");
            values = Collections.unmodifiableList(new ArrayList<>(values));
        }

        /** The value for category {@code i}, NaN when missing. */
        double value(int i) {
            Double v = values.get(i);
            return v == null || !Double.isFinite(v) ? Double.NaN : v;
        }
    }

    /**
     * A grouped bar chart: along x one group per category, in each group one bar per series.
     *
     * @throws IllegalArgumentException if a series does not have one value per category
     */
    record BarChart(String title, String xLabel, String yLabel, Unit yUnit, List<String> categories,
            List<BarSeries> series) implements ChartData {
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
}
