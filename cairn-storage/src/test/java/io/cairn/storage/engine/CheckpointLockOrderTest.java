package io.cairn.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.common.Bytes;
import io.cairn.common.Clock;
import io.cairn.common.ManualClock;
import io.cairn.storage.io.LocalFileSystem;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Checkpoints start while other threads read the store's counters and write: nothing may wait
 * on another forever. (The store once took its monitor then its lock in {@code checkpoint()} and
 * the reverse in {@code stats()}: INFO polled during checkpoints hung every write for good.)
 */
class CheckpointLockOrderTest {
    private static final int CHECKPOINTS = 300;

    @TempDir
    Path dir;

    @Test
    void statsWritesAndCheckpointStartsNeverDeadlock() throws Exception {
        StoreConfig config = StoreConfig.builder(dir).walMode(WalMode.WRITE).expiryCycle(Duration.ofHours(1))
                .checkpointInterval(Duration.ZERO).checkpointLogBytes(0).build();
        Store store = Store.open(config, LocalFileSystem.INSTANCE, Clock.SYSTEM);
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong statsCalls = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            threads.add(Thread.ofPlatform().daemon(true).name("stats-" + i).start(() -> {
                while (!stop.get()) {
                    store.stats();
                    statsCalls.incrementAndGet();
                }
            }));
        }
        threads.add(Thread.ofPlatform().daemon(true).name("writer").start(() -> {
            for (long n = 0; !stop.get(); n++) {
                store.set(Bytes.utf8("k" + (n % 1000)), Bytes.utf8("v" + n));
            }
        }));
        Thread checkpointer = Thread.ofPlatform().daemon(true).name("checkpointer").start(() -> {
            for (int i = 0; i < CHECKPOINTS; i++) {
                CompletableFuture<CheckpointInfo> f = store.checkpoint();
                if (i % 3 == 0) {
                    f.join(); // sometimes wait, sometimes start again while one runs
                }
            }
        });
        // A deadlock has no event to wait for: give the loop a generous deadline instead.
        checkpointer.join(TimeUnit.SECONDS.toMillis(60));
        boolean finished = !checkpointer.isAlive();
        String dump = finished ? "" : deadlockReport();
        stop.set(true);
        for (Thread t : threads) {
            t.join(TimeUnit.SECONDS.toMillis(finished ? 60 : 1));
        }
        assertThat(finished).as("%d checkpoint starts beside stats() and writes finished; threads:%n%s",
                CHECKPOINTS, dump).isTrue();
        assertThat(threads).noneMatch(Thread::isAlive);
        assertThat(statsCalls.get()).isPositive();
        store.close();
    }

    @Test
    void statsDoNotWaitForACheckpointThatIsStarting() throws Exception {
        // The trigger with a manual clock: the interval passes only when the test says so.
        ManualClock clock = new ManualClock(1_700_000_000_000L);
        StoreConfig config = StoreConfig.builder(dir).walMode(WalMode.WRITE).expiryCycle(Duration.ofHours(1))
                .checkpointInterval(Duration.ofSeconds(1)).checkpointLogBytes(0).build();
        try (Store store = Store.open(config, LocalFileSystem.INSTANCE, clock)) {
            store.checkpoints().checkIfDue();
            assertThat(store.stats().checkpointRunning()).as("nothing written: nothing to save").isFalse();
            store.set(Bytes.utf8("a"), Bytes.utf8("1")).await();
            store.checkpoints().checkIfDue();
            assertThat(store.stats().lastCheckpoint()).as("interval not yet passed").isNull();
            clock.advanceMillis(1_000);
            store.checkpoints().checkIfDue();
            CompletableFuture<CheckpointInfo> running = store.checkpoints().running();
            CheckpointInfo info = running != null ? running.join() : store.stats().lastCheckpoint();
            assertThat(info.lsn()).isEqualTo(1);
            assertThat(store.stats().lastCheckpoint()).isEqualTo(info);
            assertThat(store.stats().checkpointRunning()).isFalse();
        }
    }

    @Test
    void anErrorWhileStartingLeavesNoCheckpointClaimed() {
        CheckpointScheduler.Source failing = new CheckpointScheduler.Source() {
            @Override
            public CheckpointScheduler.Start begin() {
                throw new OutOfMemoryError("injected while opening the view");
            }

            @Override
            public long lastLsn() {
                return 1;
            }

            @Override
            public long logBytesWritten() {
                return 0;
            }
        };
        StoreConfig config = StoreConfig.builder(dir).walMode(WalMode.NONE).build();
        CheckpointScheduler scheduler = new CheckpointScheduler(failing, null, config,
                new ManualClock(0), Runnable::run, 0);
        assertThatThrownBy(scheduler::checkpoint).isInstanceOf(OutOfMemoryError.class);
        assertThat(scheduler.running()).as("close() would wait on a claim left behind").isNull();
    }

    private static String deadlockReport() {
        StringBuilder sb = new StringBuilder();
        long[] ids = ManagementFactory.getThreadMXBean().findDeadlockedThreads();
        sb.append(ids == null ? "no JVM-detected deadlock" : ids.length + " deadlocked threads").append('\n');
        for (ThreadInfo ti : ManagementFactory.getThreadMXBean().dumpAllThreads(true, true)) {
            if (ti.getThreadName().startsWith("stats-") || ti.getThreadName().startsWith("checkpointer")
                    || ti.getThreadName().startsWith("cairn-")) {
                sb.append(ti);
            }
        }
        return sb.toString();
    }
}
