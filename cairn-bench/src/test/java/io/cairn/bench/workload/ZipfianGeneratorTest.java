package io.cairn.bench.workload;

import io.cairn.testkit.Seeds;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class ZipfianGeneratorTest {
    private static final int ITEMS = 1000;
    private static final int DRAWS = 2_000_000;
    private static final double THETA = ZipfianGenerator.DEFAULT_THETA;

    @Test
    void topTwoRanksHaveTheirExactZipfianProbability() {
        SplittableRandom rnd = new SplittableRandom(Seeds.seed());
        ZipfianGenerator zipf = new ZipfianGenerator(ITEMS);
        long[] counts = draw(zipf, rnd);
        for (int rank = 0; rank < 2; rank++) {
            double ideal = Math.pow(rank + 1, -THETA) / zipf.zeta();
            assertThat(zipf.probability(rank)).isCloseTo(ideal, within(1e-15));
            assertThat(counts[rank] / (double) DRAWS)
                    .as("rank %d", rank)
                    .isCloseTo(ideal, within(fiveSigma(ideal)));
        }
    }

    /**
     * Above rank 1, Gray's method draws from a continuous approximation: each rank gets the
     * probability {@code (((k+1)/n)^(1-theta) - (k/n)^(1-theta)) / eta}. The draws must match that
     * exactly; the model is up to 20% above 1/(k+1)^theta at rank 2 and within a few per cent of
     * it from rank 10 on.
     */
    @Test
    void higherRanksFollowGraysApproximationOfTheInversePowerLaw() {
        SplittableRandom rnd = new SplittableRandom(Seeds.seed());
        ZipfianGenerator zipf = new ZipfianGenerator(ITEMS);
        long[] counts = draw(zipf, rnd);
        double s = 1 - THETA;
        double eta = (1 - Math.pow(2.0 / ITEMS, s)) / (1 - (1 + Math.pow(2, -THETA)) / zipf.zeta());
        for (int rank = 2; rank < 20; rank++) {
            double gray = (Math.pow((rank + 1.0) / ITEMS, s) - Math.pow((double) rank / ITEMS, s)) / eta;
            double empirical = counts[rank] / (double) DRAWS;
            assertThat(empirical).as("rank %d against Gray's model", rank)
                    .isCloseTo(gray, within(fiveSigma(gray)));
            assertThat(gray / zipf.probability(rank)).as("rank %d: Gray's model over 1/i^theta", rank)
                    .isBetween(rank < 10 ? 1.0 : 0.95, rank < 10 ? 1.20 : 1.05);
        }
    }

    @Test
    void probabilitiesFallAsRanksRise() {
        SplittableRandom rnd = new SplittableRandom(Seeds.seed());
        long[] counts = draw(new ZipfianGenerator(ITEMS), rnd);
        long firstTen = 0;
        long lastHundred = 0;
        for (int i = 0; i < 10; i++) {
            firstTen += counts[i];
        }
        for (int i = ITEMS - 100; i < ITEMS; i++) {
            lastHundred += counts[i];
        }
        // zeta(10)/zeta(1000) is about 0.39; the last hundred ranks share about 0.013.
        assertThat(firstTen / (double) DRAWS).isBetween(0.36, 0.45);
        assertThat(lastHundred / (double) DRAWS).isBetween(0.008, 0.018);
    }

    @Test
    void drawsStayInRangeForTinyAndHugeItemCounts() {
        SplittableRandom rnd = new SplittableRandom(Seeds.seed());
        for (long items : new long[] {1, 2, 3, 10, 1L << 40}) {
            ZipfianGenerator zipf = new ZipfianGenerator(items);
            for (int i = 0; i < 100_000; i++) {
                assertThat(zipf.next(rnd)).isBetween(0L, items - 1);
            }
        }
    }

    @Test
    void growingExtendsTheZetaToWhatAFreshGeneratorComputes() {
        SplittableRandom rnd = new SplittableRandom(Seeds.seed());
        ZipfianGenerator grown = new ZipfianGenerator(10);
        long items = 10;
        for (int step = 0; step < 50; step++) {
            items += rnd.nextInt(1, 5000);
            assertThat(grown.next(rnd, items)).isBetween(0L, items - 1);
            assertThat(grown.items()).isEqualTo(items);
        }
        assertThat(grown.zeta()).isCloseTo(new ZipfianGenerator(items).zeta(), within(1e-9));
    }

    @Test
    void grownGeneratorDrawsLikeAFreshOne() {
        long seed = Seeds.seed();
        ZipfianGenerator grown = new ZipfianGenerator(3);
        grown.next(new SplittableRandom(seed), ITEMS);
        long[] fromGrown = draw(grown, new SplittableRandom(seed));
        long[] fromFresh = draw(new ZipfianGenerator(ITEMS), new SplittableRandom(seed));
        for (int rank = 0; rank < 10; rank++) {
            assertThat(fromGrown[rank]).isCloseTo(fromFresh[rank], within(fromFresh[rank] / 1000));
        }
    }

    @Test
    void itemCountNeverShrinks() {
        ZipfianGenerator zipf = new ZipfianGenerator(100);
        assertThatThrownBy(() -> zipf.next(new SplittableRandom(1), 99))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("items: 99 (expected: >= 100, the item count only grows)");
    }

    @Test
    void rejectsBadParameters() {
        assertThatThrownBy(() -> new ZipfianGenerator(0))
                .hasMessage("items: 0 (expected: > 0)");
        assertThatThrownBy(() -> new ZipfianGenerator(10, 1.0))
                .hasMessage("theta: 1.0 (expected: 0 < theta < 1)");
        assertThatThrownBy(() -> new ZipfianGenerator(10, Double.NaN))
                .hasMessage("theta: NaN (expected: 0 < theta < 1)");
    }

    @Test
    void zetaOfALongRangeMatchesTheExactSum() {
        for (double theta : new double[] {0.5, 0.99, 0.999}) {
            long n = Zeta.EXACT_LIMIT + 4096;
            double exact = Zeta.exact(0, n, theta);
            assertThat(Zeta.sum(0, n, theta)).as("theta %s", theta)
                    .isCloseTo(exact, within(exact * 1e-12));
            long from = 5_000_000;
            double tail = Zeta.exact(from, from + n, theta);
            assertThat(Zeta.sum(from, from + n, theta)).as("theta %s, from %d", theta, from)
                    .isCloseTo(tail, within(tail * 1e-12));
        }
    }

    @Test
    void zetaOfTenBillionItemsMatchesTheHurwitzZetaValue() {
        // zeta(0.99) - zeta(0.99, 10^10 + 1) to 30 digits (mpmath): 26.4690282017514818129...
        // YCSB's precomputed 26.46902820178302 agrees to 1e-10.
        assertThat(Zeta.sum(0, ScrambledZipfianGenerator.SPACE, 0.99))
                .isCloseTo(26.469028201751482, within(1e-11));
    }

    private static long[] draw(ZipfianGenerator zipf, SplittableRandom rnd) {
        long[] counts = new long[(int) zipf.items()];
        for (int i = 0; i < DRAWS; i++) {
            counts[(int) zipf.next(rnd)]++;
        }
        return counts;
    }

    /** Five standard deviations of a frequency from DRAWS draws: exceeded once in 1.7 million. */
    private static double fiveSigma(double p) {
        return 5 * Math.sqrt(p * (1 - p) / DRAWS);
    }
}
