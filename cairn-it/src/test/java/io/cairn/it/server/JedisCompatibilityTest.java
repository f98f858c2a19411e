package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.RedisProtocol;
import redis.clients.jedis.Response;
import redis.clients.jedis.Transaction;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.params.SetParams;
import redis.clients.jedis.params.ZAddParams;
import redis.clients.jedis.resps.ScanResult;
import redis.clients.jedis.resps.Tuple;

/** Every command family through Jedis, over RESP2 and RESP3. */
class JedisCompatibilityTest {
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

    /** Cairn's own KEYRANGE, which Jedis reaches through sendCommand. */
    private enum KeyRange implements redis.clients.jedis.commands.ProtocolCommand {
        KEYRANGE;

        @Override
        public byte[] getRaw() {
            return name().getBytes(StandardCharsets.US_ASCII);
        }
    }

    /** A reply as text: bulk strings decoded, arrays and maps (RESP3) flattened in order. */
    private static String text(Object reply) {
        return switch (reply) {
            case byte[] b -> new String(b, StandardCharsets.UTF_8);
            case List<?> l -> String.join(" ", l.stream().map(JedisCompatibilityTest::text).toList());
            case Map<?, ?> m -> String.join(" ", m.entrySet().stream()
                    .map(e -> text(e.getKey()) + " " + text(e.getValue())).toList());
            case redis.clients.jedis.util.KeyValue<?, ?> kv -> text(kv.getKey()) + " " + text(kv.getValue());
            case null -> "nil";
            default -> String.valueOf(reply);
        };
    }

    @ParameterizedTest
    @EnumSource(RedisProtocol.class)
    void keyRangeReturnsKeysInOrderAndWithValuesTheirValues(RedisProtocol protocol) {
        Jedis j = connect(protocol);
        j.set("r:1", "one");
        j.hset("r:2", Map.of("f", "v"));
        j.zadd("r:3", 1.5, "m");
        j.set("s:1", "after");
        j.sendCommand(redis.clients.jedis.json.JsonProtocol.JsonCommand.SET, "r:4", "$", "{\"a\":[1,2]}");
        List<?> keys = (List<?>) j.sendCommand(KeyRange.KEYRANGE, "r:", "3");
        assertThat(keys).extracting(JedisCompatibilityTest::text).containsExactly("r:1", "r:2", "r:3");

        List<?> withValues = (List<?>) j.sendCommand(KeyRange.KEYRANGE, "r:2", "4", "withvalues");
        assertThat(withValues).hasSize(8);
        assertThat(text(withValues.get(0))).isEqualTo("r:2");
        assertThat(text(withValues.get(1))).isEqualTo("f v"); // a map in RESP3, a flat array in RESP2
        assertThat(text(withValues.get(2))).isEqualTo("r:3");
        assertThat(text(withValues.get(3))).startsWith("m ").contains("1.5"); // ZRANGE 0 -1 WITHSCORES
        assertThat(text(withValues.get(4))).isEqualTo("r:4");
        assertThat(text(withValues.get(5))).isEqualTo("{\"a\":[1,2]}"); // as JSON.GET answers
        assertThat(text(withValues.get(6))).isEqualTo("s:1");
        assertThat(text(withValues.get(7))).isEqualTo("after");

        assertThatThrownBy(() -> j.sendCommand(KeyRange.KEYRANGE, "r:", "3", "values"))
                .isInstanceOf(JedisDataException.class).hasMessage("ERR syntax error");
        assertThatThrownBy(() -> j.sendCommand(KeyRange.KEYRANGE, "r:", "-1"))
                .isInstanceOf(JedisDataException.class).hasMessage("ERR count must be >= 0");
        assertThat(j.ping()).isEqualTo("PONG");
    }

