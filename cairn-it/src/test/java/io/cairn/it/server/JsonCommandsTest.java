package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.server.CairnServer;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.json.JsonPath;
import io.lettuce.core.json.JsonType;
import io.lettuce.core.json.JsonValue;
import io.lettuce.core.protocol.ProtocolVersion;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.json.JSONArray;
import org.json.JSONObject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.RedisProtocol;
import redis.clients.jedis.Transaction;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.json.JsonSetParams;
import redis.clients.jedis.json.Path2;

/**
 * JSON documents end to end through the RedisJSON APIs of real clients: Jedis's
 * {@code UnifiedJedis} (JSONPath {@code Path2} and legacy {@code Path}) and Lettuce's
 * {@code RedisJsonCommands}, over RESP2 and RESP3; plus durability across restarts, expiry,
 * transactions and the size limit. The exact reply of every command is checked over raw RESP by
 * {@link JsonScriptTest}.
 */
class JsonCommandsTest {
    private static final String WRONGTYPE = "WRONGTYPE Operation against a key holding the wrong kind of value";

    @TempDir
    Path dir;
    TestServer server;
    UnifiedJedis jedis;
    RedisClient lettuce;
    StatefulRedisConnection<String, String> connection;

    @AfterEach
    void stop() {
        if (jedis != null) {
            jedis.close();
        }
        if (connection != null) {
            connection.close();
        }
        if (lettuce != null) {
            lettuce.shutdown(Duration.ZERO, Duration.ofSeconds(5));
        }
        if (server != null) {
            server.close();
        }
    }

    private UnifiedJedis jedis(RedisProtocol protocol) {
        if (server == null) {
            server = TestServer.start(dir, "fsync");
        }
        jedis = new UnifiedJedis(new HostAndPort("127.0.0.1", server.port()),
                DefaultJedisClientConfig.builder().protocol(protocol).timeoutMillis(30_000).build());
        return jedis;
    }

    private RedisCommands<String, String> lettuce(ProtocolVersion protocol) {
        server = TestServer.start(dir, "fsync");
        lettuce = RedisClient.create(RedisURI.builder().withHost("127.0.0.1").withPort(server.port())
                .withTimeout(Duration.ofSeconds(30)).build());
        lettuce.setOptions(ClientOptions.builder().protocolVersion(protocol).build());
        connection = lettuce.connect();
        return connection.sync();
    }

    @ParameterizedTest
    @EnumSource(RedisProtocol.class)
    void jedisJsonPathApi(RedisProtocol protocol) {
        UnifiedJedis j = jedis(protocol);
        assertThat(j.jsonSet("user:1", Path2.ROOT_PATH,
                "{\"name\":\"Ada\",\"age\":36,\"tags\":[\"math\"],\"address\":{\"city\":\"London\"}}")).isEqualTo("OK");
        assertThat(j.jsonSet("user:1", Path2.ROOT_PATH, "{}", JsonSetParams.jsonSetParams().nx())).isNull();
        assertThat(j.jsonSet("user:1", Path2.of("$.age"), "37", JsonSetParams.jsonSetParams().xx())).isEqualTo("OK");

        JSONArray whole = (JSONArray) j.jsonGet("user:1", Path2.ROOT_PATH);
        assertThat(whole.getJSONObject(0).similar(new JSONObject(
                "{\"name\":\"Ada\",\"age\":37,\"tags\":[\"math\"],\"address\":{\"city\":\"London\"}}"))).isTrue();
        assertThat(j.jsonGet("user:1", Path2.of("$.address.city")).toString()).isEqualTo("[\"London\"]");
        assertThat(j.jsonGet("user:1", Path2.of("$.missing")).toString()).isEqualTo("[]");

        assertThat(j.jsonType("user:1", Path2.of("$.name"))).containsExactly(String.class);
        assertThat(j.jsonType("user:1", Path2.of("$.tags"))).containsExactly(List.class);
        // RESP2 answers JSON text, which Jedis parses; RESP3 answers numbers, which Jedis reads as doubles
        assertThat(j.jsonNumIncrBy("user:1", Path2.of("$.age"), 2).toString())
                .isEqualTo(protocol == RedisProtocol.RESP2 ? "[39]" : "[39.0]");
        assertThat(j.jsonStrAppend("user:1", Path2.of("$.name"), " L.")).containsExactly(6L);
        assertThat(j.jsonArrAppend("user:1", Path2.of("$.tags"), "\"poetry\"", "\"engines\"")).containsExactly(3L);
        assertThat(j.jsonArrLen("user:1", Path2.of("$.tags"))).containsExactly(3L);
        assertThat(j.jsonObjKeys("user:1", Path2.ROOT_PATH))
                .containsExactly(List.of("name", "age", "tags", "address"));

        assertThat(j.jsonSet("user:2", Path2.ROOT_PATH, "{\"name\":\"Grace\",\"age\":85}")).isEqualTo("OK");
        List<JSONArray> names = j.jsonMGet(Path2.of("$.name"), "user:1", "user:2", "nobody");
        assertThat(names).hasSize(3);
        assertThat(names.get(0).toString()).isEqualTo("[\"Ada L.\"]");
        assertThat(names.get(1).toString()).isEqualTo("[\"Grace\"]");
        assertThat(names.get(2)).isNull();

        assertThat(j.jsonDel("user:1", Path2.of("$.address"))).isEqualTo(1);
        assertThat(j.jsonDel("user:2")).isEqualTo(1);
        assertThat(j.exists("user:2")).isFalse();
        assertThat(j.type("user:1")).isEqualTo("ReJSON-RL");
    }

