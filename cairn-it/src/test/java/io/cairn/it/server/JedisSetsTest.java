package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.RedisProtocol;
import redis.clients.jedis.Response;
import redis.clients.jedis.Transaction;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/** The set commands through Jedis, unchanged from Maven Central, over RESP2 and RESP3. */
class JedisSetsTest {
    @TempDir
    Path dir;
    TestServer server;
    Jedis jedis;

    private Jedis connect(RedisProtocol protocol) {
        server = TestServer.start(dir, "fsync");
        jedis = new Jedis(new HostAndPort("127.0.0.1", server.port()),
                DefaultJedisClientConfig.builder().protocol(protocol).timeoutMillis(30_000).build());
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

    @ParameterizedTest
    @EnumSource(RedisProtocol.class)
    void membersAndMembership(RedisProtocol protocol) {
        Jedis j = connect(protocol);
        assertThat(j.sadd("s", "a", "b", "c", "a")).isEqualTo(3);
        assertThat(j.sadd("s", "a")).isZero();
        assertThat(j.smembers("s")).containsExactlyInAnyOrder("a", "b", "c");
        assertThat(j.sismember("s", "b")).isTrue();
        assertThat(j.sismember("s", "z")).isFalse();
        assertThat(j.smismember("s", "a", "z", "c")).containsExactly(true, false, true);
        assertThat(j.scard("s")).isEqualTo(3);
        assertThat(j.srem("s", "a", "z")).isEqualTo(1);
        assertThat(j.smembers("missing")).isEmpty();
        assertThat(j.type("s")).isEqualTo("set");
        j.sadd("i", "3", "1", "2");
        assertThat(j.objectEncoding("i")).isEqualTo("intset");
        assertThat(j.objectEncoding("s")).isEqualTo("hashtable");
        j.set("str", "v");
        assertThatThrownBy(() -> j.sadd("str", "a")).isInstanceOf(JedisDataException.class)
                .hasMessageStartingWith("WRONGTYPE");
    }

    @ParameterizedTest
    @EnumSource(RedisProtocol.class)
    void randomMembersAndPops(RedisProtocol protocol) {
        Jedis j = connect(protocol);
        for (int i = 0; i < 100; i++) {
            j.sadd("r", "m" + i);
        }
        assertThat(j.srandmember("r")).startsWith("m");
        assertThat(new HashSet<>(j.srandmember("r", 10))).hasSize(10);
        assertThat(j.srandmember("r", -300)).hasSize(300);
        assertThat(j.srandmember("missing")).isNull();
        String one = j.spop("r");
        assertThat(j.sismember("r", one)).isFalse();
        Set<String> popped = j.spop("r", 20);
        assertThat(popped).hasSize(20);
        assertThat(j.scard("r")).isEqualTo(79);
        assertThat(j.spop("r", 1000)).hasSize(79);
        assertThat(j.exists("r")).isFalse();
        assertThat(j.spop("r")).isNull();
        assertThat(j.spop("r", 3)).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(RedisProtocol.class)
    void algebraMoveAndStore(RedisProtocol protocol) {
        Jedis j = connect(protocol);
        j.sadd("a", "1", "2", "3", "x");
        j.sadd("b", "2", "3", "4");
        assertThat(j.sinter("a", "b")).containsExactlyInAnyOrder("2", "3");
        assertThat(j.sunion("a", "b")).containsExactlyInAnyOrder("1", "2", "3", "4", "x");
        assertThat(j.sdiff("a", "b")).containsExactlyInAnyOrder("1", "x");
        assertThat(j.sintercard("a", "b")).isEqualTo(2);
        assertThat(j.sintercard(1, "a", "b")).isEqualTo(1);
        assertThat(j.sinterstore("d", "a", "b")).isEqualTo(2);
        assertThat(j.sunionstore("d", "a", "b")).isEqualTo(5);
        assertThat(j.sdiffstore("d", "a", "b")).isEqualTo(2);
        assertThat(j.smembers("d")).containsExactlyInAnyOrder("1", "x");
        assertThat(j.smove("a", "b", "x")).isEqualTo(1);
        assertThat(j.smove("a", "b", "x")).isZero();
        assertThat(j.sismember("b", "x")).isTrue();
    }

    @ParameterizedTest
    @EnumSource(RedisProtocol.class)
    void sscanPagesABigSetWithCountAndMatch(RedisProtocol protocol) {
        Jedis j = connect(protocol);
        Pipeline p = j.pipelined();
        for (int i = 0; i < 2_000; i++) {
            p.sadd("big", "member:" + i);
        }
        p.sync();
        Set<String> seen = new HashSet<>();
        Set<String> matched = new HashSet<>();
        String cursor = ScanParams.SCAN_POINTER_START;
        int pages = 0;
        do {
            ScanResult<String> page = j.sscan("big", cursor, new ScanParams().count(50));
            seen.addAll(page.getResult());
            cursor = page.getCursor();
            pages++;
            if (pages % 3 == 0) {
                j.sadd("big", "new:" + pages); // changes between pages do not lose members
                j.srem("big", "member:" + (1_000 + pages));
            }
        } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
        assertThat(pages).isBetween(30, 50);
        for (int i = 0; i < 1_000; i++) {
            assertThat(seen).contains("member:" + i);
        }
        cursor = ScanParams.SCAN_POINTER_START;
        do {
            ScanResult<String> page = j.sscan("big", cursor, new ScanParams().match("member:1?").count(100));
            matched.addAll(page.getResult());
            cursor = page.getCursor();
        } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
        assertThat(matched).hasSize(10);
        ScanResult<String> small = j.sscan("missing", ScanParams.SCAN_POINTER_START);
        assertThat(small.getCursor()).isEqualTo("0");
        assertThat(small.getResult()).isEmpty();
        assertThat(j.scan(ScanParams.SCAN_POINTER_START, new ScanParams().count(100), "set").getResult())
                .containsExactly("big");
    }

    @ParameterizedTest
    @EnumSource(RedisProtocol.class)
    void setsInsideMultiExecAndAfterARestart(RedisProtocol protocol) {
        Jedis j = connect(protocol);
        Transaction t = j.multi();
        Response<Long> added = t.sadd("t", "1", "2", "x");
        Response<Set<String>> members = t.smembers("t");
        Response<List<Boolean>> in = t.smismember("t", "1", "9");
        t.exec();
        assertThat(added.get()).isEqualTo(3);
        assertThat(members.get()).containsExactlyInAnyOrder("1", "2", "x");
        assertThat(in.get()).containsExactly(true, false);
        j.close();
        server.close();
        server = TestServer.start(dir, "fsync");
        jedis = new Jedis(new HostAndPort("127.0.0.1", server.port()),
                DefaultJedisClientConfig.builder().protocol(protocol).timeoutMillis(30_000).build());
        assertThat(jedis.smembers("t")).containsExactlyInAnyOrder("1", "2", "x");
    }

    @ParameterizedTest
    @EnumSource(RedisProtocol.class)
    void scanTypeFiltersEveryType(RedisProtocol protocol) {
        Jedis j = connect(protocol);
        j.set("k:string", "v");
        j.hset("k:hash", "f", "v");
        j.zadd("k:zset", 1, "m");
        j.sadd("k:set", "a");
        j.sendCommand(redis.clients.jedis.json.JsonProtocol.JsonCommand.SET, "k:json", "$", "{}");
        for (String type : new String[] {"string", "hash", "zset", "set", "ReJSON-RL"}) {
            ScanResult<String> page = j.scan(ScanParams.SCAN_POINTER_START, new ScanParams().count(100), type);
            assertThat(page.getResult()).as(type).containsExactly("k:" + (type.startsWith("ReJSON") ? "json" : type));
        }
        assertThat(j.scan(ScanParams.SCAN_POINTER_START, new ScanParams().count(100), "list").getResult()).isEmpty();
    }
}
