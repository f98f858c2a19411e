package io.cairn.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.common.Clock;
import io.cairn.document.json.JsonLimits;
import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.StoreConfig;
import io.cairn.storage.io.FileHandle;
import io.cairn.storage.io.FileSystem;
import io.cairn.storage.engine.WalMode;
import io.cairn.testkit.fs.InMemoryFileSystem;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.Semaphore;
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
    private final HeldSyncFileSystem fs = new HeldSyncFileSystem(new InMemoryFileSystem());
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
        fs.release(Integer.MAX_VALUE / 2);
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

    @Test
    void aPutIsAnsweredOnlyOnceItsLogRecordIsSynced() throws Exception {
        fs.hold();
        CompletableFuture<ApiResponse> put = docs.put(b("k"), b("{\"a\":1}"), loop);
        CompletableFuture<ApiResponse> get = docs.get(b("k"), loop); // it sees the write, so it waits too
        Thread.sleep(100); // an absence (no reply while fsync is held) has no event to wait on
        assertThat(put).isNotDone();
        assertThat(get).isNotDone();
        fs.release(1_000);
        ApiResponse created = await(put);
        assertThat(created.status()).isEqualTo(HttpResponseStatus.CREATED);
        assertThat(created.json()).isEqualTo("{\"key\":\"k\",\"result\":\"created\"}");
        assertThat(await(get).json()).isEqualTo("{\"a\":1}");
    }

    @Test
    void aFailedSyncIsNeverAnsweredAsSuccess() throws Exception {
        fs.failNextSync();
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

    /** Delegates everything; {@code sync} waits for a permit while held, or fails once when asked. */
    private static final class HeldSyncFileSystem implements FileSystem {
        private final FileSystem delegate;
        private final Semaphore permits = new Semaphore(Integer.MAX_VALUE / 2);
        private volatile boolean failNext;

        HeldSyncFileSystem(FileSystem delegate) {
            this.delegate = delegate;
        }

        void hold() {
            permits.drainPermits();
        }

        void release(int n) {
            permits.release(n);
        }

        void failNextSync() {
            failNext = true;
        }

        @Override
        public FileHandle open(Path path, FileSystem.OpenMode mode) throws IOException {
            FileHandle h = delegate.open(path, mode);
            return new FileHandle() {
                @Override
                public int read(ByteBuffer dst, long position) throws IOException {
                    return h.read(dst, position);
                }

                @Override
                public int write(ByteBuffer src) throws IOException {
                    return h.write(src);
                }

                @Override
                public void sync() throws IOException {
                    if (failNext) {
                        failNext = false;
                        throw new IOException("injected fsync failure");
                    }
                    permits.acquireUninterruptibly();
                    h.sync();
                }

                @Override
                public long size() throws IOException {
                    return h.size();
                }

                @Override
                public void truncate(long size) throws IOException {
                    h.truncate(size);
                }

                @Override
                public void close() throws IOException {
                    h.close();
                }
            };
        }

        @Override
        public List<String> list(Path dir) throws IOException {
            return delegate.list(dir);
        }

        @Override
        public boolean exists(Path path) {
            return delegate.exists(path);
        }

        @Override
        public boolean deleteIfExists(Path path) throws IOException {
            return delegate.deleteIfExists(path);
        }

        @Override
        public void rename(Path source, Path target) throws IOException {
            delegate.rename(source, target);
        }

        @Override
        public void createDirectories(Path dir) throws IOException {
            delegate.createDirectories(dir);
        }

        @Override
        public void syncDirectory(Path dir) throws IOException {
            delegate.syncDirectory(dir);
        }

        @Override
        public Closeable lock(Path lockFile) throws IOException {
            return delegate.lock(lockFile);
        }
    }
}
