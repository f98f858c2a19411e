package io.cairn.bench.workload;

import io.cairn.testkit.Seeds;
import org.junit.jupiter.api.Test;

import java.util.EnumMap;
import java.util.Map;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class OperationChooserTest {
    private static final int DRAWS = 400_000;

    @Test
    void drawsEachOperationWithItsProportion() {
        SplittableRandom rnd = new SplittableRandom(Seeds.seed());
        WorkloadSpec spec = WorkloadSpec.builder("mix")
                .proportions(Map.of(Operation.READ, 0.1, Operation.UPDATE, 0.2, Operation.INSERT, 0.3,
                        Operation.SCAN, 0.15, Operation.READ_MODIFY_WRITE, 0.25))
                .build();
        assertProportions(spec, rnd);
    }

    @Test
    void coreWorkloadMixesAreDrawnAsSpecified() {
        SplittableRandom rnd = new SplittableRandom(Seeds.seed());
        for (char name : CoreWorkloads.NAMES.toCharArray()) {
            assertProportions(CoreWorkloads.named(String.valueOf(name), 100, 100), rnd);
        }
    }

    private static void assertProportions(WorkloadSpec spec, SplittableRandom rnd) {
        OperationChooser chooser = new OperationChooser(spec);
        Map<Operation, Integer> counts = new EnumMap<>(Operation.class);
        for (int i = 0; i < DRAWS; i++) {
            counts.merge(chooser.next(rnd), 1, Integer::sum);
        }
        for (Operation op : Operation.values()) {
            double p = spec.proportion(op);
            double observed = counts.getOrDefault(op, 0) / (double) DRAWS;
            if (p == 0) {
                assertThat(observed).as("%s %s", spec.name(), op).isZero();
            } else {
                double fiveSigma = 5 * Math.sqrt(p * (1 - p) / DRAWS);
                assertThat(observed).as("%s %s", spec.name(), op).isCloseTo(p, within(fiveSigma + 1e-12));
            }
        }
    }
}
