package io.cairn.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.server.OutputBufferLimits.ClassLimit;
import org.junit.jupiter.api.Test;

class OutputLimitCheckTest {
    private final OutputLimitCheck check = new OutputLimitCheck();

    @Test
    void theHardLimitCutsAtOnce() {
        ClassLimit l = new ClassLimit(1000, 0, 0);
        assertThat(check.exceeded(l, 999, 0)).isFalse();
        assertThat(check.exceeded(l, 1000, 0)).isTrue();
    }

    @Test
    void theSoftLimitCutsOnlyWhenHeldForLongerThanItsSeconds() {
        ClassLimit l = new ClassLimit(0, 100, 2);
        assertThat(check.exceeded(l, 150, 10_000)).as("first seen over").isFalse();
        assertThat(check.exceeded(l, 150, 12_000)).as("held exactly 2 s").isFalse();
        assertThat(check.exceeded(l, 150, 12_001)).isTrue();
    }

    @Test
    void droppingBelowTheSoftLimitRestartsTheClock() {
        ClassLimit l = new ClassLimit(0, 100, 1);
        check.exceeded(l, 150, 0);
        assertThat(check.exceeded(l, 50, 900)).isFalse();
        assertThat(check.exceeded(l, 150, 1500)).as("the clock starts again here").isFalse();
        assertThat(check.exceeded(l, 150, 2400)).isFalse();
        assertThat(check.exceeded(l, 150, 2501)).isTrue();
    }

    @Test
    void zeroMeansNoLimit() {
        assertThat(check.exceeded(new ClassLimit(0, 0, 0), Long.MAX_VALUE, 0)).isFalse();
    }
}
