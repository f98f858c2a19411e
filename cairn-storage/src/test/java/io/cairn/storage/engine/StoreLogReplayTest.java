package io.cairn.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.common.Bytes;
import io.cairn.common.ManualClock;
import io.cairn.storage.io.LocalFileSystem;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Store#replayLog}: a follower of the change stream reads back the batches it missed from
 * the log the store still keeps, and learns when the log no longer reaches back; {@link
 * Store#onCheckpoint} tells it before a checkpoint deletes that log.
 */
class StoreLogReplayTest {
    @TempDir
    Path dir;
    final ManualClock clock = new ManualClock(1_700_000_000_000L);
    Store store;

    private static byte[] b(String s) {
        return Bytes.utf8(s);
    }

    private Store open(WalMode mode) {
        store = Store.open(StoreConfig.builder(dir).walMode(mode).expiryCycle(Duration.ofHours(1))
                .checkpointInterval(Duration.ZERO).checkpointLogBytes(0).build(), LocalFileSystem.INSTANCE, clock);
        return store;
    }

    @AfterEach
    void close() {
        if (store != null) {
            store.close();
        }
    }

    private record Seen(long lsn, List<Mutation> mutations) {
    }

    private List<Seen> replay(long after, boolean expected) {
        List<Seen> out = new ArrayList<>();
        assertThat(store.replayLog(after, (lsn, ms) -> out.add(new Seen(lsn, ms)))).isEqualTo(expected);
        return out;
    }

    @Test
    void theBatchesAfterAnLsnComeBackInOrderAsTheChangeStreamSawThem() {
        open(WalMode.WRITE);
        List<Seen> live = new ArrayList<>();
        store.subscribe((lsn, ms) -> live.add(new Seen(lsn, List.copyOf(ms))));
        for (int i = 0; i < 5; i++) {
            int n = i;
            store.execute(t -> {
                t.hset(b("h" + n), b("f"), b("v" + n));
                t.delete(b("gone" + n));
                return null;
            }).await();
        }
        store.execute(t -> {
            t.flushAll();
            return null;
        }).await();
        List<Seen> back = replay(2, true);
        assertThat(back).extracting(Seen::lsn).containsExactly(3L, 4L, 5L, 6L);
        for (int i = 0; i < back.size(); i++) {
            assertThat(back.get(i).mutations()).usingRecursiveComparison().isEqualTo(live.get(i + 2).mutations());
        }
        assertThat(replay(store.lastLsn(), true)).isEmpty();
    }

    @Test
    void afterAReopenTheLogStillReachesBackToBeforeIt() {
        open(WalMode.WRITE);
        for (int i = 0; i < 4; i++) {
            store.set(b("k" + i), b("v")).await();
        }
        store.close();
        open(WalMode.WRITE);
        store.set(b("k4"), b("v")).await();
        assertThat(replay(1, true)).extracting(Seen::lsn).containsExactly(2L, 3L, 4L, 5L);
    }

    @Test
    void anLsnPastTheLastIsNotCovered() {
        open(WalMode.WRITE);
        store.set(b("k"), b("v")).await();
        assertThat(replay(7, false)).isEmpty();
    }

    @Test
    void withoutALogNothingIsCovered() {
        open(WalMode.NONE);
        store.set(b("k"), b("v")).await();
        store.set(b("k"), b("w")).await();
        assertThat(replay(1, false)).isEmpty();
    }

    @Test
    void checkpointsThatDeletedTheSegmentsMakeTheLogFallShort() {
        open(WalMode.WRITE);
        List<Long> told = new ArrayList<>();
        store.onCheckpoint(told::add);
        store.set(b("a"), b("1")).await();
        store.checkpoint().join(); // at LSN 1; segments from 2 on
        store.set(b("a"), b("2")).await();
        store.checkpoint().join(); // at LSN 2
        assertThat(replay(1, true)).extracting(Seen::lsn).containsExactly(2L);
        store.set(b("a"), b("3")).await();
        store.checkpoint().join(); // at LSN 3: two snapshots kept (2 and 3), the log after 2 only
        assertThat(told).containsExactly(1L, 2L, 3L);
        assertThat(replay(1, false)).isEmpty();
        assertThat(replay(2, true)).extracting(Seen::lsn).containsExactly(3L);
    }

    @Test
    void aCheckpointListenerRunsBeforeTheLogIsDeleted() {
        open(WalMode.WRITE);
        List<Boolean> covered = new ArrayList<>();
        store.set(b("a"), b("1")).await();
        store.checkpoint().join();
        store.set(b("a"), b("2")).await();
        store.checkpoint().join();
        store.set(b("a"), b("3")).await();
        // This checkpoint deletes the segment holding LSN 2: the listener still finds it there.
        store.onCheckpoint(lsn -> covered.add(store.replayLog(1, (l, ms) -> { })));
        store.checkpoint().join();
        assertThat(covered).containsExactly(true);
        assertThat(replay(1, false)).isEmpty();
    }
}
