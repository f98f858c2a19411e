package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.args.FunctionRestorePolicy;
import redis.clients.jedis.exceptions.JedisDataException;

/**
 * Functions through Jedis, unchanged: they survive a restart from the log and from a snapshot,
 * FLUSHALL keeps them, and FUNCTION DUMP's payload moves between a live Redis and Cairn both ways
 * in Redis's own serialization (Redis compresses code with LZF).
 */
@Timeout(120)
class FunctionsTest {
    private static final String LIB = """
            #!lua name=counters
            local function bump(keys, args)
              return redis.call('incrby', keys[1], args[1] or 1)
            end
            redis.register_function('bump', bump)
            redis.register_function{function_name='peek', callback=function(keys) return redis.call('get', keys[1]) end,
              flags={'no-writes'}, description='reads a counter'}
            """;

    @TempDir
    Path dir;
    private TestServer cairn;
    private RedisServerProcess redis;

    @AfterEach
    void stop() {
        if (cairn != null) {
            cairn.close();
        }
        if (redis != null) {
            redis.close();
        }
    }

    private Jedis jedis(int port) {
        return new Jedis("127.0.0.1", port, 30_000);
    }

    @Test
    void librariesSurviveRestartsFromTheLogAndFromASnapshot() throws Exception {
        Path data = Files.createDirectories(dir.resolve("cairn"));
        cairn = TestServer.start(data, "fsync");
        try (Jedis j = jedis(cairn.port())) {
            assertThat(j.functionLoad(LIB)).isEqualTo("counters");
            assertThat(j.fcall("bump", List.of("c"), List.of("5"))).isEqualTo(5L);
            assertThat(j.flushAll()).isEqualTo("OK");
            assertThat(j.fcall("bump", List.of("c"), List.of())).isEqualTo(1L); // the library outlived FLUSHALL
        }
        cairn.close();
        cairn = TestServer.start(data, "fsync"); // replayed from the log
        try (Jedis j = jedis(cairn.port())) {
            assertThat(j.fcallReadonly("peek", List.of("c"), List.of())).isEqualTo("1");
            assertThat(j.save()).isEqualTo("OK");
        }
        cairn.close();
        cairn = TestServer.start(data, "fsync"); // loaded from the snapshot
        try (Jedis j = jedis(cairn.port())) {
            assertThat(j.functionList()).singleElement().satisfies(l -> {
                assertThat(l.getLibraryName()).isEqualTo("counters");
                assertThat(l.getFunctions()).hasSize(2);
            });
            assertThat(j.fcall("bump", List.of("c"), List.of("2"))).isEqualTo(3L);
            assertThat(j.functionFlush()).isEqualTo("OK");
        }
        cairn.close();
        cairn = TestServer.start(data, "fsync");
        try (Jedis j = jedis(cairn.port())) {
            assertThat(j.functionList()).isEmpty(); // the flush was logged too
            assertThatThrownBy(() -> j.fcall("bump", List.of("c"), List.of())).isInstanceOf(JedisDataException.class)
                    .hasMessage("ERR Function not found");
        }
    }

    @Test
    void dumpsMoveBetweenRedisAndCairn() throws Exception {
        cairn = TestServer.start(Files.createDirectories(dir.resolve("cairn")), "none");
        try (Jedis c = jedis(cairn.port())) {
            c.functionLoad(LIB);
            byte[] own = c.functionDump();
            assertThatThrownBy(() -> c.functionRestore(own)).isInstanceOf(JedisDataException.class)
                    .hasMessage("ERR Library counters already exists");
            assertThat(c.functionRestore(own, FunctionRestorePolicy.REPLACE)).isEqualTo("OK");
            assertThat(c.functionFlush()).isEqualTo("OK");
            assertThat(c.functionRestore(own)).isEqualTo("OK");
            assertThat(c.fcall("bump", List.of("x"), List.of("7"))).isEqualTo(7L);
            byte[] damaged = own.clone();
            damaged[3] ^= 1;
            assertThatThrownBy(() -> c.functionRestore(damaged)).isInstanceOf(JedisDataException.class)
                    .hasMessage("ERR DUMP payload version or checksum are wrong");

            RedisServerProcess.requireInstalled();
            redis = RedisServerProcess.start(Files.createDirectories(dir.resolve("redis")));
            try (Jedis r = jedis(redis.port())) {
                r.functionLoad(LIB.replace("counters", "fromredis").replace("'bump'", "'rbump'").replace("'peek'", "'rpeek'"));
                byte[] fromRedis = r.functionDump(); // RDB version 10, code LZF-compressed
                assertThat(c.functionRestore(fromRedis)).isEqualTo("OK");
                assertThat(c.fcall("rbump", List.of("y"), List.of("3"))).isEqualTo(3L);
                assertThat(c.functionList()).extracting(l -> l.getLibraryName()).containsExactly("counters", "fromredis");
            }
        }
    }
}
