package io.cairn.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The latency monitor's sample rules, as Redis's latency.c keeps them, on a clock the test moves. */
class LatencyMonitorTest {
    private final AtomicLong second = new AtomicLong(1_700_000_000L);
    private final LatencyMonitor monitor = new LatencyMonitor(10, second::get);

    @Test
    void thresholdZeroKeepsNothing() {
        monitor.threshold(0);
        monitor.addIfNeeded("command", 5_000);
        assertThat(monitor.latest()).isEmpty();
    }

    @Test
    void latenciesBelowTheThresholdAreNotKeptAndTheThresholdItselfIs() {
        monitor.addIfNeeded("command", 9);
        assertThat(monitor.latest()).isEmpty();
        monitor.addIfNeeded("command", 10);
        assertThat(monitor.latest()).containsExactly(new LatencyMonitor.Latest("command", second.get(), 10, 10));
    }

    @Test
    void twoInOneSecondMakeOneSampleTheLarger() {
        monitor.addIfNeeded("command", 30);
        monitor.addIfNeeded("command", 20);
        assertThat(monitor.history("command")).hasSize(1);
        assertThat(monitor.history("command").get(0)).containsExactly(second.get(), 30);
        monitor.addIfNeeded("command", 50);
        assertThat(monitor.history("command").get(0)).containsExactly(second.get(), 50);
    }

    @Test
    void keepsTheLast160SecondsOldestFirstAndTheAllTimeMax() {
        long first = second.get();
        for (int i = 0; i < 170; i++) {
            monitor.addIfNeeded("expire-cycle", i == 3 ? 900 : 10 + i);
            second.incrementAndGet();
        }
        List<long[]> h = monitor.history("expire-cycle");
        assertThat(h).hasSize(LatencyMonitor.SAMPLES);
        assertThat(h.get(0)).containsExactly(first + 10, 20);
        assertThat(h.get(h.size() - 1)).containsExactly(first + 169, 179);
        LatencyMonitor.Latest latest = monitor.latest().get(0);
        assertThat(latest.max()).isEqualTo(900); // gone from the ring, still the highest ever
        assertThat(latest.millis()).isEqualTo(179);
        assertThat(latest.second()).isEqualTo(first + 169);
    }

    @Test
    void resetForgetsTheEventsNamedCaseInsensitivelyAndCountsThem() {
        monitor.addIfNeeded("command", 10);
        monitor.addIfNeeded("fast-command", 10);
        monitor.addIfNeeded("aof-write", 10);
        assertThat(monitor.reset(List.of("COMMAND", "no-such-event", "command"))).isEqualTo(1);
        assertThat(monitor.eventNames()).containsExactly("fast-command", "aof-write");
        assertThat(monitor.reset(List.of())).isEqualTo(2);
        assertThat(monitor.latest()).isEmpty();
        assertThat(monitor.history("fast-command")).isEmpty();
        assertThat(monitor.max("fast-command")).isEqualTo(-1);
    }

    @Test
    void eventsKeepTheOrderTheyFirstAppeared() {
        monitor.addIfNeeded("fast-command", 11);
        monitor.addIfNeeded("command", 12);
        monitor.addIfNeeded("fast-command", 13);
        assertThat(monitor.latest()).extracting(LatencyMonitor.Latest::event).containsExactly("fast-command", "command");
    }
}