    @Test
    void jedisLegacyPathApi() {
        UnifiedJedis j = jedis(RedisProtocol.RESP2);
        assertThat(j.jsonSet("doc", redis.clients.jedis.json.Path.ROOT_PATH,
                java.util.Map.of("n", 1, "arr", List.of(1, 2)))).isEqualTo("OK");
        assertThat(j.jsonType("doc", redis.clients.jedis.json.Path.of(".arr"))).isEqualTo(List.class);
        assertThat(j.jsonArrLen("doc", redis.clients.jedis.json.Path.of(".arr"))).isEqualTo(2L);
        assertThat(j.jsonNumIncrBy("doc", redis.clients.jedis.json.Path.of(".n"), 1.5)).isEqualTo(2.5);
        assertThat(j.jsonGet("doc", Double.class, redis.clients.jedis.json.Path.of(".n"))).isEqualTo(2.5);
        assertThat(j.jsonDel("doc", redis.clients.jedis.json.Path.of(".arr"))).isEqualTo(1);
    }

    @ParameterizedTest
    @EnumSource(RedisProtocol.class)
    void wrongTypeBothWaysAndBadInputLeaveTheConnectionUsable(RedisProtocol protocol) {
        UnifiedJedis j = jedis(protocol);
        j.set("plain", "v");
        j.jsonSet("doc", Path2.ROOT_PATH, "{\"a\":1}");
        assertThatThrownBy(() -> j.jsonGet("plain", Path2.ROOT_PATH)).isInstanceOf(JedisDataException.class)
                .hasMessage(WRONGTYPE);
        assertThatThrownBy(() -> j.jsonSet("plain", Path2.ROOT_PATH, "1")).hasMessage(WRONGTYPE);
        assertThatThrownBy(() -> j.get("doc")).hasMessage(WRONGTYPE);
        assertThatThrownBy(() -> j.hset("doc", "f", "v")).hasMessage(WRONGTYPE);

        assertThatThrownBy(() -> j.jsonSet("doc", Path2.ROOT_PATH, "{\"a\":}"))
                .isInstanceOf(JedisDataException.class)
                .hasMessage("ERR expected value at line 1, column 6 (offset 5)");
        assertThatThrownBy(() -> j.jsonGet("doc", Path2.of("$.a[")))
                .isInstanceOf(JedisDataException.class).hasMessageStartingWith("JSON Path error: ");
        assertThat(j.jsonSet("doc", Path2.of("$.x.y"), "1", JsonSetParams.jsonSetParams().xx())).isNull();
        assertThat(j.jsonGet("doc", Path2.of("$.a")).toString()).isEqualTo("[1]");
        assertThat(j.get("plain")).isEqualTo("v");
    }

    @ParameterizedTest
    @EnumSource(ProtocolVersion.class)
    void lettuceJsonApi(ProtocolVersion protocol) {
        RedisCommands<String, String> r = lettuce(protocol);
        assertThat(r.jsonSet("item", JsonPath.ROOT_PATH, "{\"name\":\"lamp\",\"price\":10,\"tags\":[],\"dims\":{}}"))
                .isEqualTo("OK");
        List<JsonValue> got = r.jsonGet("item", JsonPath.of("$.name"));
        assertThat(got).hasSize(1);
        assertThat(got.getFirst().toString()).isEqualTo("[\"lamp\"]");
        assertThat(r.jsonGetRaw("item", JsonPath.of("$.price"))).containsExactly("[10]");
        List<Number> incremented = r.jsonNumincrby("item", JsonPath.of("$.price"), 5);
        if (protocol == ProtocolVersion.RESP3) {
            // Over RESP2 RedisJSON answers JSON text ("[15]"), which Lettuce 7 does not read as numbers.
            assertThat(incremented).containsExactly(15L);
        }
        assertThat(r.jsonArrappend("item", JsonPath.of("$.tags"), "\"new\"", "\"sale\"")).containsExactly(2L);
        assertThat(r.jsonArrlen("item", JsonPath.of("$.tags"))).containsExactly(2L);
        assertThat(r.jsonStrappend("item", JsonPath.of("$.name"), "\"!\"")).containsExactly(5L);
        assertThat(r.jsonObjkeys("item", JsonPath.ROOT_PATH)).containsExactly("name", "price", "tags", "dims");
        assertThat(r.jsonType("item", JsonPath.of("$.tags"))).containsExactly(JsonType.ARRAY);
        assertThat(r.jsonMGetRaw(JsonPath.of("$.name"), "item", "none")).containsExactly("[\"lamp!\"]", null);
        assertThat(r.jsonDel("item", JsonPath.of("$.dims"))).isEqualTo(1);
        assertThat(r.jsonGetRaw("item")).containsExactly("{\"name\":\"lamp!\",\"price\":15,\"tags\":[\"new\",\"sale\"]}");
        r.set("plain", "v");
        assertThatThrownBy(() -> r.jsonGet("plain", JsonPath.ROOT_PATH))
                .isInstanceOf(RedisCommandExecutionException.class).hasMessage(WRONGTYPE);
        assertThat(r.type("item")).isEqualTo("ReJSON-RL");
    }