    @ParameterizedTest
    @EnumSource(RedisProtocol.class)
    void strings(RedisProtocol protocol) {
        Jedis j = connect(protocol);
        assertThat(j.set("k", "v")).isEqualTo("OK");
        assertThat(j.get("k")).isEqualTo("v");
        assertThat(j.set("k", "w", SetParams.setParams().nx())).isNull();
        assertThat(j.setGet("k", "w2")).isEqualTo("v");
        assertThat(j.append("k", "!")).isEqualTo(3);
        assertThat(j.strlen("k")).isEqualTo(3);
        assertThat(j.getrange("k", 0, 1)).isEqualTo("w2");
        assertThat(j.setrange("k", 5, "x")).isEqualTo(6);
        assertThat(j.incr("n")).isEqualTo(1);
        assertThat(j.incrBy("n", 10)).isEqualTo(11);
        assertThat(j.decrBy("n", 2)).isEqualTo(9);
        assertThat(j.incrByFloat("f", 1.5)).isEqualTo(1.5);
        assertThat(j.mset("a", "1", "b", "2")).isEqualTo("OK");
        assertThat(j.mget("a", "b", "missing")).containsExactly("1", "2", null);
        assertThat(j.msetnx("a", "x", "c", "3")).isZero();
        assertThat(j.getDel("a")).isEqualTo("1");
        assertThat(j.exists("a")).isFalse();
        assertThatThrownBy(() -> j.incr("k")).isInstanceOf(JedisDataException.class)
                .hasMessage("ERR value is not an integer or out of range");
    }

    @ParameterizedTest
    @EnumSource(RedisProtocol.class)
    void keysAndExpiry(RedisProtocol protocol) throws Exception {
        Jedis j = connect(protocol);
        j.set("e", "1");
        assertThat(j.expire("e", 100)).isEqualTo(1);
        assertThat(j.ttl("e")).isBetween(99L, 100L);
        assertThat(j.persist("e")).isEqualTo(1);
        assertThat(j.ttl("e")).isEqualTo(-1);
        assertThat(j.ttl("none")).isEqualTo(-2);
        j.psetex("short", 50, "x");
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (j.get("short") != null && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertThat(j.get("short")).as("expired within 10 s of a 50 ms PSETEX").isNull();
        while (j.dbSize() > 1 && System.nanoTime() < deadline) { // and reclaimed in the background
            Thread.onSpinWait();
        }
        assertThat(j.rename("e", "e2")).isEqualTo("OK");
        assertThat(j.type("e2")).isEqualTo("string");
        assertThatThrownBy(() -> j.rename("nope", "x")).hasMessage("ERR no such key");
        for (int i = 0; i < 100; i++) {
            j.set("s:" + i, "x");
        }
        int seen = 0;
        String cursor = ScanParams.SCAN_POINTER_START;
        do {
            ScanResult<String> page = j.scan(cursor, new ScanParams().match("s:*").count(7));
            seen += page.getResult().size();
            cursor = page.getCursor();
        } while (!cursor.equals("0"));
        assertThat(seen).isEqualTo(100);
        assertThat(j.keys("s:1*")).hasSize(11);
        assertThat(j.del("s:1", "s:2", "nope")).isEqualTo(2);
        assertThat(j.randomKey()).isNotNull();
        assertThat(j.dbSize()).isEqualTo(99);
    }

    @ParameterizedTest
    @EnumSource(RedisProtocol.class)
    void hashes(RedisProtocol protocol) {
        Jedis j = connect(protocol);
        assertThat(j.hset("h", Map.of("a", "1", "b", "2"))).isEqualTo(2);
        assertThat(j.hget("h", "a")).isEqualTo("1");
        assertThat(j.hgetAll("h")).isEqualTo(Map.of("a", "1", "b", "2"));
        assertThat(j.hincrBy("h", "a", 5)).isEqualTo(6);
        assertThat(j.hdel("h", "b")).isEqualTo(1);
        assertThat(j.hlen("h")).isEqualTo(1);
        assertThat(j.hexists("h", "a")).isTrue();
        assertThat(j.hkeys("h")).containsExactly("a");
        assertThat(j.hmget("h", "a", "zz")).containsExactly("6", null);
    }

    @ParameterizedTest
    @EnumSource(RedisProtocol.class)
    void sortedSets(RedisProtocol protocol) {
        Jedis j = connect(protocol);
        assertThat(j.zadd("z", Map.of("a", 1.0, "b", 2.0, "c", 3.0))).isEqualTo(3);
        assertThat(j.zadd("z", 5.0, "a", ZAddParams.zAddParams().xx().ch())).isEqualTo(1);
        assertThat(j.zscore("z", "a")).isEqualTo(5.0);
        assertThat(j.zrange("z", 0, -1)).containsExactly("b", "c", "a");
        List<Tuple> withScores = j.zrangeWithScores("z", 0, 0);
        assertThat(withScores.get(0).getElement()).isEqualTo("b");
        assertThat(withScores.get(0).getScore()).isEqualTo(2.0);
        assertThat(j.zrank("z", "c")).isEqualTo(1);
        assertThat(j.zrevrank("z", "c")).isEqualTo(1);
        assertThat(j.zcount("z", 2, 3)).isEqualTo(2);
        assertThat(j.zrangeByScore("z", "(2", "+inf")).containsExactly("c", "a");
        assertThat(j.zincrby("z", 1.5, "b")).isEqualTo(3.5);
        assertThat(j.zpopmin("z").getElement()).isEqualTo("c");
        assertThat(j.zcard("z")).isEqualTo(2);
        assertThat(j.zrem("z", "a", "nope")).isEqualTo(1);
    }

    @ParameterizedTest
    @EnumSource(RedisProtocol.class)
    void pipelineOfTenThousandCommandsKeepsOrder(RedisProtocol protocol) {
        Jedis j = connect(protocol);
        Pipeline p = j.pipelined();
        for (int i = 0; i < 10_000; i++) {
            p.set("p:" + i, "v" + i);
        }
        List<Response<String>> gets = new java.util.ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            gets.add(p.get("p:" + i));
        }
        p.sync();
        for (int i = 0; i < 10_000; i++) {
            assertThat(gets.get(i).get()).isEqualTo("v" + i);
        }
    }

