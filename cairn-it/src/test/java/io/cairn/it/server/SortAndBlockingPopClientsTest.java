package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisURI;
import io.lettuce.core.ScoredValue;
import io.lettuce.core.SortArgs;
import io.lettuce.core.ZPopArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.protocol.ProtocolVersion;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.RedisProtocol;
import redis.clients.jedis.args.SortedSetOption;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.params.SortingParams;
import redis.clients.jedis.resps.Tuple;
import redis.clients.jedis.util.KeyValue;

/**
 * SORT / SORT_RO and the blocking sorted-set pops through Jedis and Lettuce, unchanged from Maven
 * Central, over RESP2 and RESP3: each library's own parsing of the replies must give the values
 * Redis gives, and a Jedis client blocked in BZPOPMIN is answered by another client's ZADD.
 */
class SortAndBlockingPopClientsTest {
    @TempDir
    Path dir;
    TestServer server;
    Jedis jedis;
    Jedis other;
    RedisClient lettuce;
    StatefulRedisConnection<String, String> connection;

    @AfterEach
    void stop() {
        for (Jedis j : new Jedis[] {jedis, other}) {
            if (j != null) {
                j.close();
            }
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

    private Jedis connect(RedisProtocol protocol) {
        if (server == null) {
            server = TestServer.start(dir, "write");
        }
        return new Jedis(new HostAndPort("127.0.0.1", server.port()),
                DefaultJedisClientConfig.builder().protocol(protocol).timeoutMillis(30_000).build());
    }

    private RedisCommands<String, String> lettuce(ProtocolVersion protocol) {
        server = TestServer.start(dir, "write");
        lettuce = RedisClient.create(RedisURI.builder().withHost("127.0.0.1").withPort(server.port())
                .withTimeout(Duration.ofSeconds(30)).build());
        lettuce.setOptions(ClientOptions.builder().protocolVersion(protocol).build());
        connection = lettuce.connect();
        return connection.sync();
    }

    @ParameterizedTest
    @EnumSource(RedisProtocol.class)
    void jedisSortsWithByLimitGetAlphaAndStore(RedisProtocol protocol) {
        Jedis j = jedis = connect(protocol);
        j.rpush("ids", "3", "1", "2");
        j.mset("w_1", "30", "w_2", "10", "w_3", "20", "name_1", "one", "name_3", "three");
        assertThat(j.sort("ids")).containsExactly("1", "2", "3");
        assertThat(j.sort("ids", new SortingParams().by("w_*").desc())).containsExactly("1", "3", "2");
        assertThat(j.sort("ids", new SortingParams().limit(1, 5).get("#", "name_*")))
                .containsExactly("2", null, "3", "three");
        assertThat(j.sort("ids", new SortingParams().nosort().desc())).containsExactly("2", "1", "3");
        assertThat(j.sortReadonly("ids", new SortingParams().alpha().limit(0, 1))).containsExactly("1");
        assertThat(j.sort("ids", new SortingParams().get("name_*"), "dst")).isEqualTo(3);
        assertThat(j.lrange("dst", 0, -1)).containsExactly("one", "", "three");
        assertThat(j.sort("missing", "dst")).isZero();
        assertThat(j.exists("dst")).isFalse();
        j.rpush("words", "b", "a");
        assertThatThrownBy(() -> j.sort("words")).isInstanceOf(JedisDataException.class)
                .hasMessage("ERR One or more scores can't be converted into double");
        j.set("s", "v");
        assertThatThrownBy(() -> j.sort("s")).isInstanceOf(JedisDataException.class).hasMessageStartingWith("WRONGTYPE");
    }

    @ParameterizedTest
    @EnumSource(RedisProtocol.class)
    void jedisBlockingPopsAnswerAtOnceOrWhenAnotherClientAdds(RedisProtocol protocol) throws Exception {
        Jedis j = jedis = connect(protocol);
        j.zadd("z", Map.of("a", 1.0, "b", 2.0, "c", 3.0));
        KeyValue<String, Tuple> min = j.bzpopmin(0, "none", "z");
        assertThat(min.getKey()).isEqualTo("z");
        assertThat(min.getValue()).isEqualTo(new Tuple("a", 1.0));
        assertThat(j.bzpopmax(0, "z").getValue()).isEqualTo(new Tuple("c", 3.0));
        KeyValue<String, List<Tuple>> popped = j.bzmpop(0, SortedSetOption.MIN, 5, "z");
        assertThat(popped.getValue()).containsExactly(new Tuple("b", 2.0));
        assertThat(j.bzpopmin(0.01, "z")).isNull();
        assertThat(j.bzmpop(0.01, SortedSetOption.MAX, "z")).isNull();

        CompletableFuture<KeyValue<String, Tuple>> waiting = CompletableFuture.supplyAsync(() -> j.bzpopmax(0, "q"));
        other = connect(protocol);
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!other.info("clients").contains("blocked_clients:1")) {
            assertThat(System.nanoTime()).as("the Jedis client blocks").isLessThan(deadline);
            Thread.onSpinWait();
        }
        other.zadd("q", 4.5, "m");
        KeyValue<String, Tuple> served = waiting.get();
        assertThat(served.getKey()).isEqualTo("q");
        assertThat(served.getValue()).isEqualTo(new Tuple("m", 4.5));
    }

    @ParameterizedTest
    @EnumSource(value = ProtocolVersion.class, names = {"RESP2", "RESP3"})
    void lettuceSortsAndPops(ProtocolVersion protocol) {
        RedisCommands<String, String> r = lettuce(protocol);
        r.sadd("s", "30", "4", "100");
        r.hset("h_30", "n", "c");
        r.hset("h_4", "n", "a");
        r.hset("h_100", "n", "b");
        assertThat(r.sort("s")).containsExactly("4", "30", "100");
        assertThat(r.sort("s", SortArgs.Builder.alpha())).containsExactly("100", "30", "4");
        assertThat(r.sort("s", SortArgs.Builder.by("h_*->n").alpha().get("#").get("h_*->n")))
                .containsExactly("4", "a", "100", "b", "30", "c");
        assertThat(r.sortReadOnly("s", SortArgs.Builder.limit(1, 1).desc())).containsExactly("30");
        assertThat(r.sortStore("s", SortArgs.Builder.desc(), "dst")).isEqualTo(3);
        assertThat(r.lrange("dst", 0, -1)).containsExactly("100", "30", "4");

        r.zadd("z", 1.5, "a", 2.5, "b");
        var min = r.bzpopmin(0.0, "none", "z");
        assertThat(min.getKey()).isEqualTo("z");
        assertThat(min.getValue()).isEqualTo(ScoredValue.just(1.5, "a"));
        var max = r.bzmpop(0.0, 3, ZPopArgs.Builder.max(), "z");
        assertThat(max.getValue()).containsExactly(ScoredValue.just(2.5, "b"));
        assertThat(r.bzpopmax(0.01, "z")).isNull();
        r.set("str", "v");
        assertThatThrownBy(() -> r.bzpopmin(0.01, "str")).isInstanceOf(RedisCommandExecutionException.class)
                .hasMessageStartingWith("WRONGTYPE");
    }
}
