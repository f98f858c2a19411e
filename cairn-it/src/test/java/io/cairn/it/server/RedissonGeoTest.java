package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.redisson.api.GeoEntry;
import org.redisson.api.GeoOrder;
import org.redisson.api.GeoPosition;
import org.redisson.api.GeoUnit;
import org.redisson.api.RGeo;
import org.redisson.api.RedissonClient;
import org.redisson.api.geo.GeoSearchArgs;

/**
 * Redisson's {@code RGeo}, unchanged, on its methods that are one geo command each (its
 * {@code addIfExists(lon, lat, member)} is a Lua script and comes with EVAL). The timeout guards
 * against Redisson retrying forever should a command it sends be unknown.
 */
@Timeout(60)
class RedissonGeoTest {
    @TempDir
    Path dir;
    RedissonOnCairn cairn;
    RedissonClient redisson;

    @BeforeEach
    void start() {
        cairn = RedissonOnCairn.start(dir);
        redisson = cairn.redisson();
    }

    @AfterEach
    void stop() {
        if (cairn != null) {
            cairn.close();
        }
    }

    @Test
    void addSearchAndStore() {
        RGeo<String> geo = redisson.getGeo("Sicily");
        assertThat(geo.add(new GeoEntry(13.361389, 38.115556, "Palermo"),
                new GeoEntry(15.087269, 37.502669, "Catania"))).isEqualTo(2);
        assertThat(geo.tryAdd(1, 1, "Palermo")).isFalse();
        assertThat(geo.addIfExists(new GeoEntry(1, 1, "Absent"))).isZero(); // the (lon, lat, member) form is a script
        assertThat(geo.dist("Palermo", "Catania", GeoUnit.KILOMETERS)).isEqualTo(166.2742);
        assertThat(geo.hash("Palermo")).isEqualTo(Map.of("Palermo", "sqc8b49rny0"));
        GeoPosition palermo = geo.pos("Palermo").get("Palermo");
        assertThat(palermo.getLongitude()).isEqualTo(13.36138933897018433);
        assertThat(palermo.getLatitude()).isEqualTo(38.11555639549629859);

        assertThat(geo.search(GeoSearchArgs.from(15, 37).radius(200, GeoUnit.KILOMETERS).order(GeoOrder.ASC)))
                .containsExactly("Catania", "Palermo");
        assertThat(geo.search(GeoSearchArgs.from("Palermo").box(400, 400, GeoUnit.KILOMETERS).count(1)))
                .containsExactly("Palermo");
        Map<String, Double> distances = geo.searchWithDistance(
                GeoSearchArgs.from(15, 37).radius(200, GeoUnit.KILOMETERS).order(GeoOrder.DESC));
        assertThat(distances).containsEntry("Catania", 56.4413).containsEntry("Palermo", 190.4424);
        assertThat(geo.searchWithPosition(GeoSearchArgs.from(15, 37).radius(100, GeoUnit.KILOMETERS)))
                .containsOnlyKeys("Catania");
        assertThat(geo.radius(15, 37, 100, GeoUnit.KILOMETERS)).containsExactly("Catania");

        assertThat(geo.storeSearchTo("near", GeoSearchArgs.from(15, 37).radius(200, GeoUnit.KILOMETERS))).isEqualTo(2);
        assertThat(redisson.<String>getScoredSortedSet("near").getScore("Catania")).isEqualTo(3479447370796909.0);
        assertThat(geo.storeSortedSearchTo("dist", GeoSearchArgs.from(15, 37).radius(200, GeoUnit.KILOMETERS)))
                .isEqualTo(2);
        assertThat(redisson.<String>getScoredSortedSet("dist").getScore("Catania")).isCloseTo(56.4413, within(1e-4));
    }
}
