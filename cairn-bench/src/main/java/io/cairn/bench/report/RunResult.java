package io.cairn.bench.report;

import java.util.List;
import java.util.Map;

/**
 * One measured phase of one system under one workload and client setting: a row (or, per
 * operation type, several rows) of the results.
 *
 * @param scenario {@code ycsb}, {@code sweep}, {@code redis-benchmark}, {@code durability}, ...
 * @param system {@code cairn}, {@code redis}, {@code tarantool} or {@code memcached}
 * @param durability {@code none}, {@code write} or {@code fsync}
 * @param workload {@code a}..{@code f} for YCSB, a command name ({@code set}) for single-command
 *     tests, or another scenario-specific label
 * @param phase {@code load} or {@code run}
 * @param model {@code sync}, {@code multiplexed} or {@code pipeline}
 * @param clients logical clients
 * @param connections connections opened (equal to clients except when multiplexed)
 * @param pipeline requests in flight per client in the pipeline model, else 1
 * @param seconds length of the measured phase
 * @param operations operations completed in it, errors included
 * @param opsPerSecond {@code operations / seconds}
 * @param ops per operation type, in the order first seen
 * @param timeline throughput and p99 per interval
 * @param errorSamples a few distinct error messages, each with how often it was seen
 * @param unsupported why the system could not run this workload, or {@code null}; an unsupported
 *     result has no operations
 * @param repeats when the result is the median of repeated runs ({@code --repeat}): the throughput
 *     of every run, in the order run, this one among them; empty for a single run
 */
public record RunResult(String scenario, String system, String durability, String workload,
        String phase, String model, int clients, int connections, int pipeline, double seconds,
        long operations, double opsPerSecond, List<OpStats> ops, List<Sample> timeline,
        Map<String, Long> errorSamples, String unsupported, List<Double> repeats) {

    public RunResult {
        ops = List.copyOf(ops);
        timeline = List.copyOf(timeline);
        errorSamples = Map.copyOf(errorSamples);
        repeats = List.copyOf(repeats);
    }

    /** A result of a single run. */
    public RunResult(String scenario, String system, String durability, String workload,
            String phase, String model, int clients, int connections, int pipeline, double seconds,
            long operations, double opsPerSecond, List<OpStats> ops, List<Sample> timeline,
            Map<String, Long> errorSamples, String unsupported) {
        this(scenario, system, durability, workload, phase, model, clients, connections, pipeline, seconds,
                operations, opsPerSecond, ops, timeline, errorSamples, unsupported, List.of());
    }

    /**
     * The median of repeated runs of one cell: the run with the median throughput (of an even
     * number, the lower of the two middle ones), with {@link #repeats} listing every run's
     * throughput in the order given, and the error samples of the other runs added to its own,
     * each prefixed with {@code run N: } (N counted from 1), so that no error is hidden. One run
     * is returned as it is.
     *
     * @throws IllegalArgumentException when {@code runs} is empty
     */
    public static RunResult median(List<RunResult> runs) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("runs: empty (expected: at least one)");
        }
        if (runs.size() == 1) {
            return runs.getFirst();
        }
        List<RunResult> byThroughput = new java.util.ArrayList<>(runs);
        byThroughput.sort(java.util.Comparator.comparingDouble(RunResult::opsPerSecond));
        RunResult m = byThroughput.get((runs.size() - 1) / 2);
        Map<String, Long> samples = new java.util.LinkedHashMap<>(m.errorSamples());
        for (int i = 0; i < runs.size(); i++) {
            RunResult r = runs.get(i);
            if (r != m) {
                for (Map.Entry<String, Long> e : r.errorSamples().entrySet()) {
                    samples.merge("run " + (i + 1) + ": " + e.getKey(), e.getValue(), Long::sum);
                }
            }
        }
        return new RunResult(m.scenario, m.system, m.durability, m.workload, m.phase, m.model, m.clients,
                m.connections, m.pipeline, m.seconds, m.operations, m.opsPerSecond, m.ops, m.timeline, samples,
                m.unsupported, runs.stream().map(RunResult::opsPerSecond).toList());
    }

    /** Errors of every operation type together. */
    public long errors() {
        return ops.stream().filter(o -> !o.operation().equals("all")).mapToLong(OpStats::errors).sum();
    }

    public boolean isUnsupported() {
        return unsupported != null;
    }

    /** A result saying {@code system} cannot run {@code workload}, and why. */
    public static RunResult unsupported(String scenario, String system, String durability,
            String workload, String phase, String model, int clients, String why) {
        return new RunResult(scenario, system, durability, workload, phase, model, clients, 0, 1, 0,
                0, 0, List.of(), List.of(), Map.of(), why);
    }
}
