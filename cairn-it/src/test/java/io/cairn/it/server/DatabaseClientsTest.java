package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.protocol.ProtocolVersion;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPool;
import redis.clients.jedis.RedisProtocol;

/**
 * Numbered databases as client libraries use them, unchanged: a Jedis pool and a Lettuce URI
 * configured with a database (they SELECT it on connect), MOVE and SWAPDB through their APIs, and
 * the data still in its database after a restart.
 */
class DatabaseClientsTest {
    @TempDir
    Path dir;
    TestServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    @ParameterizedTest
    @EnumSource(RedisProtocol.class)
    void jedisPoolsOnTwoDatabasesSeeOnlyTheirOwnKeys(RedisProtocol protocol) {
        server = TestServer.start(dir, "fsync");
        HostAndPort at = new HostAndPort("127.0.0.1", server.port());
        try (JedisPool sessions = new JedisPool(at, DefaultJedisClientConfig.builder().protocol(protocol).database(3).build());
             JedisPool cache = new JedisPool(at, DefaultJedisClientConfig.builder().protocol(protocol).database(0).build())) {
            try (Jedis s = sessions.getResource(); Jedis c = cache.getResource()) {
                s.set("user:1", "session");
                c.set("user:1", "cached");
                s.hset("h", "f", "v");
                assertThat(s.get("user:1")).isEqualTo("session");
                assertThat(c.get("user:1")).isEqualTo("cached");
                assertThat(s.dbSize()).isEqualTo(2);
                assertThat(c.dbSize()).isEqualTo(1);
                assertThat(s.move("h", 5)).isEqualTo(1);
                assertThat(s.exists("h")).isFalse();
                c.swapDB(0, 3);
                assertThat(c.get("user:1")).isEqualTo("session");
                assertThat(s.get("user:1")).as("the swap is seen by every connection").isEqualTo("cached");
                s.flushDB();
                assertThat(c.get("user:1")).isEqualTo("session");
            }
            // a connection returned to the pool and taken again is still on its database
            try (Jedis s = sessions.getResource()) {
                assertThat(s.getDB()).isEqualTo(3);
                assertThat(s.dbSize()).isZero();
            }
        }
    }

    @ParameterizedTest
    @EnumSource(ProtocolVersion.class)
    void lettuceOnADatabaseKeepsItAcrossARestart(ProtocolVersion protocol) {
        server = TestServer.start(dir, "fsync");
        int port = server.port();
        write(port, protocol);
        server.close();
        server = TestServer.start(dir, "fsync");
        RedisClient client = RedisClient.create(RedisURI.builder().withHost("127.0.0.1").withPort(server.port())
                .withDatabase(7).withTimeout(Duration.ofSeconds(30)).build());
        client.setOptions(ClientOptions.builder().protocolVersion(protocol).build());
        try (StatefulRedisConnection<String, String> c = client.connect()) {
            RedisCommands<String, String> r = c.sync();
            assertThat(r.get("k")).isEqualTo("seven");
            assertThat(r.zrange("z", 0, -1)).containsExactly("a", "b");
            r.select(0);
            assertThat(r.get("k")).isEqualTo("zero");
            assertThat(r.exists("z")).isZero();
        } finally {
            client.shutdown(Duration.ZERO, Duration.ofSeconds(5));
        }
    }

