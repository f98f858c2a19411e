package io.cairn.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The per-command histogram in HdrHistogram's layout (1 ns to 1 s, two significant digits), as Redis reads it. */
class CommandLatencyTest {
    @Test
    void everyValueFallsInABucketWhoseTopIsAtLeastItAndWithinOnePercent() {
        for (long v = 1; v <= CommandLatency.MAX_NANOS; v = v * 3 / 2 + 1) {
            long top = CommandLatency.highest(CommandLatency.index(v));
            assertThat(top).isGreaterThanOrEqualTo(v);
            assertThat(top - v).isLessThanOrEqualTo(Math.max(0, v / 128));
        }
    }

    @Test
    void percentilesAnswerTheTopOfTheBucketAsHdrHistogramDoes() {
        CommandLatency h = new CommandLatency();
        for (int i = 0; i < 99; i++) {
            h.record(1_000); // 1 µs: Redis prints p50=1.003
        }
        h.record(2_000_000);
        assertThat(h.valueAtPercentile(50)).isEqualTo(1003);
        assertThat(h.valueAtPercentile(99)).isEqualTo(1003);
        assertThat(h.valueAtPercentile(99.9)).isEqualTo(2_007_039);
        assertThat(h.valueAtPercentile(100)).isEqualTo(2_007_039);
    }

    @Test
    void cumulativeCountsAtPowersOfTwoFrom1024NanosecondsOnlyWhereTheyGrow() {
        CommandLatency h = new CommandLatency();
        h.record(500);   // <= 1031 ns: the 1 µs bound
        h.record(1_500); // <= 2063 ns: 2 µs
        h.record(5_000); // <= 8255 ns: 8 µs (nothing new at 4 µs)
        List<long[]> c = h.cumulativeMicros();
        assertThat(c).extracting(b -> b[0]).containsExactly(1L, 2L, 8L);
        assertThat(c).extracting(b -> b[1]).containsExactly(1L, 2L, 3L);
    }

    @Test
    void valuesOutsideOneNanosecondToOneSecondCountAsItsEnds() {
        CommandLatency h = new CommandLatency();
        h.record(0);
        h.record(5_000_000_000L);
        assertThat(h.count()).isEqualTo(2);
        assertThat(h.valueAtPercentile(1)).isEqualTo(1);
        assertThat(h.valueAtPercentile(100)).isGreaterThanOrEqualTo(CommandLatency.MAX_NANOS);
        assertThat(h.cumulativeMicros().get(h.cumulativeMicros().size() - 1)[1]).isEqualTo(2);
    }

    @Test
    void aWindowsPercentilesComeFromTheDifferenceOfTwoReadings() {
        CommandLatency h = new CommandLatency();
        for (int i = 0; i < 100; i++) {
            h.record(2_000_000); // an old, slow period
        }
        long[] start = h.counts();
        for (int i = 0; i < 10; i++) {
            h.record(1_000);
        }
        long[] window = h.counts();
        for (int i = 0; i < window.length; i++) {
            window[i] -= start[i];
        }
        assertThat(CommandLatency.valueAtPercentile(window, 99.9)).isEqualTo(1003); // the slow ones are outside it
        assertThat(h.valueAtPercentile(50)).isEqualTo(2_007_039);
        assertThat(CommandLatency.valueAtPercentile(new long[window.length], 50)).isZero();
    }
}
