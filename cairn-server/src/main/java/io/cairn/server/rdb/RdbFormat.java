package io.cairn.server.rdb;

import io.cairn.common.InvalidRequestException;
import java.io.ByteArrayOutputStream;

/**
 * The constants of Redis's RDB serialization and the footer every DUMP payload ends with:
 *
 * <pre>
 * +-----------+----------------------+-----------------+--------------------------+
 * | type byte | the value, RDB-coded | version (2, LE) | CRC-64 of all before (8, LE) |
 * +-----------+----------------------+-----------------+--------------------------+
 * </pre>
 *
 * A payload is read if its version is at most {@link #MAX_READ_VERSION} (Redis 7.2's) and its
 * checksum matches; anything else is {@link #WRONG_PAYLOAD}, in Redis's words. See
 * {@code docs/format/dump-restore.md}. Stateless.
 */
public final class RdbFormat {
    public static final int TYPE_STRING = 0;
    public static final int TYPE_LIST = 1;
    public static final int TYPE_SET = 2;
    public static final int TYPE_ZSET = 3;
    public static final int TYPE_HASH = 4;
    public static final int TYPE_ZSET_2 = 5;
    public static final int TYPE_MODULE_2 = 7;
    public static final int TYPE_HASH_ZIPMAP = 9;
    public static final int TYPE_LIST_ZIPLIST = 10;
    public static final int TYPE_SET_INTSET = 11;
    public static final int TYPE_ZSET_ZIPLIST = 12;
    public static final int TYPE_HASH_ZIPLIST = 13;
    public static final int TYPE_LIST_QUICKLIST = 14;
    public static final int TYPE_STREAM_LISTPACKS = 15;
    public static final int TYPE_HASH_LISTPACK = 16;
    public static final int TYPE_ZSET_LISTPACK = 17;
    public static final int TYPE_LIST_QUICKLIST_2 = 18;
    public static final int TYPE_STREAM_LISTPACKS_2 = 19;
    public static final int TYPE_SET_LISTPACK = 20;
    public static final int TYPE_STREAM_LISTPACKS_3 = 21;
    /** FUNCTION DUMP's opcode for one library. */
    public static final int OPCODE_FUNCTION2 = 245;

    /** A quicklist node (type 18) holding one element as it is. */
    public static final int QUICKLIST_NODE_PLAIN = 1;
    /** A quicklist node (type 18) holding a listpack. */
    public static final int QUICKLIST_NODE_PACKED = 2;

    /** Redis 7.2's RDB version: the newest payload read. */
    public static final int MAX_READ_VERSION = 11;
    /**
     * The version DUMP writes: Redis 7.0's, the oldest that has every type Cairn writes (it never
     * writes {@link #TYPE_SET_LISTPACK}, the one type 11 added), so Redis 7.0 and 7.2 both take it.
     */
    public static final int DUMP_VERSION = 10;

    public static final String WRONG_PAYLOAD = "ERR DUMP payload version or checksum are wrong";
    /** The footer: version and checksum. */
    public static final int FOOTER_BYTES = 10;

    private RdbFormat() {
    }

    /** Appends the footer for {@code version} to {@code out} and returns the whole payload. */
    public static byte[] seal(ByteArrayOutputStream out, int version) {
        out.write(version & 0xff);
        out.write(version >>> 8);
        byte[] body = out.toByteArray();
        long crc = Crc64.of(body, 0, body.length);
        for (int i = 0; i < 8; i++) {
            out.write((int) (crc >>> (8 * i)));
        }
        return out.toByteArray();
    }

    /**
     * Checks a payload's footer as Redis's {@code verifyDumpPayload} does (at least 10 bytes, a
     * version Cairn reads, the checksum) and returns where its body ends.
     *
     * @throws InvalidRequestException {@link #WRONG_PAYLOAD}
     */
    public static int bodyEnd(byte[] payload) {
        if (payload.length < FOOTER_BYTES) {
            throw new InvalidRequestException(WRONG_PAYLOAD);
        }
        int end = payload.length - FOOTER_BYTES;
        int version = (payload[end] & 0xff) | (payload[end + 1] & 0xff) << 8;
        long crc = 0;
        for (int i = 0; i < 8; i++) {
            crc |= (payload[end + 2 + i] & 0xffL) << (8 * i);
        }
        if (version > MAX_READ_VERSION || crc != Crc64.of(payload, 0, end + 2)) {
            throw new InvalidRequestException(WRONG_PAYLOAD);
        }
        return end;
    }
}
