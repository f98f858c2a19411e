package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.Limit;
import io.lettuce.core.Range;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisURI;
import io.lettuce.core.ScoredValue;
import io.lettuce.core.ZAddArgs;
import io.lettuce.core.ZAggregateArgs;
import io.lettuce.core.ZPopArgs;
import io.lettuce.core.ZStoreArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.protocol.ProtocolVersion;
import java.nio.file.Path;
import java.time.Duration;
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
import redis.clients.jedis.args.SortedSetOption;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.params.ZParams;
import redis.clients.jedis.params.ZRangeParams;
import redis.clients.jedis.resps.Tuple;
import redis.clients.jedis.util.KeyValue;

/**
 * The sorted-set commands added with the order-statistic tree (ZUNION ... ZMPOP) through Jedis and
 * Lettuce, unchanged from Maven Central, over RESP2 and RESP3: each library's own parsing of the
 * replies must give the values Redis gives.
 */
class SortedSetClientsTest {
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
    void jedisUnionInterDiffAndTheirStoreForms(RedisProtocol protocol) {
        Jedis j = jedis(protocol);
        j.zadd("a", Map.of("x", 1.0, "y", 2.0, "z", 3.0));
        j.zadd("b", Map.of("y", 10.0, "z", 20.0, "w", 30.0));
        assertThat(j.zunion(new ZParams(), "a", "b")).containsExactly("x", "y", "z", "w");
        assertThat(j.zunionWithScores(new ZParams().weights(2, 0.5).aggregate(ZParams.Aggregate.MAX), "a", "b"))
                .containsExactly(new Tuple("x", 2.0), new Tuple("y", 5.0), new Tuple("z", 10.0), new Tuple("w", 15.0));
        assertThat(j.zinterWithScores(new ZParams(), "a", "b")).containsExactly(new Tuple("y", 12.0), new Tuple("z", 23.0));
        assertThat(j.zinter(new ZParams().aggregate(ZParams.Aggregate.MIN), "a", "b")).containsExactly("y", "z");
        assertThat(j.zdiffWithScores("a", "b")).containsExactly(new Tuple("x", 1.0));
        assertThat(j.zintercard(1, "a", "b")).isEqualTo(1);
        assertThat(j.zintercard("a", "b")).isEqualTo(2);
        assertThat(j.zunionstore("u", "a", "b")).isEqualTo(4);
        assertThat(j.zinterstore("i", new ZParams().weights(1, 0), "a", "b")).isEqualTo(2);
        assertThat(j.zrangeWithScores("i", 0, -1)).containsExactly(new Tuple("y", 2.0), new Tuple("z", 3.0));
        assertThat(j.zdiffstore("d", "b", "a")).isEqualTo(1);
        assertThat(j.zrange("d", 0, -1)).containsExactly("w");
        assertThat(j.zdiffstore("d", "a", "a")).isZero();
        assertThat(j.exists("d")).isFalse();
        j.set("s", "v");
        assertThatThrownBy(() -> j.zunion(new ZParams(), "a", "s")).isInstanceOf(JedisDataException.class)
                .hasMessageStartingWith("WRONGTYPE");
    }

    @ParameterizedTest
    @EnumSource(RedisProtocol.class)
    void jedisRangeStoreLexRangesRandomMembersAndMPop(RedisProtocol protocol) {
        Jedis j = jedis(protocol);
        j.zadd("src", Map.of("a", 1.0, "b", 2.0, "c", 3.0, "d", 4.0));
        assertThat(j.zrangestore("dst", "src", ZRangeParams.zrangeByScoreParams(2, 4).limit(1, 2))).isEqualTo(2);
        assertThat(j.zrange("dst", 0, -1)).containsExactly("c", "d");
        assertThat(j.zrangestore("dst", "src", ZRangeParams.zrangeParams(-2, -1))).isEqualTo(2);
        assertThat(j.zrangestore("dst", "missing", ZRangeParams.zrangeParams(0, -1))).isZero();
        assertThat(j.exists("dst")).isFalse();

        j.zadd("lex", Map.of("a", 0.0, "b", 0.0, "c", 0.0, "d", 0.0));
        assertThat(j.zlexcount("lex", "(a", "[c")).isEqualTo(2);
        assertThat(j.zrevrangeByLex("lex", "+", "-", 1, 2)).containsExactly("c", "b");
        assertThat(j.zrangestore("dst", "lex", ZRangeParams.zrangeByLexParams("[b", "+"))).isEqualTo(3);
        assertThat(j.zremrangeByLex("lex", "-", "[b")).isEqualTo(2);
        assertThat(j.zrange("lex", 0, -1)).containsExactly("c", "d");

        assertThat(j.zrandmember("src")).isIn("a", "b", "c", "d");
        assertThat(j.zrandmember("src", 3)).hasSize(3).doesNotHaveDuplicates().isSubsetOf("a", "b", "c", "d");
        assertThat(j.zrandmember("src", -10)).hasSize(10).isSubsetOf("a", "b", "c", "d");
        assertThat(j.zrandmemberWithScores("src", 10)).containsExactlyInAnyOrder(
                new Tuple("a", 1.0), new Tuple("b", 2.0), new Tuple("c", 3.0), new Tuple("d", 4.0));
        assertThat(j.zrandmember("missing", 2)).isEmpty();

        KeyValue<String, List<Tuple>> popped = j.zmpop(SortedSetOption.MAX, 2, "missing", "src");
        assertThat(popped.getKey()).isEqualTo("src");
        assertThat(popped.getValue()).containsExactly(new Tuple("d", 4.0), new Tuple("c", 3.0));
        assertThat(j.zmpop(SortedSetOption.MIN, "src").getValue()).containsExactly(new Tuple("a", 1.0));
        assertThat(j.zmpop(SortedSetOption.MIN, "missing")).isNull();
    }

