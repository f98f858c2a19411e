package io.cairn.bench.report;

import java.util.List;
import java.util.Map;

/**
 * Everything one {@code cairn bench} command measured: where, with which settings, and every
 * result. What the writers in this package turn into files.
 *
 * @param title the scenario and a short description, for headings
 * @param machine the machine and software
 * @param settings every option of the command (name to value as given or defaulted), plus each
 *     peer's settings under {@code <system>.<name>}
 * @param results in the order measured
 * @param pricePerMonth the machine's price per month (any currency), or 0 when not given; with it
 *     the reports show the cost per billion requests
 * @param memory what collections cost in memory ({@code cairn bench memory}), in the order measured;
 *     empty for the other scenarios
 * @param servers what each server held after each phase ({@code cairn bench ycsb}), in the order
 *     read; empty for the other scenarios
 */
public record Report(String title, Machine machine, Map<String, String> settings,
        List<RunResult> results, double pricePerMonth, List<MemoryResult> memory, List<ServerResult> servers) {

    public Report {
        settings = Map.copyOf(settings);
        results = List.copyOf(results);
        memory = List.copyOf(memory);
        servers = List.copyOf(servers);
    }

    /** A report without server readings. */
    public Report(String title, Machine machine, Map<String, String> settings, List<RunResult> results,
            double pricePerMonth, List<MemoryResult> memory) {
        this(title, machine, settings, results, pricePerMonth, memory, List.of());
    }

    /** A report without memory results. */
    public Report(String title, Machine machine, Map<String, String> settings, List<RunResult> results,
            double pricePerMonth) {
        this(title, machine, settings, results, pricePerMonth, List.of());
    }

    /** Seconds in an average month (365.25 / 12 days). */
    public static final double SECONDS_PER_MONTH = 365.25 / 12 * 86_400;

    /**
     * What a billion requests cost at {@code opsPerSecond} on a machine that costs
     * {@link #pricePerMonth()}, or NaN without a price or throughput.
     */
    public double costPerBillion(double opsPerSecond) {
        if (pricePerMonth <= 0 || opsPerSecond <= 0) {
            return Double.NaN;
        }
        return pricePerMonth / SECONDS_PER_MONTH / opsPerSecond * 1e9;
    }
}
