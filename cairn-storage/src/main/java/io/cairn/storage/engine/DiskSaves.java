package io.cairn.storage.engine;

import io.cairn.common.LatencyHistogram;
import java.lang.System.Logger.Level;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A store's saves of its disk databases' stages to their {@link DiskEngine}: when one is due, the
 * save itself (never ahead of the log), and its figures for INFO's {@code disk} section. Not
 * thread-safe: every call comes under the store's lock.
 */
final class DiskSaves {
    private static final System.Logger LOG = System.getLogger(Store.class.getName());

    private final Databases dbs;
    private final CommitLog log;
    private final DiskSettings settings;
    private final LatencyHistogram latency = new LatencyHistogram();
    private long saves;
    private long failures;
    private long lastLsn;

    DiskSaves(DiskEngine engine, Databases dbs, CommitLog log, DiskSettings settings) {
        this.dbs = dbs;
        this.log = log;
        this.settings = settings;
        this.lastLsn = engine.savedLsn();
    }

    /** CONFIG RESETSTAT: the saves and their latencies count again from now. */
    void resetStats() {
        latency.reset();
        saves = 0;
        failures = 0;
    }

    /** After a transaction: a stage past its bound is saved and let go (only let go when it changed nothing). */
    void check() {
        if (dbs.stageBytes() > settings.stageBytes()) {
            if (dbs.stageDirty()) {
                save();
            } else {
                dbs.letGoClean(); // only what reads brought in: the engine has it all
            }
        }
    }

    /**
     * Saves the disk databases' stages at the last LSN, once the log holds it durably (a save must
     * never be ahead of the log: recovery replays the log after it). A failed save keeps the
     * stage, to be saved by the next; returns whether it saved.
     */
    boolean save() {
        long lsn = log.lastLsn();
        long t0 = System.nanoTime();
        try {
            log.awaitDurable(lsn);
            dbs.saveDisk(lsn);
        } catch (java.io.IOException | RuntimeException e) {
            failures++;
            LOG.log(Level.ERROR, "disk databases: save at LSN " + lsn + " failed; the stage is kept for the next", e);
            return false;
        }
        latency.recordSince(t0);
        saves++;
        lastLsn = lsn;
        return true;
    }

    /**
     * INFO {@code disk}'s own figures, MarkLogic's timings in its order: the journal (the log of
     * record's {@code journalWrites} and {@code journalSyncs}, which disk databases share with
     * memory ones; absent without a log), then the stage and its saves (MarkLogic's "save"). The
     * engine's own figures (its flushes and merges) follow them.
     */
    Map<String, String> info(LatencyHistogram journalWrites, LatencyHistogram journalSyncs) {
        Map<String, String> out = new LinkedHashMap<>();
        out.put("disk_databases", settings.databases().stream().sorted()
                .map(String::valueOf).collect(Collectors.joining(",")));
        latency(out, "disk_journal_write", journalWrites);
        latency(out, "disk_journal_fsync", journalSyncs);
        out.put("disk_stage_bytes", Long.toString(dbs.stageBytes()));
        out.put("disk_stage_limit_bytes", Long.toString(settings.stageBytes()));
        out.put("disk_stage_saves", Long.toString(saves));
        out.put("disk_stage_save_failures", Long.toString(failures));
        out.put("disk_stage_save_p50_ms", millis(latency.percentileMicros(50)));
        out.put("disk_stage_save_p99_ms", millis(latency.percentileMicros(99)));
        out.put("disk_stage_save_max_ms", millis(latency.maxMicros()));
        out.put("disk_saved_lsn", Long.toString(lastLsn));
        return out;
    }

    /** A latency's count, p50, p99 and max (in ms); nothing without a log ({@code wal=none}). */
    private static void latency(Map<String, String> out, String name, LatencyHistogram h) {
        if (h == null) {
            return;
        }
        out.put(name + "s", Long.toString(h.count()));
        out.put(name + "_p50_ms", millis(h.percentileMicros(50)));
        out.put(name + "_p99_ms", millis(h.percentileMicros(99)));
        out.put(name + "_max_ms", millis(h.maxMicros()));
    }

    private static String millis(long micros) {
        return String.format(Locale.ROOT, "%.3f", micros / 1000.0);
    }
}
