package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lettuce.core.BitFieldArgs;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.protocol.ProtocolVersion;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.RedisProtocol;
import redis.clients.jedis.args.BitCountOption;
import redis.clients.jedis.args.BitOP;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.params.BitPosParams;

/** Bitmaps and HyperLogLogs through Jedis and Lettuce, unchanged, over RESP2 and RESP3. */
class BitmapAndHllClientsTest {
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
    void jedisBitmaps(RedisProtocol protocol) {
        Jedis j = jedis(protocol);
        assertThat(j.setbit("b", 7, true)).isFalse();
        assertThat(j.setbit("b", 7, true)).isTrue();
        assertThat(j.getbit("b", 7)).isTrue();
        assertThat(j.getbit("b", 8)).isFalse();
        j.set("s", "foobar");
        assertThat(j.bitcount("s")).isEqualTo(26);
        assertThat(j.bitcount("s", 1, 1)).isEqualTo(6);
        assertThat(j.bitcount("s", 5, 30, BitCountOption.BIT)).isEqualTo(17);
        assertThat(j.bitpos("s", true)).isEqualTo(1);
        assertThat(j.bitpos("s", false, new BitPosParams(2, -1).modifier(BitCountOption.BYTE))).isEqualTo(16);
        assertThat(j.bitop(BitOP.OR, "dest", "s", "b")).isEqualTo(6);
        assertThat(j.bitop(BitOP.NOT, "dest", "b")).isEqualTo(1);
        assertThat(j.get("dest".getBytes(java.nio.charset.StandardCharsets.US_ASCII))).containsExactly(0xfe);
        assertThat(j.bitfield("f", "SET", "u8", "0", "200", "INCRBY", "u8", "0", "100", "OVERFLOW", "FAIL",
                "INCRBY", "u8", "0", "250", "GET", "i8", "0"))
                .containsExactly(0L, 44L, null, 44L);
        assertThat(j.bitfieldReadonly("f", "GET", "u4", "0", "GET", "u4", "#1")).containsExactly(2L, 12L);
        assertThatThrownBy(() -> j.bitfieldReadonly("f", "SET", "u4", "0", "1"))
                .isInstanceOf(JedisDataException.class).hasMessage("ERR BITFIELD_RO only supports the GET subcommand");
        assertThatThrownBy(() -> j.setbit("b", 1L << 32, true))
                .isInstanceOf(JedisDataException.class).hasMessage("ERR bit offset is not an integer or out of range");
    }

    @ParameterizedTest
    @EnumSource(RedisProtocol.class)
    void jedisHyperLogLogs(RedisProtocol protocol) {
        Jedis j = jedis(protocol);
        assertThat(j.pfadd("h", "a", "b", "c")).isEqualTo(1);
        assertThat(j.pfadd("h", "a")).isZero();
        assertThat(j.pfcount("h")).isEqualTo(3);
        String[] many = new String[5000];
        Arrays.setAll(many, i -> "e" + i);
        assertThat(j.pfadd("big", many)).isEqualTo(1);
        long big = j.pfcount("big");
        assertThat(big).isBetween(4900L, 5100L);
        assertThat(j.pfcount("h", "big")).isBetween(big, big + 10);
        assertThat(j.pfmerge("m", "h", "big")).isEqualTo("OK");
        assertThat(j.pfcount("m")).isEqualTo(j.pfcount("h", "big"));
        assertThat(j.strlen("big")).isEqualTo(12304);
        j.set("s", "plain");
        assertThatThrownBy(() -> j.pfadd("s", "a"))
                .isInstanceOf(JedisDataException.class).hasMessage("WRONGTYPE Key is not a valid HyperLogLog string value.");
    }

    @ParameterizedTest
    @EnumSource(ProtocolVersion.class)
    void lettuceBitmapsAndHyperLogLogs(ProtocolVersion protocol) {
        RedisCommands<String, String> r = lettuce(protocol);
        assertThat(r.setbit("b", 9, 1)).isZero();
        assertThat(r.getbit("b", 9)).isEqualTo(1);
        assertThat(r.bitcount("b")).isEqualTo(1);
        assertThat(r.bitpos("b", true)).isEqualTo(9);
        assertThat(r.bitpos("b", false, 0, 0)).isZero();
        r.set("s", "foobar");
        assertThat(r.bitcount("s", 0, 0)).isEqualTo(4);
        assertThat(r.bitopAnd("and", "s", "b")).isEqualTo(6);
        assertThat(r.bitopXor("xor", "s", "b")).isEqualTo(6);
        assertThat(r.bitopNot("not", "b")).isEqualTo(2);
        assertThat(r.bitfield("f", BitFieldArgs.Builder.set(BitFieldArgs.unsigned(8), 0, 255)
                .overflow(BitFieldArgs.OverflowType.SAT).incrBy(BitFieldArgs.unsigned(8), 0, 10)
                .overflow(BitFieldArgs.OverflowType.FAIL).incrBy(BitFieldArgs.signed(8), 0, -200)
                .get(BitFieldArgs.signed(8), 0)))
                .containsExactly(0L, 255L, null, -1L);
        assertThat(r.pfadd("h", "x", "y", "z")).isEqualTo(1);
        assertThat(r.pfadd("h2", "z", "w")).isEqualTo(1);
        assertThat(r.pfcount("h", "h2")).isEqualTo(4);
        assertThat(r.pfmerge("m", "h", "h2")).isEqualTo("OK");
        assertThat(r.pfcount("m")).isEqualTo(4);
        assertThatThrownBy(() -> r.pfcount("s")).isInstanceOf(RedisCommandExecutionException.class)
                .hasMessage("WRONGTYPE Key is not a valid HyperLogLog string value.");
    }

    @org.junit.jupiter.api.Test
    void rangeWritesAndHyperLogLogsSurviveARestartBeforeAndAfterACheckpoint() {
        Jedis j = jedis(RedisProtocol.RESP2);
        j.set("s", "hello");
        j.append("s", " world");
        j.setrange("s", 6, "WORLD");
        j.setbit("b", 100, true);
        j.bitfield("b", "SET", "i16", "#3", "-2");
        String[] many = new String[3000];
        Arrays.setAll(many, i -> "e" + i);
        j.pfadd("h", many);
        j.save();
        j.setbit("b", 7, true);
        j.pfadd("h", "after the checkpoint");
        j.append("s", "!");
        byte[] bits = j.get("b".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        byte[] hll = j.get("h".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        long count = j.pfcount("h");
        jedis.close();
        server.close();
        server = TestServer.start(dir, "fsync");
        jedis = new Jedis(new HostAndPort("127.0.0.1", server.port()),
                DefaultJedisClientConfig.builder().timeoutMillis(30_000).build());
        assertThat(jedis.get("s")).isEqualTo("hello WORLD!");
        assertThat(jedis.get("b".getBytes(java.nio.charset.StandardCharsets.US_ASCII))).isEqualTo(bits);
        assertThat(jedis.get("h".getBytes(java.nio.charset.StandardCharsets.US_ASCII))).isEqualTo(hll);
        assertThat(jedis.pfcount("h")).isEqualTo(count);
    }
}
