package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.GeoCoordinate;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.RedisProtocol;
import redis.clients.jedis.args.GeoUnit;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.params.GeoAddParams;
import redis.clients.jedis.params.GeoRadiusParam;
import redis.clients.jedis.params.GeoRadiusStoreParam;
import redis.clients.jedis.params.GeoSearchParam;
import redis.clients.jedis.resps.GeoRadiusResponse;

/** The geo commands through Jedis, unchanged, over RESP2 and RESP3. */
class JedisGeoTest {
    @TempDir
    Path dir;
    TestServer server;
    Jedis jedis;

    private Jedis connect(RedisProtocol protocol) {
        server = TestServer.start(dir, "fsync");
        jedis = new Jedis(new HostAndPort("127.0.0.1", server.port()),
                DefaultJedisClientConfig.builder().protocol(protocol).timeoutMillis(30_000).build());
        jedis.geoadd("Sicily", Map.of(
                "Palermo", new GeoCoordinate(13.361389, 38.115556),
                "Catania", new GeoCoordinate(15.087269, 37.502669)));
        return jedis;
    }

    @AfterEach
    void stop() {
        if (jedis != null) {
            jedis.close();
        }
        if (server != null) {
            server.close();
        }
    }

    private static List<String> members(List<GeoRadiusResponse> found) {
        return found.stream().map(GeoRadiusResponse::getMemberByString).toList();
    }

    @ParameterizedTest
    @EnumSource(RedisProtocol.class)
    void addReadPositionsDistancesAndHashes(RedisProtocol protocol) {
        Jedis j = connect(protocol);
        assertThat(j.zscore("Sicily", "Palermo")).isEqualTo(3479099956230698.0);
        assertThat(j.geoadd("Sicily", GeoAddParams.geoAddParams().xx().ch(),
                Map.of("Palermo", new GeoCoordinate(13.5, 38.2), "Nowhere", new GeoCoordinate(1, 1)))).isEqualTo(1);
        assertThat(j.geoadd("Sicily", 13.361389, 38.115556, "Palermo")).isZero();
        List<GeoCoordinate> pos = j.geopos("Sicily", "Palermo", "missing");
        assertThat(pos.get(0).getLongitude()).isEqualTo(13.36138933897018433);
        assertThat(pos.get(0).getLatitude()).isEqualTo(38.11555639549629859);
        assertThat(pos.get(1)).isNull();
        assertThat(j.geodist("Sicily", "Palermo", "Catania")).isEqualTo(166274.1516);
        assertThat(j.geodist("Sicily", "Palermo", "Catania", GeoUnit.KM)).isEqualTo(166.2742);
        assertThat(j.geodist("Sicily", "Palermo", "missing")).isNull();
        assertThat(j.geohash("Sicily", "Palermo", "Catania", "missing")).containsExactly("sqc8b49rny0", "sqdtr74hyu0", null);
        assertThatThrownBy(() -> j.geoadd("Sicily", 200, 100, "bad"))
                .isInstanceOf(JedisDataException.class)
                .hasMessage("ERR invalid longitude,latitude pair 200.000000,100.000000");
    }

    @ParameterizedTest
    @EnumSource(RedisProtocol.class)
    void searchWithEveryOption(RedisProtocol protocol) {
        Jedis j = connect(protocol);
        List<GeoRadiusResponse> found = j.geosearch("Sicily", GeoSearchParam.geoSearchParam()
                .fromLonLat(15, 37).byRadius(200, GeoUnit.KM).asc().withCoord().withDist().withHash());
        assertThat(members(found)).containsExactly("Catania", "Palermo");
        assertThat(found.get(0).getDistance()).isEqualTo(56.4413);
        assertThat(found.get(0).getRawScore()).isEqualTo(3479447370796909L);
        assertThat(found.get(0).getCoordinate().getLongitude()).isCloseTo(15.087269, within(1e-5));
        assertThat(members(j.geosearch("Sicily", "Palermo", 400, 400, GeoUnit.KM))).containsExactlyInAnyOrder(
                "Palermo", "Catania");
        assertThat(members(j.geosearch("Sicily", GeoSearchParam.geoSearchParam().fromMember("Palermo")
                .byRadius(500, GeoUnit.KM).desc().count(1)))).containsExactly("Catania");
        assertThat(members(j.georadius("Sicily", 15, 37, 200, GeoUnit.KM,
                GeoRadiusParam.geoRadiusParam().sortDescending()))).containsExactly("Palermo", "Catania");
        assertThat(members(j.georadiusReadonly("Sicily", 15, 37, 100, GeoUnit.KM))).containsExactly("Catania");
        List<GeoRadiusResponse> near = j.georadiusByMember("Sicily", "Palermo", 200, GeoUnit.KM,
                GeoRadiusParam.geoRadiusParam().withDist().sortAscending());
        assertThat(near.get(1).getDistance()).isEqualTo(166.2742);
        assertThat(members(j.georadiusByMemberReadonly("Sicily", "Palermo", 1, GeoUnit.KM))).containsExactly("Palermo");
        assertThatThrownBy(() -> j.geosearch("Sicily", "missing", 1, GeoUnit.KM))
                .hasMessage("ERR could not decode requested zset member");
        assertThat(j.geosearch("nokey", new GeoCoordinate(15, 37), 1, GeoUnit.KM)).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(RedisProtocol.class)
    void storeResultsAndDistances(RedisProtocol protocol) {
        Jedis j = connect(protocol);
        j.set("dst", "a string");
        assertThat(j.geosearchStore("dst", "Sicily", new GeoCoordinate(15, 37), 200, GeoUnit.KM)).isEqualTo(2);
        assertThat(j.type("dst")).isEqualTo("zset");
        assertThat(j.zscore("dst", "Catania")).isEqualTo(3479447370796909.0);
        assertThat(j.geosearchStoreStoreDist("dist", "Sicily", GeoSearchParam.geoSearchParam()
                .fromLonLat(15, 37).byRadius(200, GeoUnit.KM))).isEqualTo(2);
        assertThat(j.zscore("dist", "Catania")).isCloseTo(56.4413, within(1e-4));
        assertThat(j.georadiusStore("Sicily", 15, 37, 100, GeoUnit.KM, GeoRadiusParam.geoRadiusParam(),
                GeoRadiusStoreParam.geoRadiusStoreParam().store("r"))).isEqualTo(1);
        assertThat(j.zrange("r", 0, -1)).containsExactly("Catania");
        assertThat(j.georadiusByMemberStore("Sicily", "Palermo", 1, GeoUnit.KM, GeoRadiusParam.geoRadiusParam(),
                GeoRadiusStoreParam.geoRadiusStoreParam().storeDist("r"))).isEqualTo(1);
        assertThat(j.zscore("r", "Palermo")).isZero();
        assertThat(j.geosearchStore("r", "Sicily", new GeoCoordinate(15, 37), 1, GeoUnit.M)).isZero();
        assertThat(j.exists("r")).isFalse();
    }
}
