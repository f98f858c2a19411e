package io.cairn.storage.engine;

import io.cairn.common.Checks;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Settings of a {@link Store}, validated when built. Each setting's name, default and meaning
 * are kept together below; bad values are rejected, never repaired.
 *
 * @param dir                   data directory holding WAL segments and snapshots
 * @param walMode               {@code NONE}, {@code WRITE} or {@code FSYNC}; default {@code FSYNC}
 * @param segmentBytes          size at which the log starts a new segment; default 64 MiB
 * @param maxRecordBytes        largest logged batch; default 1 GiB
 * @param maxKeyBytes           largest key; default 512 MiB as Redis's proto-max-bulk-len
 * @param maxValueBytes         largest value, field or member; default 512 MiB
 * @param checkpointLogBytes    log bytes written since the last checkpoint that trigger one; 0 = never; default 256 MiB
 * @param checkpointInterval    time since the last checkpoint that triggers one if anything changed; zero = never; default 1 hour
 * @param checkpointsToKeep     snapshots kept (with the log needed after the oldest); default 2
 * @param expiryCycle           how often expired keys are reclaimed in the background; default 100 ms
 * @param expectedKeys          initial hash index capacity; default 1024
 * @param checkpointBytesPerSecond how fast a checkpoint may write, so it leaves CPU and disk to the
 *                              writers (as Tarantool's snap_io_rate_limit); 0 = unlimited (the default)
 * @param databases             how many numbered databases (SELECT 0 to databases - 1); default 16, as Redis
 * @param encodings             bounds of the small collection layouts the store starts with (recovery
 *                              rebuilds values by them); {@link Store#encodings(Encodings)} replaces
 *                              them while it runs; default {@link Encodings#DEFAULTS}
 * @param disk                  which databases keep their data in a {@link DiskEngine} rather than in
 *                              memory, and how; default {@link DiskSettings#NONE}: every one in memory
 */
public record StoreConfig(Path dir, WalMode walMode, long segmentBytes, int maxRecordBytes, int maxKeyBytes,
                          int maxValueBytes, long checkpointLogBytes, Duration checkpointInterval,
                          int checkpointsToKeep, Duration expiryCycle, int expectedKeys,
                          long checkpointBytesPerSecond, int databases, Encodings encodings,
                          DiskSettings disk) {

    /** The most databases a store may have; Redis has no limit, but a log naming more is corrupt. */
    public static final int MAX_DATABASES = 1 << 16;

    public StoreConfig {
        Checks.notNull("dir", dir);
        Checks.notNull("walMode", walMode);
        Checks.inRange("segmentBytes", segmentBytes, 4096, 1L << 40);
        Checks.inRange("maxRecordBytes", maxRecordBytes, 1024, Integer.MAX_VALUE - 64);
        Checks.positive("maxKeyBytes", maxKeyBytes);
        Checks.positive("maxValueBytes", maxValueBytes);
        Checks.nonNegative("checkpointLogBytes", checkpointLogBytes);
        Checks.notNull("checkpointInterval", checkpointInterval);
        Checks.nonNegative("checkpointInterval", checkpointInterval.toMillis());
        Checks.inRange("checkpointsToKeep", checkpointsToKeep, 1, 100);
        Checks.notNull("expiryCycle", expiryCycle);
        Checks.positive("expiryCycle", expiryCycle.toMillis());
        Checks.nonNegative("expectedKeys", expectedKeys);
        Checks.nonNegative("checkpointBytesPerSecond", checkpointBytesPerSecond);
        Checks.inRange("databases", databases, 1, MAX_DATABASES);
        Checks.notNull("encodings", encodings);
        Checks.notNull("disk", disk);
        for (int db : disk.databases()) {
            Checks.inRange("disk database", db, 0, databases - 1);
        }
    }

    public static Builder builder(Path dir) {
        return new Builder(dir);
    }

    /** A builder starting from the defaults; {@link #build()} validates. */
    public static final class Builder {
        private Path dir;
        private WalMode walMode = WalMode.FSYNC;
        private long segmentBytes = 64L << 20;
        private int maxRecordBytes = 1 << 30;
        private int maxKeyBytes = 512 << 20;
        private int maxValueBytes = 512 << 20;
        private long checkpointLogBytes = 256L << 20;
        private Duration checkpointInterval = Duration.ofHours(1);
        private int databases = 16;
        private int checkpointsToKeep = 2;
        private Duration expiryCycle = Duration.ofMillis(100);
        private int expectedKeys = 1024;
        private long checkpointBytesPerSecond = 0;
        private Encodings encodings = Encodings.DEFAULTS;
        private DiskSettings disk = DiskSettings.NONE;

        private Builder(Path dir) {
            this.dir = dir;
        }

        public Builder walMode(WalMode v) {
            walMode = v;
            return this;
        }

        public Builder segmentBytes(long v) {
            segmentBytes = v;
            return this;
        }

        public Builder maxRecordBytes(int v) {
            maxRecordBytes = v;
            return this;
        }

        public Builder maxKeyBytes(int v) {
            maxKeyBytes = v;
            return this;
        }

        public Builder maxValueBytes(int v) {
            maxValueBytes = v;
            return this;
        }

        public Builder checkpointLogBytes(long v) {
            checkpointLogBytes = v;
            return this;
        }

        public Builder checkpointInterval(Duration v) {
            checkpointInterval = v;
            return this;
        }

        public Builder checkpointsToKeep(int v) {
            checkpointsToKeep = v;
            return this;
        }

        public Builder expiryCycle(Duration v) {
            expiryCycle = v;
            return this;
        }

        public Builder expectedKeys(int v) {
            expectedKeys = v;
            return this;
        }

        public Builder databases(int v) {
            databases = v;
            return this;
        }

        public Builder checkpointBytesPerSecond(long v) {
            checkpointBytesPerSecond = v;
            return this;
        }

        public Builder encodings(Encodings v) {
            encodings = v;
            return this;
        }

        public Builder disk(DiskSettings v) {
            disk = v;
            return this;
        }

        public StoreConfig build() {
            return new StoreConfig(dir, walMode, segmentBytes, maxRecordBytes, maxKeyBytes, maxValueBytes,
                    checkpointLogBytes, checkpointInterval, checkpointsToKeep, expiryCycle, expectedKeys,
                    checkpointBytesPerSecond, databases, encodings, disk);
        }
    }
}
