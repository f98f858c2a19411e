package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisURI;
import io.lettuce.core.ScanArgs;
import io.lettuce.core.ScanCursor;
import io.lettuce.core.ValueScanCursor;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.protocol.ProtocolVersion;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The set commands through Lettuce, unchanged from Maven Central, over RESP2 and RESP3. */
class LettuceSetsTest {
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
    void everySetCommand(ProtocolVersion protocol) {
        RedisCommands<String, String> r = connect(protocol);
        assertThat(r.sadd("s", "a", "b", "c", "1")).isEqualTo(4);
        assertThat(r.smembers("s")).containsExactlyInAnyOrder("a", "b", "c", "1");
        assertThat(r.sismember("s", "a")).isTrue();
        assertThat(r.smismember("s", "a", "zz")).containsExactly(true, false);
        assertThat(r.scard("s")).isEqualTo(4);
        assertThat(r.srem("s", "c")).isEqualTo(1);
        assertThat(r.srandmember("s")).isIn("a", "b", "1");
        assertThat(r.srandmember("s", 2)).hasSize(2).doesNotHaveDuplicates();
        assertThat(r.srandmember("s", -5)).hasSize(5);
        assertThat(r.spop("s", 0)).isEmpty();
        String popped = r.spop("s");
        assertThat(r.sismember("s", popped)).isFalse();
        assertThat(r.spop("s", 10)).hasSize(2);
        assertThat(r.exists("s")).isZero();

        r.sadd("a", "1", "2", "3");
        r.sadd("b", "2", "3", "4");
        assertThat(r.sinter("a", "b")).containsExactlyInAnyOrder("2", "3");
        assertThat(r.sunion("a", "b")).containsExactlyInAnyOrder("1", "2", "3", "4");
        assertThat(r.sdiff("a", "b")).containsExactly("1");
        assertThat(r.sintercard("a", "b")).isEqualTo(2);
        assertThat(r.sintercard(1, "a", "b")).isEqualTo(1);
        assertThat(r.sinterstore("d", "a", "b")).isEqualTo(2);
        assertThat(r.sunionstore("d", "a", "b")).isEqualTo(4);
        assertThat(r.sdiffstore("d", "b", "a")).isEqualTo(1);
        assertThat(r.smembers("d")).containsExactly("4");
        assertThat(r.smove("a", "d", "1")).isTrue();
        assertThat(r.smembers("d")).containsExactlyInAnyOrder("1", "4");
        assertThat(r.type("d")).isEqualTo("set");
        r.set("str", "v");
        assertThatThrownBy(() -> r.smembers("str")).isInstanceOf(RedisCommandExecutionException.class)
                .hasMessageStartingWith("WRONGTYPE");
    }

    @ParameterizedTest
    @EnumSource(ProtocolVersion.class)
    void sscanHscanAndZscanPageBigCollections(ProtocolVersion protocol) {
        RedisCommands<String, String> r = connect(protocol);
        for (int i = 0; i < 1_500; i++) {
            r.sadd("s", "m" + i);
            r.hset("h", "f" + i, "v" + i);
            r.zadd("z", i, "z" + i);
        }
        Set<String> members = new HashSet<>();
        ScanCursor cursor = ScanCursor.INITIAL;
        int pages = 0;
        do {
            ValueScanCursor<String> page = r.sscan("s", cursor, ScanArgs.Builder.limit(100));
            members.addAll(page.getValues());
            cursor = page;
            pages++;
        } while (!cursor.isFinished());
        assertThat(members).hasSize(1_500);
        assertThat(pages).isBetween(14, 20);

        Set<String> fields = new HashSet<>();
        cursor = ScanCursor.INITIAL;
        pages = 0;
        do {
            var page = r.hscan("h", cursor, ScanArgs.Builder.limit(10));
            page.getMap().forEach((f, v) -> {
                assertThat(v).isEqualTo("v" + f.substring(1));
                fields.add(f);
            });
            cursor = page;
            pages++;
        } while (!cursor.isFinished());
        assertThat(fields).hasSize(1_500);
        assertThat(pages).isGreaterThan(1); // a big hash pages (today's hash layout in about 16 steps)

        Set<String> scored = new HashSet<>();
        cursor = ScanCursor.INITIAL;
        pages = 0;
        do {
            var page = r.zscan("z", cursor, ScanArgs.Builder.limit(10).match("z1*"));
            page.getValues().forEach(v -> {
                assertThat(v.getScore()).isEqualTo(Double.parseDouble(v.getValue().substring(1)));
                scored.add(v.getValue());
            });
            cursor = page;
            pages++;
        } while (!cursor.isFinished());
        assertThat(pages).isGreaterThan(1);
        assertThat(scored).hasSize(1 + 10 + 100 + 500); // z1, z10-z19, z100-z199, z1000-z1499
    }
}
