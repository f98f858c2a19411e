package io.cairn.testkit.fs;

import io.cairn.storage.io.FileHandle;
import java.io.IOException;
import java.nio.ByteBuffer;

/** A {@link FileHandle} that passes every call to another; see {@link ForwardingFileSystem}. */
public abstract class ForwardingFileHandle implements FileHandle {
    protected final FileHandle handle;

    protected ForwardingFileHandle(FileHandle handle) {
        this.handle = handle;
    }

    @Override
    public int read(ByteBuffer dst, long position) throws IOException {
        return handle.read(dst, position);
    }

    @Override
    public int write(ByteBuffer src) throws IOException {
        return handle.write(src);
    }

    @Override
    public void sync() throws IOException {
        handle.sync();
    }

    @Override
    public long size() throws IOException {
        return handle.size();
    }

    @Override
    public void truncate(long size) throws IOException {
        handle.truncate(size);
    }

    @Override
    public void close() throws IOException {
        handle.close();
    }
}
