package io.cairn.testkit.fs;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.storage.io.FileSystem;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class InMemoryFileSystemTest extends BaseFileSystemTest {
    @Override
    protected FileSystem newFileSystem() {
        return new InMemoryFileSystem();
    }

    @Override
    protected Path workDirectory() {
        return Path.of("/data/db");
    }

    @Test
    void relativePathsResolveAgainstTheWorkingDirectory() throws IOException {
        Path cwd = Path.of("").toAbsolutePath();
        fs.createDirectories(cwd);
        try (var h = fs.open(Path.of("rel"), FileSystem.OpenMode.CREATE_NEW)) {
            write(h, "abc");
        }
        assertThat(fs.list(cwd)).containsExactly("rel");
    }

    @Test
    void instancesShareNothing() throws IOException {
        createFile("a", "abc");
        assertThat(new InMemoryFileSystem().exists(dir.resolve("a"))).isFalse();
    }
}
