package io.cairn.storage.engine;

import io.cairn.common.Clock;
import io.cairn.common.CorruptionException;
import io.cairn.storage.io.FileSystem;
import io.cairn.storage.wal.WalFormat;
import io.cairn.storage.wal.WalReplay;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Rebuilds the keyspace from a data directory: the newest snapshot that checks out, then the log
 * after it. A damaged snapshot is passed over for an older one (the log since the older one is
 * kept for that, see {@link StoreConfig#checkpointsToKeep()}); damage in the log stops recovery
 * with a {@link CorruptionException}. Leftover temporary snapshot files are deleted.
 */
final class Recovery {
    record Recovered(Databases databases, long lastLsn, RecoveryStats stats) {
    }

    private Recovery() {
    }

    static Recovered run(FileSystem fs, StoreConfig config, Clock clock) throws IOException {
        return run(fs, config, clock, null);
    }

    /**
     * As above, the disk databases in {@code engine} (null: none): each comes back as the engine's
     * last save left it, and the log replays into it only after that save's LSN; the memory
     * databases come from the snapshot and the log after it. A database that just became a disk
     * database (the engine holds nothing of it yet) is read like a memory one, into its stage.
     */
    static Recovered run(FileSystem fs, StoreConfig config, Clock clock, DiskEngine engine) throws IOException {
        long t0 = clock.nanos();
        Path dir = config.dir();
        List<Long> snapshots = new ArrayList<>();
        for (String name : fs.list(dir)) {
            if (name.endsWith(SnapshotFormat.TMP_SUFFIX)) {
                fs.deleteIfExists(dir.resolve(name));
                continue;
            }
            long lsn = SnapshotFormat.parseName(name);
            if (lsn >= 0) {
                snapshots.add(lsn);
            }
        }
        snapshots.sort(Comparator.reverseOrder());

        StringBuilder skipped = new StringBuilder();
        CorruptionException firstDamage = null;
        for (int i = 0; i <= snapshots.size(); i++) {
            boolean fromScratch = i == snapshots.size();
            Databases ks = new Databases(config.databases(), config.expectedKeys(), config.disk(), engine);
            ks.encodings(config.encodings());
            long snapLsn = 0;
            long snapEntries = 0;
            String snapName = null;
            long ts = clock.nanos();
            if (!fromScratch) {
                snapName = SnapshotFormat.name(snapshots.get(i));
                try {
                    long[] r = SnapshotReader.load(fs, dir.resolve(snapName), ks);
                    snapLsn = r[0];
                    snapEntries = r[1];
                } catch (CorruptionException e) {
                    if (firstDamage == null) {
                        firstDamage = e;
                    }
                    skipped.append(snapName).append(": ").append(e.getMessage()).append("; ");
                    continue;
                }
            }
            long snapMillis = (clock.nanos() - ts) / 1_000_000;
            long tw = clock.nanos();
            long[] mutations = new long[1];
            WalReplay.Result replay;
            long diskLsn = engine == null ? 0 : engine.savedLsn();
            boolean[] inEngine = new boolean[config.databases()];
            boolean anyInEngine = false;
            for (int db = 0; db < inEngine.length; db++) {
                Keyspace k = ks.get(db);
                inEngine[db] = k.disk != null && k.disk.known();
                anyInEngine |= inEngine[db];
            }
            long from = anyInEngine ? Math.min(snapLsn, diskLsn) : snapLsn;
            long memoryLsn = snapLsn;
            try {
                replay = WalReplay.replay(fs, dir, from, config.maxRecordBytes(), engine == null
                        ? (lsn, payload) -> mutations[0] += MutationCodec.replay(payload, ks)
                        : (lsn, payload) -> {
                            mutations[0] += replayAround(MutationCodec.decode(payload), ks, lsn,
                                    db -> lsn > (db >= 0 && inEngine[db] ? diskLsn : memoryLsn));
                            if (ks.stageBytes() > config.disk().stageBytes()) {
                                try {
                                    ks.saveDisk(lsn); // the log holds it: the stage may go
                                } catch (IOException e) {
                                    throw new java.io.UncheckedIOException(e);
                                }
                            }
                        });
            } catch (java.io.UncheckedIOException e) {
                throw e.getCause();
            } catch (CorruptionException e) {
                if (firstDamage != null) {
                    // A fallback that cannot be completed: report the damage that forced it.
                    firstDamage.addSuppressed(e);
                    throw firstDamage;
                }
                throw e;
            }
            // A segment named for the next LSN holds no records (it would have been replayed):
            // remove it so the writer can start a fresh one under that name.
            fs.deleteIfExists(dir.resolve(WalFormat.segmentName(replay.lastLsn() + 1)));
            long walMillis = (clock.nanos() - tw) / 1_000_000;
            RecoveryStats stats = new RecoveryStats(snapName, snapLsn, snapEntries, snapMillis,
                    replay.records(), mutations[0], replay.bytes(), walMillis, replay.truncated(),
                    skipped.isEmpty() ? null : skipped.toString(), ks.size(), replay.lastLsn(),
                    (clock.nanos() - t0) / 1_000_000);
            // A save may be ahead of a log that lost its tail (wal none, or write and the OS crashed):
            // the next LSN must be past both, or the engine would skip new writes as already saved.
            return new Recovered(ks, Math.max(replay.lastLsn(), diskLsn), stats);
        }
        throw new AssertionError("unreachable: recovery from scratch returns or throws");
    }

    /**
     * Applies the mutations of one log record to the databases {@code due} says have not seen it
     * (the disk databases the engine saved past it have; so have the memory ones the snapshot
     * holds; database -1 stands for the function libraries, kept in the snapshot). Returns how many
     * it applied.
     *
     * @throws IllegalStateException for a SWAPDB or MOVE between databases recovered from
     *         different points (the store refuses both while it runs)
     */
    private static int replayAround(List<Mutation> ms, Databases dbs, long lsn, java.util.function.IntPredicate due) {
        int applied = 0;
        for (Mutation m : ms) {
            switch (m) {
                case Mutation.ClearAll c -> {
                    for (int db = 0; db < dbs.count(); db++) {
                        if (due.test(db)) {
                            MutationApplier.apply(dbs, new Mutation.Clear(db));
                        }
                    }
                    applied++;
                }
                case Mutation.SetFunctions f -> {
                    if (due.test(-1)) { // the libraries are in the snapshot, with the memory databases
                        MutationApplier.apply(dbs, m);
                        applied++;
                    }
                }
                case Mutation.SwapDb w when dbs.isDisk(w.db()) || dbs.isDisk(w.other()) ->
                        throw new IllegalStateException("the log at LSN " + lsn + " swaps databases " + w.db()
                                + " and " + w.other() + ", and one of them is now a disk database: start with the"
                                + " configuration that wrote it, let a checkpoint complete, then change it");
                case Mutation.Move mv when dbs.isDisk(mv.db()) != dbs.isDisk(mv.toDb()) ->
                        throw new IllegalStateException("the log at LSN " + lsn + " moves a key from database "
                                + mv.db() + " to " + mv.toDb() + ", one of them now a disk database: start with the"
                                + " configuration that wrote it, let a checkpoint complete, then change it");
                default -> {
                    if (due.test(m.db())) {
                        MutationApplier.apply(dbs, m);
                        applied++;
                    }
                }
            }
        }
        return applied;
    }
}
