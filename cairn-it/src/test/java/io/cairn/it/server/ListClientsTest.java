package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.KeyValue;
import io.lettuce.core.LMPopArgs;
import io.lettuce.core.LMoveArgs;
import io.lettuce.core.LPosArgs;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.RedisAsyncCommands;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.protocol.ProtocolVersion;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.RedisProtocol;
import redis.clients.jedis.args.ListDirection;
import redis.clients.jedis.args.ListPosition;
import redis.clients.jedis.params.LPosParams;

/** Lists through Jedis and Lettuce, unchanged, over RESP2 and RESP3, blocking pops included. */
class ListClientsTest {
    @TempDir
    Path dir;
    TestServer server;
    final List<AutoCloseable> open = new java.util.ArrayList<>();

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable c : open.reversed()) {
            c.close();
        }
        if (server != null) {
            server.close();
        }
    }

    private Jedis jedis(RedisProtocol protocol) {
        if (server == null) {
            server = TestServer.start(dir, "fsync");
        }
        Jedis j = new Jedis(new HostAndPort("127.0.0.1", server.port()),
                DefaultJedisClientConfig.builder().protocol(protocol).timeoutMillis(30_000).build());
        open.add(j);
        return j;
    }

    private StatefulRedisConnection<String, String> lettuce(ProtocolVersion protocol) {
        if (server == null) {
            server = TestServer.start(dir, "fsync");
        }
        RedisClient client = RedisClient.create(RedisURI.builder().withHost("127.0.0.1").withPort(server.port())
                .withTimeout(Duration.ofSeconds(30)).build());
        client.setOptions(ClientOptions.builder().protocolVersion(protocol).build());
        open.add(client::shutdown);
        StatefulRedisConnection<String, String> c = client.connect();
        open.add(c);
        return c;
    }

    /** Waits until {@code info} reports {@code n} blocked clients. */
    private static void awaitBlocked(Supplier<String> info, int n) {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!info.get().contains("blocked_clients:" + n + "\r\n")) {
            assertThat(System.nanoTime()).as("blocked_clients never became " + n).isLessThan(deadline);
            Thread.onSpinWait();
        }
    }

    @ParameterizedTest
    @EnumSource(RedisProtocol.class)
    void everyListCommandAndABlockingPopThroughJedis(RedisProtocol protocol) throws Exception {
        Jedis j = jedis(protocol);
        assertThat(j.rpush("l", "a", "b", "c")).isEqualTo(3);
        assertThat(j.lpush("l", "z")).isEqualTo(4);
        assertThat(j.lrange("l", 0, -1)).containsExactly("z", "a", "b", "c");
        assertThat(j.llen("l")).isEqualTo(4);
        assertThat(j.lindex("l", -1)).isEqualTo("c");
        assertThat(j.lset("l", 0, "y")).isEqualTo("OK");
        assertThat(j.linsert("l", ListPosition.AFTER, "a", "a2")).isEqualTo(5);
        assertThat(j.lpos("l", "b")).isEqualTo(3);
        assertThat(j.lpos("l", "b", LPosParams.lPosParams().rank(-1), 0)).containsExactly(3L);
        assertThat(j.lrem("l", 0, "a2")).isEqualTo(1);
        assertThat(j.ltrim("l", 0, 2)).isEqualTo("OK");
        assertThat(j.lpop("l", 2)).containsExactly("y", "a");
        assertThat(j.rpop("l")).isEqualTo("b");
        assertThat(j.exists("l")).isFalse();
        assertThat(j.lpushx("l", "x")).isZero();
        j.rpush("src", "1", "2");
        assertThat(j.lmove("src", "dst", ListDirection.LEFT, ListDirection.RIGHT)).isEqualTo("1");
        assertThat(j.rpoplpush("src", "dst")).isEqualTo("2");
        assertThat(j.lmpop(ListDirection.RIGHT, 5, "src", "dst").getValue()).containsExactly("1", "2");
        assertThat(j.lmpop(ListDirection.LEFT, "src", "dst")).isNull();
        assertThat(j.blpop(0.05, "nothing")).isNull();

        Jedis waiter = jedis(protocol);
        CompletableFuture<List<String>> popped = CompletableFuture.supplyAsync(() -> waiter.blpop(0, "q"));
        awaitBlocked(() -> j.info("clients"), 1);
        j.rpush("q", "job");
        assertThat(popped.get(10, TimeUnit.SECONDS)).containsExactly("q", "job");
        CompletableFuture<String> moved = CompletableFuture.supplyAsync(
                () -> waiter.blmove("q", "done", ListDirection.LEFT, ListDirection.LEFT, 0));
        awaitBlocked(() -> j.info("clients"), 1);
        j.lpush("q", "next");
        assertThat(moved.get(10, TimeUnit.SECONDS)).isEqualTo("next");
        assertThat(j.lrange("done", 0, -1)).containsExactly("next");
    }

    @ParameterizedTest
    @EnumSource(value = ProtocolVersion.class, names = {"RESP2", "RESP3"})
    void everyListCommandAndABlockingPopThroughLettuce(ProtocolVersion protocol) throws Exception {
        RedisCommands<String, String> r = lettuce(protocol).sync();
        assertThat(r.rpush("l", "a", "b", "c", "b")).isEqualTo(4);
        assertThat(r.lrange("l", 0, -1)).containsExactly("a", "b", "c", "b");
        assertThat(r.lpos("l", "b", 0, LPosArgs.Builder.rank(1))).containsExactly(1L, 3L);
        assertThat(r.lpop("l", 2)).containsExactly("a", "b");
        assertThat(r.rpop("l", 5)).containsExactly("b", "c");
        assertThat(r.lpop("l", 5)).isEmpty();
        r.rpush("src", "1", "2", "3");
        assertThat(r.lmove("src", "dst", LMoveArgs.Builder.rightLeft())).isEqualTo("3");
        KeyValue<String, List<String>> mp = r.lmpop(LMPopArgs.Builder.left().count(2), "nothing", "src");
        assertThat(mp.getKey()).isEqualTo("src");
        assertThat(mp.getValue()).containsExactly("1", "2");
        assertThat(r.blpop(0.05, "nothing")).isNull();

        RedisAsyncCommands<String, String> waiter = lettuce(protocol).async();
        var pop = waiter.brpop(0, "q").toCompletableFuture();
        awaitBlocked(() -> r.info("clients"), 1);
        r.lpush("q", "a", "b");
        KeyValue<String, String> got = pop.get(10, TimeUnit.SECONDS);
        assertThat(got.getKey()).isEqualTo("q");
        assertThat(got.getValue()).isEqualTo("a");
        var mpop = waiter.blmpop(0, LMPopArgs.Builder.right().count(3), "q2").toCompletableFuture();
        awaitBlocked(() -> r.info("clients"), 1);
        r.rpush("q2", "x", "y");
        assertThat(mpop.get(10, TimeUnit.SECONDS).getValue()).containsExactly("y", "x");
        assertThat(r.lrange("q", 0, -1)).containsExactly("b");
    }

    @ParameterizedTest
    @EnumSource(value = ProtocolVersion.class, names = {"RESP2", "RESP3"})
    void insertSetRemoveTrimAndTheBlockingMovesThroughLettuce(ProtocolVersion protocol) throws Exception {
        RedisCommands<String, String> r = lettuce(protocol).sync();
        assertThat(r.lpushx("l", "x")).isZero();
        assertThat(r.rpush("l", "a", "b", "c")).isEqualTo(3);
        assertThat(r.rpushx("l", "d")).isEqualTo(4);
        assertThat(r.linsert("l", true, "c", "b")).isEqualTo(5);
        assertThat(r.linsert("l", false, "missing", "z")).isEqualTo(-1);
        assertThat(r.lset("l", -1, "D")).isEqualTo("OK");
        assertThat(r.lindex("l", 3)).isEqualTo("c");
        assertThat(r.lindex("l", 99)).isNull();
        assertThat(r.lrem("l", -1, "b")).isEqualTo(1);
        assertThat(r.lrange("l", 0, -1)).containsExactly("a", "b", "c", "D");
        assertThat(r.lpos("l", "c")).isEqualTo(2);
        assertThat(r.lpos("l", "nope")).isNull();
        assertThat(r.ltrim("l", 1, -2)).isEqualTo("OK");
        assertThat(r.llen("l")).isEqualTo(2);
        assertThat(r.rpoplpush("l", "other")).isEqualTo("c");
        assertThat(r.lrange("other", 0, -1)).containsExactly("c");
        assertThat(r.brpoplpush(0.05, "nothing", "other")).isNull();
        assertThat(r.blmove("nothing", "other", LMoveArgs.Builder.leftRight(), 0.05)).isNull();
        r.set("str", "v");
        assertThatThrownBy(() -> r.lpush("str", "x")).isInstanceOf(RedisCommandExecutionException.class)
                .hasMessageStartingWith("WRONGTYPE");
        assertThatThrownBy(() -> r.lset("l", 10, "x")).isInstanceOf(RedisCommandExecutionException.class)
                .hasMessage("ERR index out of range");

        RedisAsyncCommands<String, String> waiter = lettuce(protocol).async();
        var moved = waiter.blmove("q", "done", LMoveArgs.Builder.rightLeft(), 0).toCompletableFuture();
        awaitBlocked(() -> r.info("clients"), 1);
        r.rpush("q", "j1", "j2");
        assertThat(moved.get(10, TimeUnit.SECONDS)).isEqualTo("j2");
        var rotated = waiter.brpoplpush(0, "q2", "done").toCompletableFuture();
        awaitBlocked(() -> r.info("clients"), 1);
        r.lpush("q2", "k");
        assertThat(rotated.get(10, TimeUnit.SECONDS)).isEqualTo("k");
        assertThat(r.lrange("done", 0, -1)).containsExactly("k", "j2");
        var left = waiter.blpop(0, "q3", "q").toCompletableFuture(); // q still holds j1
        assertThat(left.get(10, TimeUnit.SECONDS)).isEqualTo(KeyValue.just("q", "j1"));
    }

    @ParameterizedTest
    @EnumSource(RedisProtocol.class)
    void rightHandBlockingPopsThroughJedis(RedisProtocol protocol) throws Exception {
        Jedis j = jedis(protocol);
        assertThat(j.rpushx("l", "x")).isZero();
        assertThat(j.brpop(0.05, "nothing")).isNull();
        assertThat(j.brpoplpush("nothing", "dst", 1)).isNull();
        j.rpush("ready", "a", "b");
        assertThat(j.brpop(1, "nothing", "ready")).containsExactly("ready", "b");

        Jedis waiter = jedis(protocol);
        CompletableFuture<List<String>> popped = CompletableFuture.supplyAsync(() -> waiter.brpop(0, "q1", "q2"));
        awaitBlocked(() -> j.info("clients"), 1);
        j.rpush("q2", "x", "y");
        assertThat(popped.get(10, TimeUnit.SECONDS)).containsExactly("q2", "y");
        CompletableFuture<String> rotated = CompletableFuture.supplyAsync(() -> waiter.brpoplpush("q3", "dst", 0));
        awaitBlocked(() -> j.info("clients"), 1);
        j.lpush("q3", "z");
        assertThat(rotated.get(10, TimeUnit.SECONDS)).isEqualTo("z");
        var mpop = CompletableFuture.supplyAsync(() -> waiter.blmpop(0, ListDirection.LEFT, 2, "q4"));
        awaitBlocked(() -> j.info("clients"), 1);
        j.rpush("q4", "1", "2", "3");
        assertThat(mpop.get(10, TimeUnit.SECONDS).getValue()).containsExactly("1", "2");
        assertThat(j.lrange("dst", 0, -1)).containsExactly("z");
        assertThat(j.lrange("q4", 0, -1)).containsExactly("3");
        assertThat(j.blmpop(0.05, ListDirection.RIGHT, "nothing")).isNull();
    }
}
