package io.cairn.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class UnitsTest {
    @Test
    void countsUseSiSuffixesWithOneDecimal() {
        assertThat(Units.count(0)).isEqualTo("0");
        assertThat(Units.count(999)).isEqualTo("999");
        assertThat(Units.count(12.34)).isEqualTo("12.3");
        assertThat(Units.count(1000)).isEqualTo("1k");
        assertThat(Units.count(123_449)).isEqualTo("123.4k");
        assertThat(Units.count(1_200_000)).isEqualTo("1.2M");
        assertThat(Units.count(999_960)).isEqualTo("1M");
        assertThat(Units.count(-2500)).isEqualTo("-2.5k");
        assertThat(Units.count(Double.NaN)).isEqualTo("-");
    }

    @Test
    void axisLabelsKeepUpToThreeDecimals() {
        assertThat(Units.si(1_250_000, 3)).isEqualTo("1.25M");
        assertThat(Units.si(10_000, 3)).isEqualTo("10k");
        assertThat(Units.si(0.1 + 0.2, 3)).isEqualTo("0.3");
    }

    @Test
    void latenciesKeepThreeSignificantDigitsInTheFittingUnit() {
        assertThat(Units.micros(0)).isEqualTo("0 µs");
        assertThat(Units.micros(0.853)).isEqualTo("0.853 µs");
        assertThat(Units.micros(850)).isEqualTo("850 µs");
        assertThat(Units.micros(999.7)).isEqualTo("1 ms");
        assertThat(Units.micros(1250)).isEqualTo("1.25 ms");
        assertThat(Units.micros(12_345)).isEqualTo("12.3 ms");
        assertThat(Units.micros(2_000_000)).isEqualTo("2 s");
        assertThat(Units.microsAscii(850)).isEqualTo("850 us");
        assertThat(Units.micros(Double.POSITIVE_INFINITY)).isEqualTo("-");
    }

    @Test
    void durationsAndBytes() {
        assertThat(Units.duration(45)).isEqualTo("45s");
        assertThat(Units.duration(65)).isEqualTo("1m05s");
        assertThat(Units.duration(7380)).isEqualTo("2h03m");
        assertThat(Units.duration(-1)).isEqualTo("-");
        assertThat(Units.bytes(512)).isEqualTo("512 B");
        assertThat(Units.bytes(16_750_000_000L)).isEqualTo("15.6 GiB");
    }

    @Test
    void dataNumbersArePlainDecimals() {
        assertThat(Units.data(1e20)).isEqualTo("100000000000000000000");
        assertThat(Units.data(38.02574)).isEqualTo("38.026");
        assertThat(Units.data(-0.0)).isEqualTo("0");
        assertThat(Units.data(Double.NaN)).isEmpty();
    }
}
