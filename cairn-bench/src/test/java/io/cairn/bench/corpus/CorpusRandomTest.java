package io.cairn.bench.corpus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class CorpusRandomTest {

    /** SplitMix64's published first outputs for seed 0: the corpus's bytes rest on them. */
    @Test
    void matchesSplitMix64ReferenceOutputs() {
        CorpusRandom rnd = new CorpusRandom(0);
        assertThat(rnd.nextLong()).isEqualTo(0xE220A8397B1DCDAFL);
        assertThat(rnd.nextLong()).isEqualTo(0x6E789E6AA1B965F4L);
        assertThat(rnd.nextLong()).isEqualTo(0x06C45D188009454FL);
    }

    @Test
    void streamsOfDifferentIndexOrPurposeDiffer() {
        long a = CorpusRandom.of(1, 16, 0).nextLong();
        assertThat(CorpusRandom.of(1, 16, 0).nextLong()).isEqualTo(a);
        assertThat(CorpusRandom.of(1, 16, 1).nextLong()).isNotEqualTo(a);
        assertThat(CorpusRandom.of(1, 17, 0).nextLong()).isNotEqualTo(a);
        assertThat(CorpusRandom.of(2, 16, 0).nextLong()).isNotEqualTo(a);
    }

    @Test
    void boundedDrawsStayInRangeAndAreUniform() {
        CorpusRandom rnd = new CorpusRandom(42);
        int[] counts = new int[7];
        int draws = 700_000;
        for (int i = 0; i < draws; i++) {
            counts[rnd.nextInt(7)]++;
        }
        for (int c : counts) {
            assertThat(c / (double) draws).isCloseTo(1 / 7.0, within(0.003));
        }
        for (int i = 0; i < 10_000; i++) {
            assertThat(rnd.between(3, 8)).isBetween(3, 8);
            assertThat(rnd.nextLong(5_000_000_000L)).isBetween(0L, 4_999_999_999L);
            assertThat(rnd.nextDouble()).isGreaterThanOrEqualTo(0).isLessThan(1);
        }
    }

    @Test
    void refusesEmptyBounds() {
        assertThatThrownBy(() -> new CorpusRandom(1).nextInt(0)).hasMessage("bound: 0 (expected: > 0)");
        assertThatThrownBy(() -> new CorpusRandom(1).nextLong(-1)).hasMessage("bound: -1 (expected: > 0)");
    }
}
