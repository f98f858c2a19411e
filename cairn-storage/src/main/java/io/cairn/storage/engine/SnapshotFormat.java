package io.cairn.storage.engine;

import java.nio.charset.StandardCharsets;

/**
 * Byte layout of a snapshot file, specified in {@code docs/format/snapshot.md}. Little-endian.
 *
 * <pre>
 * snapshot-&lt;lsn, 20 digits&gt;.snap   (written as .tmp, synced, then renamed)
 * +-------------------------------- header, 32 bytes ---------------------------------+
 * | magic "CAIRNSNP" (8) | version u32 | lsn u64 | createdMillis u64 | crc32c u32 of 28 |
 * +------------------------------------------------------------------------------------+
 * block*:  | type u8 | length u32 | crc32c u32 of type, length, payload | payload |
 *          type 1 = entries: entry*, each
 *                 | kind u8 (1 string, 2 hash, 3 zset, 4 document, 5 list, 6 set, 7 stream, 8 item) | key | expireAt varint (0 none) | body |
 *                 string: value;  item (a memcached item): value, flags varint (u32), cas varint;  hash: count varint, (field, value)*;  zset: count varint, (member, score f64)*
 *                 list: count varint, element* from head to tail
 *                 set: count varint, member*
 *                 stream: count varint, entry* (each a byte string: StreamRecords' bytes), lastId, entriesAdded varint,
 *                         maxDeletedId, groupCount varint, group* (name, lastDelivered, entriesRead zigzag,
 *                         consumerCount varint, (name, seenTime zigzag, activeTime zigzag)*,
 *                         pendingCount varint, (id, consumer name, deliveryTime zigzag, deliveryCount varint)*);
 *                         an ID is two varints (ms, seq)
 *                 document: the JSON document's stored bytes (docs/format/document.md), as one byte string
 *                 | 16 | db varint |: not an entry; the entries after it are in database db (0 before any)
 *                 byte strings are varint length + bytes
 *          type 2 = footer, last in the file: | entryCount u64 | blockCount u64 |
 * </pre>
 */
final class SnapshotFormat {
    static final byte[] MAGIC = "CAIRNSNP".getBytes(StandardCharsets.US_ASCII);
    static final int VERSION = 1;
    static final int HEADER_SIZE = 32;
    static final int HEADER_CHECKED = 28;
    static final int BLOCK_HEADER_SIZE = 9;
    static final byte BLOCK_ENTRIES = 1;
    static final byte BLOCK_FOOTER = 2;
    static final int FOOTER_PAYLOAD = 16;
    static final byte KIND_STRING = 1;
    static final byte KIND_HASH = 2;
    static final byte KIND_ZSET = 3;
    static final byte KIND_DOCUMENT = 4;
    static final byte KIND_LIST = 5;
    static final byte KIND_SET = 6;
    static final byte KIND_STREAM = 7;
    static final byte KIND_ITEM = 8;
    /** Not an entry: the entries after it are in database {@code varint} (those before any marker are in 0). */
    static final byte KIND_DATABASE = 16;
    /** Not an entry: the function libraries, written first when there are any. */
    static final byte KIND_FUNCTIONS = 17;
    static final int TARGET_BLOCK_BYTES = 1 << 16;
    static final String PREFIX = "snapshot-";
    static final String SUFFIX = ".snap";
    static final String TMP_SUFFIX = ".tmp";

    private SnapshotFormat() {
    }

    static long zigzag(long v) {
        return (v << 1) ^ (v >> 63);
    }

    static long unzigzag(long v) {
        return (v >>> 1) ^ -(v & 1);
    }

    /** CRC32C of a block's type and length (bytes 0..4) and its payload (from byte 9), skipping the crc field. */
    static int blockCrc(byte[] block, int payloadLength) {
        java.util.zip.CRC32C c = new java.util.zip.CRC32C();
        c.update(block, 0, 5);
        c.update(block, BLOCK_HEADER_SIZE, payloadLength);
        return (int) c.getValue();
    }

    static String name(long lsn) {
        return String.format("%s%020d%s", PREFIX, lsn, SUFFIX);
    }

    /** The LSN named by a snapshot file name, or -1 when it is not one. */
    static long parseName(String name) {
        if (!name.startsWith(PREFIX) || !name.endsWith(SUFFIX)
                || name.length() != PREFIX.length() + 20 + SUFFIX.length()) {
            return -1;
        }
        try {
            return Long.parseLong(name, PREFIX.length(), PREFIX.length() + 20, 10);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
