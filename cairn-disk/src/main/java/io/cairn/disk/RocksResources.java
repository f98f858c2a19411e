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
import org.rocksdb.WriteBufferManager;
import org.rocksdb.WriteOptions;

/**
 * Every native object an engine creates besides the database and its handles, made in one place
 * and closed in {@link #close} (after the database), so none leaks. The tuning lives here:
 *
 * <ul>
 *   <li>memory: one {@link LRUCache} of the settings' size serves every column family, and the
 *       index and filter blocks live in it too (partitioned, only their top level pinned), and so
 *       do the memtables: a {@link WriteBufferManager} charges them to the cache and keeps them
 *       within half of it ({@link #memtableBudget}), flushing early and, past it, stalling writes
 *       (counted as write stalls) until a flush frees memory. So the cache's size bounds the
 *       engine's memory whatever the data's size; memtables of at most 64 MiB, at most
 *       {@value #WRITE_BUFFERS} per family;
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
    final WriteBufferManager writeBuffers;
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
        this.writeBuffers = new WriteBufferManager(memtableBudget(cacheBytes), cache, true);
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
                .setWriteBufferManager(writeBuffers)
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
                .setWriteBufferSize(Math.min(WRITE_BUFFER_BYTES, Math.max(1L << 20, memtableBudget(cacheBytes) / 4)))
                .setMaxWriteBufferNumber(WRITE_BUFFERS);
        this.readOptions = new ReadOptions();
        this.writeOptions = new WriteOptions().setDisableWAL(true);
    }

    /** The memtables' share of the cache: half of it. */
    static long memtableBudget(long cacheBytes) {
        return cacheBytes / 2;
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
        writeBuffers.close();
        cache.close();
    }
}
