package io.cairn.bench.workload;

import io.cairn.testkit.Seeds;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class UniformGeneratorTest {
    @Test
    void everyValueIsEquallyLikely() {
        SplittableRandom rnd = new SplittableRandom(Seeds.seed());
        int buckets = 100;
        int draws = 1_000_000;
        UniformGenerator uniform = new UniformGenerator(1000, 1000 + buckets - 1);
        long[] counts = new long[buckets];
        for (int i = 0; i < draws; i++) {
            counts[(int) (uniform.next(rnd) - 1000)]++;
        }
        double expected = (double) draws / buckets;
        double chiSquare = 0;
        for (long c : counts) {
            chiSquare += (c - expected) * (c - expected) / expected;
        }
        // 99 degrees of freedom: mean 99, standard deviation 14; above 200 has p < 1e-8.
        assertThat(chiSquare).isLessThan(200);
    }

    @Test
    void bothEndsAreReachedAndNothingBeyond() {
        SplittableRandom rnd = new SplittableRandom(Seeds.seed());
        UniformGenerator uniform = new UniformGenerator(1, 3);
        boolean[] seen = new boolean[4];
        for (int i = 0; i < 1000; i++) {
            long v = uniform.next(rnd);
            assertThat(v).isBetween(1L, 3L);
            seen[(int) v] = true;
        }
        assertThat(seen).containsExactly(false, true, true, true);
        assertThat(new UniformGenerator(7, 7).next(rnd)).isEqualTo(7);
    }

    @Test
    void rejectsAnEmptyRange() {
        assertThatThrownBy(() -> new UniformGenerator(5, 4))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("highest: 4 (expected: 5 <= highest < 9223372036854775807)");
    }
}
