package io.cairn.testkit.fs;

import io.cairn.common.Checks;
import io.cairn.storage.io.FileHandle;
import io.cairn.storage.io.FileSystem;
import io.cairn.storage.wal.WalFormat;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Predicate;

/**
 * Wraps a {@link FileSystem} so a test can stop the disk at the moment that makes data durable
 * and look at what the system above does meanwhile: while {@link Op#SYNC} is held, every
 * {@code FileHandle.sync()} of a chosen file waits (before it reaches the wrapped file system)
 * until {@link #release()}; while {@link Op#WRITE} is held, every {@code FileHandle.write} does.
 * Holding the log's fsync shows that nothing is acknowledged before it is on disk
 * ({@code --wal fsync}); holding its write shows the same for {@code --wal write}.
 *
 * <p>Each operation on a chosen file is counted when it is <em>requested</em>, before it waits,
 * and {@link #awaitRequested} blocks until a count is reached: that is the test's proof that the
 * system has got as far as the disk (the record is appended, its group is being made durable), so
 * an absence of replies after it means something. Nothing is held until a test asks; files the
 * predicate does not choose are never held nor counted.
 *
 * <p>Thread-safe; each instance is its own hook. A held operation waits uninterruptibly, so a test
 * must {@link #release()} (for instance in {@code @AfterEach}) before it closes what it tested.
 *
 * <pre>{@code
 * HeldSyncFileSystem fs = new HeldSyncFileSystem(LocalFileSystem.INSTANCE, HeldSyncFileSystem.walSegments());
 * long before = fs.requested(Op.SYNC);
 * fs.hold(Op.SYNC);
 * // ... send a write ...
 * fs.awaitRequested(Op.SYNC, before + 1, Duration.ofSeconds(30)); // its fsync is waiting
 * // ... check that no reply came ...
 * fs.release();
 * }</pre>
 */
public final class HeldSyncFileSystem extends ForwardingFileSystem {
    /** An operation that can be held. */
    public enum Op {
        /** {@code FileHandle.sync()}: what {@code --wal fsync} waits for. */
        SYNC,
        /** {@code FileHandle.write}: what {@code --wal write} waits for. */
        WRITE
    }

    private final Predicate<Path> chosen;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    // Guarded by lock.
    private final Set<Op> held = EnumSet.noneOf(Op.class);
    private final Map<Op, Long> requested = new EnumMap<>(Map.of(Op.SYNC, 0L, Op.WRITE, 0L));
    private final Map<Op, Long> waiting = new EnumMap<>(Map.of(Op.SYNC, 0L, Op.WRITE, 0L));

    /** Holds the operations of every file. */
    public HeldSyncFileSystem(FileSystem delegate) {
        this(delegate, path -> true);
    }

    /** Holds and counts the operations of the files {@code chosen} accepts when they are opened. */
    public HeldSyncFileSystem(FileSystem delegate, Predicate<Path> chosen) {
        super(delegate);
        this.chosen = Checks.notNull("chosen", chosen);
    }

    /** Chooses the write-ahead log's segment files only, so checkpoints and indexes run freely. */
    public static Predicate<Path> walSegments() {
        return path -> {
            Path name = path.getFileName();
            String n = name == null ? "" : name.toString();
            return n.startsWith(WalFormat.SEGMENT_PREFIX) && n.endsWith(WalFormat.SEGMENT_SUFFIX);
        };
    }

    /** From now on {@code op} on a chosen file waits until {@link #release()}. */
    public HeldSyncFileSystem hold(Op op) {
        Checks.notNull("op", op);
        lock.lock();
        try {
            held.add(op);
        } finally {
            lock.unlock();
        }
        return this;
    }

    /** Lets every waiting operation through and holds nothing more until asked again. */
    public void release() {
        lock.lock();
        try {
            held.clear();
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** {@code op} calls on chosen files so far, counted on arrival: those waiting included. */
    public long requested(Op op) {
        lock.lock();
        try {
            return requested.get(op);
        } finally {
            lock.unlock();
        }
    }

    /** {@code op} calls on chosen files waiting for {@link #release()} now. */
    public long waiting(Op op) {
        lock.lock();
        try {
            return waiting.get(op);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Blocks until {@code count} {@code op} calls on chosen files have been requested.
     *
     * @throws AssertionError when {@code timeout} passes first, saying how many came
     */
    public void awaitRequested(Op op, long count, Duration timeout) throws InterruptedException {
        long left = timeout.toNanos();
        lock.lock();
        try {
            while (requested.get(op) < count) {
                if (left <= 0) {
                    throw new AssertionError(op + " requested " + requested.get(op) + " times within " + timeout
                            + " (expected: >= " + count + ")");
                }
                left = changed.awaitNanos(left);
            }
        } finally {
            lock.unlock();
        }
    }

    /** Counts {@code op}, then waits while it is held. */
    private void admit(Op op) {
        lock.lock();
        try {
            requested.merge(op, 1L, Long::sum);
            changed.signalAll();
            if (held.contains(op)) {
                waiting.merge(op, 1L, Long::sum);
                try {
                    while (held.contains(op)) {
                        changed.awaitUninterruptibly();
                    }
                } finally {
                    waiting.merge(op, -1L, Long::sum);
                }
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public FileHandle open(Path path, OpenMode mode) throws IOException {
        FileHandle h = delegate.open(path, mode);
        return chosen.test(path) ? new HeldHandle(h) : h;
    }








    /** Waits for a release before each write and sync while they are held. */
    private final class HeldHandle extends ForwardingFileHandle {
        HeldHandle(FileHandle handle) {
            super(handle);
        }

        @Override
        public int write(ByteBuffer src) throws IOException {
            admit(Op.WRITE);
            return handle.write(src);
        }

        @Override
        public void sync() throws IOException {
            admit(Op.SYNC);
            handle.sync();
        }
    }
}