    @ParameterizedTest
    @EnumSource(RedisProtocol.class)
    void multiExecAndWatchConflicts(RedisProtocol protocol) {
        Jedis j = connect(protocol);
        Transaction t = j.multi();
        t.set("t1", "a");
        t.incr("t2");
        t.hset("t3", "f", "v");
        List<Object> results = t.exec();
        assertThat(results).hasSize(3);
        assertThat(j.get("t1")).isEqualTo("a");

        j.watch("w");
        try (Jedis other = new Jedis("127.0.0.1", server.port())) {
            other.set("w", "changed by someone else");
        }
        Transaction conflicted = j.multi();
        conflicted.set("w", "mine");
        assertThat(conflicted.exec()).isNull();
        assertThat(j.get("w")).isEqualTo("changed by someone else");

        j.watch("w");
        Transaction ok = j.multi();
        ok.set("w", "mine");
        assertThat(ok.exec()).containsExactly("OK");
        assertThat(j.get("w")).isEqualTo("mine");
    }

    @ParameterizedTest
    @EnumSource(RedisProtocol.class)
    void errorsInRedisWordsKeepTheConnectionUsable(RedisProtocol protocol) {
        Jedis j = connect(protocol);
        j.hset("h", "f", "v");
        assertThatThrownBy(() -> j.get("h")).hasMessage("WRONGTYPE Operation against a key holding the wrong kind of value");
        assertThatThrownBy(() -> j.sendCommand(Protocol.Command.GET))
                .hasMessage("ERR wrong number of arguments for 'get' command");
        assertThatThrownBy(() -> j.sendCommand(() -> "NOPE".getBytes(StandardCharsets.US_ASCII), "a"))
                .hasMessageStartingWith("ERR unknown command 'NOPE'");
        assertThat(j.ping()).isEqualTo("PONG");
    }

    @ParameterizedTest
    @EnumSource(RedisProtocol.class)
    void keysAndValuesAreBinarySafe(RedisProtocol protocol) {
        Jedis j = connect(protocol);
        byte[] key = {0, 1, '\r', '\n', (byte) 0xFF, ' '};
        byte[] value = new byte[256];
        for (int i = 0; i < 256; i++) {
            value[i] = (byte) i;
        }
        j.set(key, value);
        assertThat(j.get(key)).isEqualTo(value);
        byte[] hashKey = {0, 'h', '\n'};
        j.hset(hashKey, value, key);
        assertThat(j.hget(hashKey, value)).isEqualTo(key);
        j.zadd(new byte[] {'z', 0}, 1.0, value);
        assertThat(j.zscore(new byte[] {'z', 0}, value)).isEqualTo(1.0);
    }
}
