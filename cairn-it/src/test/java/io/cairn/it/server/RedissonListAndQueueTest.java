package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.redisson.api.RBlockingQueue;
import org.redisson.api.RList;
import org.redisson.api.RQueue;
import org.redisson.api.RedissonClient;
import redis.clients.jedis.Jedis;

/**
 * Redisson's {@code RList} and {@code RBlockingQueue}, unchanged, on the methods that are one list
 * command each, a second client pushing while the first waits. Left for EVAL (issue 11), being Lua
 * scripts in Redisson: {@code RList.contains / indexOf / lastIndexOf / set(index, v) (the form that
 * returns the old value) / add(index, v) / addAll(index, c) / remove(index)} past index 0 {@code /
 * fastRemove / get(int...) / containsAll / removeAll / retainAll}, {@code RQueue.poll(limit)} and
 * {@code RBlockingQueue.drainTo}. ({@code readSort} and {@code sortTo} need SORT.)
 */
@Timeout(60)
class RedissonListAndQueueTest {
    @TempDir
    Path dir;
    RedissonOnCairn cairn;
    RedissonClient redisson;

    @BeforeEach
    void start() {
        cairn = RedissonOnCairn.start(dir);
        redisson = cairn.redisson();
    }

    @AfterEach
    void stop() {
        if (cairn != null) {
            cairn.close();
        }
    }

    /** Waits until INFO reports {@code n} blocked clients (the waiter's BLPOP reached the server). */
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
    void anRListReadsWritesInsertsTrimsAndIterates() {
        RList<String> l = redisson.getList("l");
        assertThat(l.isEmpty()).isTrue();
        assertThat(l.add("a")).isTrue();
        assertThat(l.addAll(List.of("b", "c", "d", "b"))).isTrue();
        assertThat(l.size()).isEqualTo(5);
        assertThat(l.get(0)).isEqualTo("a");
        assertThat(l.get(4)).isEqualTo("b");
        assertThat(l.get(9)).isNull();
        l.fastSet(1, "B");
        assertThat(l.readAll()).containsExactly("a", "B", "c", "d", "b");
        assertThat(l.range(1, 2)).containsExactly("B", "c");
        assertThat(l.range(2)).containsExactly("a", "B", "c");
        assertThat(l.addAfter("c", "c2")).isEqualTo(6);
        assertThat(l.addBefore("a", "first")).isEqualTo(7);
        assertThat(l.addBefore("missing", "x")).isEqualTo(-1);
        assertThat(l.remove("b")).isTrue();
        assertThat(l.remove("nope")).isFalse();
        assertThat(l.readAll()).containsExactly("first", "a", "B", "c", "c2", "d");
        l.trim(1, 4);
        assertThat(l.readAll()).containsExactly("a", "B", "c", "c2");
        assertThat(l.remove(0)).isEqualTo("a"); // index 0 is an LPOP; others are scripts
        List<String> iterated = new ArrayList<>();
        l.iterator().forEachRemaining(iterated::add); // LINDEX by LINDEX
        assertThat(iterated).containsExactly("B", "c", "c2");
        assertThat(l.toArray()).containsExactly("B", "c", "c2");
        l.addAll(List.of("x", "x", "x"));
        assertThat(l.remove("x", 2)).isTrue();
        assertThat(l.readAll()).containsExactly("B", "c", "c2", "x");
        assertThat(l.delete()).isTrue();
        assertThat(l.isExists()).isFalse();
    }

    @Test
    void anRQueueOffersPollsAndPeeks() {
        RQueue<String> q = redisson.getQueue("q");
        assertThat(q.poll()).isNull();
        assertThat(q.peek()).isNull();
        assertThat(q.offer("1")).isTrue();
        assertThat(q.offer("2")).isTrue();
        assertThat(q.peek()).isEqualTo("1");
        assertThat(q.poll()).isEqualTo("1");
        assertThat(q.pollLastAndOfferFirstTo("other")).isEqualTo("2");
        assertThat(redisson.<String>getList("other").readAll()).containsExactly("2");
        assertThat(q.isExists()).isFalse();
    }

    @Test
    void anRBlockingQueueTakesWhatASecondClientOffers() throws Exception {
        RBlockingQueue<String> consumer = redisson.getBlockingQueue("jobs");
        RBlockingQueue<String> producer = cairn.connect().getBlockingQueue("jobs");
        assertThat(consumer.poll(1, TimeUnit.SECONDS)).as("times out empty").isNull();
        assertThat(producer.offer("ready")).isTrue();
        assertThat(consumer.poll(5, TimeUnit.SECONDS)).as("served at once").isEqualTo("ready");

        CompletableFuture<String> taken = consumer.takeAsync().toCompletableFuture();
        awaitBlocked(1);
        producer.put("job1");
        assertThat(taken.get(10, TimeUnit.SECONDS)).isEqualTo("job1");

        CompletableFuture<String> polled = consumer.pollAsync(30, TimeUnit.SECONDS).toCompletableFuture();
        awaitBlocked(1);
        producer.offer("job2");
        assertThat(polled.get(10, TimeUnit.SECONDS)).isEqualTo("job2");

        CompletableFuture<String> fromAny = consumer.pollFromAnyAsync(30, TimeUnit.SECONDS, "other")
                .toCompletableFuture();
        awaitBlocked(1);
        cairn.connect().getBlockingQueue("other").offer("o1");
        assertThat(fromAny.get(10, TimeUnit.SECONDS)).isEqualTo("o1");

        producer.addAll(List.of("a", "b", "c"));
        Map<String, List<String>> firsts = consumer.pollFirstFromAny(Duration.ofSeconds(1), 2, "nothing");
        assertThat(firsts).containsExactly(Map.entry("jobs", List.of("a", "b")));
        assertThat(consumer.pollLastAndOfferFirstTo("done", 1, TimeUnit.SECONDS)).isEqualTo("c");
        assertThat(redisson.<String>getList("done").readAll()).containsExactly("c");
        assertThat(consumer.pollLastAndOfferFirstTo("done", 1, TimeUnit.SECONDS)).isNull();
        assertThat(consumer.size()).isZero();
    }
}
