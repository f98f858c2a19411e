package io.cairn.testkit.fs;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * The contents of one in-memory file, like an inode: a name in {@link InMemoryFileSystem} points at
 * it, and open handles keep using it after the name is deleted or renamed. Thread-safe; every method
 * locks this object.
 *
 * <p>Besides the current bytes it tracks the durable bytes, those as of the last {@link #sync()}.
 * Writes only append, so the durable bytes are the first {@code durableLength} current bytes until a
 * truncate cuts into them; only then are they copied aside, which keeps {@code sync()} O(1).
 */
final class MemoryFile {
    private byte[] data;
    private int length;
    private int durableLength;
    /** The durable bytes when a truncate since the last sync cut into them; else null. */
    private byte[] durableCopy;

    MemoryFile() {
        this(new byte[0]);
    }

    private MemoryFile(byte[] content) {
        this.data = content;
        this.length = content.length;
        this.durableLength = content.length;
    }

    synchronized long size() {
        return length;
    }

    /** Copies bytes from {@code position} into {@code dst}; returns the count, or -1 at end of file. */
    synchronized int read(ByteBuffer dst, long position) {
        if (position < 0) {
            throw new IllegalArgumentException("position: " + position + " (expected: >= 0)");
        }
        if (position >= length) {
            return -1;
        }
        int n = (int) Math.min(dst.remaining(), length - position);
        dst.put(data, (int) position, n);
        return n;
    }

    /** Appends all of {@code src}; returns the count. */
    synchronized int append(ByteBuffer src) {
        int n = src.remaining();
        if ((long) length + n > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException(
                    "in-memory file size: " + ((long) length + n) + " (expected: < 2 GiB)");
        }
        if (length + n > data.length) {
            data = Arrays.copyOf(data, Math.max(length + n, Math.max(16, data.length * 2)));
        }
        src.get(data, length, n);
        length += n;
        return n;
    }

    /** Cuts to {@code size} bytes; a larger size changes nothing, as with {@code FileChannel}. */
    synchronized void truncate(long size) {
        if (size < 0) {
            throw new IllegalArgumentException("size: " + size + " (expected: >= 0)");
        }
        if (size >= length) {
            return;
        }
        if (size < durableLength && durableCopy == null) {
            durableCopy = Arrays.copyOf(data, durableLength);
        }
        length = (int) size;
    }

    /** Makes the current bytes the durable bytes. */
    synchronized void sync() {
        durableLength = length;
        durableCopy = null;
    }

    /**
     * A new file holding what survives a crash: the durable bytes and, when {@code random} is given
     * and the file only grew since its last sync, a random prefix of the unsynced tail (a torn write).
     * A truncate not followed by a sync is undone.
     */
    synchronized MemoryFile survivorOfCrash(RandomGenerator random) {
        if (durableCopy != null) {
            return new MemoryFile(durableCopy.clone());
        }
        int kept = durableLength;
        if (random != null) {
            kept += random.nextInt(length - durableLength + 1);
        }
        return new MemoryFile(Arrays.copyOf(data, kept));
    }
}
