package io.cairn.bench.workload;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class InsertCounterTest {
    @Test
    void claimsFollowTheLoadedRecords() {
        InsertCounter inserts = new InsertCounter(5);
        assertThat(inserts.acknowledged()).isEqualTo(5);
        assertThat(inserts.claim()).isEqualTo(5);
        assertThat(inserts.claim()).isEqualTo(6);
        assertThat(inserts.claimed()).isEqualTo(7);
        assertThat(inserts.acknowledged()).isEqualTo(5);
    }

    @Test
    void anOutOfOrderAcknowledgementWaitsForTheGapBelowIt() {
        InsertCounter inserts = new InsertCounter(0);
        long k0 = inserts.claim();
        long k1 = inserts.claim();
        long k2 = inserts.claim();
        inserts.acknowledge(k2);
        inserts.acknowledge(k1);
        assertThat(inserts.acknowledged()).isZero();
        inserts.acknowledge(k0);
        assertThat(inserts.acknowledged()).isEqualTo(3);
    }

    @Test
    void rejectsUnclaimedAndRepeatedAcknowledgements() {
        InsertCounter inserts = new InsertCounter(10);
        assertThatThrownBy(() -> inserts.acknowledge(10))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("keyNumber: 10 (expected: a claimed key number, 10 <= keyNumber < 10)");
        assertThatThrownBy(() -> inserts.acknowledge(3))
                .isInstanceOf(IllegalArgumentException.class);
        long a = inserts.claim();
        long b = inserts.claim();
        inserts.acknowledge(b);
        assertThatThrownBy(() -> inserts.acknowledge(b))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("keyNumber: 11 is already acknowledged");
        inserts.acknowledge(a);
        assertThatThrownBy(() -> inserts.acknowledge(a))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("keyNumber: 10 is already acknowledged");
    }

    @Test
    @Timeout(30)
    void concurrentClientsEndWithEveryInsertAcknowledgedAndReadersSeeAMonotonePrefix()
            throws InterruptedException {
        int clients = 4;
        int each = 20_000;
        InsertCounter inserts = new InsertCounter(100);
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            threads.add(Thread.ofPlatform().start(() -> {
                await(go);
                for (int i = 0; i < each; i++) {
                    inserts.acknowledge(inserts.claim());
                }
            }));
        }
        AtomicLong regressions = new AtomicLong();
        Thread reader = Thread.ofPlatform().start(() -> {
            await(go);
            long last = 0;
            while (last < 100 + (long) clients * each) {
                long now = inserts.acknowledged();
                if (now < last) {
                    regressions.incrementAndGet();
                }
                last = now;
            }
        });
        go.countDown();
        for (Thread t : threads) {
            t.join();
        }
        reader.join();
        assertThat(regressions).hasValue(0);
        assertThat(inserts.acknowledged()).isEqualTo(100 + (long) clients * each);
        assertThat(inserts.claimed()).isEqualTo(inserts.acknowledged());
    }

    @Test
    void counterGeneratorHandsOutEachNumberOnceAcrossThreads() throws InterruptedException {
        CounterGenerator counter = new CounterGenerator(7);
        assertThat(counter.next(null)).isEqualTo(7);
        assertThat(counter.peek()).isEqualTo(8);
        int threads = 4;
        int each = 10_000;
        boolean[] seen = new boolean[threads * each];
        AtomicLong repeats = new AtomicLong();
        List<Thread> started = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            started.add(Thread.ofPlatform().start(() -> {
                for (int i = 0; i < each; i++) {
                    long n = counter.next(null) - 8;
                    synchronized (seen) {
                        if (seen[(int) n]) {
                            repeats.incrementAndGet();
                        }
                        seen[(int) n] = true;
                    }
                }
            }));
        }
        for (Thread t : started) {
            t.join();
        }
        assertThat(repeats).hasValue(0);
        assertThat(counter.peek()).isEqualTo(8L + threads * each);
        for (boolean s : seen) {
            assertThat(s).isTrue();
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
