package io.cairn.disk;

import io.cairn.common.CorruptionException;
import java.util.Arrays;

/**
 * The keys of the two column families ({@code docs/format/disk.md}). In {@code data}: the database
 * number as 2 bytes big-endian, then the user key, so that RocksDB's bytewise comparator orders a
 * database's keys as unsigned bytes and keeps each database in one contiguous range. In
 * {@code meta}: a tag byte, {@link #LSN} alone, or {@link #DB_META} followed by the database number.
 */
final class DiskKeys {
    /** The highest database number: 0xFFFF would have no key above its range to end it. */
    static final int MAX_DB = 0xFFFE;
    static final int PREFIX = 2;

    /** Tag of the meta entry holding the saved LSN (8 bytes big-endian). */
    static final byte LSN = 1;
    /** Tag of a database's meta entry, followed by its number (2 bytes big-endian). */
    static final byte DB_META = 2;

    static final byte[] LSN_KEY = {LSN};

    private DiskKeys() {
    }

    static int checkDb(int db) {
        if (db < 0 || db > MAX_DB) {
            throw new IllegalArgumentException("db: " + db + " (expected: 0.." + MAX_DB + ")");
        }
        return db;
    }

    /** The database's first possible key: its 2-byte prefix. */
    static byte[] prefix(int db) {
        checkDb(db);
        return new byte[] {(byte) (db >>> 8), (byte) db};
    }

    /** The key just past the database's range: the next database's prefix. */
    static byte[] end(int db) {
        return prefix(db + 1);
    }

    static byte[] dataKey(int db, byte[] key) {
        checkDb(db);
        byte[] k = new byte[PREFIX + key.length];
        k[0] = (byte) (db >>> 8);
        k[1] = (byte) db;
        System.arraycopy(key, 0, k, PREFIX, key.length);
        return k;
    }

    /** Whether {@code dataKey} lies in {@code db}'s range. */
    static boolean inDb(byte[] dataKey, int db) {
        return dataKey.length >= PREFIX && (dataKey[0] & 0xFF) == db >>> 8 && (dataKey[1] & 0xFF) == (db & 0xFF);
    }

    static byte[] userKey(byte[] dataKey) {
        return Arrays.copyOfRange(dataKey, PREFIX, dataKey.length);
    }

    static byte[] metaKey(int db) {
        checkDb(db);
        return new byte[] {DB_META, (byte) (db >>> 8), (byte) db};
    }

    static byte[] lsnValue(long lsn) {
        byte[] v = new byte[8];
        for (int i = 0; i < 8; i++) {
            v[i] = (byte) (lsn >>> (56 - 8 * i));
        }
        return v;
    }

    static long lsn(byte[] value, String resource) {
        if (value.length != 8) {
            throw new CorruptionException(resource, -1,
                    "lsn entry: " + value.length + " bytes (expected: 8)");
        }
        long lsn = 0;
        for (byte b : value) {
            lsn = lsn << 8 | (b & 0xFF);
        }
        return lsn;
    }
}