    @ParameterizedTest
    @EnumSource(ProtocolVersion.class)
    void lettuceSelectsMovesSwapsAndFlushesEveryType(ProtocolVersion protocol) {
        server = TestServer.start(dir, "fsync");
        RedisClient client = RedisClient.create(RedisURI.builder().withHost("127.0.0.1").withPort(server.port())
                .withTimeout(Duration.ofSeconds(30)).build());
        client.setOptions(ClientOptions.builder().protocolVersion(protocol).build());
        try (StatefulRedisConnection<String, String> c = client.connect()) {
            RedisCommands<String, String> r = c.sync();
            r.set("s", "v");
            r.rpush("l", "a", "b");
            r.sadd("set", "m");
            r.zadd("z", 1.0, "m");
            r.hset("h", "f", "v");
            r.pfadd("hll", "x");
            r.expire("l", 100);
            assertThat(r.dbsize()).isEqualTo(6);
            for (String key : new String[] {"s", "l", "set", "z", "h", "hll"}) {
                assertThat(r.move(key, 1)).as(key).isTrue();
            }
            assertThat(r.move("nothing", 1)).isFalse();
            assertThat(r.dbsize()).isZero();
            assertThatThrownBy(() -> r.move("s", 16)).isInstanceOf(RedisCommandExecutionException.class)
                    .hasMessage("ERR DB index is out of range");
            assertThat(r.select(1)).isEqualTo("OK");
            assertThat(r.lrange("l", 0, -1)).containsExactly("a", "b");
            assertThat(r.ttl("l")).as("the expiry moves with the key").isBetween(90L, 100L);
            assertThat(r.smembers("set")).containsExactly("m");
            assertThat(r.zscore("z", "m")).isEqualTo(1.0);
            assertThat(r.hget("h", "f")).isEqualTo("v");
            assertThat(r.pfcount("hll")).isEqualTo(1);
            r.set("s", "taken");
            r.select(0);
            r.set("s", "again");
            assertThat(r.move("s", 1)).as("the target holds the key").isFalse();
            assertThat(r.swapdb(0, 1)).isEqualTo("OK");
            assertThat(r.dbsize()).as("database 0 now holds what 1 held").isEqualTo(6);
            assertThat(r.get("s")).isEqualTo("taken");
            assertThat(r.flushdb()).isEqualTo("OK");
            assertThat(r.dbsize()).isZero();
            r.select(1);
            assertThat(r.get("s")).as("FLUSHDB leaves other databases").isEqualTo("again");
            assertThatThrownBy(() -> r.select(16)).isInstanceOf(RedisCommandExecutionException.class)
                    .hasMessage("ERR DB index is out of range");
        } finally {
            client.shutdown(Duration.ZERO, Duration.ofSeconds(5));
        }
    }

    private static void write(int port, ProtocolVersion protocol) {
        RedisClient client = RedisClient.create(RedisURI.builder().withHost("127.0.0.1").withPort(port)
                .withDatabase(7).withTimeout(Duration.ofSeconds(30)).build());
        client.setOptions(ClientOptions.builder().protocolVersion(protocol).build());
        try (StatefulRedisConnection<String, String> c = client.connect()) {
            RedisCommands<String, String> r = c.sync();
            r.set("k", "seven");
            r.zadd("z", 1, "a");
            r.zadd("z", 2, "b");
            r.select(0);
            r.set("k", "zero");
        } finally {
            client.shutdown(Duration.ZERO, Duration.ofSeconds(5));
        }
    }

    @Test
    void infoKeyspaceListsEachNonEmptyDatabase() {
        server = TestServer.start(dir, "fsync");
        try (Jedis j = new Jedis(new HostAndPort("127.0.0.1", server.port()), DefaultJedisClientConfig.builder().build())) {
            j.set("a", "1");
            j.select(2);
            j.set("b", "2");
            j.setex("c", 100, "3");
            String info = j.info("keyspace");
            assertThat(info).contains("db0:keys=1,expires=0,avg_ttl=0").contains("db2:keys=2,expires=1,avg_ttl=")
                    .doesNotContain("db1:");
            java.util.regex.Matcher ttl = java.util.regex.Pattern.compile("db2:.*avg_ttl=(\\d+)").matcher(info);
            assertThat(ttl.find()).isTrue();
            assertThat(Long.parseLong(ttl.group(1))).as("the mean time left of db2's one volatile key, in ms")
                    .isBetween(90_000L, 100_000L);
            assertThat(j.configGet("databases")).containsEntry("databases", "16");
        }
    }
}
