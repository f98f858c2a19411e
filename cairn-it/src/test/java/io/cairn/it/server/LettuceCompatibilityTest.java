package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.RedisURI;
import io.lettuce.core.ScoredValue;
import io.lettuce.core.TransactionResult;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.RedisAsyncCommands;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.protocol.ProtocolVersion;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The same families through Lettuce (HELLO handshake, RESP2 and RESP3, async pipelining). */
class LettuceCompatibilityTest {
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
        return connection.sync();
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
    void everyFamily(ProtocolVersion protocol) {
        RedisCommands<String, String> r = connect(protocol);
        assertThat(r.set("s", "v")).isEqualTo("OK");
        assertThat(r.get("s")).isEqualTo("v");
        assertThat(r.incrby("n", 5)).isEqualTo(5);
        assertThat(r.hset("h", Map.of("f", "1", "g", "2"))).isEqualTo(2);
        assertThat(r.hgetall("h")).isEqualTo(Map.of("f", "1", "g", "2"));
        assertThat(r.zadd("z", 1.0, "a", 2.0, "b")).isEqualTo(2);
        assertThat(r.zrangeWithScores("z", 0, -1)).containsExactly(ScoredValue.just(1.0, "a"), ScoredValue.just(2.0, "b"));
        assertThat(r.zscore("z", "b")).isEqualTo(2.0);
        assertThat(r.expire("s", 60)).isTrue();
        assertThat(r.ttl("s")).isBetween(59L, 60L);
        assertThat(r.exists("s", "h", "z", "none")).isEqualTo(3);
        assertThat(r.type("z")).isEqualTo("zset");
        assertThatThrownBy(() -> r.hget("s", "f")).isInstanceOf(RedisCommandExecutionException.class)
                .hasMessage("WRONGTYPE Operation against a key holding the wrong kind of value");
        assertThat(r.ping()).isEqualTo("PONG");
    }

    @ParameterizedTest
    @EnumSource(ProtocolVersion.class)
    void asyncPipelineOfTenThousand(ProtocolVersion protocol) throws Exception {
        connect(protocol);
        RedisAsyncCommands<String, String> a = connection.async();
        connection.setAutoFlushCommands(false);
        List<RedisFuture<?>> futures = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            futures.add(a.set("k" + i, "v" + i));
            futures.add(a.incr("counter"));
        }
        connection.flushCommands();
        for (int i = 0; i < futures.size(); i++) {
            Object v = futures.get(i).get(30, TimeUnit.SECONDS);
            if (i % 2 == 1) {
                assertThat(v).isEqualTo((long) (i / 2 + 1));
            }
        }
        connection.setAutoFlushCommands(true);
        assertThat(connection.sync().get("k9999")).isEqualTo("v9999");
    }

    @ParameterizedTest
    @EnumSource(ProtocolVersion.class)
    void transactionsAndWatch(ProtocolVersion protocol) {
        RedisCommands<String, String> r = connect(protocol);
        r.multi();
        r.set("a", "1");
        r.incr("a");
        TransactionResult res = r.exec();
        assertThat(res.wasDiscarded()).isFalse();
        assertThat(res.<Long>get(1)).isEqualTo(2L);

        r.watch("w");
        try (StatefulRedisConnection<String, String> other = client.connect()) {
            other.sync().set("w", "theirs");
        }
        r.multi();
        r.set("w", "mine");
        assertThat(r.exec().wasDiscarded()).isTrue();
        assertThat(r.get("w")).isEqualTo("theirs");
    }
}
