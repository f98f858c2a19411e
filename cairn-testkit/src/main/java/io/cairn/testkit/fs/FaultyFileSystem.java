package io.cairn.testkit.fs;

import io.cairn.common.Checks;
import io.cairn.storage.io.FileHandle;
import io.cairn.storage.io.FileSystem;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;

/**
 * Wraps a {@link FileSystem} and injects the faults a test arms on it: failed or short writes,
 * failed syncs, a full disk, failed directory syncs and renames. Thread-safe. Each instance is its
 * own hook, so tests never share fault state; nothing is armed until a test asks.
 *
 * <p>Counts are per instance and start at creation. {@link #writes()} counts
 * {@code FileHandle.write} calls, so a {@code writeFully} that meets short writes counts several.
 * An {@code ...After(n)} fault is counted from the call that arms it: the next {@code n} operations
 * succeed. Failures then last until {@link #heal()}, as a broken disk stays broken; a failed
 * operation changes nothing in the wrapped file system.
 *
 * <pre>{@code
 * FaultyFileSystem fs = new FaultyFileSystem(new InMemoryFileSystem()).failSyncAfter(2);
 * }</pre>
 */
public final class FaultyFileSystem extends ForwardingFileSystem {
    private static final long NEVER = Long.MAX_VALUE;

    private final Object lock = new Object();
    // Guarded by lock.
    private long writes;
    private long syncs;
    private long bytesWritten;
    private long lastGoodWrite = NEVER;
    private long lastGoodSync = NEVER;
    private long shortWriteNumber = NEVER;
    private long byteLimit = NEVER;
    private boolean shortWrites;
    private boolean failSyncDirectory;
    private boolean failRename;

    public FaultyFileSystem(FileSystem delegate) {
        super(delegate);
    }

    /** The next {@code n} writes succeed; every later one throws {@code IOException} until healed. */
    public FaultyFileSystem failWriteAfter(long n) {
        Checks.nonNegative("n", n);
        synchronized (lock) {
            lastGoodWrite = writes + n;
        }
        return this;
    }

    /** The next {@code n} syncs succeed; every later one throws {@code IOException} until healed. */
    public FaultyFileSystem failSyncAfter(long n) {
        Checks.nonNegative("n", n);
        synchronized (lock) {
            lastGoodSync = syncs + n;
        }
        return this;
    }

    /** When on, every write is short: it writes half the buffer, rounded up. */
    public FaultyFileSystem shortWrites(boolean on) {
        synchronized (lock) {
            shortWrites = on;
        }
        return this;
    }

    /** The next {@code n} writes are whole; the one after them is short, as in {@link #shortWrites}. */
    public FaultyFileSystem shortWriteAfter(long n) {
        Checks.nonNegative("n", n);
        synchronized (lock) {
            shortWriteNumber = writes + n + 1;
        }
        return this;
    }

    /**
     * Only {@code n} more bytes fit. A write that would pass the limit writes what fits (a short
     * write); once full, writes throw {@code IOException("No space left on device")} until healed.
     */
    public FaultyFileSystem diskFullAfterBytes(long n) {
        Checks.nonNegative("n", n);
        synchronized (lock) {
            byteLimit = bytesWritten + n;
        }
        return this;
    }

    /** When on, {@link #syncDirectory} throws {@code IOException}. */
    public FaultyFileSystem failSyncDirectory(boolean on) {
        synchronized (lock) {
            failSyncDirectory = on;
        }
        return this;
    }

    /** When on, {@link #rename} throws {@code IOException}. */
    public FaultyFileSystem failRename(boolean on) {
        synchronized (lock) {
            failRename = on;
        }
        return this;
    }

    /** Disarms every fault; the counts go on. */
    public FaultyFileSystem heal() {
        synchronized (lock) {
            lastGoodWrite = NEVER;
            lastGoodSync = NEVER;
            shortWriteNumber = NEVER;
            byteLimit = NEVER;
            shortWrites = false;
            failSyncDirectory = false;
            failRename = false;
        }
        return this;
    }

    /** {@code FileHandle.write} calls seen, failed ones included. */
    public long writes() {
        synchronized (lock) {
            return writes;
        }
    }

    /** {@code FileHandle.sync} calls seen, failed ones included. */
    public long syncs() {
        synchronized (lock) {
            return syncs;
        }
    }

    /** Bytes the wrapped file system accepted through this one. */
    public long bytesWritten() {
        synchronized (lock) {
            return bytesWritten;
        }
    }

    @Override
    public FileHandle open(Path path, OpenMode mode) throws IOException {
        return new FaultyHandle(delegate.open(path, mode), path);
    }




    @Override
    public void rename(Path source, Path target) throws IOException {
        synchronized (lock) {
            if (failRename) {
                throw new IOException("injected rename failure: " + source + " -> " + target);
            }
        }
        delegate.rename(source, target);
    }


    @Override
    public void syncDirectory(Path dir) throws IOException {
        synchronized (lock) {
            if (failSyncDirectory) {
                throw new IOException("injected directory sync failure: " + dir);
            }
        }
        delegate.syncDirectory(dir);
    }


    /**
     * Counts a write of {@code wanted} bytes and decides its fate: throws if it must fail, else
     * returns how many bytes to pass on, reserving them against the disk-full limit.
     */
    private int admitWrite(int wanted, Path path) throws IOException {
        synchronized (lock) {
            long number = ++writes;
            if (number > lastGoodWrite) {
                throw new IOException("injected write failure: write #" + number + " to " + path);
            }
            int allowed = wanted;
            if (wanted > 0 && (shortWrites || number == shortWriteNumber)) {
                allowed = (wanted + 1) / 2;
            }
            long room = byteLimit - bytesWritten;
            if (wanted > 0 && room <= 0) {
                throw new IOException("No space left on device");
            }
            allowed = (int) Math.min(allowed, room);
            bytesWritten += allowed;
            return allowed;
        }
    }

    /** Returns the part of a reservation the wrapped write did not use. */
    private void releaseUnwritten(int unwritten) {
        synchronized (lock) {
            bytesWritten -= unwritten;
        }
    }

    private void admitSync(Path path) throws IOException {
        synchronized (lock) {
            long number = ++syncs;
            if (number > lastGoodSync) {
                throw new IOException("injected sync failure: sync #" + number + " of " + path);
            }
        }
    }

    private final class FaultyHandle extends ForwardingFileHandle {
        private final Path path;

        FaultyHandle(FileHandle handle, Path path) {
            super(handle);
            this.path = path;
        }

        @Override
        public int write(ByteBuffer src) throws IOException {
            int allowed = admitWrite(src.remaining(), path);
            int written = 0;
            try {
                written = handle.write(src.slice(src.position(), allowed));
                src.position(src.position() + written);
                return written;
            } finally {
                releaseUnwritten(allowed - written);
            }
        }

        @Override
        public void sync() throws IOException {
            admitSync(path);
            handle.sync();
        }
    }
}
