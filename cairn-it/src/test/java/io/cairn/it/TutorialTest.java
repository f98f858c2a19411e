package io.cairn.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.common.Bytes;
import io.cairn.storage.engine.CheckpointInfo;
import io.cairn.storage.engine.ReadView;
import io.cairn.storage.engine.Result;
import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.StoreConfig;
import io.cairn.storage.engine.WriteBatch;
import io.cairn.storage.engine.WalMode;
import io.cairn.testkit.fs.CrashableFileSystem;
import io.cairn.common.Clock;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An executable tutorial of the embedded engine, read top to bottom. It opens a store, writes,
 * reads, takes a view and a checkpoint, loses power, recovers and queries. It must stay green.
 */
class TutorialTest {
    @TempDir
    Path dir;

    private static byte[] b(String s) {
        return Bytes.utf8(s);
    }

    @Test
    void tutorial() {
        // 1. Open a store on a directory. FSYNC: a write is acknowledged once it survives power loss.
        StoreConfig config = StoreConfig.builder(dir).walMode(WalMode.FSYNC).build();
        try (Store store = Store.open(config)) {
            // 2. Write. Every call returns at once; `durable` completes when the write is on disk.
            Result<Void> put = store.set(b("greeting"), b("hello"));
            put.durable().join();

            // 3. Several keys of several types atomically, in one log record.
            store.write(new WriteBatch()
                    .hset(b("user:1"), b("name"), b("Ada"))
                    .zadd(b("scores"), b("ada"), 99)
                    .set(b("session:1"), b("token"), System.currentTimeMillis() + 60_000))
                    .await();

            // 4. Read-modify-write atomically: an increment as Redis's INCR would do it.
            long value = store.execute(t -> {
                byte[] old = t.get(b("counter"));
                long next = (old == null ? 0 : Long.parseLong(new String(old))) + 1;
                t.set(b("counter"), b(Long.toString(next)), 0);
                return next;
            }).await();
            assertThat(value).isEqualTo(1);

            // 5. Follow the change stream: every commit, in order, with its log position.
            List<Long> lsns = new ArrayList<>();
            try (var subscription = store.subscribe((lsn, mutations) -> lsns.add(lsn))) {
                store.set(b("greeting"), b("hi")).await();
            } catch (java.io.IOException e) {
                throw new AssertionError(e);
            }
            assertThat(lsns).containsExactly(store.lastLsn());

            // 6. A read view is a consistent snapshot; writers are not blocked by it.
            try (ReadView view = store.openReadView()) {
                store.set(b("greeting"), b("changed")).await();
                assertThat(view.get(b("greeting"))).isEqualTo(b("hi"));
            }

            // 7. A checkpoint writes a snapshot beside the traffic and trims the log.
            CheckpointInfo cp = store.checkpoint().join();
            assertThat(cp.entries()).isEqualTo(5);
        }

        // 8. Reopening recovers: the newest snapshot, then the log after it.
        try (Store store = Store.open(config)) {
            assertThat(store.get(b("greeting"))).isEqualTo(b("changed"));
            assertThat(store.recoveryStats().snapshotEntries()).isEqualTo(5);
        }
    }

    @Test
    void powerLossKeepsEveryAcknowledgedWrite() {
        // The same with a simulated disk that forgets whatever was not synced when power goes.
        CrashableFileSystem disk = new CrashableFileSystem();
        StoreConfig config = StoreConfig.builder(Path.of("/data")).walMode(WalMode.FSYNC).build();
        Store store = Store.open(config, disk, Clock.SYSTEM);
        for (int i = 0; i < 100; i++) {
            store.set(b("k" + i), b("v" + i)).await();
        }
        disk.crash();
        StoreModelTest.closeQuietly(store);
        try (Store recovered = Store.open(config, disk, Clock.SYSTEM)) {
            for (int i = 0; i < 100; i++) {
                assertThat(recovered.get(b("k" + i))).isEqualTo(b("v" + i));
            }
        }
    }
}
