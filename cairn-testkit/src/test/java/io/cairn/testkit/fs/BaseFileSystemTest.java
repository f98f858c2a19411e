package io.cairn.testkit.fs;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.storage.io.FileHandle;
import io.cairn.storage.io.FileSystem;
import io.cairn.storage.io.FileSystem.OpenMode;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The {@link FileSystem} contract, run against every implementation by a subclass. Each test gets a
 * fresh file system and an empty directory {@link #dir} in it.
 */
abstract class BaseFileSystemTest {
    protected FileSystem fs;
    protected Path dir;

    /** A fresh file system for one test. */
    protected abstract FileSystem newFileSystem();

    /** A directory for one test's files; created here if missing. */
    protected abstract Path workDirectory();

    @BeforeEach
    void setUpFileSystem() throws IOException {
        fs = newFileSystem();
        dir = workDirectory();
        fs.createDirectories(dir);
    }

    @Test
    void createdFileIsEmptyAndReadsBackWhatWasAppended() throws IOException {
        try (FileHandle h = fs.open(dir.resolve("a"), OpenMode.CREATE_NEW)) {
            assertThat(h.size()).isZero();
            write(h, "hello ");
            write(h, "world");
            assertThat(h.size()).isEqualTo(11);
            assertThat(readAll(h)).isEqualTo("hello world");
        }
    }

    @Test
    void readWriteAppendsAtTheEndOfAnExistingFile() throws IOException {
        createFile("a", "abc");
        try (FileHandle h = fs.open(dir.resolve("a"), OpenMode.READ_WRITE)) {
            write(h, "def");
        }
        assertThat(contentOf("a")).isEqualTo("abcdef");
    }

    @Test
    void readReturnsMinusOneAtTheEndOfTheFile() throws IOException {
        createFile("a", "abc");
        try (FileHandle h = fs.open(dir.resolve("a"), OpenMode.READ)) {
            ByteBuffer buf = ByteBuffer.allocate(10);
            assertThat(h.read(buf, 3)).isEqualTo(-1);
            assertThat(h.read(buf, 1)).isEqualTo(2);
            assertThat(h.readFully(ByteBuffer.allocate(10), 0)).isEqualTo(3);
        }
    }

    @Test
    void truncateCutsTheFileAndLaterWritesAppendFromThere() throws IOException {
        try (FileHandle h = fs.open(dir.resolve("a"), OpenMode.CREATE_NEW)) {
            write(h, "abcdef");
            h.truncate(2);
            assertThat(h.size()).isEqualTo(2);
            write(h, "XY");
            assertThat(readAll(h)).isEqualTo("abXY");
        }
    }

    @Test
    void truncateBeyondTheEndLeavesTheFileUnchanged() throws IOException {
        try (FileHandle h = fs.open(dir.resolve("a"), OpenMode.CREATE_NEW)) {
            write(h, "abc");
            h.truncate(100);
            assertThat(readAll(h)).isEqualTo("abc");
        }
    }

    @Test
    void syncKeepsTheContent() throws IOException {
        try (FileHandle h = fs.open(dir.resolve("a"), OpenMode.CREATE_NEW)) {
            write(h, "abc");
            h.sync();
            assertThat(readAll(h)).isEqualTo("abc");
        }
        fs.syncDirectory(dir);
        assertThat(contentOf("a")).isEqualTo("abc");
    }

    @Test
    void renameReplacesAnExistingTarget() throws IOException {
        createFile("a", "new");
        createFile("b", "old");
        fs.rename(dir.resolve("a"), dir.resolve("b"));
        assertThat(fs.exists(dir.resolve("a"))).isFalse();
        assertThat(contentOf("b")).isEqualTo("new");
        assertThat(fs.list(dir)).containsExactly("b");
    }

    @Test
    void renameOfAMissingFileThrowsNoSuchFile() {
        assertThatThrownBy(() -> fs.rename(dir.resolve("missing"), dir.resolve("b")))
                .isInstanceOf(NoSuchFileException.class);
    }

    @Test
    void openHandleKeepsItsFileAfterARename() throws IOException {
        try (FileHandle h = fs.open(dir.resolve("a"), OpenMode.CREATE_NEW)) {
            write(h, "abc");
            fs.rename(dir.resolve("a"), dir.resolve("b"));
            write(h, "def");
        }
        assertThat(contentOf("b")).isEqualTo("abcdef");
    }

    @Test
    void listReturnsSortedNamesOfFilesDirectlyInTheDirectory() throws IOException {
        createFile("c", "");
        createFile("a", "");
        createFile("b", "");
        fs.createDirectories(dir.resolve("sub"));
        createFile("sub/z", "");
        assertThat(fs.list(dir)).containsExactly("a", "b", "c");
        assertThat(fs.list(dir.resolve("sub"))).containsExactly("z");
    }

    @Test
    void listOfAMissingDirectoryIsEmpty() throws IOException {
        assertThat(fs.list(dir.resolve("missing"))).isEmpty();
    }

    @Test
    void existsSeesFilesAndDirectories() throws IOException {
        createFile("a", "");
        fs.createDirectories(dir.resolve("x/y"));
        assertThat(fs.exists(dir.resolve("a"))).isTrue();
        assertThat(fs.exists(dir.resolve("x"))).isTrue();
        assertThat(fs.exists(dir.resolve("x/y"))).isTrue();
        assertThat(fs.exists(dir.resolve("b"))).isFalse();
    }

    @Test
    void deleteIfExistsReportsWhetherItDeleted() throws IOException {
        createFile("a", "abc");
        assertThat(fs.deleteIfExists(dir.resolve("a"))).isTrue();
        assertThat(fs.exists(dir.resolve("a"))).isFalse();
        assertThat(fs.deleteIfExists(dir.resolve("a"))).isFalse();
        assertThat(fs.list(dir)).isEmpty();
    }

    @Test
    void pathsNameTheSameFileWhateverTheirSpelling() throws IOException {
        fs.createDirectories(dir.resolve("sub"));
        createFile("sub/../a", "abc");
        assertThat(contentOf("a")).isEqualTo("abc");
        assertThat(fs.exists(dir.resolve("./a"))).isTrue();
    }

    @Test
    void secondLockOnAPathThrowsUntilTheFirstIsClosed() throws IOException {
        Path lockFile = dir.resolve("LOCK");
        Closeable first = fs.lock(lockFile);
        assertThat(fs.exists(lockFile)).isTrue();
        assertThatThrownBy(() -> fs.lock(lockFile)).isInstanceOf(IOException.class);
        first.close();
        fs.lock(lockFile).close();
    }

    @Test
    void createNewOnAnExistingFileThrowsFileAlreadyExists() throws IOException {
        createFile("a", "abc");
        assertThatThrownBy(() -> fs.open(dir.resolve("a"), OpenMode.CREATE_NEW))
                .isInstanceOf(FileAlreadyExistsException.class);
        assertThat(contentOf("a")).isEqualTo("abc");
    }

    @Test
    void createNewInAMissingDirectoryThrowsNoSuchFile() {
        assertThatThrownBy(() -> fs.open(dir.resolve("missing/a"), OpenMode.CREATE_NEW))
                .isInstanceOf(NoSuchFileException.class);
    }

    @Test
    void readOfAMissingFileThrowsNoSuchFile() {
        assertThatThrownBy(() -> fs.open(dir.resolve("missing"), OpenMode.READ))
                .isInstanceOf(NoSuchFileException.class);
        assertThatThrownBy(() -> fs.open(dir.resolve("missing"), OpenMode.READ_WRITE))
                .isInstanceOf(NoSuchFileException.class);
    }

    @Test
    void closedHandleThrows() throws IOException {
        FileHandle h = fs.open(dir.resolve("a"), OpenMode.CREATE_NEW);
        h.close();
        assertThatThrownBy(() -> write(h, "abc")).isInstanceOf(ClosedChannelException.class);
        assertThatThrownBy(h::size).isInstanceOf(ClosedChannelException.class);
    }

    @Test
    void syncDirectoryOfAMissingDirectoryThrowsNoSuchFile() {
        assertThatThrownBy(() -> fs.syncDirectory(dir.resolve("missing")))
                .isInstanceOf(NoSuchFileException.class);
    }

    protected void createFile(String name, String content) throws IOException {
        try (FileHandle h = fs.open(dir.resolve(name), OpenMode.CREATE_NEW)) {
            write(h, content);
        }
    }

    protected String contentOf(String name) throws IOException {
        try (FileHandle h = fs.open(dir.resolve(name), OpenMode.READ)) {
            return readAll(h);
        }
    }

    protected static void write(FileHandle h, String s) throws IOException {
        h.writeFully(ByteBuffer.wrap(s.getBytes(UTF_8)));
    }

    protected static String readAll(FileHandle h) throws IOException {
        ByteBuffer buf = ByteBuffer.allocate((int) h.size());
        h.readFully(buf, 0);
        return new String(buf.array(), 0, buf.position(), UTF_8);
    }
}
