package io.cairn.testkit.fs;

import java.io.IOException;
import java.nio.file.Path;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.random.RandomGenerator;

/**
 * An {@link InMemoryFileSystem} that can simulate a power loss with {@link #crash()}, keeping only
 * what the durability contract of {@link io.cairn.storage.io.FileSystem} promises. Thread-safe.
 *
 * <p>What it models:
 * <ul>
 *   <li>A file's bytes are durable as of its last {@code FileHandle.sync()}. A crash truncates each
 *       file back to them; a truncate not followed by a sync is undone.
 *   <li>A name (creation, rename, deletion) is durable once {@link #syncDirectory} ran on its parent
 *       after the change. A crash restores the names of each directory as of its last sync: files
 *       created since disappear, deleted ones come back, and a rename is undone on whichever side
 *       was not synced (so a cross-directory rename with only the target synced leaves both names).
 *   <li>The process dies too: handles opened before the crash throw {@code IOException}, and locks
 *       are released.
 * </ul>
 * <p>What it does not model: directories are durable as soon as they are made (and a crash recreates
 * any a surviving file needs); names and bytes are independent, so a durable name over never-synced
 * bytes comes back empty; no write is reordered or corrupted except by the torn tail of
 * {@link #crash(RandomGenerator)}.
 */
public final class CrashableFileSystem extends InMemoryFileSystem {
    /**
     * The durable names, which a crash restores. Sorted, so a torn crash draws its random lengths in
     * a fixed order and replays from its seed. Guarded by this.
     */
    private final Map<Path, MemoryFile> durableFiles = new TreeMap<>();

    public CrashableFileSystem() {
    }

    @Override
    public synchronized void syncDirectory(Path dir) throws IOException {
        super.syncDirectory(dir);
        Path d = normalize(dir);
        durableFiles.keySet().removeIf(p -> d.equals(p.getParent()));
        files.forEach((p, file) -> {
            if (d.equals(p.getParent())) {
                durableFiles.put(p, file);
            }
        });
    }

    /** Simulates a power loss: every file and name falls back to its durable state. */
    public void crash() {
        crashKeeping(null);
    }

    /**
     * Like {@link #crash()}, but each file that only grew since its last sync keeps a prefix of its
     * unsynced bytes, of a length drawn uniformly from zero to all of them: a torn write at the tail.
     */
    public void crash(RandomGenerator random) {
        crashKeeping(random);
    }

    private synchronized void crashKeeping(RandomGenerator random) {
        advanceEpoch();
        locks.clear();
        files.clear();
        // Two durable names may share one file (a half-durable rename); they keep sharing it.
        Map<MemoryFile, MemoryFile> survivors = new IdentityHashMap<>();
        durableFiles.forEach((p, file) -> {
            MemoryFile survivor = survivors.computeIfAbsent(file, f -> f.survivorOfCrash(random));
            files.put(p, survivor);
            for (Path dir = p.getParent(); !isDirectory(dir); dir = dir.getParent()) {
                directories.add(dir);
            }
        });
        durableFiles.clear();
        durableFiles.putAll(files);
    }
}
