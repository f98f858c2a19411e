package io.cairn.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonReportTest {
    private final Report report = ReportFixtures.report();
    private final String json = JsonReport.toJson(report);
    private final Map<String, Object> root = map(MiniJson.parse(json));

    @Test
    void parsesAndKeepsTitleMachineAndSettings() {
        assertThat(root.get("title")).isEqualTo("YCSB & sweep <test>");
        assertThat(map(root.get("machine")).get("cores")).isEqualTo(new BigDecimal(2));
        assertThat(map(root.get("machine")).get("memoryBytes")).isEqualTo(new BigDecimal(8L << 30));
        assertThat(map(root.get("settings"))).containsEntry("label", ReportFixtures.ODD_SYSTEM)
                .containsKeys("clients", "redis.appendfsync");
        assertThat(root.get("pricePerMonth")).isEqualTo(new BigDecimal(100));
    }

    @Test
    void everyResultRoundTripsItsKeyNumbers() {
        List<Object> results = list(root.get("results"));
        assertThat(results).hasSize(report.results().size());
        for (int i = 0; i < results.size(); i++) {
            RunResult r = report.results().get(i);
            Map<String, Object> m = map(results.get(i));
            assertThat(m.get("system")).isEqualTo(r.system());
            assertThat(m.get("clients")).isEqualTo(new BigDecimal(r.clients()));
            assertThat(m.get("operations")).isEqualTo(new BigDecimal(r.operations()));
            assertThat(((BigDecimal) m.get("opsPerSecond")).doubleValue()).isEqualTo(r.opsPerSecond());
            assertThat(list(m.get("ops"))).hasSize(r.ops().size());
            assertThat(list(m.get("timeline"))).hasSize(r.timeline().size());
            assertThat(m.get("unsupported")).isEqualTo(r.unsupported());
        }
    }

    @Test
    void integersHaveNoFractionAndNaNIsNull() {
        assertThat(json).contains("\"operations\": 10000,").doesNotContain("10000.0");
        Map<String, Object> cairn = map(list(root.get("results")).getFirst());
        Map<String, Object> read = map(list(cairn.get("ops")).getFirst());
        assertThat(read).containsEntry("maxMicros", null);
        assertThat(read.get("meanMicros")).isEqualTo(new BigDecimal("210.5"));
        Map<String, Object> fifth = map(list(cairn.get("timeline")).get(4));
        assertThat(fifth).containsEntry("p99Micros", null);
        assertThat(json).doesNotContain("NaN").doesNotContain("Infinity");
    }

    @Test
    void costPerBillionIsWrittenForPricedResults() {
        Map<String, Object> cairn = map(list(root.get("results")).getFirst());
        assertThat(((BigDecimal) cairn.get("costPerBillion")).doubleValue())
                .isCloseTo(100 / Report.SECONDS_PER_MONTH / 1000 * 1e9, within(1e-9))
                .isCloseTo(38.026, within(0.001));
        Map<String, Object> tarantool = map(list(root.get("results")).get(5));
        assertThat(tarantool).doesNotContainKey("costPerBillion")
                .containsEntry("unsupported", ReportFixtures.UNSUPPORTED_REASON);
    }

    @Test
    void unpricedReportHasNoCosts() {
        Report unpriced = new Report("t", null, Map.of(), report.results(), 0);
        String text = JsonReport.toJson(unpriced);
        Map<String, Object> m = map(MiniJson.parse(text));
        assertThat(m).containsEntry("pricePerMonth", null).containsEntry("machine", null);
        assertThat(text).doesNotContain("costPerBillion");
    }

    @Test
    void stringsEscapeControlCharactersAndKeepNonAsciiAsUtf8() {
        Map<String, Object> cairn = map(list(root.get("results")).getFirst());
        Map<String, Object> samples = map(cairn.get("errorSamples"));
        assertThat(samples).containsEntry(ReportFixtures.ERROR_MESSAGE, new BigDecimal(2))
                .containsEntry("ERR busy", BigDecimal.ONE);
        assertThat(samples.keySet()).first().isEqualTo(ReportFixtures.ERROR_MESSAGE);
        assertThat(json).contains("\\n").contains("\\u0001").contains("\\\"quoted\\\"")
                .contains("caf\u00e9 \u2603").doesNotContain("\\u00e9");
    }

    @Test
    void isIndentedWithOneMemberPerLine() {
        assertThat(json).startsWith("{\n  \"title\": \"YCSB & sweep <test>\",\n  \"machine\": {\n    \"cores\": 2,")
                .endsWith("}\n");
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Object o) {
        return (Map<String, Object>) o;
    }

    @SuppressWarnings("unchecked")
    static List<Object> list(Object o) {
        return (List<Object>) o;
    }
}
