package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.redisson.api.RScoredSortedSet;
import org.redisson.api.RedissonClient;
import org.redisson.client.protocol.ScoredEntry;
import redis.clients.jedis.Jedis;

/**
 * Redisson's blocking {@code RScoredSortedSet} pops, unchanged, a second client adding while the
 * first waits. What each method sends (Redisson 3.52.0): {@code pollFirst / pollLast(timeout,
 * unit)}, {@code pollFirst / pollLast(Duration)} and {@code takeFirst / takeLast} (timeout 0) are
 * BZPOPMIN / BZPOPMAX key seconds; {@code pollFirstFromAny / pollLastFromAny(timeout, unit, names)}
 * are BZPOPMIN / BZPOPMAX over this key and the others; {@code pollFirst / pollLast(Duration,
 * count)}, {@code pollFirstEntries / pollLastEntries(Duration, count)}, {@code pollFirstFromAny /
 * pollLastFromAny(Duration, count, names)} and {@code pollFirstEntriesFromAny /
 * pollLastEntriesFromAny(Duration, count, names)} are BZMPOP seconds numkeys keys MIN|MAX COUNT n.
 * Redisson sends whole seconds (a timeout under one second becomes 1). None of these needs EVAL;
 * the non-blocking {@code pollFirst()} / {@code pollLast()} are Lua scripts (issue 11). Not used:
 * the counted non-blocking {@code pollLastFromAny(count, names)}, which in 3.52.0 sends MIN (it
 * calls the pollFirst form). Each wait is on the server's {@code blocked_clients}, not the clock.
 */
@Timeout(60)
class RedissonBlockingPopTest {
    @TempDir
    Path dir;
    RedissonOnCairn cairn;
    RedissonClient redisson;
    RedissonClient producer;

    @BeforeEach
    void start() {
        cairn = RedissonOnCairn.start(dir);
        redisson = cairn.redisson();
        producer = cairn.connect();
    }

    @AfterEach
    void stop() {
        if (cairn != null) {
            cairn.close();
        }
    }

