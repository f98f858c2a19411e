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

    @Test
    void countsAtOrBelowABoundAreCumulativeAndNeverOverstate() {
        LatencyHistogram h = new LatencyHistogram();
        long[] values = {3, 10, 40, 100, 1_000, 1_000, 25_000, 2_000_000};
        for (long v : values) {
            h.record(v);
        }
        assertThat(h.sumMicros()).isEqualTo(Arrays.stream(values).sum());
        long previous = 0;
        for (long bound : new long[] {0, 3, 9, 10, 50, 100, 999, 1_000, 1_100, 30_000, 1_000_000, 3_000_000}) {
            long atOrBelow = h.countAtOrBelow(bound);
            long exact = Arrays.stream(values).filter(v -> v <= bound).count();
            assertThat(atOrBelow).as("<= %d", bound).isLessThanOrEqualTo(exact).isGreaterThanOrEqualTo(previous);
            // a value counts once the bound passes its bucket's top: within a sixteenth above it
            long surely = Arrays.stream(values).filter(v -> v + v / 16 <= bound).count();
            assertThat(atOrBelow).as("<= %d", bound).isGreaterThanOrEqualTo(surely);
            previous = atOrBelow;
        }
        assertThat(h.countAtOrBelow(1L << 40)).isEqualTo(values.length);
        assertThat(h.countAtOrBelow(10)).isEqualTo(2); // exact below 16 µs
    }
}
