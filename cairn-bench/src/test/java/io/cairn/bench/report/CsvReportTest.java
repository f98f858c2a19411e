package io.cairn.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class CsvReportTest {
    private final Report report = ReportFixtures.report();
    private final String csv = CsvReport.toCsv(report);
    private final List<List<String>> rows = CsvText.records(csv);

    @Test
    void headerNamesTheColumnsInOrder() {
        assertThat(csv).startsWith("scenario,system,durability,workload,phase,model,clients,connections,"
                + "pipeline,seconds,operation,count,errors,ops_per_sec,mean_us,p50_us,p95_us,p99_us,p999_us,"
                + "max_us,cost_per_billion,unsupported,repeats\r\n");
    }

    @Test
    void eachResultHasARowPerOperationTypeAndOneAllRow() {
        long expected = 1 + report.results().stream()
                .mapToLong(r -> r.isUnsupported() ? 1 : r.ops().size() + 1).sum();
        assertThat(rows).hasSize((int) expected);
        assertThat(rows).allSatisfy(row -> assertThat(row).hasSize(CsvReport.COLUMNS.size()));
        assertThat(rows.stream().filter(r -> r.get(col("operation")).equals("all")).count())
                .isEqualTo(report.results().size());
    }

    @Test
    void fieldsWithQuotesCommasOrLineBreaksAreQuotedWithQuotesDoubled() {
        assertThat(csv).contains(",\"a\"\"b<c&\",");
        assertThat(csv).contains(",\"" + ReportFixtures.UNSUPPORTED_REASON + "\",\r\n");
        assertThat(rows.stream().map(r -> r.get(col("system")))).contains(ReportFixtures.ODD_SYSTEM);
        assertThat(CsvReport.quote("plain")).isEqualTo("plain");
        assertThat(CsvReport.quote("two\nlines")).isEqualTo("\"two\nlines\"");
    }

    @Test
    void unsupportedResultIsOneRowGivingTheReason() {
        List<List<String>> tarantool = rows.stream().filter(r -> r.get(col("system")).equals("tarantool")).toList();
        assertThat(tarantool).hasSize(1);
        List<String> row = tarantool.getFirst();
        assertThat(row.get(col("unsupported"))).isEqualTo(ReportFixtures.UNSUPPORTED_REASON);
        assertThat(row.get(col("ops_per_sec"))).isEmpty();
        assertThat(row.get(col("workload"))).isEqualTo("e");
    }

    @Test
    void allRowCarriesThroughputAndCostPerBillion() {
        List<String> all = row("cairn", "a", "all");
        assertThat(all.get(col("count"))).isEqualTo("10000");
        assertThat(all.get(col("errors"))).isEqualTo("3");
        assertThat(all.get(col("ops_per_sec"))).isEqualTo("1000");
        // 100 per month / 2,629,800 s per month / 1,000 ops/s * 1e9 requests
        assertThat(Double.parseDouble(all.get(col("cost_per_billion")))).isCloseTo(38.026, within(0.001));
        assertThat(all.get(col("p99_us"))).as("mixed workload without all-ops latency").isEmpty();
    }

    @Test
    void operationRowsCarryLatenciesAndNaNIsEmpty() {
        List<String> read = row("cairn", "a", "read");
        assertThat(read.get(col("count"))).isEqualTo("5000");
        assertThat(read.get(col("ops_per_sec"))).isEqualTo("500");
        assertThat(read.get(col("mean_us"))).isEqualTo("210.5");
        assertThat(read.get(col("p99_us"))).isEqualTo("1250");
        assertThat(read.get(col("max_us"))).isEmpty();
        assertThat(read.get(col("cost_per_billion"))).isEmpty();
    }

    @Test
    void singleOperationResultHasLatencyInItsAllRow() {
        assertThat(row("cairn", "c", "all").get(col("p99_us"))).isEqualTo("900");
    }

    private List<String> row(String system, String workload, String operation) {
        return rows.stream().filter(r -> r.get(col("system")).equals(system)
                && r.get(col("workload")).equals(workload) && r.get(col("scenario")).equals("ycsb")
                && r.get(col("operation")).equals(operation)).findFirst().orElseThrow();
    }

    private static int col(String name) {
        return CsvReport.COLUMNS.indexOf(name);
    }
}
