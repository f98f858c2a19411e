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
}
