package io.cairn.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ServerReadingsTest {
    @Test
    void onlyTheListedInfoFieldsAreKeptInTheListsOrder() {
        String info = "# Persistence\r\nwal_mode:fsync\r\nwal_fsync_p99_usec:812\r\nwal_write_p50_usec:40\r\n\r\n"
                + "# Disk\r\ndisk_engine:rocksdb\r\ndisk_write_amplification:2.10\r\ndisk_stage_save_p99_ms:3.250\r\n";
        assertThat(ServerReadings.pick(info)).containsExactly(
                java.util.Map.entry("wal_write_p50_usec", "40"), java.util.Map.entry("wal_fsync_p99_usec", "812"),
                java.util.Map.entry("disk_stage_save_p99_ms", "3.250"),
                java.util.Map.entry("disk_write_amplification", "2.10"));
    }

    @Test
    void vinylsFiguresAreKeptInOrderWithItsWriteAmplification() {
        java.util.Map<Object, Object> stats = new java.util.HashMap<>();
        stats.put("vinyl_compaction_output", 300L);
        stats.put("vinyl_dump_output", 900L);
        stats.put("vinyl_dump_input", 1000L);
        stats.put("vinyl_dump_time_s", 0.25);
        stats.put("something_else", 1L);
        assertThat(ServerReadings.vinyl(stats)).containsExactly(java.util.Map.entry("vinyl_dump_input", "1000"),
                java.util.Map.entry("vinyl_dump_output", "900"), java.util.Map.entry("vinyl_dump_time_s", "0.250"),
                java.util.Map.entry("vinyl_compaction_output", "300"),
                java.util.Map.entry("vinyl_write_amplification", "1.20"));
        stats.put("vinyl_dump_input", 0L);
        assertThat(ServerReadings.vinyl(stats)).as("nothing dumped yet").doesNotContainKey("vinyl_write_amplification");
    }
}
