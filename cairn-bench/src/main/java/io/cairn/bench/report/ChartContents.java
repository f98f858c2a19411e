package io.cairn.bench.report;

import io.cairn.bench.report.ChartData.BarChart;
import io.cairn.bench.report.ChartData.BarSeries;
import io.cairn.bench.report.ChartData.LineChart;
import io.cairn.bench.report.ChartData.LineSeries;
import io.cairn.bench.report.ChartData.Point;
import io.cairn.bench.report.ChartData.Unit;
import io.cairn.bench.report.ResultGroups.Varying;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.ToDoubleFunction;

/**
 * Builds the content of each chart {@link Charts} decides on from a group of results: which series,
 * categories and values, and each series' colour ({@link Palette}: a system's own colour, varied by
 * lightness or dash for its further series in the same chart). Stateless and thread-safe.
 */
final class ChartContents {
    private static final List<String> PERCENTILES = List.of("p50", "p95", "p99", "p99.9");

    private ChartContents() {
    }

    static LineChart sweep(String scenario, List<RunResult> group) {
        RunResult first = group.getFirst();
        Varying varying = Varying.of(group);
        Map<String, List<RunResult>> bySeries = ResultGroups.groupBy(group, varying::label);
        Styles styles = new Styles();
        List<LineSeries> series = new ArrayList<>();
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        for (Map.Entry<String, List<RunResult>> e : bySeries.entrySet()) {
            List<Point> points = new ArrayList<>();
            for (RunResult r : e.getValue()) {
                if (!r.isUnsupported()) {
                    points.add(new Point(r.clients(), r.opsPerSecond()));
                    lo = Math.min(lo, r.clients());
                    hi = Math.max(hi, r.clients());
                }
            }
            String system = e.getValue().getFirst().system();
            series.add(new LineSeries(e.getKey(), Palette.color(system), styles.dash(system), points));
        }
        boolean log2 = lo > 0 && hi / lo >= 4;
        String title = "Throughput by clients — " + scenario + " " + ResultGroups.workloadLabel(first)
                + ", " + first.model();
        return new LineChart(title, "clients", Unit.PLAIN, log2, "ops/s", Unit.COUNT, series);
    }

    static BarChart throughputBars(String subject, List<RunResult> results, Varying varying) {
        List<String> categories = new ArrayList<>();
        List<Map<String, RunResult>> cells = new ArrayList<>();
        for (List<RunResult> group : ResultGroups.groupBy(results, ResultGroups::workloadLabel).values()) {
            categories.add(ResultGroups.workloadLabel(group.getFirst()));
            cells.add(representatives(group, varying));
        }
        return new BarChart("Throughput — " + subject, "workload", "ops/s", Unit.COUNT, categories,
                barSeries(results, varying, cells, RunResult::opsPerSecond));
    }

    static BarChart p99Bars(String subject, List<RunResult> results, Varying varying) {
        List<String> categories = new ArrayList<>();
        List<Map<String, RunResult>> cells = new ArrayList<>();
        List<String> ops = new ArrayList<>();
        for (List<RunResult> group : ResultGroups.groupBy(results, ResultGroups::workloadLabel).values()) {
            String workload = ResultGroups.workloadLabel(group.getFirst());
            List<String> names = ResultGroups.opNames(group);
            Map<String, RunResult> reps = representatives(group, varying);
            if (names.size() <= 1) {
                categories.add(workload);
                cells.add(reps);
                ops.add(null);
            } else {
                for (String op : names) {
                    categories.add(workload + " " + op);
                    cells.add(reps);
                    ops.add(op);
                }
            }
        }
        Styles styles = new Styles();
        List<BarSeries> series = new ArrayList<>();
        for (Map.Entry<String, List<RunResult>> e : ResultGroups.groupBy(results, varying::label).entrySet()) {
            List<Double> values = new ArrayList<>();
            for (int i = 0; i < categories.size(); i++) {
                RunResult r = cells.get(i).get(e.getKey());
                OpStats s = r == null || r.isUnsupported() ? null
                        : ops.get(i) == null ? ResultGroups.aggregate(r) : ResultGroups.op(r, ops.get(i));
                values.add(s == null ? Double.NaN : s.p99Micros());
            }
            series.add(new BarSeries(e.getKey(), styles.shade(e.getValue().getFirst().system()), values));
        }
        return new BarChart("p99 latency — " + subject, "workload", "p99 latency", Unit.MICROS,
                categories, series);
    }

