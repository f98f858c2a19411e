package io.cairn.storage.engine;

import io.cairn.common.Clock;
import io.cairn.storage.io.FileSystem;
import io.cairn.storage.wal.WalSegment;
import io.cairn.storage.wal.WalSegments;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Writes a snapshot from a {@link ReadView} while writers go on, then deletes what it made
 * unnecessary: snapshots beyond {@link StoreConfig#checkpointsToKeep()} and log segments whose
 * records all precede the oldest snapshot kept. Runs on the store's checkpoint thread.
 */
final class Checkpointer {
    private static final long RATE_CHECK_BYTES = 1 << 20;
    private final FileSystem fs;
    private final StoreConfig config;
    private final Clock clock;

    Checkpointer(FileSystem fs, StoreConfig config, Clock clock) {
        this.fs = fs;
        this.config = config;
        this.clock = clock;
    }

    CheckpointInfo write(ReadView view) throws IOException {
        long t0 = clock.nanos();
        long bytes;
        long entries;
        String file;
        try (SnapshotWriter w = new SnapshotWriter(fs, config.dir(), view.lsn(), clock.millis())) {
            long[] nextCheck = {RATE_CHECK_BYTES};
            long paceStart = System.nanoTime(); // real time, whatever clock the store was given
            try {
                if (view.functions().length > 0) {
                    w.functions(view.functions());
                }
                for (int db = 0; db < view.databaseCount(); db++) {
                    if (view.size(db) == 0 || view.isDisk(db)) {
                        continue; // a disk database's checkpoint is its engine's flush (Store.saveDisk)
                    }
                    if (db > 0) {
                        w.database(db);
                    }
                    view.forEachEntry(db, e -> {
                        try {
                            w.add(e);
                        } catch (IOException ex) {
                            throw new UncheckedIOException(ex);
                        }
                        if (w.bytesWritten() >= nextCheck[0]) {
                            nextCheck[0] = w.bytesWritten() + RATE_CHECK_BYTES;
                            pace(paceStart, w.bytesWritten());
                        }
                        return true;
                    });
                }
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
            bytes = w.finish();
            entries = w.entries();
            file = w.target().getFileName().toString();
        }
        long millis = (clock.nanos() - t0) / 1_000_000;
        return new CheckpointInfo(view.lsn(), file, entries, bytes, millis, clock.millis());
    }

    /**
     * Sleeps while the checkpoint is ahead of {@link StoreConfig#checkpointBytesPerSecond()}, so a
     * long checkpoint takes a steady share of the disk instead of all it can get. Off by default:
     * on the 2-core test machine throttling spread the CPU interference over a longer time and made
     * the writers' p99.9 worse, not better (BENCHMARKS.md).
     */
    private void pace(long startNanos, long bytes) {
        long rate = config.checkpointBytesPerSecond();
        if (rate <= 0) {
            return;
        }
        long dueNanos = startNanos + bytes * 1_000_000_000L / rate;
        long aheadMillis = (dueNanos - System.nanoTime()) / 1_000_000;
        if (aheadMillis > 0) {
            try {
                Thread.sleep(aheadMillis); // pacing: the snapshot writer is ahead of its byte rate
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Deletes old snapshots and the log segments only they needed. */
    void deleteObsolete() throws IOException {
        Path dir = config.dir();
        List<Long> snaps = new ArrayList<>();
        for (String name : fs.list(dir)) {
            long lsn = SnapshotFormat.parseName(name);
            if (lsn >= 0) {
                snaps.add(lsn);
            }
        }
        if (snaps.isEmpty()) {
            return;
        }
        snaps.sort(Comparator.reverseOrder());
        for (int i = config.checkpointsToKeep(); i < snaps.size(); i++) {
            fs.deleteIfExists(dir.resolve(SnapshotFormat.name(snaps.get(i))));
        }
        long oldestKept = snaps.get(Math.min(snaps.size(), config.checkpointsToKeep()) - 1);
        List<WalSegment> segments = WalSegments.list(fs, dir);
        for (int i = 0; i + 1 < segments.size(); i++) {
            if (segments.get(i + 1).firstLsn() <= oldestKept + 1) {
                fs.deleteIfExists(segments.get(i).path());
            }
        }
        fs.syncDirectory(dir);
    }
}
