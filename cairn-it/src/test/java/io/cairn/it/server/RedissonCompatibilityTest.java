package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisson.Redisson;
import org.redisson.api.RBucket;
import org.redisson.api.RMap;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;
import org.redisson.config.Config;

/**
 * Redisson, unchanged, on its parts that need no scripting: its connection handshake, and the
 * objects that map to single commands. (The scripted parts, locks and most of RMap's atomic
 * operations, come with EVAL.)
 */
class RedissonCompatibilityTest {
    @TempDir
    Path dir;
    TestServer server;
    RedissonClient redisson;

    @BeforeEach
    void start() {
        server = TestServer.start(dir, "fsync");
        Config config = new Config();
        config.useSingleServer().setAddress("redis://127.0.0.1:" + server.port())
                .setConnectionMinimumIdleSize(1).setConnectionPoolSize(2)
                .setSubscriptionConnectionMinimumIdleSize(0).setSubscriptionConnectionPoolSize(1)
                .setDatabase(2);
        config.setCodec(StringCodec.INSTANCE);
        redisson = Redisson.create(config);
    }

    @AfterEach
    void stop() {
        if (redisson != null) {
            redisson.shutdown();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void bucketsAndMapsOnTheConfiguredDatabase() {
        RBucket<String> bucket = redisson.getBucket("greeting");
        bucket.set("hello");
        assertThat(bucket.get()).isEqualTo("hello");
        assertThat(bucket.isExists()).isTrue();
        RMap<String, String> map = redisson.getMap("user:1");
        map.fastPut("name", "Ada");
        map.fastPut("lang", "en");
        assertThat(map.readAllMap()).containsEntry("name", "Ada").containsEntry("lang", "en");
        assertThat(redisson.getKeys().count()).isEqualTo(2);
    }
}
