package io.cairn.disk;

import io.cairn.common.LatencyHistogram;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.rocksdb.AbstractEventListener;
import org.rocksdb.CompactionJobInfo;
import org.rocksdb.CompactionJobStats;
import org.rocksdb.FlushJobInfo;
import org.rocksdb.RocksDB;
import org.rocksdb.TableFileCreationInfo;
import org.rocksdb.TableFileCreationReason;
import org.rocksdb.WriteStallCondition;
import org.rocksdb.WriteStallInfo;

/**
 * What RocksDB's background work did, as it tells its listeners: flushes (from a job's begin to its
 * completion; its bytes are the sizes of the tables it wrote), compactions (the elapsed time and
 * bytes of {@link CompactionJobStats}) and write stalls (each time a column family enters a delayed
 * or stopped state). Callbacks run on RocksDB's background threads, readers on any thread: the
 * figures are counters and {@link LatencyHistogram}s, each consistent on its own.
 *
 * <p>Only the callbacks named in the constructor are enabled, so no file I/O reaches Java.
 */
final class EngineEvents extends AbstractEventListener {
    private final Map<Integer, Long> flushStarts = new ConcurrentHashMap<>();
    final LatencyHistogram flushLatency = new LatencyHistogram();
    final LongAdder flushBytes = new LongAdder();
    final LatencyHistogram compactionLatency = new LatencyHistogram();
    final LongAdder compactionReadBytes = new LongAdder();
    final LongAdder compactionWriteBytes = new LongAdder();
    final LongAdder writeStalls = new LongAdder();

    EngineEvents() {
        super(EnabledEventCallback.ON_FLUSH_BEGIN, EnabledEventCallback.ON_FLUSH_COMPLETED,
                EnabledEventCallback.ON_TABLE_FILE_CREATED, EnabledEventCallback.ON_COMPACTION_COMPLETED,
                EnabledEventCallback.ON_STALL_CONDITIONS_CHANGED);
    }

    @Override
    public void onFlushBegin(RocksDB db, FlushJobInfo info) {
        // An atomic flush reports each column family under the one job: the first begin starts it.
        flushStarts.putIfAbsent(info.getJobId(), System.nanoTime());
    }

    @Override
    public void onFlushCompleted(RocksDB db, FlushJobInfo info) {
        Long start = flushStarts.remove(info.getJobId());
        if (start != null) {
            flushLatency.recordSince(start);
        }
    }

    @Override
    public void onTableFileCreated(TableFileCreationInfo info) {
        if (info.getReason() == TableFileCreationReason.FLUSH && info.getStatus() != null
                && info.getStatus().getCode() == org.rocksdb.Status.Code.Ok) {
            flushBytes.add(info.getFileSize());
        }
    }

    @Override
    public void onCompactionCompleted(RocksDB db, CompactionJobInfo info) {
        // The info belongs to RocksDB; the stats are a copy made for us.
        try (CompactionJobStats stats = info.stats()) {
            if (stats == null) {
                return;
            }
            compactionLatency.record(stats.elapsedMicros());
            compactionReadBytes.add(stats.totalInputBytes());
            compactionWriteBytes.add(stats.totalOutputBytes());
        }
    }

    @Override
    public void onStallConditionsChanged(WriteStallInfo info) {
        if (info.getCurrentCondition() != WriteStallCondition.NORMAL
                && info.getPreviousCondition() == WriteStallCondition.NORMAL) {
            writeStalls.increment();
        }
    }
}