    /** Waits until INFO reports {@code n} blocked clients (the waiter's command reached the server). */
    private void awaitBlocked(int n) {
        try (Jedis admin = new Jedis("127.0.0.1", cairn.server.port(), 30_000)) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!admin.info("clients").contains("blocked_clients:" + n + "\r\n")) {
                assertThat(System.nanoTime()).as("blocked clients never became " + n).isLessThan(deadline);
                Thread.onSpinWait();
            }
        }
    }

    @Test
    void pollsTimeOutEmptyAndTakesWhatASecondClientAdds() throws Exception {
        RScoredSortedSet<String> z = redisson.getScoredSortedSet("z");
        RScoredSortedSet<String> other = producer.getScoredSortedSet("z");
        assertThat(z.pollFirst(1, TimeUnit.SECONDS)).as("BZPOPMIN z 1 times out").isNull();
        assertThat(z.pollLast(Duration.ofSeconds(1))).as("BZPOPMAX z 1 times out").isNull();

        assertThat(other.addAll(Map.of("a", 1.0, "b", 2.0, "c", 3.0, "d", 4.0))).isEqualTo(4);
        assertThat(z.pollFirst(5, TimeUnit.SECONDS)).as("served at once").isEqualTo("a");
        assertThat(z.pollLast(5, TimeUnit.SECONDS)).isEqualTo("d");
        assertThat(z.pollFirst(Duration.ofSeconds(5))).isEqualTo("b");
        assertThat(z.pollLast(Duration.ofSeconds(5))).isEqualTo("c");
        assertThat(z.isExists()).as("the last pop deletes the key").isFalse();

        CompletableFuture<String> first = CompletableFuture.supplyAsync(z::takeFirst);
        awaitBlocked(1);
        assertThat(other.addAll(Map.of("p", 7.0, "q", 3.0))).isEqualTo(2);
        assertThat(first.get(10, TimeUnit.SECONDS)).as("the lowest of one ZADD's members").isEqualTo("q");
        assertThat(z.readAll()).containsExactly("p");

        assertThat(z.pollLast(1, TimeUnit.SECONDS)).isEqualTo("p");
        CompletableFuture<String> last = z.takeLastAsync().toCompletableFuture();
        awaitBlocked(1);
        assertThat(other.addAll(Map.of("r", 1.0, "s", 9.0))).isEqualTo(2);
        assertThat(last.get(10, TimeUnit.SECONDS)).isEqualTo("s");
        assertThat(z.readAll()).containsExactly("r");

        CompletableFuture<String> polled = z.pollFirstAsync(30, TimeUnit.SECONDS).toCompletableFuture();
        assertThat(polled.get(10, TimeUnit.SECONDS)).as("a member there answers at once").isEqualTo("r");
    }

    @Test
    void pollFromAnyWaitsOnEveryKeyAndAnswersFromTheFirstThatHasMembers() throws Exception {
        RScoredSortedSet<String> z = redisson.getScoredSortedSet("z");
        assertThat(z.pollFirstFromAny(1, TimeUnit.SECONDS, "y", "x")).as("all empty: times out").isNull();

        CompletableFuture<String> fromAny = z.pollFirstFromAnyAsync(30, TimeUnit.SECONDS, "y", "x")
                .toCompletableFuture();
        awaitBlocked(1);
        producer.<String>getScoredSortedSet("x").addAll(Map.of("x1", 1.0, "x2", 2.0));
        assertThat(fromAny.get(10, TimeUnit.SECONDS)).isEqualTo("x1");

        producer.<String>getScoredSortedSet("y").add(5, "y5");
        assertThat(z.pollLastFromAny(1, TimeUnit.SECONDS, "x", "y")).as("x is named before y").isEqualTo("x2");
        assertThat(z.pollLastFromAny(1, TimeUnit.SECONDS, "x", "y")).isEqualTo("y5");

        CompletableFuture<String> lastFromAny = z.pollLastFromAnyAsync(30, TimeUnit.SECONDS, "x")
                .toCompletableFuture();
        awaitBlocked(1);
        producer.<String>getScoredSortedSet("z").addAll(Map.of("z1", 1.0, "z9", 9.0));
        assertThat(lastFromAny.get(10, TimeUnit.SECONDS)).as("this set is the first key").isEqualTo("z9");
        assertThat(z.readAll()).containsExactly("z1");
    }

    @Test
    void countedBlockingPopsAreBzmpop() throws Exception {
        RScoredSortedSet<String> z = redisson.getScoredSortedSet("z");
        assertThat(z.pollFirst(Duration.ofSeconds(1), 2)).as("BZMPOP times out: empty list").isEmpty();
        assertThat(z.pollFirstFromAny(Duration.ofSeconds(1), 2, "x")).isEmpty();

        z.addAll(Map.of("a", 1.0, "b", 2.0, "c", 3.0, "d", 4.0, "e", 5.0, "f", 6.0, "g", 7.0));
        assertThat(z.pollFirst(Duration.ofSeconds(1), 2)).containsExactly("a", "b");
        assertThat(z.pollLast(Duration.ofSeconds(1), 2)).containsExactly("g", "f");
        assertThat(z.pollFirstEntries(Duration.ofSeconds(1), 1)).containsExactly(new ScoredEntry<>(3.0, "c"));
        assertThat(z.pollLastEntries(Duration.ofSeconds(1), 5))
                .as("a count past the size pops all").containsExactly(new ScoredEntry<>(5.0, "e"),
                        new ScoredEntry<>(4.0, "d"));
        assertThat(z.isExists()).isFalse();

        RScoredSortedSet<String> x = producer.getScoredSortedSet("x");
        x.addAll(Map.of("x1", 1.5, "x2", 2.5, "x3", 3.5));
        assertThat(z.pollFirstFromAny(Duration.ofSeconds(1), 2, "x")).as("z is empty, x answers")
                .containsExactly("x1", "x2");
        assertThat(z.pollLastFromAny(Duration.ofSeconds(1), 2, "nothing", "x")).containsExactly("x3");

        CompletableFuture<List<String>> waiting = z.pollLastFromAnyAsync(Duration.ofSeconds(30), 2, "x")
                .toCompletableFuture();
        awaitBlocked(1);
        x.addAll(Map.of("m", 1.0, "n", 2.0, "o", 3.0));
        assertThat(waiting.get(10, TimeUnit.SECONDS)).containsExactly("o", "n");

        CompletableFuture<Map<String, Map<String, Double>>> entries = z
                .pollFirstEntriesFromAnyAsync(Duration.ofSeconds(30), 5, "nothing").toCompletableFuture();
        awaitBlocked(1);
        producer.<String>getScoredSortedSet("nothing").addAll(Map.of("k", 0.25, "l", 0.5));
        assertThat(entries.get(10, TimeUnit.SECONDS)).containsOnlyKeys("nothing");
        assertThat(entries.get().get("nothing")).containsOnly(Map.entry("k", 0.25), Map.entry("l", 0.5));

        Map<String, Map<String, Double>> last = z.pollLastEntriesFromAny(Duration.ofSeconds(1), 1, "x");
        assertThat(last).containsOnlyKeys("x");
        assertThat(last.get("x")).containsOnly(Map.entry("m", 1.0));
        assertThat(x.isExists()).isFalse();
    }
}
