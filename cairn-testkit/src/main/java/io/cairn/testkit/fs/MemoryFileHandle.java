package io.cairn.testkit.fs;

import io.cairn.storage.io.FileHandle;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.NonWritableChannelException;
import java.nio.file.Path;

/**
 * A handle on a {@link MemoryFile}. Used by one thread at a time, as {@link FileHandle} requires.
 * It fails as a {@code FileChannel} would: {@link ClosedChannelException} once closed, and
 * {@link NonWritableChannelException} when a read-only handle writes or truncates. After a
 * {@link CrashableFileSystem#crash()} it throws {@link IOException} on every call but {@code close}.
 */
final class MemoryFileHandle implements FileHandle {
    private final InMemoryFileSystem fs;
    private final Path path;
    private final MemoryFile file;
    private final boolean writable;
    private final long epoch;
    private boolean closed;

    MemoryFileHandle(InMemoryFileSystem fs, Path path, MemoryFile file, boolean writable) {
        this.fs = fs;
        this.path = path;
        this.file = file;
        this.writable = writable;
        this.epoch = fs.epoch();
    }

    @Override
    public int read(ByteBuffer dst, long position) throws IOException {
        checkOpen();
        return file.read(dst, position);
    }

    @Override
    public int write(ByteBuffer src) throws IOException {
        checkWritable();
        return file.append(src);
    }

    @Override
    public void sync() throws IOException {
        checkOpen();
        file.sync();
    }

    @Override
    public long size() throws IOException {
        checkOpen();
        return file.size();
    }

    @Override
    public void truncate(long size) throws IOException {
        checkWritable();
        file.truncate(size);
    }

    @Override
    public void close() {
        closed = true;
    }

    private void checkWritable() throws IOException {
        checkOpen();
        if (!writable) {
            throw new NonWritableChannelException();
        }
    }

    private void checkOpen() throws IOException {
        if (closed) {
            throw new ClosedChannelException();
        }
        if (epoch != fs.epoch()) {
            throw new IOException("handle opened before a simulated crash: " + path);
        }
    }
}
