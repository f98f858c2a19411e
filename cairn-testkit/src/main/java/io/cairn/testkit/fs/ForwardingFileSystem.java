package io.cairn.testkit.fs;

import io.cairn.common.Checks;
import io.cairn.storage.io.FileHandle;
import io.cairn.storage.io.FileSystem;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * A {@link FileSystem} that passes every call to another: the base of the file systems that
 * change a few operations of a real one (faults, held syncs) and leave the rest alone. Thread-safe
 * as far as the delegate is.
 */
public abstract class ForwardingFileSystem implements FileSystem {
    protected final FileSystem delegate;

    protected ForwardingFileSystem(FileSystem delegate) {
        this.delegate = Checks.notNull("delegate", delegate);
    }

    @Override
    public FileHandle open(Path path, OpenMode mode) throws IOException {
        return delegate.open(path, mode);
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