    @ParameterizedTest
    @EnumSource(RedisProtocol.class)
    void aHugeNegativeRandomCountIsRefusedBeforeAnyPickAndTheServerGoesOn(RedisProtocol protocol) {
        Jedis j = jedis(protocol);
        j.zadd("z", 1, "m");
        assertThatThrownBy(() -> j.zrandmember("z", -Long.MAX_VALUE)).isInstanceOf(JedisDataException.class)
                .hasMessageStartingWith("ERR value is out of range, value must between -");
        assertThatThrownBy(() -> j.zrandmemberWithScores("z", -Long.MAX_VALUE)).isInstanceOf(JedisDataException.class)
                .hasMessage("ERR value is out of range");
        assertThat(j.zrandmember("missing", -Long.MAX_VALUE)).isEmpty(); // an absent key answers first, as Redis does
        assertThat(j.zrandmember("z", Long.MAX_VALUE)).containsExactly("m");
        assertThat(j.ping()).isEqualTo("PONG");
    }

    @ParameterizedTest
    @EnumSource(ProtocolVersion.class)
    void lettuceReadsTheNewRepliesInBothProtocols(ProtocolVersion protocol) {
        RedisCommands<String, String> r = lettuce(protocol);
        r.zadd("a", 1.0, "x", 2.0, "y");
        r.zadd("b", 3.0, "y", 4.0, "z");
        assertThat(r.zunionWithScores("a", "b"))
                .containsExactly(ScoredValue.just(1.0, "x"), ScoredValue.just(4.0, "z"), ScoredValue.just(5.0, "y"));
        assertThat(r.zinterWithScores(ZAggregateArgs.Builder.max(), "a", "b")).containsExactly(ScoredValue.just(3.0, "y"));
        assertThat(r.zdiff("b", "a")).containsExactly("z");
        assertThat(r.zdiffWithScores("a", "b")).containsExactly(ScoredValue.just(1.0, "x"));
        assertThat(r.zintercard(10, "a", "b")).isEqualTo(1);
        assertThat(r.zunionstore("u", ZStoreArgs.Builder.weights(1, 10), "a", "b")).isEqualTo(3);
        assertThat(r.zscore("u", "y")).isEqualTo(32.0);
        assertThat(r.zrangestorebyscore("s", "u", Range.create(2, 100), Limit.create(0, 1))).isEqualTo(1);
        assertThat(r.zrange("s", 0, -1)).containsExactly("y");
        if (protocol == ProtocolVersion.RESP3) { // Lettuce 7.7 reads RESP2's [rank, "score"] as empty (so it would Redis's)
            assertThat(r.zrankWithScore("u", "z")).isEqualTo(ScoredValue.just(40.0, 2L));
        }
        assertThat(r.zrandmemberWithScores("a", 5))
                .containsExactlyInAnyOrder(ScoredValue.just(1.0, "x"), ScoredValue.just(2.0, "y"));
        assertThat(r.zrandmemberWithScores("a")).isIn(ScoredValue.just(1.0, "x"), ScoredValue.just(2.0, "y"));
        assertThat(r.zlexcount("a", Range.unbounded())).isEqualTo(2);
        assertThat(r.zmpop(2, ZPopArgs.Builder.min(), "missing", "a").getValue())
                .containsExactly(ScoredValue.just(1.0, "x"), ScoredValue.just(2.0, "y"));
        assertThat(r.exists("a")).isZero();
        assertThat(r.zmpop(ZPopArgs.Builder.max(), "b").getValue()).isEqualTo(ScoredValue.just(4.0, "z"));
        r.set("str", "v");
        assertThatThrownBy(() -> r.zinter("str", "b")).isInstanceOf(RedisCommandExecutionException.class)
                .hasMessageStartingWith("WRONGTYPE");
        assertThatThrownBy(() -> r.zunion(ZAggregateArgs.Builder.weights(1), "b", "u"))
                .isInstanceOf(RedisCommandExecutionException.class).hasMessage("ERR syntax error");
    }

