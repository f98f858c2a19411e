package io.cairn.storage.io;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * All file I/O of the engine. Implementations must be thread-safe; a {@link FileHandle} they
 * return is used by one thread at a time.
 *
 * <p>Durability contract, which crash-simulating implementations model: bytes written to a file
 * survive a power loss only after {@link FileHandle#sync()}; the creation, rename or deletion of a
 * file survives only after {@link #syncDirectory(Path)} of its parent.
 */
public interface FileSystem {

    /** How {@link #open} treats the file. */
    enum OpenMode {
        /** Read only; the file must exist. */
        READ,
        /** Create a new empty file for appending; must throw {@code FileAlreadyExistsException} if it exists. */
        CREATE_NEW,
        /** Open an existing file for reading, appending at its end, and truncating. */
        READ_WRITE
    }

    FileHandle open(Path path, OpenMode mode) throws IOException;

    /** Names of the regular files directly in {@code dir}, sorted; empty when {@code dir} is missing. */
    List<String> list(Path dir) throws IOException;

    boolean exists(Path path);

    /** Deletes {@code path} if it exists; returns whether it did. */
    boolean deleteIfExists(Path path) throws IOException;

    /** Renames atomically, replacing {@code target} if present. */
    void rename(Path source, Path target) throws IOException;

    void createDirectories(Path dir) throws IOException;

    /** Makes creations, renames and deletions in {@code dir} durable. */
    void syncDirectory(Path dir) throws IOException;

    /**
     * Takes an exclusive lock on {@code lockFile} (created if missing) for the life of this process,
     * so two stores never open one data directory.
     *
     * @throws IOException when another holder has it
     */
    Closeable lock(Path lockFile) throws IOException;
}
