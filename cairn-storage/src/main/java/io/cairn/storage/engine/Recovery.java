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
            Databases ks = new Databases(config.databases(), config.expectedKeys());
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
            try {
                replay = WalReplay.replay(fs, dir, snapLsn, config.maxRecordBytes(),
                        (lsn, payload) -> mutations[0] += MutationCodec.replay(payload, ks));
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
            return new Recovered(ks, replay.lastLsn(), stats);
        }
        throw new AssertionError("unreachable: recovery from scratch returns or throws");
    }
}