    @ParameterizedTest
    @EnumSource(ProtocolVersion.class)
    void lettuceAddsRanksRangesPopsAndRemovals(ProtocolVersion protocol) {
        RedisCommands<String, String> r = lettuce(protocol);
        assertThat(r.zadd("z", 1.0, "a", 2.0, "b", 3.0, "c")).isEqualTo(3);
        assertThat(r.zadd("z", ZAddArgs.Builder.nx(), 9.0, "a")).isZero();
        assertThat(r.zadd("z", ZAddArgs.Builder.xx().ch(), 1.5, "a")).isEqualTo(1);
        assertThat(r.zadd("z", ZAddArgs.Builder.gt(), 0.5, "b")).isZero();
        assertThat(r.zaddincr("z", 10.0, "c")).isEqualTo(13.0);
        assertThat(r.zaddincr("z", ZAddArgs.Builder.xx(), 1.0, "nobody")).isNull();
        assertThat(r.zincrby("z", -0.5, "b")).isEqualTo(1.5);
        assertThat(r.zcard("z")).isEqualTo(3);
        assertThat(r.zmscore("z", "a", "nobody", "c")).containsExactly(1.5, null, 13.0);
        assertThat(r.zrank("z", "c")).isEqualTo(2);
        assertThat(r.zrevrank("z", "c")).isZero();
        assertThat(r.zrank("z", "nobody")).isNull();
        assertThat(r.zrange("z", 0, -1)).containsExactly("a", "b", "c"); // a and b tie at 1.5: by member
        assertThat(r.zrevrange("z", 0, 0)).containsExactly("c");
        assertThat(r.zrangebyscore("z", Range.create(1.5, 2.0))).containsExactly("a", "b");
        assertThat(r.zrangebyscoreWithScores("z", Range.from(Range.Boundary.excluding(1.5), Range.Boundary.unbounded())))
                .containsExactly(ScoredValue.just(13.0, "c"));
        assertThat(r.zrevrangebyscore("z", Range.create(0, 100), Limit.create(1, 1))).containsExactly("b");
        assertThat(r.zcount("z", Range.create(1.5, 1.5))).isEqualTo(2);
        r.zadd("lex", 0.0, "a", 0.0, "b", 0.0, "c");
        assertThat(r.zrangebylex("lex", Range.create("b", "c"))).containsExactly("b", "c");
        assertThat(r.zpopmin("z")).isEqualTo(ScoredValue.just(1.5, "a"));
        assertThat(r.zpopmax("z", 5)).containsExactly(ScoredValue.just(13.0, "c"), ScoredValue.just(1.5, "b"));
        assertThat(r.exists("z")).isZero();
        assertThat(r.zpopmin("z").hasValue()).isFalse();
        r.zadd("rm", 1.0, "p", 2.0, "q", 3.0, "r", 4.0, "s");
        assertThat(r.zremrangebyrank("rm", 0, 0)).isEqualTo(1);
        assertThat(r.zremrangebyscore("rm", Range.create(4, 4))).isEqualTo(1);
        assertThat(r.zrem("rm", "q", "nobody")).isEqualTo(1);
        assertThat(r.zrangeWithScores("rm", 0, -1)).containsExactly(ScoredValue.just(3.0, "r"));
        assertThatThrownBy(() -> r.zadd("rm", ZAddArgs.Builder.nx().gt(), 1, "r"))
                .isInstanceOf(RedisCommandExecutionException.class)
                .hasMessage("ERR GT, LT, and/or NX options at the same time are not compatible");
    }

    @ParameterizedTest
    @EnumSource(RedisProtocol.class)
    void jedisScoresByManyMembersPopsFromTheTopAndScans(RedisProtocol protocol) {
        Jedis j = jedis(protocol);
        j.zadd("z", Map.of("a", 1.0, "b", 2.0, "c", 3.0));
        assertThat(j.zmscore("z", "a", "nobody", "c")).containsExactly(1.0, null, 3.0);
        assertThat(j.zpopmax("z")).isEqualTo(new Tuple("c", 3.0));
        assertThat(j.zpopmin("z", 5)).containsExactly(new Tuple("a", 1.0), new Tuple("b", 2.0));
        assertThat(j.zpopmax("z")).isNull();
        assertThat(j.zrevrangeByScoreWithScores("z", 10, 0)).isEmpty();
        Map<String, Double> members = new java.util.HashMap<>();
        for (int i = 0; i < 500; i++) {
            members.put("m" + i, (double) i);
        }
        j.zadd("big", members);
        Map<String, Double> scanned = new java.util.HashMap<>();
        String cursor = redis.clients.jedis.params.ScanParams.SCAN_POINTER_START;
        int pages = 0;
        do {
            var page = j.zscan("big", cursor, new redis.clients.jedis.params.ScanParams().count(40));
            page.getResult().forEach(t -> scanned.put(t.getElement(), t.getScore()));
            cursor = page.getCursor();
            pages++;
        } while (!cursor.equals(redis.clients.jedis.params.ScanParams.SCAN_POINTER_START));
        assertThat(scanned).isEqualTo(members);
        assertThat(pages).isGreaterThan(1);
        assertThat(j.zrevrank("big", "m0")).isEqualTo(499);
        assertThat(j.zremrangeByRank("big", 0, 249)).isEqualTo(250);
        assertThat(j.zremrangeByScore("big", "(400", "+inf")).isEqualTo(99);
        assertThat(j.zcard("big")).isEqualTo(151);
    }
}