    @Test
    void documentsSurviveACleanRestartAndALogReplay() throws Exception {
        server = TestServer.start(dir, "fsync");
        try (Jedis j = new Jedis("127.0.0.1", server.port())) {
            j.sendCommand(() -> "JSON.SET".getBytes(), "a", "$", "{\"v\":[1,2,3]}");
            j.sendCommand(() -> "JSON.SET".getBytes(), "b", "$", "\"text\"");
            j.expire("b", 3600);
        }
        server.close();
        server = TestServer.start(dir, "fsync");
        assertThat(server.server.store().recoveryStats().snapshotEntries()).isEqualTo(2);
        UnifiedJedis j = jedis(RedisProtocol.RESP2);
        assertThat(j.jsonGet("a", Path2.of("$.v[1]")).toString()).isEqualTo("[2]");
        assertThat(j.ttl("b")).isBetween(3590L, 3600L);
        assertThat(j.jsonArrAppend("a", Path2.of("$.v"), "4")).containsExactly(4L);
        j.close();
        jedis = null;

        CairnServer running = server.server;
        try (Jedis raw = new Jedis("127.0.0.1", server.port())) {
            raw.shutdown(redis.clients.jedis.params.ShutdownParams.shutdownParams().nosave());
        } catch (RuntimeException e) {
            // the server closes the connection without a reply, as Redis does
        }
        running.awaitClose();
        server = TestServer.start(dir, "fsync");
        assertThat(server.server.store().recoveryStats().walMutations()).isEqualTo(1);
        assertThat(jedis(RedisProtocol.RESP2).jsonGet("a", Path2.of("$.v")).toString()).isEqualTo("[[1,2,3,4]]");
    }

    @Test
    void aDocumentExpiresLikeAnyKey() throws Exception {
        UnifiedJedis j = jedis(RedisProtocol.RESP2);
        j.jsonSet("session", Path2.ROOT_PATH, "{\"user\":7}");
        assertThat(j.pexpire("session", 50)).isEqualTo(1);
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos(); // bounds a failure only
        while (j.exists("session") && System.nanoTime() < deadline) {
            Thread.sleep(10); // the expiry is 50 ms away; poll rather than guess
        }
        assertThat(j.jsonGet("session")).isNull();
        assertThat(j.exists("session")).isFalse();
    }

    @Test
    void jsonCommandsRunInsideMultiAndWatchSeesDocumentChanges() {
        UnifiedJedis j = jedis(RedisProtocol.RESP2);
        j.jsonSet("counter", Path2.ROOT_PATH, "{\"n\":0}");
        try (Jedis a = new Jedis("127.0.0.1", server.port()); Jedis b = new Jedis("127.0.0.1", server.port())) {
            Transaction tx = a.multi();
            tx.jsonNumIncrBy("counter", Path2.of("$.n"), 1);
            tx.jsonNumIncrBy("counter", Path2.of("$.n"), 1);
            assertThat(tx.exec()).hasSize(2);

            a.watch("counter");
            b.sendCommand(() -> "JSON.SET".getBytes(), "counter", "$.n", "100");
            Transaction conflicting = a.multi();
            conflicting.jsonSet("counter", Path2.of("$.n"), "-1");
            assertThat(conflicting.exec()).isNull();
        }
        assertThat(j.jsonGet("counter", Path2.of("$.n")).toString()).isEqualTo("[100]");
    }

    @Test
    void documentsPastTheSizeLimitAreRefusedBeforeTheyAreParsed() {
        server = TestServer.start(dir, "fsync", "json-max-bytes", "2048");
        UnifiedJedis j = jedis(RedisProtocol.RESP2);
        String big = "\"" + "x".repeat(3000) + "\"";
        assertThatThrownBy(() -> j.jsonSet("doc", Path2.ROOT_PATH, big)).isInstanceOf(JedisDataException.class)
                .hasMessage("ERR document size: 3002 bytes (expected: <= 2048)");
        assertThat(j.exists("doc")).isFalse();

        String half = "\"" + "y".repeat(1500) + "\"";
        assertThat(j.jsonSet("doc", Path2.ROOT_PATH, "[" + half + "]")).isEqualTo("OK");
        assertThatThrownBy(() -> j.jsonArrAppend("doc", Path2.ROOT_PATH, half))
                .isInstanceOf(JedisDataException.class).hasMessageStartingWith("ERR document size: ")
                .hasMessageEndingWith(" bytes once stored (expected: <= 2048)");
        assertThat(j.jsonArrLen("doc", Path2.ROOT_PATH)).containsExactly(1L);
    }
}
