package io.cairn.disk;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.CompressionType;
import org.rocksdb.DBOptions;
import org.rocksdb.IndexType;
import org.rocksdb.InfoLogLevel;
import org.rocksdb.LRUCache;
import org.rocksdb.RateLimiter;
import org.rocksdb.ReadOptions;
import org.rocksdb.Statistics;
import org.rocksdb.WriteOptions;

/**
 * Every native object an engine creates besides the database and its handles, made in one place
 * and closed in {@link #close} (after the database), so none leaks. The tuning lives here:
 *
 * <ul>
 *   <li>memory: one {@link LRUCache} of the settings' size serves both column families, and the
 *       index and filter blocks live in it too (partitioned, only their top level pinned), so reads
 *       use that much whatever the data's size; 64 MiB memtables, at most {@value #WRITE_BUFFERS};
 *   <li>reads: a Bloom filter of {@value #BLOOM_BITS} bits per key;
 *   <li>background work: {@value #BACKGROUND_JOBS} jobs, their I/O paced at {@link #IO_BYTES_PER_SECOND};
 *   <li>safety: paranoid checks and every file kept open, so each table's footer is read at open;
 *       atomic flushes across column families; RocksDB's own log off in every write.
 * </ul>
 */
final class RocksResources implements AutoCloseable {
    static final byte[] META = "meta".getBytes(StandardCharsets.US_ASCII);
    static final byte[] DATA = "data".getBytes(StandardCharsets.US_ASCII);
    static final byte[] PARTS = "parts".getBytes(StandardCharsets.US_ASCII);

    static final long WRITE_BUFFER_BYTES = 64L << 20;
    static final int WRITE_BUFFERS = 3;
    static final int BLOOM_BITS = 10;
    static final int BACKGROUND_JOBS = 2;
    /** Flush and compaction writes, together. */
    static final long IO_BYTES_PER_SECOND = 64L << 20;
    static final CompressionType COMPRESSION = CompressionType.LZ4_COMPRESSION;

    final long cacheBytes;
    final LRUCache cache;
    final BloomFilter filter;
    final RateLimiter rateLimiter;
    final Statistics statistics;
    final EngineEvents events;
    final DBOptions dbOptions;
    final ColumnFamilyOptions columnFamilyOptions;
    final ReadOptions readOptions;
    final WriteOptions writeOptions;

    RocksResources(long cacheBytes) {
        this.cacheBytes = cacheBytes;
        this.cache = new LRUCache(cacheBytes);
        this.filter = new BloomFilter(BLOOM_BITS);
        this.rateLimiter = new RateLimiter(IO_BYTES_PER_SECOND);
        this.statistics = new Statistics();
        this.events = new EngineEvents();
        this.dbOptions = new DBOptions()
                .setCreateIfMissing(true)
                .setCreateMissingColumnFamilies(true)
                .setAtomicFlush(true)
                .setParanoidChecks(true)
                .setMaxOpenFiles(-1)
                .setMaxBackgroundJobs(BACKGROUND_JOBS)
                .setRateLimiter(rateLimiter)
                .setStatistics(statistics)
                .setListeners(List.of(events))
                .setInfoLogLevel(InfoLogLevel.WARN_LEVEL)
                .setKeepLogFileNum(4);
        BlockBasedTableConfig table = new BlockBasedTableConfig()
                .setBlockCache(cache)
                .setFilterPolicy(filter)
                .setIndexType(IndexType.kTwoLevelIndexSearch)
                .setPartitionFilters(true)
                .setCacheIndexAndFilterBlocks(true)
                .setPinTopLevelIndexAndFilter(true);
        this.columnFamilyOptions = new ColumnFamilyOptions()
                .setTableFormatConfig(table)
                .setCompressionType(COMPRESSION)
                .setWriteBufferSize(WRITE_BUFFER_BYTES)
                .setMaxWriteBufferNumber(WRITE_BUFFERS);
        this.readOptions = new ReadOptions();
        this.writeOptions = new WriteOptions().setDisableWAL(true);
    }

    /** Closes in the reverse order of creation; the database must be closed first. */
    @Override
    public void close() {
        writeOptions.close();
        readOptions.close();
        columnFamilyOptions.close();
        dbOptions.close();
        events.close();
        statistics.close();
        rateLimiter.close();
        filter.close();
        cache.close();
    }
}
