package io.cairn.testkit.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.storage.io.FileHandle;
import io.cairn.storage.io.FileSystem;
import io.cairn.storage.io.FileSystem.OpenMode;
import io.cairn.testkit.fs.HeldSyncFileSystem.Op;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The contract with nothing held, then holding, counting and releasing. */
class HeldSyncFileSystemTest extends BaseFileSystemTest {
    private static final Duration LONG = Duration.ofSeconds(30);
    private final HeldSyncFileSystem held = new HeldSyncFileSystem(new InMemoryFileSystem());

    @Override
    protected FileSystem newFileSystem() {
        return held;
    }

    @Override
    protected Path workDirectory() {
        return Path.of("/data/db");
    }

    @AfterEach
    void releaseEverything() {
        held.release();
    }

    @Test
    void aHeldSyncWaitsForTheReleaseAndIsCountedOnArrival() throws Exception {
        try (FileHandle h = fs.open(dir.resolve("a"), OpenMode.CREATE_NEW)) {
            write(h, "abc");
            h.sync();
            assertThat(held.requested(Op.SYNC)).isEqualTo(1);
            held.hold(Op.SYNC);
            CompletableFuture<Void> sync = CompletableFuture.runAsync(() -> {
                try {
                    h.sync();
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            held.awaitRequested(Op.SYNC, 2, LONG);
            assertThat(held.waiting(Op.SYNC)).isEqualTo(1);
            assertThat(sync).isNotDone(); // it is waiting in the held sync, counted above
            write(h, "d"); // writes are not held
            held.release();
            sync.get();
            assertThat(held.waiting(Op.SYNC)).isZero();
            h.sync(); // released means not held any more
            assertThat(held.requested(Op.SYNC)).isEqualTo(3);
            assertThat(readAll(h)).isEqualTo("abcd");
        }
    }

    @Test
    void aHeldWriteWaitsAndThenWritesEverything() throws Exception {
        try (FileHandle h = fs.open(dir.resolve("a"), OpenMode.CREATE_NEW)) {
            held.hold(Op.WRITE);
            CompletableFuture<Void> write = CompletableFuture.runAsync(() -> {
                try {
                    write(h, "xyz");
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            held.awaitRequested(Op.WRITE, 1, LONG);
            assertThat(write).isNotDone();
            assertThat(h.size()).isZero();
            held.release();
            write.get();
            assertThat(readAll(h)).isEqualTo("xyz");
        }
    }

    @Test
    void onlyChosenFilesAreHeldOrCounted() throws Exception {
        HeldSyncFileSystem wal = new HeldSyncFileSystem(new InMemoryFileSystem(), HeldSyncFileSystem.walSegments());
        wal.createDirectories(dir);
        wal.hold(Op.SYNC).hold(Op.WRITE);
        try (FileHandle snapshot = wal.open(dir.resolve("snapshot-00000000000000000001.snap"), OpenMode.CREATE_NEW)) {
            write(snapshot, "s");
            snapshot.sync();
        }
        assertThat(wal.requested(Op.SYNC)).isZero();
        assertThat(wal.requested(Op.WRITE)).isZero();
        try (FileHandle segment = wal.open(dir.resolve(io.cairn.storage.wal.WalFormat.segmentName(1)), OpenMode.CREATE_NEW)) {
            CompletableFuture<Void> write = CompletableFuture.runAsync(() -> {
                try {
                    write(segment, "w");
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            wal.awaitRequested(Op.WRITE, 1, LONG);
            assertThat(write).isNotDone();
            wal.release();
            write.get();
        }
    }

    @Test
    void awaitingACountThatNeverComesFailsSayingHowManyCame() {
        assertThatThrownBy(() -> held.awaitRequested(Op.SYNC, 1, Duration.ofMillis(1)))
                .isInstanceOf(AssertionError.class)
                .hasMessage("SYNC requested 0 times within PT0.001S (expected: >= 1)");
    }
}
