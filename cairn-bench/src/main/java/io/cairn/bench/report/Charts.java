package io.cairn.bench.report;

import io.cairn.bench.report.ChartData.LineChart;
import io.cairn.bench.report.ResultGroups.Varying;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Decides which charts a {@link Report} gets, and writes them. Per scenario, in the order measured:
 * <ul>
 *   <li>{@code throughput-by-clients-<scenario>-<workload>-<model>.svg}: throughput against
 *       clients, one line per system (and durability, pipeline depth when they differ), for each
 *       workload and model measured at two or more client counts; log2 x axis when the counts
 *       span a factor of four or more;
 *   <li>{@code throughput-<scenario>.svg}: throughput bars, workloads × systems;
 *   <li>{@code p99-<scenario>.svg}: p99 latency bars, workloads (per operation type when mixed)
 *       × systems;
 *   <li>{@code latency-<scenario>-<workload>.svg}: p50, p95, p99 and p99.9 bars per system;
 *   <li>{@code timeline-<scenario>-<workload>.svg}: throughput over time, one line per system,
 *       when the results have timelines;
 *   <li>{@code memory-<scenario>.svg}: resident memory per element, types × systems, when the
 *       scenario measured memory ({@link MemoryResult}).
 * </ul>
 * {@code <workload>} is suffixed with the phase unless it is {@code run} ({@code a-load}). Names
 * are made of {@code [a-z0-9-]} only (see {@link ResultGroups#slug}); a clash gets {@code -2},
 * {@code -3}, ... In the bar and timeline charts a system measured at several client counts is
 * represented by its best throughput, and the title says so. {@link ChartContents} decides what
 * each chart holds and {@link ChartRenderer} draws it. Stateless and thread-safe.
 */
public final class Charts {
    /** One chart: its file name, the scenario it belongs to and what it shows. */
    public record Chart(String fileName, String scenario, ChartData data) {
        public String title() {
            return data.title();
        }

        /** The chart drawn as a standalone SVG document. */
        public String svg() {
            return ChartRenderer.svg(data);
        }
    }

    private Charts() {
    }

    /** The charts {@code report} gets, in the order they should be shown. */
    public static List<Chart> plan(Report report) {
        List<Chart> charts = new ArrayList<>();
        Set<String> names = new HashSet<>();
        Map<String, List<RunResult>> byScenario = ResultGroups.groupBy(report.results(),
                r -> Objects.toString(r.scenario(), ""));
        for (Map.Entry<String, List<RunResult>> e : byScenario.entrySet()) {
            String scenario = e.getKey();
            List<RunResult> results = e.getValue();
            Varying varying = Varying.of(results);
            for (List<RunResult> group : ResultGroups.groupBy(results,
                    r -> List.of(ResultGroups.workloadLabel(r), Objects.toString(r.model(), ""))).values()) {
                if (ResultGroups.clientCounts(group).size() >= 2) {
                    RunResult first = group.getFirst();
                    String name = unique(names, "throughput-by-clients", scenario,
                            ResultGroups.workloadLabel(first), first.model());
                    charts.add(new Chart(name, scenario, ChartContents.sweep(scenario, group)));
                }
            }
            String clients = clientsNote(results);
            charts.add(new Chart(unique(names, "throughput", scenario), scenario,
                    ChartContents.throughputBars(scenario + clients, results, varying)));
            charts.add(new Chart(unique(names, "p99", scenario), scenario,
                    ChartContents.p99Bars(scenario + clients, results, varying)));
            for (List<RunResult> group : ResultGroups.groupBy(results, ResultGroups::workloadLabel).values()) {
                if (group.stream().allMatch(RunResult::isUnsupported)) {
                    continue;
                }
                String workload = ResultGroups.workloadLabel(group.getFirst());
                String subject = scenario + " " + workload + clientsNote(group);
                charts.add(new Chart(unique(names, "latency", scenario, workload), scenario,
                        ChartContents.percentiles(subject, group, varying)));
                LineChart timeline = ChartContents.timeline(subject, group, varying);
                if (timeline != null) {
                    charts.add(new Chart(unique(names, "timeline", scenario, workload), scenario, timeline));
                }
            }
            List<MemoryResult> memory = report.memory().stream()
                    .filter(m -> Objects.toString(m.scenario(), "").equals(scenario)).toList();
            if (memory.stream().anyMatch(m -> !m.isUnsupported())) {
                charts.add(new Chart(unique(names, "memory", scenario), scenario,
                        ChartContents.memoryBars(scenario, memory)));
            }
        }
        return charts;
    }

    /** Draws each chart to {@code outDir/fileName} (SVG, replacing) and returns the file names. */
    public static List<String> write(List<Chart> charts, Path outDir) throws IOException {
        List<String> names = new ArrayList<>(charts.size());
        for (Chart c : charts) {
            Files.writeString(outDir.resolve(c.fileName()), c.svg(), StandardCharsets.UTF_8);
            names.add(c.fileName());
        }
        return names;
    }

    /** {@link #plan} then {@link #write(List, Path)}; {@code outDir} must exist. */
    public static List<String> write(Report report, Path outDir) throws IOException {
        return write(plan(report), outDir);
    }

    /** {@code ", 16 clients"} when all supported results share one count, else a note that the best was taken. */
    private static String clientsNote(List<RunResult> results) {
        Set<Integer> counts = ResultGroups.clientCounts(results);
        if (counts.size() == 1) {
            int n = counts.iterator().next();
            return ", " + n + (n == 1 ? " client" : " clients");
        }
        return counts.isEmpty() ? "" : ", best client count";
    }

    private static String unique(Set<String> used, String... parts) {
        StringBuilder base = new StringBuilder();
        for (String p : parts) {
            base.append(base.isEmpty() ? "" : "-").append(ResultGroups.slug(p));
        }
        String name = base + ".svg";
        for (int i = 2; !used.add(name); i++) {
            name = base + "-" + i + ".svg";
        }
        return name;
    }
}
