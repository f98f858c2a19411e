package io.cairn.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SeedsTest {
    @Test
    void seedParsesDecimalAndHex() {
        assertThat(Seeds.parse("42")).isEqualTo(42L);
        assertThat(Seeds.parse("-7")).isEqualTo(-7L);
        assertThat(Seeds.parse("0x2A")).isEqualTo(42L);
        assertThat(Seeds.parse("0xffffffffffffffff")).isEqualTo(-1L);
    }

    @Test
    void malformedSeedIsRejectedWithTheExpectedShape() {
        assertThatThrownBy(() -> Seeds.parse("forty-two"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("cairn.seed: forty-two (expected:");
    }

    @Test
    void sameSeedGivesTheSameSequence() {
        long seed = Seeds.seed();
        long[] first = Seeds.random(seed).longs(8).toArray();
        assertThat(Seeds.random(seed).longs(8).toArray()).isEqualTo(first);
    }
}
