package io.cairn.bench.workload;

import io.cairn.testkit.Seeds;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class LatestGeneratorTest {
    private static final int DRAWS = 500_000;

    @Test
    void favoursTheMostRecentInserts() {
        SplittableRandom rnd = new SplittableRandom(Seeds.seed());
        InsertCounter inserts = new InsertCounter(1000);
        LatestGenerator latest = new LatestGenerator(inserts);
        long[] counts = new long[1000];
        for (int i = 0; i < DRAWS; i++) {
            counts[(int) latest.next(rnd)]++;
        }
        // The newest key is zipfian rank 0: 1/zeta(1000, 0.99) = 12.9% of the draws.
        double newest = 1 / Zeta.sum(0, 1000, 0.99);
        assertThat(counts[999] / (double) DRAWS).isCloseTo(newest, within(0.005));
        assertThat(counts[999]).isGreaterThan(counts[998]).isGreaterThan(counts[990]);
        assertThat(countsIn(counts, 990, 1000)).isGreaterThan(countsIn(counts, 0, 500));
    }

    @Test
    void followsTheCounterAsInsertsAreAcknowledged() {
        SplittableRandom rnd = new SplittableRandom(Seeds.seed());
        InsertCounter inserts = new InsertCounter(100);
        LatestGenerator latest = new LatestGenerator(inserts);
        for (int round = 0; round < 20; round++) {
            for (int i = 0; i < 50; i++) {
                inserts.acknowledge(inserts.claim());
            }
            long n = inserts.acknowledged();
            long newest = 0;
            for (int i = 0; i < 5_000; i++) {
                long key = latest.next(rnd);
                assertThat(key).isBetween(0L, n - 1);
                if (key == n - 1) {
                    newest++;
                }
            }
            // 1/zeta(n) is between 12% (n = 1,100) and 17% (n = 150): the newest is always hot.
            assertThat(newest).as("draws of the newest key with %d keys", n).isGreaterThan(400);
        }
    }

    @Test
    void neverChoosesAClaimedKeyBeforeItIsAcknowledged() {
        SplittableRandom rnd = new SplittableRandom(Seeds.seed());
        InsertCounter inserts = new InsertCounter(10);
        LatestGenerator latest = new LatestGenerator(inserts);
        long pending = inserts.claim();
        for (int i = 0; i < 10_000; i++) {
            assertThat(latest.next(rnd)).isLessThan(pending);
        }
        inserts.acknowledge(pending);
        boolean seen = false;
        for (int i = 0; i < 10_000 && !seen; i++) {
            seen = latest.next(rnd) == pending;
        }
        assertThat(seen).isTrue();
    }

    @Test
    void needsAtLeastOneKey() {
        assertThatThrownBy(() -> new LatestGenerator(new InsertCounter(0)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("inserts.acknowledged(): 0"
                        + " (expected: > 0, load records before drawing the latest)");
    }

    private static long countsIn(long[] counts, int from, int to) {
        long sum = 0;
        for (int i = from; i < to; i++) {
            sum += counts[i];
        }
        return sum;
    }
}
