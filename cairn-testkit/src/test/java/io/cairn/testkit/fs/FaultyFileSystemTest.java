package io.cairn.testkit.fs;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.storage.io.FileHandle;
import io.cairn.storage.io.FileSystem;
import io.cairn.storage.io.FileSystem.OpenMode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** The contract with no fault armed, then each fault. */
class FaultyFileSystemTest extends BaseFileSystemTest {
    private final FaultyFileSystem faulty = new FaultyFileSystem(new InMemoryFileSystem());

    @Override
    protected FileSystem newFileSystem() {
        return faulty;
    }

    @Override
    protected Path workDirectory() {
        return Path.of("/data/db");
    }

    @Test
    void writesAfterTheArmedCountFailUntilHealed() throws IOException {
        try (FileHandle h = fs.open(dir.resolve("a"), OpenMode.CREATE_NEW)) {
            write(h, "a");
            faulty.failWriteAfter(2);
            write(h, "b");
            write(h, "c");
            assertThatThrownBy(() -> write(h, "d"))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("write #4");
            assertThatThrownBy(() -> write(h, "e")).isInstanceOf(IOException.class);
            faulty.heal();
            write(h, "f");
            assertThat(readAll(h)).isEqualTo("abcf");
        }
        assertThat(faulty.writes()).isEqualTo(6);
        assertThat(faulty.bytesWritten()).isEqualTo(4);
    }

    @Test
    void failWriteAfterZeroFailsTheNextWrite() throws IOException {
        try (FileHandle h = fs.open(dir.resolve("a"), OpenMode.CREATE_NEW)) {
            faulty.failWriteAfter(0);
            assertThatThrownBy(() -> write(h, "abc")).isInstanceOf(IOException.class);
            assertThat(h.size()).isZero();
        }
    }

    @Test
    void syncsAfterTheArmedCountFail() throws IOException {
        faulty.failSyncAfter(1);
        try (FileHandle h = fs.open(dir.resolve("a"), OpenMode.CREATE_NEW)) {
            write(h, "abc");
            h.sync();
            assertThatThrownBy(h::sync).isInstanceOf(IOException.class).hasMessageContaining("sync #2");
            faulty.heal();
            h.sync();
        }
        assertThat(faulty.syncs()).isEqualTo(3);
    }

    @Test
    void failedSyncLeavesTheBytesUnsyncedForACrash() throws IOException {
        CrashableFileSystem crashable = new CrashableFileSystem();
        FaultyFileSystem faultyOverCrashable = new FaultyFileSystem(crashable).failSyncAfter(0);
        crashable.createDirectories(dir);
        try (FileHandle h = faultyOverCrashable.open(dir.resolve("a"), OpenMode.CREATE_NEW)) {
            faultyOverCrashable.syncDirectory(dir);
            write(h, "abc");
            assertThatThrownBy(h::sync).isInstanceOf(IOException.class);
        }
        crashable.crash();
        assertThat(crashable.list(dir)).containsExactly("a");
        try (FileHandle h = crashable.open(dir.resolve("a"), OpenMode.READ)) {
            assertThat(h.size()).isZero();
        }
    }

    @Test
    void shortWritesWriteHalfRoundedUpButWriteFullyStillCompletes() throws IOException {
        faulty.shortWrites(true);
        try (FileHandle h = fs.open(dir.resolve("a"), OpenMode.CREATE_NEW)) {
            ByteBuffer ten = bytes("0123456789");
            assertThat(h.write(ten)).isEqualTo(5);
            assertThat(ten.remaining()).isEqualTo(5);
            assertThat(h.write(bytes("x"))).isEqualTo(1);
            h.writeFully(bytes("abcdefg"));
            assertThat(readAll(h)).isEqualTo("01234xabcdefg");
        }
        assertThat(faulty.writes()).isEqualTo(2 + 3);
    }

    @Test
    void shortWriteAfterShortensOnlyThatWrite() throws IOException {
        faulty.shortWriteAfter(1);
        try (FileHandle h = fs.open(dir.resolve("a"), OpenMode.CREATE_NEW)) {
            assertThat(h.write(bytes("abcd"))).isEqualTo(4);
            assertThat(h.write(bytes("efgh"))).isEqualTo(2);
            assertThat(h.write(bytes("ijkl"))).isEqualTo(4);
        }
    }

    @Test
    void fullDiskWritesWhatFitsThenThrowsNoSpaceLeft() throws IOException {
        try (FileHandle h = fs.open(dir.resolve("a"), OpenMode.CREATE_NEW)) {
            write(h, "ab");
            faulty.diskFullAfterBytes(5);
            assertThatThrownBy(() -> write(h, "cdefghij"))
                    .isInstanceOf(IOException.class)
                    .hasMessage("No space left on device");
            assertThat(readAll(h)).isEqualTo("abcdefg");
            assertThatThrownBy(() -> write(h, "k")).hasMessage("No space left on device");
            faulty.heal();
            write(h, "k");
            assertThat(readAll(h)).isEqualTo("abcdefgk");
        }
    }

    @Test
    void failedDirectorySyncAndRenameThrowAndChangeNothing() throws IOException {
        createFile("a", "abc");
        faulty.failSyncDirectory(true).failRename(true);
        assertThatThrownBy(() -> fs.syncDirectory(dir)).isInstanceOf(IOException.class);
        assertThatThrownBy(() -> fs.rename(dir.resolve("a"), dir.resolve("b")))
                .isInstanceOf(IOException.class);
        assertThat(fs.list(dir)).containsExactly("a");
        faulty.heal();
        fs.syncDirectory(dir);
        fs.rename(dir.resolve("a"), dir.resolve("b"));
        assertThat(fs.list(dir)).containsExactly("b");
    }

    @Test
    void countsAreExactUnderConcurrentWriters() throws Exception {
        int threads = 4;
        int writesEach = 500;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                Path path = dir.resolve("f" + t);
                done.add(pool.submit(() -> {
                    try (FileHandle h = fs.open(path, OpenMode.CREATE_NEW)) {
                        for (int i = 0; i < writesEach; i++) {
                            h.write(bytes("ab"));
                            h.sync();
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(faulty.writes()).isEqualTo(threads * writesEach);
        assertThat(faulty.syncs()).isEqualTo(threads * writesEach);
        assertThat(faulty.bytesWritten()).isEqualTo(2L * threads * writesEach);
    }

    private static ByteBuffer bytes(String s) {
        return ByteBuffer.wrap(s.getBytes(UTF_8));
    }
}
