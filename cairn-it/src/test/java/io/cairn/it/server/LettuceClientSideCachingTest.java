package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.TrackingArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.protocol.ProtocolVersion;
import io.lettuce.core.support.caching.CacheAccessor;
import io.lettuce.core.support.caching.CacheFrontend;
import io.lettuce.core.support.caching.ClientSideCaching;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Lettuce's client-side caching, unchanged, on Cairn: {@code ClientSideCaching} turns tracking on
 * over RESP3, caches what it reads, and drops an entry when the invalidation of another client's
 * write arrives. (Jedis 7.5's cache asks for a Redis 7.4 or later, so it is
 * not used here.)
 */
class LettuceClientSideCachingTest {
    @TempDir
    Path dir;
    TestServer server;
    RedisClient client;

    @AfterEach
    void stop() {
        if (client != null) {
            client.shutdown(Duration.ZERO, Duration.ofSeconds(5));
        }
        if (server != null) {
            server.close();
        }
    }

    private static void await(String what, java.util.function.BooleanSupplier condition) {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("waiting for " + what).isLessThan(deadline);
            Thread.onSpinWait();
        }
    }

    @Test
    void aCachedValueIsDroppedWhenAnotherClientWritesIt() {
        server = TestServer.start(dir, "none");
        client = RedisClient.create(RedisURI.builder().withHost("127.0.0.1").withPort(server.port())
                .withTimeout(Duration.ofSeconds(30)).build());
        client.setOptions(ClientOptions.builder().protocolVersion(ProtocolVersion.RESP3).build());
        try (StatefulRedisConnection<String, String> tracked = client.connect();
                StatefulRedisConnection<String, String> other = client.connect()) {
            other.sync().set("k", "v1");
            other.sync().set("j", "w1");
            Map<String, String> cache = new ConcurrentHashMap<>();
            CacheFrontend<String, String> frontend = ClientSideCaching.enable(CacheAccessor.forMap(cache), tracked,
                    TrackingArgs.Builder.enabled());
            assertThat(frontend.get("k")).isEqualTo("v1");
            assertThat(frontend.get("j")).isEqualTo("w1");
            assertThat(cache).containsEntry("k", "v1").containsEntry("j", "w1");

            other.sync().set("k", "v2");
            await("k's invalidation", () -> !cache.containsKey("k"));
            assertThat(cache).containsEntry("j", "w1");
            assertThat(frontend.get("k")).isEqualTo("v2");

            other.sync().del("j"); // (a FLUSHALL's null invalidation Lettuce's cache does not act on)
            await("j's invalidation", () -> !cache.containsKey("j"));
            assertThat(frontend.get("j")).isNull();
            assertThat(cache).containsEntry("k", "v2");
            frontend.close();
        }
    }
}
