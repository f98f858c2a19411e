package io.cairn.testkit.fs;

import io.cairn.storage.io.FileSystem;
import io.cairn.storage.io.LocalFileSystem;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** The contract against the real disk, so the in-memory file systems are checked against it. */
class LocalFileSystemTest extends BaseFileSystemTest {
    @TempDir
    Path tempDir;

    @Override
    protected FileSystem newFileSystem() {
        return LocalFileSystem.INSTANCE;
    }

    @Override
    protected Path workDirectory() {
        return tempDir;
    }
}
