package io.cairn.storage.io;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** The real file system, through NIO {@link FileChannel}s. Thread-safe. */
public final class LocalFileSystem implements FileSystem {
    public static final LocalFileSystem INSTANCE = new LocalFileSystem();

    private LocalFileSystem() {
    }

    @Override
    public FileHandle open(Path path, OpenMode mode) throws IOException {
        FileChannel ch = switch (mode) {
            case READ -> FileChannel.open(path, StandardOpenOption.READ);
            case CREATE_NEW -> FileChannel.open(path, StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.READ, StandardOpenOption.WRITE);
            case READ_WRITE -> FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE);
        };
        if (mode != OpenMode.READ) {
            ch.position(ch.size());
        }
        return new ChannelHandle(ch);
    }

    @Override
    public List<String> list(Path dir) throws IOException {
        List<String> names = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            for (Path p : ds) {
                if (Files.isRegularFile(p)) {
                    names.add(p.getFileName().toString());
                }
            }
        } catch (NoSuchFileException e) {
            return List.of();
        }
        Collections.sort(names);
        return names;
    }

    @Override
    public boolean exists(Path path) {
        return Files.exists(path);
    }

    @Override
    public boolean deleteIfExists(Path path) throws IOException {
        return Files.deleteIfExists(path);
    }

    @Override
    public void rename(Path source, Path target) throws IOException {
        Files.move(source, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    @Override
    public void createDirectories(Path dir) throws IOException {
        Files.createDirectories(dir);
    }

    @Override
    public void syncDirectory(Path dir) throws IOException {
        // On Linux a directory opened read-only can be fsynced; this makes entries durable.
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        }
    }

    @Override
    public Closeable lock(Path lockFile) throws IOException {
        FileChannel ch = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock lock;
        try {
            lock = ch.tryLock();
        } catch (java.nio.channels.OverlappingFileLockException e) {
            ch.close();
            throw new IOException("data directory is locked by this process already: " + lockFile, e);
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
        if (lock == null) {
            ch.close();
            throw new IOException("data directory is locked by another process: " + lockFile);
        }
        return () -> {
            lock.release();
            ch.close();
        };
    }

    private static final class ChannelHandle implements FileHandle {
        private final FileChannel ch;

        ChannelHandle(FileChannel ch) {
            this.ch = ch;
        }

        @Override
        public int read(ByteBuffer dst, long position) throws IOException {
            return ch.read(dst, position);
        }

        @Override
        public int write(ByteBuffer src) throws IOException {
            return ch.write(src);
        }

        @Override
        public void sync() throws IOException {
            ch.force(false);
        }

        @Override
        public long size() throws IOException {
            return ch.size();
        }

        @Override
        public void truncate(long size) throws IOException {
            ch.truncate(size);
            ch.position(Math.min(ch.position(), size));
            ch.position(ch.size());
        }

        @Override
        public void close() throws IOException {
            ch.close();
        }
    }
}
