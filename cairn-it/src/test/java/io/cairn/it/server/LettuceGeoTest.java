package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.GeoAddArgs;
import io.lettuce.core.GeoArgs;
import io.lettuce.core.GeoCoordinates;
import io.lettuce.core.GeoRadiusStoreArgs;
import io.lettuce.core.GeoSearch;
import io.lettuce.core.GeoWithin;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisURI;
import io.lettuce.core.Value;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.protocol.ProtocolVersion;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The geo commands through Lettuce, unchanged, over RESP2 and RESP3. */
class LettuceGeoTest {
    @TempDir
    Path dir;
    TestServer server;
    RedisClient client;
    StatefulRedisConnection<String, String> connection;

    private RedisCommands<String, String> connect(ProtocolVersion protocol) {
        server = TestServer.start(dir, "fsync");
        client = RedisClient.create(RedisURI.builder().withHost("127.0.0.1").withPort(server.port())
                .withTimeout(Duration.ofSeconds(30)).build());
        client.setOptions(ClientOptions.builder().protocolVersion(protocol).build());
        connection = client.connect();
        RedisCommands<String, String> r = connection.sync();
        r.geoadd("Sicily", 13.361389, 38.115556, "Palermo", 15.087269, 37.502669, "Catania");
        return r;
    }

    @AfterEach
    void stop() {
        if (connection != null) {
            connection.close();
        }
        if (client != null) {
            client.shutdown(Duration.ZERO, Duration.ofSeconds(5));
        }
        if (server != null) {
            server.close();
        }
    }

    @ParameterizedTest
    @EnumSource(ProtocolVersion.class)
    void addReadPositionsDistancesAndHashes(ProtocolVersion protocol) {
        RedisCommands<String, String> r = connect(protocol);
        assertThat(r.geoadd("Sicily", 13.5, 38.2, "Palermo", new GeoAddArgs().nx())).isZero();
        assertThat(r.geoadd("Sicily", 13.5, 38.2, "Palermo", new GeoAddArgs().xx().ch())).isEqualTo(1);
        r.geoadd("Sicily", 13.361389, 38.115556, "Palermo");
        List<GeoCoordinates> pos = r.geopos("Sicily", "Palermo", "missing");
        assertThat(pos.get(0)).isEqualTo(GeoCoordinates.create(13.36138933897018433, 38.11555639549629859));
        assertThat(pos.get(1)).isNull();
        assertThat(r.geodist("Sicily", "Palermo", "Catania", GeoArgs.Unit.km)).isEqualTo(166.2742);
        assertThat(r.geodist("Sicily", "Palermo", "missing", GeoArgs.Unit.m)).isNull();
        assertThat(r.geohash("Sicily", "Palermo", "missing"))
                .containsExactly(Value.just("sqc8b49rny0"), Value.empty());
        assertThatThrownBy(() -> r.geoadd("Sicily", 13, 86, "bad"))
                .isInstanceOf(RedisCommandExecutionException.class)
                .hasMessage("ERR invalid longitude,latitude pair 13.000000,86.000000");
    }

    @ParameterizedTest
    @EnumSource(ProtocolVersion.class)
    void searchRadiusAndStore(ProtocolVersion protocol) {
        RedisCommands<String, String> r = connect(protocol);
        assertThat(r.georadius("Sicily", 15, 37, 200, GeoArgs.Unit.km)).containsExactlyInAnyOrder("Palermo", "Catania");
        List<GeoWithin<String>> found = r.georadius("Sicily", 15, 37, 200, GeoArgs.Unit.km,
                new GeoArgs().withDistance().withCoordinates().withHash().asc());
        assertThat(found).extracting(GeoWithin::getMember).containsExactly("Catania", "Palermo");
        assertThat(found.get(0).getDistance()).isEqualTo(56.4413);
        assertThat(found.get(0).getGeohash()).isEqualTo(3479447370796909L);
        assertThat(found.get(0).getCoordinates())
                .isEqualTo(GeoCoordinates.create(15.08726745843887329, 37.50266842333162032));
        assertThat(r.georadiusbymember("Sicily", "Palermo", 200, GeoArgs.Unit.km, new GeoArgs().withDistance().desc()))
                .extracting(GeoWithin::getDistance).containsExactly(166.2742, 0.0);
        assertThat(r.geosearch("Sicily", GeoSearch.fromMember("Palermo"), GeoSearch.byBox(400, 400, GeoArgs.Unit.km)))
                .containsExactlyInAnyOrder("Palermo", "Catania");
        assertThat(r.geosearch("Sicily", GeoSearch.fromCoordinates(15, 37), GeoSearch.byRadius(200, GeoArgs.Unit.km),
                new GeoArgs().withCount(1).withDistance()))
                .extracting(GeoWithin::getMember).containsExactly("Catania");
        assertThat(r.geosearchstore("dst", "Sicily", GeoSearch.fromCoordinates(15, 37),
                GeoSearch.byRadius(200, GeoArgs.Unit.km), new GeoArgs().asc(), true)).isEqualTo(2);
        assertThat(r.zscore("dst", "Palermo")).isCloseTo(190.4424, within(1e-4));
        assertThat(r.georadius("Sicily", 15, 37, 100, GeoArgs.Unit.km, new GeoRadiusStoreArgs<String>().withStore("r")))
                .isEqualTo(1);
        assertThat(r.zrange("r", 0, -1)).containsExactly("Catania");
        assertThatThrownBy(() -> r.geosearch("Sicily", GeoSearch.fromMember("missing"),
                GeoSearch.byRadius(1, GeoArgs.Unit.km))).hasMessage("ERR could not decode requested zset member");
    }
}
