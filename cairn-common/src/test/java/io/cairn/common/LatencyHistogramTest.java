package io.cairn.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class LatencyHistogramTest {

    @Test
    void bucketsCoverEveryValueAndBoundItWithinASixteenth() {
        for (long v : new long[] {0, 1, 15, 16, 17, 31, 32, 100, 1_000, 12_345, 1L << 30, (1L << 40) - 1, 1L << 40}) {
            int i = LatencyHistogram.index(v);
            assertThat(LatencyHistogram.upperBound(i)).as("upper bound of %d", v).isGreaterThanOrEqualTo(v);
            assertThat(LatencyHistogram.upperBound(i) - v).as("error at %d", v).isLessThanOrEqualTo(Math.max(0, v / 16));
            if (i > 0) {
                assertThat(LatencyHistogram.upperBound(i - 1)).as("previous bucket of %d", v).isLessThan(v);
            }
        }
    }

    @Test
    void percentilesMatchTheSortedValuesWithinTheBucketError() {
        LatencyHistogram h = new LatencyHistogram();
        SplittableRandom rnd = new SplittableRandom(7);
        long[] values = new long[100_000];
        for (int i = 0; i < values.length; i++) {
            values[i] = (long) Math.exp(rnd.nextDouble() * 12); // 1 us .. ~160 ms, log-uniform
            h.record(values[i]);
        }
        Arrays.sort(values);
        for (double p : new double[] {50, 90, 99, 99.9}) {
            long exact = values[(int) Math.ceil(p / 100 * values.length) - 1];
            assertThat(h.percentileMicros(p)).as("p%s", p).isBetween(exact, exact + exact / 16 + 1);
        }
        assertThat(h.count()).isEqualTo(100_000);
        assertThat(h.maxMicros()).isEqualTo(values[values.length - 1]);
        assertThat(h.percentileMicros(100)).isEqualTo(values[values.length - 1]);
        h.reset();
        assertThat(h.count()).isZero();
        assertThat(h.percentileMicros(50)).isZero();
    }
}
