package io.cairn.server.command.geo;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Redis's number texts: fixedpoint_d2string(4), ld2string human, and %f. */
class GeoTextTest {

    @Test
    void distancesHaveFourDecimalsRoundedHalfToEven() {
        assertThat(GeoText.distance(0)).isEqualTo("0.0000");
        assertThat(GeoText.distance(166274.15156919)).isEqualTo("166274.1516");
        assertThat(GeoText.distance(0.7750)).isEqualTo("0.7750");
        assertThat(GeoText.distance(0.00025)).isEqualTo("0.0002"); // 2.5 rounds to 2
        assertThat(GeoText.distance(0.00035)).isEqualTo("0.0004");
        assertThat(GeoText.distance(0.00004)).isEqualTo("0.0000");
        assertThat(GeoText.distance(12)).isEqualTo("12.0000");
        assertThat(GeoText.distance(-1.5)).isEqualTo("-1.5000");
    }

    @Test
    void coordinatesAreTheExactValueToSeventeenDecimalsWithoutTrailingZeros() {
        assertThat(GeoText.coordinate(13.36138933897018433)).isEqualTo("13.36138933897018433");
        assertThat(GeoText.coordinate(180)).isEqualTo("180");
        assertThat(GeoText.coordinate(85.05112878)).isEqualTo("85.0511287799999991");
        assertThat(GeoText.coordinate(0.5)).isEqualTo("0.5");
        assertThat(GeoText.coordinate(-0.0)).isEqualTo("0");
        assertThat(GeoText.coordinate(-1e-20)).isEqualTo("0");
        assertThat(GeoText.coordinate(Double.NEGATIVE_INFINITY)).isEqualTo("-inf");
    }

    @Test
    void errorTextsUseSixDecimals() {
        assertThat(GeoText.sixDecimals(200)).isEqualTo("200.000000");
        assertThat(GeoText.sixDecimals(85.05112879)).isEqualTo("85.051129");
        assertThat(GeoText.sixDecimals(-1234.5678901)).isEqualTo("-1234.567890");
        assertThat(GeoText.sixDecimals(Double.POSITIVE_INFINITY)).isEqualTo("inf");
        assertThat(GeoText.sixDecimals(1e22)).isEqualTo("10000000000000000000000.000000");
        assertThat(GeoText.sixDecimals(-1e-9)).isEqualTo("-0.000000");
    }
}
