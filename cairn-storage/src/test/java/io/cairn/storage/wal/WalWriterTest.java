package io.cairn.storage.wal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.common.StoreClosedException;
import io.cairn.storage.io.LocalFileSystem;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WalWriterTest {
    @TempDir
    Path dir;

    @Test
    void concurrentAppendsShareGroupsAndSyncs() throws Exception {
        int threads = 8;
        int perThread = 200;
        AtomicLong nextLsn = new AtomicLong(1);
        Object order = new Object();
        List<CompletableFuture<Void>> futures = java.util.Collections.synchronizedList(new ArrayList<>());
        try (WalWriter w = new WalWriter(LocalFileSystem.INSTANCE, dir, true, 1 << 24, 1 << 20, 1)) {
            CyclicBarrier start = new CyclicBarrier(threads);
            List<Thread> ts = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                ts.add(Thread.ofPlatform().start(() -> {
                    try {
                        start.await();
                        for (int i = 0; i < perThread; i++) {
                            CompletableFuture<Void> f;
                            synchronized (order) { // appends come in LSN order, as under the store's lock
                                long lsn = nextLsn.getAndIncrement();
                                f = w.append(lsn, WalTestSupport.payload(lsn));
                            }
                            f.join(); // a synchronous writer: waits for its own durability
                            futures.add(f);
                        }
                    } catch (Exception e) {
                        throw new RuntimeException(e);
                    }
                }));
            }
            for (Thread t : ts) {
                t.join();
            }
            assertThat(w.durableLsn()).isEqualTo(threads * perThread);
            assertThat(w.syncCount()).as("group commit: fewer fsyncs than records")
                    .isLessThan(threads * perThread);
        }
        assertThat(WalTestSupport.replayAll(dir, 0)).hasSize(threads * perThread);
    }

    @Test
    void segmentsRollAtTheirSizeAndReplayAcrossThem() throws IOException {
        WalTestSupport.write(dir, 1, 100, 1024);
        assertThat(WalSegments.list(LocalFileSystem.INSTANCE, dir).size()).isGreaterThan(3);
        List<String> got = WalTestSupport.replayAll(dir, 0);
        assertThat(got).hasSize(100);
        for (int i = 0; i < 100; i++) {
            assertThat(got.get(i)).isEqualTo(WalTestSupport.expected(i + 1));
        }
    }

    @Test
    void requestedRollStartsANewSegmentAtTheNextRecord() throws IOException {
        try (WalWriter w = new WalWriter(LocalFileSystem.INSTANCE, dir, false, 1 << 20, 1 << 20, 1)) {
            w.append(1, WalTestSupport.payload(1)).join();
            w.requestRoll();
            w.append(2, WalTestSupport.payload(2)).join();
        }
        assertThat(WalSegments.list(LocalFileSystem.INSTANCE, dir)).extracting(WalSegment::firstLsn)
                .containsExactly(1L, 2L);
    }

    @Test
    void rollRequestedBeforeTheFirstRecordKeepsTheFreshSegment() throws IOException {
        try (WalWriter w = new WalWriter(LocalFileSystem.INSTANCE, dir, true, 1 << 20, 1 << 20, 7)) {
            w.requestRoll();
            w.append(7, WalTestSupport.payload(7)).join();
        }
        assertThat(WalSegments.list(LocalFileSystem.INSTANCE, dir)).extracting(WalSegment::firstLsn).containsExactly(7L);
        assertThat(WalTestSupport.replayAll(dir, 6)).containsExactly(WalTestSupport.expected(7));
    }

    @Test
    void whenDurableCompletesOnlyAfterTheRecordIsWritten() {
        try (WalWriter w = new WalWriter(LocalFileSystem.INSTANCE, dir, true, 1 << 20, 1 << 20, 1)) {
            CompletableFuture<Void> f = w.append(1, WalTestSupport.payload(1));
            CompletableFuture<Void> d = w.whenDurable(1);
            d.join();
            assertThat(f).isDone();
            assertThat(w.durableLsn()).isGreaterThanOrEqualTo(1);
            assertThat(w.whenDurable(1)).isDone();
        }
    }

    @Test
    void oversizedRecordIsRejectedBeforeQueueing() {
        try (WalWriter w = new WalWriter(LocalFileSystem.INSTANCE, dir, false, 1 << 20, 1024, 1)) {
            assertThatThrownBy(() -> w.append(1, ByteBuffer.allocate(2048)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("record length: 2048 (expected: <= 1024)");
            w.append(1, ByteBuffer.allocate(10)).join();
        }
    }

    @Test
    void appendAfterCloseFails() {
        WalWriter w = new WalWriter(LocalFileSystem.INSTANCE, dir, false, 1 << 20, 1024, 1);
        w.close();
        assertThat(w.append(1, ByteBuffer.allocate(1))).isCompletedExceptionally();
        assertThatThrownBy(() -> w.append(1, ByteBuffer.allocate(1)).join()).hasCauseInstanceOf(StoreClosedException.class);
    }
}
