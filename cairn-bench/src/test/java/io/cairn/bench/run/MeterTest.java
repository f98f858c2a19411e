package io.cairn.bench.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.RepeatedTest;

class MeterTest {

    /** Many clients failing at once with distinct messages: never more than 20 kept, nothing lost. */
    @RepeatedTest(20)
    void concurrentErrorsKeepAtMostTwentyDistinctMessages() throws Exception {
        Meter meter = new Meter(0);
        int threads = 8;
        int perThread = 200;
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> all = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int id = t;
            all.add(Thread.ofPlatform().start(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                for (int i = 0; i < perThread; i++) {
                    meter.error("set", 1, 1_000, "ERR " + id + "/" + i);
                }
            }));
        }
        start.countDown();
        for (Thread t : all) {
            t.join();
        }
        assertThat(meter.errorSamples()).hasSize(21).containsKey("other errors");
        assertThat(meter.errorSamples().values().stream().mapToLong(Long::longValue).sum())
                .isEqualTo((long) threads * perThread);
    }
}
