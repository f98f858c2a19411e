package io.cairn.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.common.Clock;
import io.cairn.document.json.JsonLimits;
import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.StoreConfig;
import io.cairn.storage.engine.WalMode;
import io.cairn.testkit.fs.FaultyFileSystem;
import io.cairn.testkit.fs.HeldSyncFileSystem;
import io.cairn.testkit.fs.HeldSyncFileSystem.Op;
import io.cairn.testkit.fs.InMemoryFileSystem;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A document reply waits for durability: with the log's fsync held, a PUT's future stays open,
 * and so does a GET that saw the unsynced write; released, both complete, built on the
 * connection's executor. A failed fsync answers 503, never the write's success.
 */
class DocumentEndpointsTest {
    private final FaultyFileSystem faulty = new FaultyFileSystem(new InMemoryFileSystem());
    private final HeldSyncFileSystem fs = new HeldSyncFileSystem(faulty, HeldSyncFileSystem.walSegments());
    private final ConcurrentLinkedQueue<Runnable> loopTasks = new ConcurrentLinkedQueue<>();
    private final Executor loop = loopTasks::add;
    private Store store;
    private DocumentEndpoints docs;

    @BeforeEach
    void open() {
        store = Store.open(StoreConfig.builder(Path.of("/data")).walMode(WalMode.FSYNC).build(), fs, Clock.SYSTEM);
        docs = new DocumentEndpoints(store, new JsonLimits(JsonLimits.DEFAULT_MAX_DEPTH, 1 << 20));
    }

    @AfterEach
    void close() {
        fs.release();
        faulty.heal();
        store.close();
    }

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** Runs what was handed to the "event loop" until {@code f} completes. */
    private ApiResponse await(CompletableFuture<ApiResponse> f) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!f.isDone() && System.nanoTime() < deadline) {
            Runnable r = loopTasks.poll();
            if (r != null) {
                r.run();
            } else {
                Thread.sleep(1); // the task the future waits for is queued by another thread: poll the queue
            }
        }
        return f.get(0, TimeUnit.SECONDS);
    }

    private void runQueuedLoopTasks() {
        for (Runnable r = loopTasks.poll(); r != null; r = loopTasks.poll()) {
            r.run();
        }
    }

    @Test
    void aPutIsAnsweredOnlyOnceItsLogRecordIsSynced() throws Exception {
        long syncs = fs.requested(Op.SYNC);
        fs.hold(Op.SYNC);
        CompletableFuture<ApiResponse> put = docs.put(b("k"), b("{\"a\":1}"), loop);
        CompletableFuture<ApiResponse> get = docs.get(b("k"), loop); // it sees the write, so it waits too
        fs.awaitRequested(Op.SYNC, syncs + 1, Duration.ofSeconds(30)); // the PUT's record is at the fsync
        runQueuedLoopTasks(); // a reply built too early would be one of these
        assertThat(put).isNotDone();
        assertThat(get).isNotDone();
        fs.release();
        ApiResponse created = await(put);
        assertThat(created.status()).isEqualTo(HttpResponseStatus.CREATED);
        assertThat(created.json()).isEqualTo("{\"key\":\"k\",\"result\":\"created\"}");
        assertThat(await(get).json()).isEqualTo("{\"a\":1}");
    }

    @Test
    void aFailedSyncIsNeverAnsweredAsSuccess() throws Exception {
        faulty.failSyncAfter(0);
        CompletableFuture<ApiResponse> put = docs.put(b("k"), b("[1]"), loop);
        ApiResponse r;
        try {
            r = await(put);
        } catch (java.util.concurrent.ExecutionException e) {
            r = ApiErrors.toResponse(e.getCause());
        }
        assertThat(r.status()).isEqualTo(HttpResponseStatus.SERVICE_UNAVAILABLE);
        assertThat(r.json()).startsWith("{\"error\":\"Errors writing to the write-ahead log; the write is not acknowledged");
    }
}
