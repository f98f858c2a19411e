package io.cairn.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Cairn against each peer, the first thing a report's reader looks for: for every scenario,
 * workload and setting (durability and client model, named only where a scenario varies them),
 * Cairn's best result beside each other system's best, as ratios of throughput and of p99 latency.
 * "Best" is the supported result with the highest throughput ({@link ResultGroups#best}), so a sweep
 * compares each system at its own best client count and pipeline depth. A peer with no supported
 * result gets a row without ratios; a setting Cairn did not run gets none. Stateless.
 */
final class PeerRatios {
    /** The system the others are compared with. */
    static final String CAIRN = "cairn";

    /**
     * One comparison.
     *
     * @param setting durability and model as they vary in the scenario, "" when nothing varies
     * @param cairn Cairn's best result, supported
     * @param peer the peer's best result, perhaps unsupported
     */
    record Row(String scenario, String workload, String setting, RunResult cairn, RunResult peer) {

        /** Cairn's throughput over the peer's: above 1 when Cairn did more; NaN without both. */
        double throughput() {
            return peer.isUnsupported() || !(peer.opsPerSecond() > 0) ? Double.NaN
                    : cairn.opsPerSecond() / peer.opsPerSecond();
        }

        /** Cairn's p99 over the peer's, of all operations: below 1 when Cairn's is shorter; NaN without both. */
        double p99() {
            OpStats c = ResultGroups.aggregate(cairn);
            OpStats p = peer.isUnsupported() ? null : ResultGroups.aggregate(peer);
            return c == null || p == null || !(p.p99Micros() > 0) ? Double.NaN : c.p99Micros() / p.p99Micros();
        }
    }

    private PeerRatios() {
    }

    /** The comparisons in {@code report}, in the order the results were measured. */
    static List<Row> of(Report report) {
        List<Row> rows = new ArrayList<>();
        Map<String, List<RunResult>> byScenario = ResultGroups.groupBy(report.results(),
                r -> Objects.toString(r.scenario(), ""));
        for (Map.Entry<String, List<RunResult>> scenario : byScenario.entrySet()) {
            ResultGroups.Varying varying = ResultGroups.Varying.of(scenario.getValue());
            for (List<RunResult> workload : ResultGroups.groupBy(scenario.getValue(), ResultGroups::workloadLabel)
                    .values()) {
                for (List<RunResult> setting : ResultGroups.groupBy(workload,
                        r -> List.of(Objects.toString(r.durability(), ""), Objects.toString(r.model(), ""))).values()) {
                    compare(rows, scenario.getKey(), setting, varying);
                }
            }
        }
        return rows;
    }

    private static void compare(List<Row> rows, String scenario, List<RunResult> setting,
            ResultGroups.Varying varying) {
        Map<String, List<RunResult>> bySystem = ResultGroups.groupBy(setting, r -> Objects.toString(r.system(), ""));
        List<RunResult> cairns = bySystem.getOrDefault(CAIRN, List.of());
        RunResult cairn = cairns.isEmpty() ? null : ResultGroups.best(cairns);
        if (cairn == null || cairn.isUnsupported()) {
            return;
        }
        RunResult first = setting.getFirst();
        String label = ((varying.durability() ? first.durability() + " " : "")
                + (varying.model() ? first.model() : "")).strip();
        for (Map.Entry<String, List<RunResult>> e : bySystem.entrySet()) {
            if (!e.getKey().equals(CAIRN)) {
                rows.add(new Row(scenario, ResultGroups.workloadLabel(first), label, cairn,
                        ResultGroups.best(e.getValue())));
            }
        }
    }
}