    static BarChart percentiles(String subject, List<RunResult> group, Varying varying) {
        List<String> ops = ResultGroups.opNames(group);
        Styles styles = new Styles();
        List<BarSeries> series = new ArrayList<>();
        for (Map.Entry<String, RunResult> e : representatives(group, varying).entrySet()) {
            RunResult r = e.getValue();
            if (ops.size() <= 1) {
                series.add(new BarSeries(e.getKey(), styles.shade(r.system()),
                        percentiles(r.isUnsupported() ? null : ResultGroups.aggregate(r))));
            } else {
                for (String op : ops) {
                    series.add(new BarSeries(e.getKey() + " " + op, styles.shade(r.system()),
                            percentiles(r.isUnsupported() ? null : ResultGroups.op(r, op))));
                }
            }
        }
        return new BarChart("Latency percentiles — " + subject, "percentile", "latency", Unit.MICROS,
                PERCENTILES, series);
    }

    /** Throughput over time per system, or {@code null} when no result has a timeline. */
    static LineChart timeline(String subject, List<RunResult> group, Varying varying) {
        Styles styles = new Styles();
        List<LineSeries> series = new ArrayList<>();
        for (Map.Entry<String, RunResult> e : representatives(group, varying).entrySet()) {
            RunResult r = e.getValue();
            if (r.timeline().isEmpty()) {
                continue;
            }
            List<Point> points = r.timeline().stream().map(s -> new Point(s.atSeconds(), s.opsPerSecond()))
                    .toList();
            series.add(new LineSeries(e.getKey(), Palette.color(r.system()), styles.dash(r.system()), points));
        }
        if (series.isEmpty()) {
            return null;
        }
        return new LineChart("Throughput over time — " + subject, "seconds", Unit.PLAIN, false, "ops/s",
                Unit.COUNT, series);
    }

    /**
     * Resident memory per element, one group of bars per collection type and one bar per system
     * (and durability, when several were measured); unsupported results are gaps.
     */
    static BarChart memoryBars(String scenario, List<MemoryResult> memory) {
        boolean durabilities = memory.stream().map(MemoryResult::durability).distinct().count() > 1;
        List<String> types = memory.stream().map(MemoryResult::type).distinct().toList();
        Map<String, List<MemoryResult>> bySeries = new LinkedHashMap<>();
        for (MemoryResult m : memory) {
            String label = m.system() + (durabilities ? " " + m.durability() : "");
            bySeries.computeIfAbsent(label, k -> new ArrayList<>()).add(m);
        }
        Styles styles = new Styles();
        List<BarSeries> series = new ArrayList<>();
        for (Map.Entry<String, List<MemoryResult>> e : bySeries.entrySet()) {
            List<Double> values = new ArrayList<>();
            for (String type : types) {
                values.add(e.getValue().stream().filter(m -> m.type().equals(type) && !m.isUnsupported())
                        .mapToDouble(MemoryResult::rssPerElement).findFirst().orElse(Double.NaN));
            }
            series.add(new BarSeries(e.getKey(), styles.shade(e.getValue().getFirst().system()), values));
        }
        return new BarChart("Resident memory per element — " + scenario, "type", "bytes per element (RSS)",
                Unit.COUNT, types, series);
    }

    /** Per series label, the result standing for it in {@code group} (see {@link ResultGroups#best}). */
    private static Map<String, RunResult> representatives(List<RunResult> group, Varying varying) {
        Map<String, RunResult> reps = new LinkedHashMap<>();
        ResultGroups.groupBy(group, varying::label).forEach((label, rs) -> reps.put(label, ResultGroups.best(rs)));
        return reps;
    }

    private static List<BarSeries> barSeries(List<RunResult> results, Varying varying,
            List<Map<String, RunResult>> cells, ToDoubleFunction<RunResult> value) {
        Styles styles = new Styles();
        List<BarSeries> series = new ArrayList<>();
        for (Map.Entry<String, List<RunResult>> e : ResultGroups.groupBy(results, varying::label).entrySet()) {
            List<Double> values = new ArrayList<>();
            for (Map<String, RunResult> cell : cells) {
                RunResult r = cell.get(e.getKey());
                values.add(r == null || r.isUnsupported() ? Double.NaN : value.applyAsDouble(r));
            }
            series.add(new BarSeries(e.getKey(), styles.shade(e.getValue().getFirst().system()), values));
        }
        return series;
    }

    private static List<Double> percentiles(OpStats s) {
        if (s == null) {
            return List.of(Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        return List.of(s.p50Micros(), s.p95Micros(), s.p99Micros(), s.p999Micros());
    }

    /** Hands out each system's colour, varied for its second, third, ... series in one chart. */
    private static final class Styles {
        private final Map<String, Integer> seen = new HashMap<>();

        String shade(String system) {
            return Palette.shade(Palette.color(system), next(system));
        }

        String dash(String system) {
            return Palette.dash(next(system));
        }

        private int next(String system) {
            return seen.merge(Objects.toString(system, ""), 1, Integer::sum) - 1;
        }
    }
}
