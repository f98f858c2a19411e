package io.cairn.bench.workload;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WorkloadSpecTest {
    @Test
    void builderStartsFromYcsbDefaults() {
        WorkloadSpec spec = WorkloadSpec.builder("x").build();
        assertThat(spec.recordCount()).isEqualTo(1000);
        assertThat(spec.operationCount()).isEqualTo(1000);
        assertThat(spec.fieldCount()).isEqualTo(10);
        assertThat(spec.fieldLength()).isEqualTo(100);
        assertThat(spec.proportion(Operation.READ)).isEqualTo(0.95);
        assertThat(spec.proportion(Operation.UPDATE)).isEqualTo(0.05);
        assertThat(spec.proportion(Operation.SCAN)).isZero();
        assertThat(spec.requestDistribution()).isEqualTo(Distribution.UNIFORM);
        assertThat(spec.maxScanLength()).isEqualTo(100);
        assertThat(spec.scanLengthDistribution()).isEqualTo(Distribution.UNIFORM);
        assertThat(spec.insertOrder()).isEqualTo(InsertOrder.HASHED);
        assertThat(spec.toBuilder().build()).isEqualTo(spec);
    }

    @Test
    void aProportionOutsideZeroToOneIsNamed() {
        assertThatThrownBy(() -> WorkloadSpec.builder("x").proportion(Operation.READ, -0.1).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("readProportion: -0.1 (expected: 0 <= readProportion <= 1)");
        assertThatThrownBy(() -> WorkloadSpec.builder("x")
                        .proportion(Operation.READ_MODIFY_WRITE, Double.NaN).build())
                .hasMessage("readModifyWriteProportion: NaN"
                        + " (expected: 0 <= readModifyWriteProportion <= 1)");
    }

    @Test
    void proportionsMustSumToOne() {
        assertThatThrownBy(() -> WorkloadSpec.builder("x").proportion(Operation.READ, 0.9).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("proportions: {READ=0.9, UPDATE=0.05, INSERT=0.0, SCAN=0.0,"
                        + " READ_MODIFY_WRITE=0.0} sum to 0.95")
                .hasMessageEndingWith("(expected: 1 within 1.0E-9)");
        // Decimal fractions that do not add to exactly 1.0 in binary are accepted.
        WorkloadSpec spec = WorkloadSpec.builder("x")
                .proportions(Map.of(Operation.READ, 0.1, Operation.UPDATE, 0.2, Operation.INSERT, 0.7))
                .build();
        assertThat(spec.proportion(Operation.INSERT)).isEqualTo(0.7);
    }

    @Test
    void countsAndSizesMustBePositive() {
        assertThatThrownBy(() -> WorkloadSpec.builder("x").recordCount(0).build())
                .hasMessage("recordCount: 0 (expected: > 0)");
        assertThatThrownBy(() -> WorkloadSpec.builder("x").operationCount(-5).build())
                .hasMessage("operationCount: -5 (expected: > 0)");
        assertThatThrownBy(() -> WorkloadSpec.builder("x").fieldCount(0).build())
                .hasMessage("fieldCount: 0 (expected: > 0)");
        assertThatThrownBy(() -> WorkloadSpec.builder("x").fieldLength(0).build())
                .hasMessage("fieldLength: 0 (expected: > 0)");
        assertThatThrownBy(() -> WorkloadSpec.builder("x").maxScanLength(0).build())
                .hasMessage("maxScanLength: 0 (expected: > 0)");
    }

    @Test
    void scanLengthsCannotBeLatest() {
        assertThatThrownBy(() -> WorkloadSpec.builder("x")
                        .scanLengthDistribution(Distribution.LATEST).build())
                .hasMessage("scanLengthDistribution: LATEST (expected: UNIFORM or ZIPFIAN)");
    }

    @Test
    void proportionsAreCopiedAndUnmodifiable() {
        WorkloadSpec spec = CoreWorkloads.a(10, 10);
        assertThat(spec.proportions()).hasSize(Operation.values().length);
        assertThatThrownBy(() -> spec.proportions().put(Operation.SCAN, 1.0))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void coreWorkloadsHaveYcsbsDefinitions() {
        assertMix(CoreWorkloads.a(200, 300), Distribution.ZIPFIAN,
                Map.of(Operation.READ, 0.5, Operation.UPDATE, 0.5));
        assertMix(CoreWorkloads.b(200, 300), Distribution.ZIPFIAN,
                Map.of(Operation.READ, 0.95, Operation.UPDATE, 0.05));
        assertMix(CoreWorkloads.c(200, 300), Distribution.ZIPFIAN,
                Map.of(Operation.READ, 1.0));
        assertMix(CoreWorkloads.d(200, 300), Distribution.LATEST,
                Map.of(Operation.READ, 0.95, Operation.INSERT, 0.05));
        assertMix(CoreWorkloads.e(200, 300), Distribution.ZIPFIAN,
                Map.of(Operation.SCAN, 0.95, Operation.INSERT, 0.05));
        assertMix(CoreWorkloads.f(200, 300), Distribution.ZIPFIAN,
                Map.of(Operation.READ, 0.5, Operation.READ_MODIFY_WRITE, 0.5));
        for (char name : CoreWorkloads.NAMES.toCharArray()) {
            WorkloadSpec spec = CoreWorkloads.named(String.valueOf(name).toUpperCase(), 200, 300);
            assertThat(spec.name()).isEqualTo(String.valueOf(name));
            assertThat(spec.recordCount()).isEqualTo(200);
            assertThat(spec.operationCount()).isEqualTo(300);
            assertThat(spec.fieldCount()).isEqualTo(10);
            assertThat(spec.fieldLength()).isEqualTo(100);
            assertThat(spec.maxScanLength()).isEqualTo(100);
            assertThat(spec.scanLengthDistribution()).isEqualTo(Distribution.UNIFORM);
            assertThat(spec.insertOrder()).isEqualTo(InsertOrder.HASHED);
        }
        assertThatThrownBy(() -> CoreWorkloads.named("g", 1, 1))
                .hasMessage("workload: g (expected: one of a, b, c, d, e, f, rmw)");
    }

    private static void assertMix(WorkloadSpec spec, Distribution distribution,
            Map<Operation, Double> mix) {
        assertThat(spec.requestDistribution()).as(spec.name()).isEqualTo(distribution);
        for (Operation op : Operation.values()) {
            assertThat(spec.proportion(op)).as("%s %s", spec.name(), op)
                    .isEqualTo(mix.getOrDefault(op, 0.0));
        }
    }
}
