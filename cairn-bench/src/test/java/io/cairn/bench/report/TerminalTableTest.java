package io.cairn.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TerminalTableTest {
    private final List<RunResult> results = ReportFixtures.report().results();
    private final List<String> lines = TerminalTable.render(results).lines().toList();

    @Test
    void hasAHeaderARuleAndARowPerResultPlusOnePerOperationOfMixedWorkloads() {
        assertThat(lines.get(0)).startsWith("system").contains("ops/s", "p50", "p99", "p99.9").endsWith("errors");
        assertThat(lines.get(1)).matches("[- ]+");
        long mixedOps = results.stream().filter(r -> r.ops().size() > 1).mapToLong(r -> r.ops().size()).sum();
        assertThat(lines).hasSize(2 + results.size() + (int) mixedOps);
        assertThat(lines.get(3)).contains("  read ");
        assertThat(lines.get(4)).contains("  update ");
    }

    @Test
    void numbersAreRightAlignedToTheHeader() {
        int width = lines.get(0).length();
        assertThat(lines.stream().filter(l -> !l.contains("unsupported")))
                .allSatisfy(l -> assertThat(l).hasSize(width));
        int opsEnd = lines.get(0).indexOf("ops/s") + "ops/s".length();
        String cairnA = lines.get(2);
        assertThat(cairnA.substring(0, opsEnd)).endsWith(" 1k");
    }

    @Test
    void usesHumaneUnits() {
        String text = String.join("\n", lines);
        assertThat(text).contains("1.25 ms", "200 us", "2k", "4k");
        RunResult fast = ReportFixtures.single("x", "cairn", "c", 1, 123_400);
        assertThat(TerminalTable.render(List.of(fast))).contains("123.4k", "900 us", "1.5 ms");
    }

    @Test
    void mixedWorkloadWithoutAllOperationsLatencyShowsADash() {
        assertThat(lines.get(2)).startsWith("cairn").contains(" all ").contains(" - ");
        RunResult withAll = new RunResult("ycsb", "cairn", "none", "a", "run", "sync", 1, 1, 1, 1, 2, 2,
                List.of(new OpStats("all", 2, 0, 5, 5, 5, 5, 5, 5), new OpStats("read", 1, 0, 4, 4, 4, 4, 4, 4),
                        new OpStats("update", 1, 0, 6, 6, 6, 6, 6, 6)), List.of(), Map.of(), null);
        List<String> table = TerminalTable.render(List.of(withAll)).lines().toList();
        assertThat(table).hasSize(5);
        assertThat(table.get(2)).contains(" all ").contains("5 us");
    }

    @Test
    void unsupportedResultShowsItsReason() {
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("tarantool")
                .endsWith("unsupported: " + ReportFixtures.UNSUPPORTED_REASON));
    }

    @Test
    void progressLineIsShortAndEstimatesTheRest() {
        String line = TerminalTable.progressLine("run", "cairn", "a", 12, 1_000, 11_000, 1_000);
        assertThat(line).isEqualTo("[run] cairn/a  elapsed 12s  1k/11k ops 9%  1k ops/s  ETA 10s");
        String unknown = TerminalTable.progressLine("load", "redis", "c", 75, 5_500_000, 0, 123_456);
        assertThat(unknown).isEqualTo("[load] redis/c  elapsed 1m15s  5.5M ops  123.5k ops/s  ETA -");
        String longest = TerminalTable.progressLine("x".repeat(50), "y".repeat(50), "z".repeat(50), 1e9,
                Long.MAX_VALUE / 2, Long.MAX_VALUE, 9.99e17);
        assertThat(longest.length()).isLessThan(TerminalTable.MAX_PROGRESS_COLUMNS);
    }
}
