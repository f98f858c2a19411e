package io.cairn.bench.corpus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.cairn.testkit.Seeds;
import org.junit.jupiter.api.Test;

class ZipfSamplerTest {
    private static final int N = 50_000;
    private static final int DRAWS = 2_000_000;

    @Test
    void probabilitiesFallAsOneOverRankAndSumToOne() {
        ZipfSampler z = new ZipfSampler(N, 1.0);
        double sum = 0;
        for (int r = 0; r < N; r++) {
            sum += z.probability(r);
        }
        assertThat(sum).isCloseTo(1.0, within(1e-9));
        double harmonic = 0;
        for (int r = 1; r <= N; r++) {
            harmonic += 1.0 / r;
        }
        assertThat(z.probability(0)).isCloseTo(1 / harmonic, within(1e-12));
        for (int r : new int[] {1, 9, 99, 999, N - 1}) {
            assertThat(z.probability(r) / z.probability(0)).as("rank %d", r).isCloseTo(1.0 / (r + 1), within(1e-9));
        }
    }

    @Test
    void theMostFrequentRankIsDrawnAsOftenAsExpected() {
        ZipfSampler z = new ZipfSampler(N, 1.0);
        long[] counts = draw(z, Seeds.seed());
        double p = z.probability(0);
        double sigma = Math.sqrt(p * (1 - p) / DRAWS);
        assertThat(counts[0] / (double) DRAWS).isCloseTo(p, within(5 * sigma));
        assertThat(counts[1] / (double) DRAWS).isCloseTo(z.probability(1), within(5 * sigma));
    }

    /** Least squares of log(frequency) on log(rank) over ranks 1 to 200: the slope is -1. */
    @Test
    void rankFrequencyFollowsOneOverRank() {
        long[] counts = draw(new ZipfSampler(N, 1.0), Seeds.seed());
        double sx = 0, sy = 0, sxx = 0, sxy = 0;
        int n = 200;
        for (int r = 0; r < n; r++) {
            double x = Math.log(r + 1);
            double y = Math.log(counts[r]);
            sx += x;
            sy += y;
            sxx += x * x;
            sxy += x * y;
        }
        double slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
        assertThat(slope).isCloseTo(-1.0, within(0.05));
    }

    @Test
    void rankOfUniformValueIsTheFirstWhoseCumulativeExceedsIt() {
        ZipfSampler z = new ZipfSampler(3, 0.0); // uniform: cumulative 1/3, 2/3, 1
        assertThat(z.rank(0.0)).isEqualTo(0);
        assertThat(z.rank(0.33)).isEqualTo(0);
        assertThat(z.rank(0.34)).isEqualTo(1);
        assertThat(z.rank(0.9999999)).isEqualTo(2);
        assertThat(new ZipfSampler(1, 1.0).rank(0.5)).isEqualTo(0);
    }

    @Test
    void refusesBadArguments() {
        assertThatThrownBy(() -> new ZipfSampler(0, 1.0)).hasMessage("n: 0 (expected: > 0)");
        assertThatThrownBy(() -> new ZipfSampler(10, -1)).hasMessage("exponent: -1.0 (expected: >= 0)");
        assertThatThrownBy(() -> new ZipfSampler(10, Double.NaN)).hasMessage("exponent: NaN (expected: >= 0)");
    }

    private static long[] draw(ZipfSampler z, long seed) {
        CorpusRandom rnd = new CorpusRandom(seed);
        long[] counts = new long[z.size()];
        for (int i = 0; i < DRAWS; i++) {
            counts[z.draw(rnd)]++;
        }
        return counts;
    }
}
