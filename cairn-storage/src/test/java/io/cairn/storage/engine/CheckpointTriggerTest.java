package io.cairn.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.common.Bytes;
import io.cairn.common.Clock;
import io.cairn.storage.io.LocalFileSystem;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Checkpoints start by themselves on log size and on time, and expiry runs in the background. */
class CheckpointTriggerTest {
    @TempDir
    Path dir;

    private static void awaitTrue(java.util.function.BooleanSupplier condition) throws InterruptedException {
        for (int i = 0; i < 200 && !condition.getAsBoolean(); i++) {
            Thread.sleep(50); // the trigger runs on the store's own timer thread: poll its effect
        }
        assertThat(condition.getAsBoolean()).as("condition within 10 s").isTrue();
    }

    @Test
    void logSizeTriggersACheckpoint() throws Exception {
        StoreConfig config = StoreConfig.builder(dir).walMode(WalMode.WRITE).checkpointLogBytes(64 * 1024)
                .checkpointInterval(Duration.ZERO).build();
        try (Store store = Store.open(config, LocalFileSystem.INSTANCE, Clock.SYSTEM)) {
            for (int i = 0; i < 2_000; i++) {
                store.set(Bytes.utf8("key" + i), new byte[64]);
            }
            awaitTrue(() -> store.stats().lastCheckpoint() != null);
            assertThat(store.stats().lastCheckpoint().entries()).isGreaterThan(500);
        }
    }

    @Test
    void timeTriggersACheckpointOnTheStoresOwnTimer() throws Exception {
        // (That nothing changed means no checkpoint is checked with a manual clock in CheckpointLockOrderTest.)
        StoreConfig config = StoreConfig.builder(dir).walMode(WalMode.WRITE).checkpointLogBytes(0)
                .checkpointInterval(Duration.ofMillis(200)).build();
        try (Store store = Store.open(config, LocalFileSystem.INSTANCE, Clock.SYSTEM)) {
            store.set(Bytes.utf8("a"), Bytes.utf8("1")).await();
            awaitTrue(() -> store.stats().lastCheckpoint() != null);
            assertThat(store.stats().lastCheckpoint().lsn()).isEqualTo(1);
        }
    }

    @Test
    void checkpointRateLimitStretchesTheCheckpoint() throws Exception {
        StoreConfig config = StoreConfig.builder(dir).walMode(WalMode.NONE).checkpointBytesPerSecond(8 << 20)
                .checkpointInterval(Duration.ZERO).checkpointLogBytes(0).build();
        try (Store store = Store.open(config, LocalFileSystem.INSTANCE, Clock.SYSTEM)) {
            for (int i = 0; i < 24_000; i++) {
                store.set(Bytes.utf8("key" + i), new byte[128]);
            }
            CheckpointInfo info = store.checkpoint().join();
            assertThat(info.bytes()).isGreaterThan(3L << 20);
            // ~3.4 MiB at 8 MiB/s: paced from the first MiB on, so it cannot finish in under ~0.25 s.
            assertThat(info.millis()).isGreaterThanOrEqualTo(200);
        }
    }

    @Test
    void expiredKeysAreReclaimedInTheBackground() throws Exception {
        StoreConfig config = StoreConfig.builder(dir).walMode(WalMode.WRITE).expiryCycle(Duration.ofMillis(20)).build();
        try (Store store = Store.open(config, LocalFileSystem.INSTANCE, Clock.SYSTEM)) {
            long soon = System.currentTimeMillis() + 100;
            for (int i = 0; i < 5_000; i++) {
                int n = i;
                store.execute(t -> {
                    t.set(Bytes.utf8("k" + n), Bytes.utf8("v"), n % 2 == 0 ? soon : 0);
                    return null;
                });
            }
            awaitTrue(() -> store.stats().keys() == 2_500);
            assertThat(store.stats().expiredKeys()).isEqualTo(2_500);
            assertThat(store.stats().volatileKeys()).isZero();
        }
    }
}
