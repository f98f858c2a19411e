package io.cairn.testkit.fs;

import io.cairn.storage.io.FileHandle;
import io.cairn.storage.io.FileSystem;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A {@link FileSystem} held in memory, for fast tests that need no disk. Thread-safe: the namespace
 * is guarded by this object's monitor, and each file's bytes by the file's own.
 *
 * <p>Paths are made absolute and normalized, so {@code a/../b} and {@code b} name one file.
 * Directories are tracked: a file can be created only in a directory made by
 * {@link #createDirectories}, as on disk; roots always exist. Names are like inodes: a handle keeps
 * reading and writing its file after the name is deleted or renamed. The errors are those
 * {@link io.cairn.storage.io.LocalFileSystem} throws ({@code NoSuchFileException},
 * {@code FileAlreadyExistsException}, ...). Renaming a directory is not supported.
 *
 * <p>{@link #lock} is exclusive per path within this instance until the returned lock is closed.
 * Nothing here is durable or faulty; see {@link CrashableFileSystem} and {@link FaultyFileSystem}.
 * Open for extension only by {@link CrashableFileSystem}, which shares its package-private state.
 */
public class InMemoryFileSystem implements FileSystem {
    // Guarded by this. Package-private so CrashableFileSystem can snapshot and restore them.
    final Map<Path, MemoryFile> files = new HashMap<>();
    final Set<Path> directories = new HashSet<>();
    final Map<Path, Object> locks = new HashMap<>();

    /** Bumped by a simulated crash; handles from an older epoch are dead. */
    private volatile long epoch;

    public InMemoryFileSystem() {
    }

    @Override
    public synchronized FileHandle open(Path path, OpenMode mode) throws IOException {
        Path p = normalize(path);
        return switch (mode) {
            case READ -> new MemoryFileHandle(this, p, existingFile(p), false);
            case READ_WRITE -> new MemoryFileHandle(this, p, existingFile(p), true);
            case CREATE_NEW -> new MemoryFileHandle(this, p, createFile(p), true);
        };
    }

    @Override
    public synchronized List<String> list(Path dir) throws IOException {
        Path d = normalize(dir);
        if (files.containsKey(d)) {
            throw new NotDirectoryException(d.toString());
        }
        List<String> names = new ArrayList<>();
        for (Path p : files.keySet()) {
            if (d.equals(p.getParent())) {
                names.add(p.getFileName().toString());
            }
        }
        Collections.sort(names);
        return names;
    }

    @Override
    public synchronized boolean exists(Path path) {
        Path p = normalize(path);
        return files.containsKey(p) || isDirectory(p);
    }

    @Override
    public synchronized boolean deleteIfExists(Path path) throws IOException {
        Path p = normalize(path);
        if (files.remove(p) != null) {
            return true;
        }
        if (!directories.contains(p)) {
            return false;
        }
        if (hasChildren(p)) {
            throw new DirectoryNotEmptyException(p.toString());
        }
        directories.remove(p);
        return true;
    }

    @Override
    public synchronized void rename(Path source, Path target) throws IOException {
        Path s = normalize(source);
        Path t = normalize(target);
        MemoryFile file = files.get(s);
        if (file == null) {
            if (directories.contains(s)) {
                throw new FileSystemException(s.toString(), t.toString(),
                        "renaming a directory is not supported by " + getClass().getSimpleName());
            }
            throw new NoSuchFileException(s.toString());
        }
        if (isDirectory(t)) {
            throw new FileSystemException(s.toString(), t.toString(), "target is a directory");
        }
        requireParentDirectory(t);
        files.remove(s);
        files.put(t, file);
    }

    @Override
    public synchronized void createDirectories(Path dir) throws IOException {
        Path d = normalize(dir);
        List<Path> missing = new ArrayList<>();
        for (Path p = d; p != null && !isDirectory(p); p = p.getParent()) {
            if (files.containsKey(p)) {
                throw new FileAlreadyExistsException(p.toString());
            }
            missing.add(p);
        }
        directories.addAll(missing);
    }

    @Override
    public synchronized void syncDirectory(Path dir) throws IOException {
        Path d = normalize(dir);
        if (!isDirectory(d) && !files.containsKey(d)) {
            throw new NoSuchFileException(d.toString());
        }
    }

    @Override
    public synchronized Closeable lock(Path lockFile) throws IOException {
        Path p = normalize(lockFile);
        if (locks.containsKey(p)) {
            throw new IOException("lock already held: " + p);
        }
        if (!files.containsKey(p)) {
            createFile(p);
        }
        Object token = new Object();
        locks.put(p, token);
        return () -> {
            synchronized (this) {
                locks.remove(p, token);
            }
        };
    }

    static Path normalize(Path path) {
        return path.toAbsolutePath().normalize();
    }

    long epoch() {
        return epoch;
    }

    /** Kills every handle open now. Called with this monitor held. */
    void advanceEpoch() {
        epoch++;
    }

    boolean isDirectory(Path p) {
        return p.getParent() == null || directories.contains(p);
    }

    private boolean hasChildren(Path dir) {
        for (Path p : files.keySet()) {
            if (dir.equals(p.getParent())) {
                return true;
            }
        }
        for (Path p : directories) {
            if (dir.equals(p.getParent())) {
                return true;
            }
        }
        return false;
    }

    private MemoryFile existingFile(Path p) throws IOException {
        MemoryFile file = files.get(p);
        if (file != null) {
            return file;
        }
        if (isDirectory(p)) {
            throw new FileSystemException(p.toString(), null, "Is a directory");
        }
        throw new NoSuchFileException(p.toString());
    }

    private MemoryFile createFile(Path p) throws IOException {
        if (files.containsKey(p) || isDirectory(p)) {
            throw new FileAlreadyExistsException(p.toString());
        }
        requireParentDirectory(p);
        MemoryFile file = new MemoryFile();
        files.put(p, file);
        return file;
    }

    private void requireParentDirectory(Path p) throws IOException {
        Path parent = p.getParent();
        if (!isDirectory(parent)) {
            throw new NoSuchFileException(parent.toString(), p.toString(), "no such parent directory");
        }
    }
}
