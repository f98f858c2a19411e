package io.cairn.testkit.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.storage.io.FileHandle;
import io.cairn.storage.io.FileSystem;
import io.cairn.storage.io.FileSystem.OpenMode;
import io.cairn.testkit.Seeds;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/** The contract, then what survives {@link CrashableFileSystem#crash()}. */
class CrashableFileSystemTest extends BaseFileSystemTest {
    private final CrashableFileSystem crashable = new CrashableFileSystem();

    @Override
    protected FileSystem newFileSystem() {
        return crashable;
    }

    @Override
    protected Path workDirectory() {
        return Path.of("/data/db");
    }

    @Test
    void unsyncedBytesAreLostInACrash() throws IOException {
        try (FileHandle h = durableFile("a")) {
            write(h, "abc");
            h.sync();
            write(h, "def");
        }
        crashable.crash();
        assertThat(contentOf("a")).isEqualTo("abc");
    }

    @Test
    void syncedBytesSurviveACrash() throws IOException {
        try (FileHandle h = durableFile("a")) {
            write(h, "abc");
            h.sync();
            write(h, "def");
            h.sync();
        }
        crashable.crash();
        assertThat(contentOf("a")).isEqualTo("abcdef");
    }

    @Test
    void fileWhoseNameIsDurableButBytesAreNotComesBackEmpty() throws IOException {
        try (FileHandle h = durableFile("a")) {
            write(h, "abc");
        }
        crashable.crash();
        assertThat(contentOf("a")).isEmpty();
    }

    @Test
    void creationWithoutADirectorySyncIsLostInACrash() throws IOException {
        try (FileHandle h = fs.open(dir.resolve("a"), OpenMode.CREATE_NEW)) {
            write(h, "abc");
            h.sync();
        }
        crashable.crash();
        assertThat(fs.exists(dir.resolve("a"))).isFalse();
        assertThat(fs.list(dir)).isEmpty();
    }

    @Test
    void deletionWithoutADirectorySyncIsUndoneByACrash() throws IOException {
        syncedFile("a", "abc");
        fs.deleteIfExists(dir.resolve("a"));
        crashable.crash();
        assertThat(contentOf("a")).isEqualTo("abc");
    }

    @Test
    void deletionFollowedByADirectorySyncSurvivesACrash() throws IOException {
        syncedFile("a", "abc");
        fs.deleteIfExists(dir.resolve("a"));
        fs.syncDirectory(dir);
        crashable.crash();
        assertThat(fs.exists(dir.resolve("a"))).isFalse();
    }

    @Test
    void renameWithoutADirectorySyncIsUndoneByACrash() throws IOException {
        syncedFile("current", "old");
        syncedFile("tmp", "new");
        fs.rename(dir.resolve("tmp"), dir.resolve("current"));
        crashable.crash();
        assertThat(fs.list(dir)).containsExactly("current", "tmp");
        assertThat(contentOf("current")).isEqualTo("old");
    }

    @Test
    void renameFollowedByADirectorySyncSurvivesACrash() throws IOException {
        syncedFile("current", "old");
        try (FileHandle h = fs.open(dir.resolve("tmp"), OpenMode.CREATE_NEW)) {
            write(h, "new");
            h.sync();
        }
        fs.rename(dir.resolve("tmp"), dir.resolve("current"));
        fs.syncDirectory(dir);
        crashable.crash();
        assertThat(fs.list(dir)).containsExactly("current");
        assertThat(contentOf("current")).isEqualTo("new");
    }

    @Test
    void truncateWithoutASyncIsUndoneByACrash() throws IOException {
        try (FileHandle h = durableFile("a")) {
            write(h, "abcdef");
            h.sync();
            h.truncate(2);
            write(h, "XY");
        }
        crashable.crash();
        assertThat(contentOf("a")).isEqualTo("abcdef");
    }

    @Test
    void handlesOpenedBeforeACrashThrow() throws IOException {
        FileHandle h = durableFile("a");
        write(h, "abc");
        h.sync();
        crashable.crash();
        assertThatThrownBy(() -> write(h, "def")).isInstanceOf(IOException.class);
        assertThatThrownBy(h::size).isInstanceOf(IOException.class);
        assertThatThrownBy(h::sync).isInstanceOf(IOException.class);
        h.close();
        assertThat(contentOf("a")).isEqualTo("abc");
    }

    @Test
    void crashReleasesLocks() throws IOException {
        fs.lock(dir.resolve("LOCK"));
        crashable.crash();
        fs.lock(dir.resolve("LOCK")).close();
    }

    @Test
    void tornCrashKeepsAPrefixOfTheUnsyncedBytes() throws IOException {
        RandomGenerator random = Seeds.random(Seeds.seed());
        Set<String> survivors = new HashSet<>();
        for (int i = 0; i < 64; i++) {
            CrashableFileSystem trial = new CrashableFileSystem();
            trial.createDirectories(dir);
            try (FileHandle h = trial.open(dir.resolve("a"), OpenMode.CREATE_NEW)) {
                trial.syncDirectory(dir);
                write(h, "abc");
                h.sync();
                write(h, "defghij");
            }
            trial.crash(random);
            try (FileHandle h = trial.open(dir.resolve("a"), OpenMode.READ)) {
                survivors.add(readAll(h));
            }
        }
        assertThat(survivors).allSatisfy(s -> assertThat("abcdefghij").startsWith(s).startsWith("abc"));
        assertThat(survivors).as("torn lengths seen").hasSizeGreaterThan(1);
    }

    @Test
    void tornCrashKeepsSyncedFilesWhole() throws IOException {
        syncedFile("a", "abc");
        crashable.crash(Seeds.random(Seeds.seed()));
        assertThat(contentOf("a")).isEqualTo("abc");
    }

    /** A new file whose name is durable, open for writing. */
    private FileHandle durableFile(String name) throws IOException {
        FileHandle h = fs.open(dir.resolve(name), OpenMode.CREATE_NEW);
        fs.syncDirectory(dir);
        return h;
    }

    private void syncedFile(String name, String content) throws IOException {
        try (FileHandle h = durableFile(name)) {
            write(h, content);
            h.sync();
        }
    }
}
