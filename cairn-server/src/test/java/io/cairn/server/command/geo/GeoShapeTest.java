package io.cairn.server.command.geo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Distances and the circle and box tests, against Redis's numbers. */
class GeoShapeTest {
    private static final double PALERMO_LON = 13.36138933897018433;
    private static final double PALERMO_LAT = 38.11555639549629859;
    private static final double CATANIA_LON = 15.08726745843887329;
    private static final double CATANIA_LAT = 37.50266842333162032;

    @Test
    void distancesAreRedisDistances() {
        double d = GeoDistance.between(PALERMO_LON, PALERMO_LAT, CATANIA_LON, CATANIA_LAT);
        assertThat(GeoText.distance(d)).isEqualTo("166274.1516");
        assertThat(GeoText.distance(d / 1000)).isEqualTo("166.2742");
        assertThat(GeoDistance.between(CATANIA_LON, CATANIA_LAT, PALERMO_LON, PALERMO_LAT)).isEqualTo(d);
        assertThat(GeoDistance.between(1, 2, 1, 2)).isZero();
    }

    @Test
    void onOneMeridianTheDistanceIsTheArc() {
        assertThat(GeoDistance.between(10, 0, 10, 1)).isEqualTo(GeoDistance.alongMeridian(0, 1));
        assertThat(GeoDistance.alongMeridian(0, 1)).isCloseTo(111226.3, within(0.1));
        assertThat(GeoDistance.alongMeridian(1, 0)).isEqualTo(GeoDistance.alongMeridian(0, 1));
    }

    @Test
    void aCircleHoldsWhatIsWithinItsRadius() {
        GeoShape km200 = GeoShape.circle(200, 1000).at(15, 37);
        assertThat(km200.distanceIfInside(CATANIA_LON, CATANIA_LAT)).isCloseTo(56441.3, within(0.1));
        assertThat(km200.distanceIfInside(PALERMO_LON, PALERMO_LAT)).isCloseTo(190442.4, within(0.1));
        assertThat(GeoShape.circle(190, 1000).at(15, 37).distanceIfInside(PALERMO_LON, PALERMO_LAT)).isEqualTo(-1);
        assertThat(GeoShape.circle(0, 1).at(15, 37).distanceIfInside(15, 37)).isZero();
    }

    @Test
    void aBoxHoldsPointsWithinHalfItsSidesAlongEachAxis() {
        GeoShape wide = GeoShape.box(400, 20, 1000).at(15, 37);
        assertThat(wide.distanceIfInside(16.5, 37)).isPositive(); // ~133 km east
        assertThat(wide.distanceIfInside(15, 37.2)).isEqualTo(-1); // ~22 km north, half height 10
        GeoShape tall = GeoShape.box(20, 400, 1000).at(15, 37);
        assertThat(tall.distanceIfInside(15, 37.2)).isPositive();
        assertThat(tall.distanceIfInside(16.5, 37)).isEqualTo(-1);
    }

    @Test
    void theBoundingBoxSpansMoreLongitudeTowardsThePole() {
        double[] north = GeoShape.circle(100, 1000).at(0, 60).bounds();
        double[] south = GeoShape.circle(100, 1000).at(0, -60).bounds();
        assertThat(north[2] - north[0]).isEqualTo(south[2] - south[0]);
        double[] equator = GeoShape.circle(100, 1000).at(0, 0).bounds();
        assertThat(north[2] - north[0]).isGreaterThan(equator[2] - equator[0]);
        assertThat(equator[3] - equator[1]).isCloseTo(2 * 0.8991, within(0.0001));
        assertThat(GeoShape.box(300, 400, 1).reachMeters()).isEqualTo(250);
    }
}
