package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.KeyValue;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisURI;
import io.lettuce.core.ScanArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.protocol.ProtocolVersion;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.RedisProtocol;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * Every hash command through Jedis and Lettuce, unchanged, over RESP2 and RESP3: each library's
 * own parsing of the replies (HRANDFIELD WITHVALUES is flat in RESP2, pairs in RESP3) must give
 * the values Redis gives.
 */
class HashClientsTest {
    @TempDir
    Path dir;
    TestServer server;
    Jedis jedis;
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

    private Jedis jedis(RedisProtocol protocol) {
        server = TestServer.start(dir, "fsync");
        jedis = new Jedis(new HostAndPort("127.0.0.1", server.port()),
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
    void everyHashCommandThroughJedis(RedisProtocol protocol) {
        Jedis j = jedis(protocol);
        assertThat(j.hset("h", "a", "1")).isEqualTo(1);
        assertThat(j.hmset("h", Map.of("b", "2", "c", "three"))).isEqualTo("OK");
        assertThat(j.hsetnx("h", "a", "x")).isZero();
        assertThat(j.hsetnx("h", "d", "4")).isEqualTo(1);
        assertThat(j.hvals("h")).containsExactlyInAnyOrder("1", "2", "three", "4");
        assertThat(j.hstrlen("h", "c")).isEqualTo(5);
        assertThat(j.hstrlen("h", "nope")).isZero();
        assertThat(j.hincrByFloat("h", "b", 0.5)).isEqualTo(2.5);
        assertThat(j.hincrByFloat("h", "new", -1.25)).isEqualTo(-1.25);
        assertThat(j.hget("h", "new")).isEqualTo("-1.25");
        assertThat(j.hincrBy("h", "d", -10)).isEqualTo(-6);
        assertThatThrownBy(() -> j.hincrBy("h", "c", 1)).isInstanceOf(JedisDataException.class)
                .hasMessage("ERR hash value is not an integer");
        assertThatThrownBy(() -> j.hincrByFloat("h", "c", 1)).isInstanceOf(JedisDataException.class)
                .hasMessage("ERR hash value is not a float");
        assertThat(j.hdel("h", "new", "nope")).isEqualTo(1);

        assertThat(j.hrandfield("h")).isIn("a", "b", "c", "d");
        assertThat(j.hrandfield("h", 10)).containsExactlyInAnyOrder("a", "b", "c", "d");
        assertThat(j.hrandfield("h", -6)).hasSize(6).isSubsetOf("a", "b", "c", "d");
        List<Map.Entry<String, String>> withValues = j.hrandfieldWithValues("h", 2);
        assertThat(withValues).hasSize(2).doesNotHaveDuplicates()
                .isSubsetOf(Map.entry("a", "1"), Map.entry("b", "2.5"), Map.entry("c", "three"), Map.entry("d", "-6"));
        assertThat(j.hrandfieldWithValues("h", -5)).hasSize(5);
        assertThat(j.hrandfield("missing")).isNull();
        assertThat(j.hrandfield("missing", 3)).isEmpty();

        Map<String, String> big = new HashMap<>();
        for (int i = 0; i < 1_000; i++) {
            big.put("field:" + i, "v" + i);
        }
        j.hset("big", big);
        Map<String, String> scanned = new HashMap<>();
        String cursor = ScanParams.SCAN_POINTER_START;
        int pages = 0;
        do {
            ScanResult<Map.Entry<String, String>> page = j.hscan("big", cursor, new ScanParams().count(50));
            page.getResult().forEach(e -> scanned.put(e.getKey(), e.getValue()));
            cursor = page.getCursor();
            pages++;
        } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
        assertThat(scanned).isEqualTo(big);
        assertThat(pages).isGreaterThan(1);
        Map<String, String> matched = new HashMap<>();
        cursor = ScanParams.SCAN_POINTER_START;
        do {
            ScanResult<Map.Entry<String, String>> page = j.hscan("big", cursor, new ScanParams().match("field:99?"));
            page.getResult().forEach(e -> matched.put(e.getKey(), e.getValue()));
            cursor = page.getCursor();
        } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
        assertThat(matched).hasSize(10).containsEntry("field:995", "v995");

        j.set("s", "v");
        assertThatThrownBy(() -> j.hrandfield("s", 1)).isInstanceOf(JedisDataException.class)
                .hasMessageStartingWith("WRONGTYPE");
    }

    @ParameterizedTest
    @EnumSource(ProtocolVersion.class)
    void everyHashCommandThroughLettuce(ProtocolVersion protocol) {
        RedisCommands<String, String> r = lettuce(protocol);
        assertThat(r.hset("h", "a", "1")).isTrue();
        assertThat(r.hset("h", Map.of("b", "2", "c", "three"))).isEqualTo(2);
        assertThat(r.hmset("h", Map.of("e", "5"))).isEqualTo("OK");
        assertThat(r.hsetnx("h", "a", "x")).isFalse();
        assertThat(r.hget("h", "a")).isEqualTo("1");
        assertThat(r.hget("h", "nope")).isNull();
        assertThat(r.hmget("h", "a", "nope", "c"))
                .containsExactly(KeyValue.just("a", "1"), KeyValue.empty("nope"), KeyValue.just("c", "three"));
        assertThat(r.hgetall("h")).isEqualTo(Map.of("a", "1", "b", "2", "c", "three", "e", "5"));
        assertThat(r.hkeys("h")).containsExactlyInAnyOrder("a", "b", "c", "e");
        assertThat(r.hvals("h")).containsExactlyInAnyOrder("1", "2", "three", "5");
        assertThat(r.hlen("h")).isEqualTo(4);
        assertThat(r.hexists("h", "e")).isTrue();
        assertThat(r.hstrlen("h", "c")).isEqualTo(5);
        assertThat(r.hincrby("h", "a", 41)).isEqualTo(42);
        assertThat(r.hincrbyfloat("h", "b", 1.5)).isEqualTo(3.5);
        assertThat(r.hincrbyfloat("h", "f", 1e20)).isEqualTo(1e20);
        assertThat(r.hget("h", "f")).as("printed without an exponent, as Redis").isEqualTo("100000000000000000000");
        assertThat(r.hdel("h", "b", "e", "f", "nope")).isEqualTo(3);

        assertThat(r.hrandfield("h")).isIn("a", "c");
        assertThat(r.hrandfield("h", 5)).containsExactlyInAnyOrder("a", "c");
        assertThat(r.hrandfield("h", -4)).hasSize(4).isSubsetOf("a", "c");
        assertThat(r.hrandfieldWithvalues("h")).isIn(KeyValue.just("a", "42"), KeyValue.just("c", "three"));
        assertThat(r.hrandfieldWithvalues("h", 5))
                .containsExactlyInAnyOrder(KeyValue.just("a", "42"), KeyValue.just("c", "three"));
        assertThat(r.hrandfieldWithvalues("h", -3)).hasSize(3)
                .isSubsetOf(KeyValue.just("a", "42"), KeyValue.just("c", "three"));
        assertThat(r.hrandfield("missing", 2)).isEmpty();

        var page = r.hscan("h", ScanArgs.Builder.matches("a*"));
        assertThat(page.isFinished()).isTrue();
        assertThat(page.getMap()).isEqualTo(Map.of("a", "42"));
        r.set("s", "v");
        assertThatThrownBy(() -> r.hgetall("s")).isInstanceOf(RedisCommandExecutionException.class)
                .hasMessageStartingWith("WRONGTYPE");
        assertThatThrownBy(() -> r.hincrbyfloat("h", "c", 1)).isInstanceOf(RedisCommandExecutionException.class)
                .hasMessage("ERR hash value is not a float");
        assertThat(r.del("h")).isEqualTo(1);
        assertThat(r.hlen("h")).isZero();
    }
}
