package io.cairn.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.common.ManualClock;
import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.StoreConfig;
import io.cairn.storage.engine.WalMode;
import io.cairn.storage.io.LocalFileSystem;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The store's events as the server's timer reads them: each second's largest write, fsync and expiry cycle. */
class LatencyMonitorStoreEventsTest {
    @TempDir
    Path dir;
    Store store;
    final AtomicLong second = new AtomicLong(1_700_000_000L);
    final LatencyMonitor monitor = new LatencyMonitor(0, second::get);

    @BeforeEach
    void open() {
        store = Store.open(StoreConfig.builder(dir).walMode(WalMode.FSYNC).expiryCycle(Duration.ofHours(1))
                .checkpointInterval(Duration.ZERO).checkpointLogBytes(0).build(), LocalFileSystem.INSTANCE,
                new ManualClock(1_700_000_000_000L));
    }

    @AfterEach
    void close() {
        store.close();
    }

    @Test
    void eachSecondKeepsTheLargestTimingPastTheThreshold() {
        store.walSyncLatency().record(80_000); // while the monitor is off: drained, never reported
        monitor.sampleStore(store);
        monitor.threshold(20);
        second.incrementAndGet();
        monitor.sampleStore(store);
        assertThat(monitor.latest()).isEmpty();

        store.walWriteLatency().record(5_000);
        store.walWriteLatency().record(45_000);
        store.walSyncLatency().record(30_000);
        store.expiryCycleLatency().record(19_000); // under the threshold
        second.incrementAndGet();
        monitor.sampleStore(store);
        assertThat(monitor.history("aof-write")).singleElement().satisfies(s -> assertThat(s).containsExactly(second.get(), 45));
        assertThat(monitor.history("aof-fsync-always")).singleElement().satisfies(s -> assertThat(s[1]).isEqualTo(30));
        assertThat(monitor.history("expire-cycle")).isEmpty();

        second.incrementAndGet();
        monitor.sampleStore(store); // nothing new this second
        assertThat(monitor.history("aof-write")).hasSize(1);
        store.reclaimExpired(10); // the real cycle records its own time, far under 20 ms here
        assertThat(store.expiryCycleLatency().count()).isEqualTo(2);
    }
}
