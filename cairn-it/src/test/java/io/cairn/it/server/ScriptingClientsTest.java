package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lettuce.core.RedisClient;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.redisson.api.RAtomicLong;
import org.redisson.api.RBucket;
import org.redisson.api.RLock;
import org.redisson.api.RMap;
import org.redisson.api.RSemaphore;
import org.redisson.api.RedissonClient;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisNoScriptException;

/**
 * Scripting through real client libraries, unchanged: Jedis and Lettuce's EVAL, EVALSHA and SCRIPT
 * calls, a token-bucket rate limiter as applications write them, and Redisson's objects whose
 * operations are Lua scripts (atomic compare-and-set, buckets, map puts, locks and semaphores, which
 * also PUBLISH to wake waiters).
 */
@Timeout(120)
@SuppressWarnings("unchecked") // Jedis answers a script's array as an untyped Object
class ScriptingClientsTest {
    /** A token bucket as rate limiters write it: refill by elapsed time, take one if there is one. */
    private static final String TOKEN_BUCKET = """
            local tokens = tonumber(redis.call('hget', KEYS[1], 'tokens') or ARGV[1])
            local last = tonumber(redis.call('hget', KEYS[1], 'ts') or ARGV[3])
            local rate, capacity, now = tonumber(ARGV[2]), tonumber(ARGV[1]), tonumber(ARGV[3])
            tokens = math.min(capacity, tokens + (now - last) * rate)
            local allowed = 0
            if tokens >= 1 then tokens = tokens - 1 allowed = 1 end
            redis.call('hset', KEYS[1], 'tokens', tokens, 'ts', now)
            redis.call('pexpire', KEYS[1], 60000)
            return {allowed, string.format('%.2f', tokens)}
            """;

    @TempDir
    Path dir;
    private RedissonOnCairn cairn;

    @BeforeEach
    void start() {
        cairn = RedissonOnCairn.start(dir);
    }

    @AfterEach
    void stop() {
        if (cairn != null) {
            cairn.close();
        }
    }

    @Test
    void jedisEvalEvalshaAndTheScriptCache() {
        try (Jedis jedis = new Jedis("127.0.0.1", cairn.server.port())) {
            assertThat(jedis.eval("return {KEYS[1], ARGV[1], 7}", 1, "k", "a")).isEqualTo(List.of("k", "a", 7L));
            String sha = jedis.scriptLoad(TOKEN_BUCKET);
            assertThat(jedis.scriptExists(sha, "0000000000000000000000000000000000000000")).containsExactly(true, false);
            List<Object> first = (List<Object>) jedis.evalsha(sha, List.of("bucket"), List.of("3", "0.5", "1000"));
            assertThat(first).containsExactly(1L, "2.00");
            jedis.evalsha(sha, List.of("bucket"), List.of("3", "0.5", "1000"));
            jedis.evalsha(sha, List.of("bucket"), List.of("3", "0.5", "1000"));
            assertThat((List<Object>) jedis.evalsha(sha, List.of("bucket"), List.of("3", "0.5", "1000")))
                    .containsExactly(0L, "0.00");
            assertThat((List<Object>) jedis.evalsha(sha, List.of("bucket"), List.of("3", "0.5", "1003")))
                    .containsExactly(1L, "0.50");
            assertThat(jedis.pttl("bucket")).isPositive();
            assertThatThrownBy(() -> jedis.eval("return redis.call('lpush', KEYS[1], 'x')", 1, "bucket"))
                    .isInstanceOf(JedisDataException.class).hasMessageStartingWith("WRONGTYPE");
            assertThat(jedis.scriptFlush()).isEqualTo("OK");
            assertThatThrownBy(() -> jedis.evalsha(sha, List.of("bucket"), List.of("3", "0.5", "1")))
                    .isInstanceOf(JedisNoScriptException.class);
        }
    }

