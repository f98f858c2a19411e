package io.cairn.disk;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.storage.engine.DiskEngine;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DiskInfoTest {
    @TempDir
    Path dir;

    @Test
    void infoHasItsFieldsInOrderAndCountsASaveAndItsFlush() throws IOException {
        try (DiskEngine engine = RocksDbEngine.open(new DiskEngine.Settings(dir, 4L << 20))) {
            Map<String, String> before = engine.info();
            assertThat(before.get("disk_write_amplification")).isEqualTo("0.00");
            assertThat(before.get("disk_saves")).isEqualTo("0");

            DiskEngine.Batch batch = engine.batch();
            Random random = new Random(1); // values that do not compress: what is written is what was saved
            for (int i = 0; i < 1000; i++) {
                byte[] value = new byte[100];
                random.nextBytes(value);
                batch.put(0, ("key" + i).getBytes(), value);
            }
            engine.save(batch, 1);
            engine.flush();

            Map<String, String> info = engine.info();
            assertThat(info.keySet()).containsExactly(
                    "disk_engine", "disk_rocksdb_version", "disk_data_bytes", "disk_live_data_bytes", "disk_keys", "disk_parts",
                    "disk_memtable_bytes", "disk_block_cache_capacity", "disk_block_cache_used",
                    "disk_saves", "disk_bytes_saved",
                    "disk_flushes", "disk_flush_p50_ms", "disk_flush_p99_ms", "disk_flush_max_ms", "disk_flush_bytes",
                    "disk_compactions", "disk_compaction_p50_ms", "disk_compaction_p99_ms", "disk_compaction_max_ms",
                    "disk_compaction_read_bytes", "disk_compaction_write_bytes",
                    "disk_write_stalls", "disk_write_stall_micros", "disk_write_stopped", "disk_delayed_write_rate",
                    "disk_write_amplification");
            assertThat(info.get("disk_engine")).isEqualTo("rocksdb");
            assertThat(info.get("disk_rocksdb_version")).startsWith("10.");
            assertThat(info.get("disk_saves")).isEqualTo("1");
            assertThat(Long.parseLong(info.get("disk_bytes_saved"))).isGreaterThan(100_000);
            assertThat(Long.parseLong(info.get("disk_data_bytes"))).isPositive();
            assertThat(Long.parseLong(info.get("disk_keys"))).isEqualTo(1000);
            assertThat(info.get("disk_block_cache_capacity")).isEqualTo(Long.toString(4L << 20));
            assertThat(Long.parseLong(info.get("disk_flushes"))).isPositive();
            assertThat(Long.parseLong(info.get("disk_flush_bytes"))).isPositive();
            assertThat(Double.parseDouble(info.get("disk_flush_max_ms"))).isPositive();
            assertThat(info.get("disk_write_stopped")).isEqualTo("0");
            assertThat(Double.parseDouble(info.get("disk_write_amplification"))).isGreaterThanOrEqualTo(1.0);
        }
    }
    /** The memtables are charged to the cache and kept within half of it, however much is saved. */
    @Test
    void memtablesStayWithinTheirShareOfTheCache() throws IOException {
        long cache = 8L << 20;
        try (DiskEngine engine = RocksDbEngine.open(new DiskEngine.Settings(dir, cache))) {
            Random random = new Random(2);
            long most = 0;
            for (int save = 1; save <= 48; save++) { // 48 MiB of values, six times the cache
                DiskEngine.Batch batch = engine.batch();
                for (int i = 0; i < 1024; i++) {
                    byte[] value = new byte[1024];
                    random.nextBytes(value);
                    batch.put(0, ("key" + save + ":" + i).getBytes(), value);
                }
                engine.save(batch, save);
                most = Math.max(most, Long.parseLong(engine.info().get("disk_memtable_bytes")));
            }
            Map<String, String> info = engine.info();
            assertThat(most).as("memtable bytes at most").isLessThanOrEqualTo(RocksResources.memtableBudget(cache) + (2L << 20));
            assertThat(Long.parseLong(info.get("disk_flushes"))).as("flushes the budget forced").isPositive();
        }
    }

    @Test
    void compactionsAreCountedWithTheirBytes() throws Exception {
        try (DiskEngine engine = RocksDbEngine.open(new DiskEngine.Settings(dir, 4L << 20))) {
            // Level 0 compacts once it holds 4 tables: five flushed saves start a compaction.
            for (int round = 0; round < 5; round++) {
                DiskEngine.Batch batch = engine.batch();
                for (int i = 0; i < 100; i++) {
                    batch.put(0, ("key" + i).getBytes(), ("round" + round).getBytes());
                }
                engine.save(batch, round + 1);
                engine.flush();
            }
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (engine.info().get("disk_compactions").equals("0") && System.nanoTime() < deadline) {
                Thread.sleep(1); // polls a condition, bounded by the deadline
            }
            Map<String, String> info = engine.info();
            assertThat(Long.parseLong(info.get("disk_compactions"))).isPositive();
            assertThat(Long.parseLong(info.get("disk_compaction_read_bytes"))).isPositive();
            assertThat(Long.parseLong(info.get("disk_compaction_write_bytes"))).isPositive();
            assertThat(Double.parseDouble(info.get("disk_compaction_max_ms"))).isPositive();
            assertThat(engine.get(0, "key7".getBytes())).isEqualTo("round4".getBytes());
            engine.resetStats(); // CONFIG RESETSTAT: the latencies count again from now
            Map<String, String> reset = engine.info();
            assertThat(reset.get("disk_flushes")).as("no flush since (each was asked for)").isEqualTo("0");
            assertThat(reset.get("disk_flush_max_ms")).isEqualTo("0.000");
            assertThat(Long.parseLong(reset.get("disk_compaction_write_bytes"))).as("bytes stay, for write amplification")
                    .isGreaterThanOrEqualTo(Long.parseLong(info.get("disk_compaction_write_bytes")));
        }
    }
}
