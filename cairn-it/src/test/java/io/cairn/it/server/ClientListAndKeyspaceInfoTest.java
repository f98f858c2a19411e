package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import redis.clients.jedis.Jedis;

/**
 * What a monitoring tool reads, on Cairn and on a live {@code redis-server} alike (the same steps
 * and assertions run on both, as a differential check for replies a script cannot record): CLIENT
 * LIST's {@code flags=b} for a client waiting in BLPOP, and INFO keyspace's {@code avg_ttl}, the
 * mean time left of a database's keys with an expiry in milliseconds. The Redis half is skipped,
 * saying why, without a {@code redis-server} on PATH (failed under {@code CI=true}).
 */
class ClientListAndKeyspaceInfoTest {
    @TempDir
    Path dir;
    TestServer cairn;
    RedisServerProcess redis;
    final List<Jedis> clients = new java.util.ArrayList<>();

    @AfterEach
    void stop() {
        clients.forEach(Jedis::close);
        if (cairn != null) {
            cairn.close();
        }
        if (redis != null) {
            redis.close();
        }
    }

    private int start(String server) throws Exception {
        if (server.equals("redis")) {
            RedisServerProcess.requireInstalled();
            redis = RedisServerProcess.start(Files.createDirectories(dir.resolve("redis")));
            return redis.port();
        }
        cairn = TestServer.start(Files.createDirectories(dir.resolve("cairn")), "none");
        return cairn.port();
    }

    private Jedis connect(int port) {
        Jedis j = new Jedis("127.0.0.1", port, 30_000);
        clients.add(j);
        return j;
    }

    /** The CLIENT LIST line of the client named {@code name}, waiting until it shows {@code flags}. */
    private static String awaitLine(Jedis admin, String name, String flags) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            String line = admin.clientList().lines().filter(l -> l.contains(" name=" + name + " "))
                    .findFirst().orElse("");
            if (line.contains(" flags=" + flags + " ") || System.nanoTime() > deadline) {
                return line;
            }
            Thread.onSpinWait();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"cairn", "redis"})
    void aClientWaitingInBlpopIsFlaggedB(String server) throws Exception {
        int port = start(server);
        Jedis admin = connect(port);
        Jedis waiter = connect(port);
        waiter.clientSetname("waiter");
        assertThat(awaitLine(admin, "waiter", "N")).contains(" flags=N ");
        CompletableFuture<List<String>> popped = CompletableFuture.supplyAsync(() -> waiter.blpop(0, "jobs"));
        String blocked = awaitLine(admin, "waiter", "b");
        assertThat(blocked).contains(" flags=b ").contains(" cmd=blpop ");
        admin.rpush("jobs", "j1");
        assertThat(popped.get(10, TimeUnit.SECONDS)).containsExactly("jobs", "j1");
        assertThat(awaitLine(admin, "waiter", "N")).contains(" flags=N ");
    }

    @ParameterizedTest
    @ValueSource(strings = {"cairn", "redis"})
    void avgTtlIsTheMeanTimeLeftOfTheKeysWithAnExpiry(String server) throws Exception {
        Jedis j = connect(start(server));
        j.set("plain", "v");
        assertThat(j.info("keyspace")).contains("db0:keys=1,expires=0,avg_ttl=0");
        j.psetex("a", 100_000, "v");
        j.psetex("b", 300_000, "v");
        j.hset("h", "f", "v");
        j.pexpire("h", 200_000);
        // Redis estimates it in its active expire cycle (10 times a second); Cairn keeps it exact
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        long avg;
        while ((avg = avgTtl(j.info("keyspace"))) == 0 && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertThat(avg).isBetween(190_000L, 200_000L);
        j.persist("b");
        j.del("a");
        assertThat(j.info("keyspace")).contains("db0:keys=3,expires=1,");
        j.persist("h");
        while ((avg = avgTtl(j.info("keyspace"))) != 0 && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertThat(avg).as("no key with an expiry left").isZero();
    }

    private static long avgTtl(String info) {
        Matcher m = Pattern.compile("db0:keys=\\d+,expires=\\d+,avg_ttl=(\\d+)").matcher(info);
        assertThat(m.find()).as(info).isTrue();
        return Long.parseLong(m.group(1));
    }
}
