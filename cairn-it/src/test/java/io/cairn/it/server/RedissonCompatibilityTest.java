package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.redisson.api.RBucket;
import org.redisson.api.RMap;
import org.redisson.api.RedissonClient;

/**
 * Redisson, unchanged, on its parts that need no scripting: its connection handshake, and the
 * objects that map to single commands. (The scripted parts, locks and most of RMap's atomic
 * operations, come with EVAL.)
 */
@Timeout(60)
class RedissonCompatibilityTest {
    @TempDir
    Path dir;
    RedissonOnCairn cairn;
    RedissonClient redisson;

    @BeforeEach
    void start() {
        cairn = RedissonOnCairn.start(dir, 2);
        redisson = cairn.redisson();
    }

    @AfterEach
    void stop() {
        if (cairn != null) {
            cairn.close();
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
