package io.cairn.disk;

import io.cairn.common.LatencyHistogram;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.TickerType;

/**
 * INFO's {@code disk} section from RocksDB's properties, its statistics and {@link EngineEvents}:
 * sizes, the block cache, saves, flushes, compactions, write stalls and write amplification
 * ((bytes flushed + bytes compactions wrote) / bytes saved).
 */
final class DiskInfo {
    private DiskInfo() {
    }

    static Map<String, String> of(RocksDB db, ColumnFamilyHandle meta, ColumnFamilyHandle data,
                                  ColumnFamilyHandle parts, RocksResources r, long saves, long bytesSaved, boolean closed) {
        Map<String, String> info = new LinkedHashMap<>();
        info.put("disk_engine", "rocksdb");
        info.put("disk_rocksdb_version", RocksDB.rocksdbVersion().toString());
        if (closed) {
            return info;
        }
        EngineEvents e = r.events;
        info.put("disk_data_bytes", Long.toString(sum(db, "rocksdb.total-sst-files-size", meta, data, parts)));
        info.put("disk_live_data_bytes", Long.toString(sum(db, "rocksdb.estimate-live-data-size", meta, data, parts)));
        info.put("disk_keys", Long.toString(property(db, data, "rocksdb.estimate-num-keys")));
        info.put("disk_parts", Long.toString(property(db, parts, "rocksdb.estimate-num-keys")));
        info.put("disk_memtable_bytes", Long.toString(sum(db, "rocksdb.cur-size-all-mem-tables", meta, data, parts)));
        info.put("disk_block_cache_capacity", Long.toString(r.cacheBytes));
        info.put("disk_block_cache_used", Long.toString(r.cache.getUsage()));
        info.put("disk_saves", Long.toString(saves));
        info.put("disk_bytes_saved", Long.toString(bytesSaved));
        long flushBytes = e.flushBytes.sum();
        latencies(info, "disk_flushes", "disk_flush", e.flushLatency);
        info.put("disk_flush_bytes", Long.toString(flushBytes));
        long compactionWrite = e.compactionWriteBytes.sum();
        latencies(info, "disk_compactions", "disk_compaction", e.compactionLatency);
        info.put("disk_compaction_read_bytes", Long.toString(e.compactionReadBytes.sum()));
        info.put("disk_compaction_write_bytes", Long.toString(compactionWrite));
        info.put("disk_write_stalls", Long.toString(e.writeStalls.sum()));
        info.put("disk_write_stall_micros", Long.toString(r.statistics.getTickerCount(TickerType.STALL_MICROS)));
        info.put("disk_write_stopped", Long.toString(property(db, data, "rocksdb.is-write-stopped")));
        info.put("disk_delayed_write_rate", Long.toString(property(db, data, "rocksdb.actual-delayed-write-rate")));
        double amplification = bytesSaved == 0 ? 0 : (double) (flushBytes + compactionWrite) / bytesSaved;
        info.put("disk_write_amplification", String.format(Locale.ROOT, "%.2f", amplification));
        return info;
    }

    private static void latencies(Map<String, String> info, String count, String name, LatencyHistogram h) {
        info.put(count, Long.toString(h.count()));
        info.put(name + "_p50_ms", millis(h.percentileMicros(50)));
        info.put(name + "_p99_ms", millis(h.percentileMicros(99)));
        info.put(name + "_max_ms", millis(h.maxMicros()));
    }

    private static String millis(long micros) {
        return String.format(Locale.ROOT, "%.3f", micros / 1000.0);
    }

    private static long sum(RocksDB db, String property, ColumnFamilyHandle... families) {
        long total = 0;
        for (ColumnFamilyHandle f : families) {
            total += property(db, f, property);
        }
        return total;
    }

    /** A figure RocksDB cannot give (a property it does not know) reads 0 rather than failing INFO. */
    private static long property(RocksDB db, ColumnFamilyHandle family, String property) {
        try {
            return db.getLongProperty(family, property);
        } catch (RocksDBException e) {
            return 0;
        }
    }
}