    @Test
    void lettuceScriptsInRedisSerializationProtocol3() {
        RedisClient client = RedisClient.create("redis://127.0.0.1:" + cairn.server.port());
        try (StatefulRedisConnection<String, String> conn = client.connect()) {
            RedisCommands<String, String> redis = conn.sync();
            String sha = redis.scriptLoad("return redis.call('incrby', KEYS[1], ARGV[1])");
            assertThat((Long) redis.evalsha(sha, ScriptOutputType.INTEGER, new String[] {"n"}, "5")).isEqualTo(5L);
            assertThat((Long) redis.evalsha(sha, ScriptOutputType.INTEGER, new String[] {"n"}, "2")).isEqualTo(7L);
            assertThat((String) redis.eval("return redis.call('get', KEYS[1])", ScriptOutputType.VALUE, "n")).isEqualTo("7");
            assertThat((String) redis.eval("return {ok='DONE'}", ScriptOutputType.STATUS)).isEqualTo("DONE");
            assertThat((Boolean) redis.eval("return redis.call('exists', KEYS[1]) == 1", ScriptOutputType.BOOLEAN, "n"))
                    .isTrue();
            List<Object> multi = redis.eval("return {1, 'two', {3}}", ScriptOutputType.MULTI);
            assertThat(multi).hasSize(3);
            assertThat(redis.scriptExists(sha, "ffffffffffffffffffffffffffffffffffffffff")).containsExactly(true, false);
            assertThat((String) redis.evalReadOnly("return redis.call('get', KEYS[1])", ScriptOutputType.VALUE,
                    new String[] {"n"})).isEqualTo("7");
        } finally {
            client.shutdown();
        }
    }

    @Test
    void redissonLocksAndSemaphoresScriptAndPublish() throws InterruptedException {
        RedissonClient redisson = cairn.redisson();
        RSemaphore permits = redisson.getSemaphore("permits");
        assertThat(permits.trySetPermits(2)).isTrue();
        assertThat(permits.tryAcquire()).isTrue();
        assertThat(permits.tryAcquire()).isTrue();
        assertThat(permits.tryAcquire()).isFalse();
        permits.release();
        assertThat(permits.availablePermits()).isEqualTo(1);

        RLock lock = redisson.getLock("lock");
        assertThat(lock.tryLock(0, 30, TimeUnit.SECONDS)).isTrue();
        assertThat(lock.tryLock(0, 30, TimeUnit.SECONDS)).isTrue(); // reentrant
        assertThat(lock.getHoldCount()).isEqualTo(2);
        RedissonClient other = cairn.connect();
        assertThat(other.getLock("lock").tryLock(0, 30, TimeUnit.SECONDS)).isFalse();
        assertThat(lock.isHeldByCurrentThread()).isTrue();
        lock.unlock();
        lock.unlock();
        assertThat(lock.isLocked()).isFalse();
        assertThat(other.getLock("lock").tryLock(0, 30, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void aWaitingRedissonLockIsWokenByTheUnlocksMessage() throws Exception {
        RLock held = cairn.redisson().getLock("contended");
        held.lock(30, TimeUnit.SECONDS);
        RedissonClient other = cairn.connect();
        java.util.concurrent.CompletableFuture<Boolean> waiter = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                // waits on the lock's channel (SUBSCRIBE); the unlock script PUBLISHes to it
                return other.getLock("contended").tryLock(60, 30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (cairn.redisson().getTopic("redisson_lock__channel:{contended}").countSubscribers() == 0) {
            assertThat(System.nanoTime()).as("the waiter subscribed").isLessThan(deadline);
            Thread.onSpinWait();
        }
        held.unlock();
        assertThat(waiter.get(60, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void redissonObjectsWhoseOperationsAreScripts() {
        RedissonClient redisson = cairn.redisson();
        RAtomicLong counter = redisson.getAtomicLong("counter");
        counter.set(5);
        assertThat(counter.compareAndSet(5, 9)).isTrue();
        assertThat(counter.compareAndSet(5, 11)).isFalse();
        assertThat(counter.get()).isEqualTo(9);

        RBucket<String> bucket = redisson.getBucket("bucket");
        assertThat(bucket.setIfAbsent("first")).isTrue();
        assertThat(bucket.compareAndSet("first", "second")).isTrue();
        assertThat(bucket.getAndSet("third")).isEqualTo("second");
        assertThat(bucket.get()).isEqualTo("third");

        RMap<String, String> map = redisson.getMap("map");
        assertThat(map.put("a", "1")).isNull();
        assertThat(map.put("a", "2")).isEqualTo("1");
        assertThat(map.putIfAbsent("a", "3")).isEqualTo("2");
        assertThat(map.replace("a", "2", "4")).isTrue();
        assertThat(map.remove("a", "4")).isTrue();
        assertThat(map.isEmpty()).isTrue();
    }
}
