package io.cairn.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * How the writers group and label results, kept in one place so the tables, charts and files agree:
 * results grouped by scenario and workload in the order measured, series labelled by system plus
 * whichever of durability, model and pipeline depth differ within the group, and the all-operations
 * statistics of a result.
 *
 * <p>The all-operations latency of a result is its {@link OpStats} named {@value #ALL} when the run
 * recorded one (a histogram of every operation type together), else its only operation type's;
 * a mixed workload without an {@value #ALL} entry has none, since percentiles of different
 * operation types cannot be combined exactly. Stateless and thread-safe.
 */
final class ResultGroups {
    /** The name of the all-operations row, and of an optional all-operations {@link OpStats}. */
    static final String ALL = "all";

    private ResultGroups() {
    }

    /** {@code results} grouped by {@code key}, groups and members in the order first seen. */
    static <K> Map<K, List<RunResult>> groupBy(List<RunResult> results, Function<RunResult, K> key) {
        Map<K, List<RunResult>> groups = new LinkedHashMap<>();
        for (RunResult r : results) {
            groups.computeIfAbsent(key.apply(r), k -> new ArrayList<>()).add(r);
        }
        return groups;
    }

    /** The workload, suffixed with the phase unless it is the run phase: {@code a}, {@code a-load}. */
    static String workloadLabel(RunResult r) {
        String workload = Objects.toString(r.workload(), "");
        String phase = r.phase();
        if (phase == null || phase.isEmpty() || phase.equals("run")) {
            return workload;
        }
        return workload + "-" + phase;
    }

    /**
     * Which of a group's dimensions besides the system differ between its results. Pipeline depth
     * counts among supported results only: an unsupported result records none.
     */
    record Varying(boolean durability, boolean model, boolean pipeline) {

        static Varying of(List<RunResult> group) {
            List<RunResult> supported = group.stream().filter(r -> !r.isUnsupported()).toList();
            return new Varying(distinct(group, RunResult::durability) > 1,
                    distinct(group, RunResult::model) > 1, distinct(supported, RunResult::pipeline) > 1);
        }

        /**
         * The system, plus the differing dimensions: {@code cairn}, {@code cairn fsync p16}; an
         * unsupported result's label has no pipeline depth.
         */
        String label(RunResult r) {
            StringBuilder sb = new StringBuilder(Objects.toString(r.system(), ""));
            if (durability) {
                sb.append(' ').append(r.durability());
            }
            if (model) {
                sb.append(' ').append(r.model());
            }
            if (pipeline && !r.isUnsupported()) {
                sb.append(" p").append(r.pipeline());
            }
            return sb.toString();
        }

        private static int distinct(List<RunResult> group, Function<RunResult, ?> f) {
            Set<Object> seen = new LinkedHashSet<>();
            group.forEach(r -> seen.add(f.apply(r)));
            return seen.size();
        }
    }

    /** The distinct client counts of the supported results. */
    static Set<Integer> clientCounts(List<RunResult> group) {
        Set<Integer> counts = new LinkedHashSet<>();
        group.stream().filter(r -> !r.isUnsupported()).forEach(r -> counts.add(r.clients()));
        return counts;
    }

    /**
     * The result standing for a series in a chart: the supported one with the highest throughput,
     * or the first when all are unsupported.
     */
    static RunResult best(List<RunResult> candidates) {
        RunResult best = candidates.getFirst();
        for (RunResult r : candidates) {
            if (!r.isUnsupported() && (best.isUnsupported() || r.opsPerSecond() > best.opsPerSecond())) {
                best = r;
            }
        }
        return best;
    }

    /** The all-operations statistics (see the class comment), or {@code null} when there are none. */
    static OpStats aggregate(RunResult r) {
        List<OpStats> types = opTypes(r);
        for (OpStats s : r.ops()) {
            if (ALL.equals(s.operation())) {
                return s;
            }
        }
        return types.size() == 1 ? types.getFirst() : null;
    }

    /** The per-type statistics, without an {@value #ALL} entry. */
    static List<OpStats> opTypes(RunResult r) {
        return r.ops().stream().filter(s -> !ALL.equals(s.operation())).toList();
    }

    /** The statistics of operation type {@code name}, or {@code null}. */
    static OpStats op(RunResult r, String name) {
        return r.ops().stream().filter(s -> s.operation().equals(name)).findFirst().orElse(null);
    }

    /** The operation types of a group, without {@value #ALL}, in the order first seen. */
    static List<String> opNames(List<RunResult> group) {
        Set<String> names = new LinkedHashSet<>();
        group.forEach(r -> opTypes(r).forEach(s -> names.add(s.operation())));
        return List.copyOf(names);
    }

    /** {@code text} lower-cased with every run of characters outside {@code [a-z0-9]} made one dash. */
    static String slug(String text) {
        String s = Objects.toString(text, "").toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
        s = s.replaceAll("^-+|-+$", "");
        return s.isEmpty() ? "x" : s;
    }
}
