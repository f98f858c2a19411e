package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import redis.clients.jedis.Jedis;

/**
 * HyperLogLogs move between Cairn and a real {@code redis-server} unchanged: the same elements
 * added on both give the same bytes, and each side's bytes, SET into the other, count the same.
 * Sizes cover the sparse encoding (100, 1000) and the dense one (5000 and up). Skipped, saying
 * why, without a {@code redis-server} on PATH (failed under {@code CI=true}).
 */
class HllRedisInteropTest {
    @TempDir
    Path dir;
    TestServer cairnServer;
    RedisServerProcess redisServer;
    Jedis cairn;
    Jedis redis;

    @BeforeEach
    void start() throws Exception {
        RedisServerProcess.requireInstalled();
        redisServer = RedisServerProcess.start(Files.createDirectories(dir.resolve("redis")));
        cairnServer = TestServer.start(Files.createDirectories(dir.resolve("cairn")), "none");
        cairn = new Jedis("127.0.0.1", cairnServer.port(), 30_000);
        redis = new Jedis("127.0.0.1", redisServer.port(), 30_000);
    }

    @AfterEach
    void stop() {
        for (AutoCloseable c : new AutoCloseable[] {cairn, redis, cairnServer, redisServer}) {
            if (c != null) {
                try {
                    c.close();
                } catch (Exception e) {
                    // closing the rest matters more
                }
            }
        }
    }

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** Adds {@code prefix0..prefix(n-1)} to {@code key} on both servers, in batches of 1000. */
    private void addOnBoth(String key, String prefix, int n) {
        for (int from = 0; from < n; from += 1000) {
            byte[][] elements = new byte[Math.min(1000, n - from)][];
            for (int i = 0; i < elements.length; i++) {
                elements[i] = b(prefix + (from + i));
            }
            assertThat(cairn.pfadd(b(key), elements)).isEqualTo(redis.pfadd(b(key), elements));
        }
    }

    private String encoding(Jedis j, String key) {
        return new String((byte[]) j.sendCommand(() -> b("PFDEBUG"), b("ENCODING"), b(key)), StandardCharsets.UTF_8);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 100, 1000, 5000, 100_000})
    void theSameElementsGiveTheSameBytesAndEachSidesBytesCountTheSameOnTheOther(int n) {
        addOnBoth("h", "element:", n);
        byte[] fromCairn = cairn.get(b("h"));
        byte[] fromRedis = redis.get(b("h"));
        assertThat(fromCairn).as("GET of the same HLL").isEqualTo(fromRedis);
        assertThat(encoding(cairn, "h")).isEqualTo(encoding(redis, "h")).isEqualTo(n <= 1000 ? "sparse" : "dense");

        redis.set(b("cairns"), fromCairn);
        cairn.set(b("redis"), fromRedis);
        long count = redis.pfcount("h");
        assertThat(cairn.pfcount("h")).isEqualTo(count);
        assertThat(redis.pfcount("cairns")).isEqualTo(count);
        assertThat(cairn.pfcount("redis")).isEqualTo(count);

        // Redis has now cached the count in its header: Cairn reads that cache as Redis does.
        byte[] cached = redis.get(b("h"));
        assertThat(cached[15] & 0x80).isZero();
        cairn.set(b("cached"), cached);
        assertThat(cairn.pfcount("cached")).isEqualTo(count);
        cairn.pfadd("cached", "one more element");
        redis.pfadd("h", "one more element");
        assertThat(cairn.pfcount("cached")).isEqualTo(redis.pfcount("h"));
    }

    @ParameterizedTest
    @ValueSource(ints = {50, 800, 3000})
    void unionsAndMergesAgree(int n) {
        addOnBoth("x", "x", n);
        addOnBoth("y", "y", n / 2);
        addOnBoth("x", "y", n / 4); // overlap
        assertThat(cairn.pfcount("x", "y", "missing")).isEqualTo(redis.pfcount("x", "y", "missing"));
        assertThat(cairn.pfmerge("m", "x", "y")).isEqualTo(redis.pfmerge("m", "x", "y"));
        assertThat(cairn.get(b("m"))).as("merged bytes").isEqualTo(redis.get(b("m")));
        assertThat(cairn.pfcount("m")).isEqualTo(redis.pfcount("m"));
    }

    @ParameterizedTest
    @ValueSource(ints = {200, 400})
    void aLowerSparseLimitPromotesAtTheSamePoint(int limit) {
        cairn.configSet("hll-sparse-max-bytes", Integer.toString(limit));
        redis.configSet("hll-sparse-max-bytes", Integer.toString(limit));
        for (int i = 0; i < 400; i++) {
            addOnBoth("p", "p" + i + ":", 1);
            assertThat(encoding(cairn, "p")).as("after %d", i).isEqualTo(encoding(redis, "p"));
        }
        assertThat(cairn.get(b("p"))).isEqualTo(redis.get(b("p")));
    }
}
