package io.cairn.bench.workload;

import io.cairn.testkit.Seeds;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ScrambledZipfianGeneratorTest {
    private static final int ITEMS = 1000;
    private static final int DRAWS = 1_000_000;

    @Test
    void drawsStayInRange() {
        SplittableRandom rnd = new SplittableRandom(Seeds.seed());
        for (long items : new long[] {1, 2, 7, 1000, 1L << 40}) {
            ScrambledZipfianGenerator scrambled = new ScrambledZipfianGenerator(items);
            for (int i = 0; i < 50_000; i++) {
                assertThat(scrambled.next(rnd)).isBetween(0L, items - 1);
            }
        }
    }

    @Test
    void isSkewedButNotTowardsLowNumbers() {
        SplittableRandom rnd = new SplittableRandom(Seeds.seed());
        long[] scrambled = histogram(new ScrambledZipfianGenerator(ITEMS), rnd);
        long[] plain = histogram(new ZipfianGenerator(ITEMS), rnd);

        // Skewed: the hottest item is rank 0 of the 10^10 space, 1/zeta(10^10) = 3.8% of the draws,
        // where uniform would give 0.1%; the ten hottest take well over 10%.
        long[] sorted = scrambled.clone();
        Arrays.sort(sorted);
        assertThat(sorted[ITEMS - 1] / (double) DRAWS).isGreaterThan(0.03);
        assertThat(sumOfTop(sorted, 10) / (double) DRAWS).isGreaterThan(0.10);

        // Not towards low numbers: plain zipfian gives the lowest tenth about 70% of the draws;
        // scrambled gives it about its tenth, and the mean sits near the middle.
        assertThat(share(plain, 0, ITEMS / 10)).isGreaterThan(0.6);
        assertThat(share(scrambled, 0, ITEMS / 10)).isBetween(0.03, 0.25);
        assertThat(mean(scrambled) / ITEMS).isBetween(0.35, 0.65);
    }

    @Test
    void theHotSetIsTheSameForEverySeed() {
        long seed = Seeds.seed();
        ScrambledZipfianGenerator scrambled = new ScrambledZipfianGenerator(ITEMS);
        assertThat(hottest(histogram(scrambled, new SplittableRandom(seed))))
                .isEqualTo(hottest(histogram(scrambled, new SplittableRandom(~seed))))
                .isEqualTo(Math.floorMod(Fnv1a.hash(0), ITEMS));
    }

    @Test
    void rejectsNoItems() {
        assertThatThrownBy(() -> new ScrambledZipfianGenerator(0))
                .hasMessage("items: 0 (expected: > 0)");
    }

    private static long[] histogram(NumberGenerator generator, SplittableRandom rnd) {
        long[] counts = new long[ITEMS];
        for (int i = 0; i < DRAWS; i++) {
            counts[(int) generator.next(rnd)]++;
        }
        return counts;
    }

    private static long sumOfTop(long[] sortedAscending, int n) {
        long sum = 0;
        for (int i = sortedAscending.length - n; i < sortedAscending.length; i++) {
            sum += sortedAscending[i];
        }
        return sum;
    }

    private static double share(long[] counts, int from, int to) {
        long sum = 0;
        for (int i = from; i < to; i++) {
            sum += counts[i];
        }
        return sum / (double) DRAWS;
    }

    private static double mean(long[] counts) {
        double sum = 0;
        for (int i = 0; i < counts.length; i++) {
            sum += (double) i * counts[i];
        }
        return sum / DRAWS;
    }

    private static int hottest(long[] counts) {
        int best = 0;
        for (int i = 1; i < counts.length; i++) {
            if (counts[i] > counts[best]) {
                best = i;
            }
        }
        return best;
    }
}
