package io.cairn.server.command.geo;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.server.command.geo.GeoHash.Cell;
import io.cairn.testkit.Seeds;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/** The cells a search reads: the step estimate, the pruned neighbours, and that they cover the shape. */
class SearchCellsTest {

    @Test
    void theStepGrowsOneBitPerHalvingOfTheRange() {
        assertThat(SearchCells.estimateStep(0, 0)).isEqualTo(26);
        assertThat(SearchCells.estimateStep(200_000, 37)).isEqualTo(6); // 7 doublings reach the limit
        assertThat(SearchCells.estimateStep(100_000, 37)).isEqualTo(7);
        assertThat(SearchCells.estimateStep(100_000, 70)).isEqualTo(6);
        assertThat(SearchCells.estimateStep(100_000, -81)).isEqualTo(5);
        assertThat(SearchCells.estimateStep(1e10, 0)).isEqualTo(1);
        assertThat(SearchCells.estimateStep(Double.POSITIVE_INFINITY, 0)).isEqualTo(1);
        assertThat(SearchCells.estimateStep(0.001, 0)).isEqualTo(26);
    }

    @Test
    void neighboursOutsideTheBoundingBoxAreLeftOut() {
        // a tiny circle in the middle of its cell needs no neighbour
        Cell[] cells = SearchCells.cover(GeoShape.circle(1, 1).at(15.0, 37.0));
        assertThat(cells[0].isNone()).isFalse();
        long kept = java.util.Arrays.stream(cells).filter(c -> !c.isNone()).count();
        assertThat(kept).isLessThan(9);
        // a shape wider than the world keeps all nine, at step 1
        Cell[] world = SearchCells.cover(GeoShape.circle(20_000, 1000).at(0, 0));
        assertThat(world).allSatisfy(c -> assertThat(c.step()).isEqualTo(1));
    }

    /**
     * Away from the poles the nine cells hold the whole shape. (Near them they need not: a box
     * reaching within a few degrees of a pole spans more longitude than the cells do, in Redis as
     * here, and a search there can miss members inside the box.)
     */
    @Test
    void awayFromThePolesEveryPointInsideTheShapeLiesInOneOfTheCells() {
        RandomGenerator random = Seeds.random(Seeds.seed());
        for (int i = 0; i < 3000; i++) {
            double lon = random.nextDouble(-179, 179);
            double lat = random.nextDouble(-60, 60);
            double size = Math.pow(10, random.nextDouble(0, 6)); // 1 m to 1,000 km
            GeoShape shape = random.nextBoolean()
                    ? GeoShape.circle(size, 1).at(lon, lat)
                    : GeoShape.box(size * random.nextDouble(0.2, 2), size, 1).at(lon, lat);
            Cell[] cells = SearchCells.cover(shape);
            for (int k = 0; k < 20; k++) {
                double[] p = pointNear(random, shape, size);
                if (p == null || shape.distanceIfInside(p[0], p[1]) < 0) {
                    continue;
                }
                long score = GeoHash.score(p[0], p[1]);
                assertThat(covered(cells, score)).as("%s holds (%s, %s)", shape, p[0], p[1]).isTrue();
            }
        }
    }

    private static double[] pointNear(RandomGenerator random, GeoShape shape, double meters) {
        double degrees = GeoDistance.toDegrees(meters / GeoDistance.EARTH_RADIUS_METERS);
        double lat = shape.lat() + random.nextDouble(-degrees, degrees);
        double lon = shape.lon() + random.nextDouble(-degrees, degrees) / Math.max(0.05, Math.cos(Math.toRadians(lat)));
        return GeoHash.valid(lon, lat) ? new double[] {lon, lat} : null;
    }

    private static boolean covered(Cell[] cells, long score) {
        for (Cell c : cells) {
            if (!c.isNone() && score >= c.minScore() && score < c.maxScore()) {
                return true;
            }
        }
        return false;
    }
}
