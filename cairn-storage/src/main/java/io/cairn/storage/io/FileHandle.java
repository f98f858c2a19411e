package io.cairn.storage.io;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * An open file. Not thread-safe: one thread uses a handle at a time. Writes append at the end.
 */
public interface FileHandle extends Closeable {

    /**
     * Reads into {@code dst} from {@code position}; returns the bytes read, or -1 at end of file.
     * May read fewer bytes than remain in {@code dst}.
     */
    int read(ByteBuffer dst, long position) throws IOException;

    /** Appends from {@code src}; may write fewer bytes than remain (a short write); returns the count. */
    int write(ByteBuffer src) throws IOException;

    /** Forces written bytes (not necessarily metadata, as fdatasync) to stable storage. */
    void sync() throws IOException;

    long size() throws IOException;

    /** Cuts the file to {@code size} bytes; later writes append from there. */
    void truncate(long size) throws IOException;

    /** Appends all of {@code src}, looping over short writes. */
    default void writeFully(ByteBuffer src) throws IOException {
        while (src.hasRemaining()) {
            int n = write(src);
            if (n < 0) {
                throw new IOException("write returned " + n);
            }
        }
    }

    /** Reads exactly {@code dst.remaining()} bytes from {@code position}, or fewer at end of file; returns the count. */
    default int readFully(ByteBuffer dst, long position) throws IOException {
        int total = 0;
        while (dst.hasRemaining()) {
            int n = read(dst, position + total);
            if (n < 0) {
                break;
            }
            total += n;
        }
        return total;
    }
}
