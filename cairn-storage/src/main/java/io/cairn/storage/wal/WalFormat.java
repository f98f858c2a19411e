package io.cairn.storage.wal;

import java.nio.charset.StandardCharsets;

/**
 * Byte layout of a WAL segment, specified in {@code docs/format/wal.md}. All integers are
 * little-endian.
 *
 * <pre>
 * segment file  wal-&lt;firstLsn, 20 digits&gt;.log
 * +--------------------------- header, 24 bytes ----------------------------+
 * | magic "CAIRNWAL" (8) | version u32 | firstLsn u64 | crc32c u32 of the 20 |
 * +-------------------------------------------------------------------------+
 * | record | record | ...                                                   |
 *
 * record
 * +-----------+------------+---------+-------------------+
 * | crc32c u32| length u32 | lsn u64 | payload (length)  |
 * +-----------+------------+---------+-------------------+
 *   crc covers length, lsn and payload; LSNs go up by exactly one per record,
 *   across segments too.
 * </pre>
 */
public final class WalFormat {
    public static final byte[] MAGIC = "CAIRNWAL".getBytes(StandardCharsets.US_ASCII);
    public static final int VERSION = 1;
    public static final int HEADER_SIZE = 24;
    /** Bytes of the header covered by its checksum: magic, version, firstLsn. */
    public static final int HEADER_CHECKED = 20;
    public static final int RECORD_HEADER_SIZE = 16;
    public static final String SEGMENT_PREFIX = "wal-";
    public static final String SEGMENT_SUFFIX = ".log";

    private WalFormat() {
    }

    public static String segmentName(long firstLsn) {
        return String.format("%s%020d%s", SEGMENT_PREFIX, firstLsn, SEGMENT_SUFFIX);
    }

    /** The first LSN named by a segment file name, or -1 when the name is not a segment's. */
    public static long parseSegmentName(String name) {
        if (!name.startsWith(SEGMENT_PREFIX) || !name.endsWith(SEGMENT_SUFFIX)
                || name.length() != SEGMENT_PREFIX.length() + 20 + SEGMENT_SUFFIX.length()) {
            return -1;
        }
        try {
            return Long.parseLong(name, SEGMENT_PREFIX.length(), SEGMENT_PREFIX.length() + 20, 10);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
