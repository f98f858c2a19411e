package io.cairn.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reports to write in tests: a YCSB scenario with three systems (one named {@value #ODD_SYSTEM},
 * which needs escaping everywhere), a mixed and a single-operation workload, an unsupported
 * result, an error sample full of awkward characters and NaN latencies; and a sweep over 1, 2, 4
 * and 8 clients whose throughput grows with the client count.
 */
final class ReportFixtures {
    static final String ODD_SYSTEM = "a\"b<c&";
    static final String UNSUPPORTED_REASON = "no SCAN, by design";
    static final String ERROR_MESSAGE = "ERR value <bad> & \"quoted\"\nline 2\u0001 caf\u00e9 \u2603";
    static final double PRICE_PER_MONTH = 100;
    /** cairn's throughput on workload a: 1,000 ops/s, so a billion requests cost 100 / 2,629,800 / 1,000 * 1e9. */
    static final double CAIRN_A_OPS = 1000;

    private ReportFixtures() {
    }

    static Report report() {
        List<RunResult> results = new ArrayList<>();
        results.add(mixed("cairn", CAIRN_A_OPS, Map.of(ERROR_MESSAGE, 2L, "ERR busy", 1L)));
        results.add(mixed("redis", 2000, Map.of()));
        results.add(mixed(ODD_SYSTEM, 500, Map.of()));
        results.add(single("ycsb", "cairn", "c", 16, 3000));
        results.add(single("ycsb", "redis", "c", 16, 4000));
        results.add(RunResult.unsupported("ycsb", "tarantool", "none", "e", "run", "sync", 16, UNSUPPORTED_REASON));
        results.add(single("ycsb", "cairn", "e", 16, 800));
        double[] cairn = {100, 190, 350, 600};
        double[] redis = {120, 200, 300, 320};
        int[] clients = {1, 2, 4, 8};
        for (int i = 0; i < clients.length; i++) {
            results.add(single("sweep", "cairn", "a", clients[i], cairn[i]));
            results.add(single("sweep", "redis", "a", clients[i], redis[i]));
        }
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("clients", "16");
        settings.put("label", ODD_SYSTEM);
        settings.put("redis.appendfsync", "everysec");
        Machine machine = new Machine(2, 8L << 30, "Test CPU @ 3.0GHz", "Linux", "6.1.0", "Temurin 25",
                "bench-host", "abc1234", "2025-01-02T03:04:05Z");
        return new Report("YCSB & sweep <test>", machine, settings, results, PRICE_PER_MONTH);
    }

    /** Workload a, 16 clients, half reads and half updates over 10 s, with a timeline. */
    static RunResult mixed(String system, double opsPerSecond, Map<String, Long> errorSamples) {
        long ops = (long) (opsPerSecond * 10);
        long errors = errorSamples.values().stream().mapToLong(Long::longValue).sum();
        List<OpStats> stats = List.of(
                new OpStats("read", ops / 2, errors, 210.5, 200, 400, 1250, 2000, Double.NaN),
                new OpStats("update", ops - ops / 2, 0, 310, 300, 500, 1500, 2500, 9000));
        List<Sample> timeline = new ArrayList<>();
        for (int s = 1; s <= 10; s++) {
            timeline.add(new Sample(s, opsPerSecond * (0.9 + s % 3 * 0.1), s == 5 ? Double.NaN : 1300));
        }
        return new RunResult("ycsb", system, "none", "a", "run", "sync", 16, 16, 1, 10, ops, opsPerSecond,
                stats, timeline, errorSamples, null);
    }

    /** A single-operation result over 10 s without a timeline. */
    static RunResult single(String scenario, String system, String workload, int clients, double opsPerSecond) {
        long ops = (long) (opsPerSecond * 10);
        OpStats read = new OpStats("read", ops, 0, 150, 120, 300, 900, 1500, 4000);
        return new RunResult(scenario, system, "none", workload, "run", "sync", clients, clients, 1, 10, ops,
                opsPerSecond, List.of(read), List.of(), Map.of(), null);
    }
}
