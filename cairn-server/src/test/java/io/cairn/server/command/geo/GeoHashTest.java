package io.cairn.server.command.geo;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.server.command.geo.GeoHash.Cell;
import io.cairn.testkit.Seeds;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/** The 52-bit hash against values Redis gives (recorded from redis-server 7.0). */
class GeoHashTest {

    @Test
    void scoresAreRedisScores() {
        assertThat(GeoHash.score(13.361389, 38.115556)).isEqualTo(3479099956230698L); // Palermo
        assertThat(GeoHash.score(15.087269, 37.502669)).isEqualTo(3479447370796909L); // Catania
        assertThat(GeoHash.score(-180, -85.05112878)).isZero();
        assertThat(GeoHash.score(0, 0)).isEqualTo(3377699720527872L);
    }

    @Test
    void theUpperEdgesOverflowTheirWidthAsInRedis() {
        assertThat(GeoHash.score(-180, 85.05112878)).isEqualTo(1L << 52); // latitude offset 2^26
        assertThat(GeoHash.score(180, -85.05112878)).isEqualTo(1L << 53); // longitude offset 2^26
        assertThat(GeoHash.score(180, 85.05112878)).isEqualTo(3L << 52);
    }

    @Test
    void decodingGivesTheCentreOfTheCellClampedToTheLimits() {
        double[] palermo = GeoHash.decodeScore(3479099956230698L);
        assertThat(GeoText.coordinate(palermo[0])).isEqualTo("13.36138933897018433");
        assertThat(GeoText.coordinate(palermo[1])).isEqualTo("38.11555639549629859");
        double[] corner = GeoHash.decodeScore(3L << 52);
        assertThat(corner).containsExactly(180, GeoHash.LAT_MAX);
        double[] zero = GeoHash.decodeScore(0);
        assertThat(GeoText.coordinate(zero[0])).isEqualTo("-179.99999731779098511");
        assertThat(GeoText.coordinate(zero[1])).isEqualTo("-85.05112751263942528");
    }

    @Test
    void everyPointDecodesWithinHalfACellOfItself() {
        RandomGenerator random = Seeds.random(Seeds.seed());
        double lonHalfCell = 360.0 / (1 << 26) / 2;
        double latHalfCell = (GeoHash.LAT_MAX - GeoHash.LAT_MIN) / (1 << 26) / 2;
        for (int i = 0; i < 10_000; i++) {
            double lon = random.nextDouble(-180, 180);
            double lat = random.nextDouble(GeoHash.LAT_MIN, GeoHash.LAT_MAX);
            double[] back = GeoHash.decodeScore(GeoHash.score(lon, lat));
            assertThat(Math.abs(back[0] - lon)).isLessThanOrEqualTo(lonHalfCell);
            assertThat(Math.abs(back[1] - lat)).isLessThanOrEqualTo(latHalfCell);
            assertThat(GeoHash.score(back[0], back[1])).isEqualTo(GeoHash.score(lon, lat));
        }
    }

    @Test
    void scoresNoGeoaddWroteAreCastAsX8664CastsThem() {
        assertThat(GeoHash.scoreBits(-1)).isEqualTo(-1L); // all ones
        assertThat(GeoHash.scoreBits(1.5)).isEqualTo(1);
        assertThat(GeoHash.scoreBits(9.3e18)).isEqualTo(Long.parseUnsignedLong("9300000000000000000"));
        assertThat(GeoHash.scoreBits(1e20)).isZero();
        assertThat(GeoHash.scoreBits(Double.POSITIVE_INFINITY)).isZero();
        assertThat(GeoHash.scoreBits(Double.NEGATIVE_INFINITY)).isEqualTo(Long.MIN_VALUE);
        // GEOPOS of ZADD's -1: the all-ones hash decodes to the north-east corner
        assertThat(GeoHash.decodeScore(-1)).containsExactly(180, GeoHash.LAT_MAX);
    }

    @Test
    void interleavingRoundTrips() {
        RandomGenerator random = Seeds.random(Seeds.seed());
        for (int i = 0; i < 1000; i++) {
            long x = random.nextLong() & 0xFFFFFFFFL;
            long y = random.nextLong() & 0xFFFFFFFFL;
            long bits = GeoHash.interleave(x, y);
            assertThat(GeoHash.deinterleave(bits)).isEqualTo(x | y << 32);
        }
        assertThat(GeoHash.interleave(1, 0)).isEqualTo(1);
        assertThat(GeoHash.interleave(0, 1)).isEqualTo(2);
        assertThat(GeoHash.interleave(0xFFFFFFFFL, 0)).isEqualTo(0x5555555555555555L);
    }

    @Test
    void standardTextIsRedisGeohash() {
        assertThat(GeoHash.standardText(13.36138933897018433, 38.11555639549629859)).isEqualTo("sqc8b49rny0");
        assertThat(GeoHash.standardText(180, GeoHash.LAT_MAX)).isEqualTo("bp05b5048p0");
        double[] origin = GeoHash.decodeScore(GeoHash.score(0, 0));
        assertThat(GeoHash.standardText(origin[0], origin[1])).isEqualTo("s0000000000");
    }

    @Test
    void neighboursAreOneCellAwayAndWrapAtTheEdges() {
        Cell c = GeoHash.encode(13.36, 38.11, 8);
        Cell[] around = GeoHash.neighbours(c); // N, S, E, W, NE, NW, SE, SW
        GeoHash.Area centre = GeoHash.decode(c);
        assertThat(GeoHash.decode(around[0]).latMin()).isEqualTo(centre.latMax());
        assertThat(GeoHash.decode(around[1]).latMax()).isEqualTo(centre.latMin());
        assertThat(GeoHash.decode(around[2]).lonMin()).isEqualTo(centre.lonMax());
        assertThat(GeoHash.decode(around[3]).lonMax()).isEqualTo(centre.lonMin());
        assertThat(GeoHash.move(around[4], -1, -1)).isEqualTo(c);
        assertThat(GeoHash.move(GeoHash.move(c, 1, 0), -1, 0)).isEqualTo(c);

        Cell eastEdge = GeoHash.encode(179.99, 0, 8);
        GeoHash.Area beyond = GeoHash.decode(GeoHash.move(eastEdge, 1, 0));
        assertThat(beyond.lonMin()).isEqualTo(-180);
        Cell northEdge = GeoHash.encode(0, 85, 4);
        assertThat(GeoHash.decode(GeoHash.move(northEdge, 0, 1)).latMin()).isEqualTo(GeoHash.LAT_MIN);
    }

    @Test
    void aCellsScoresSpanItsPrefix() {
        Cell c = new Cell(0b101010, 3);
        assertThat(c.minScore()).isEqualTo(0b101010L << 46);
        assertThat(c.maxScore()).isEqualTo(0b101011L << 46);
        assertThat(Cell.NONE.isNone()).isTrue();
        assertThat(new Cell(0, 1).isNone()).isFalse();
    }

    @Test
    void pointsOutsideTheLimitsDoNotEncode() {
        assertThat(GeoHash.valid(180, 85.05112878)).isTrue();
        assertThat(GeoHash.valid(180.000001, 0)).isFalse();
        assertThat(GeoHash.valid(0, -85.05112879)).isFalse();
        assertThat(GeoHash.valid(Double.NaN, 0)).isFalse();
        assertThat(GeoHash.encode(0, 86, 26)).isNull();
        assertThat(GeoHash.encode(0, 0, 0)).isNull();
    }
}
