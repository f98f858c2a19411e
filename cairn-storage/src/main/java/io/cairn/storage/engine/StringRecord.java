package io.cairn.storage.engine;

import io.cairn.common.Varints;
import java.util.Arrays;

/**
 * A string entry is one byte array holding everything about the key, so a string key costs one
 * object (plus its index slots) instead of an entry object, a key array and a value array:
 *
 * <pre>
 * [flags u8][expireAt i64 LE, only when flags &amp; 1][item flags u32 LE, cas i64 LE, only when flags &amp; 4]
 * [key length varint][key][value ...]
 * flags: bit 0 (1) has an expiry; bit 1 (2) the value is a JSON document, not a string;
 *        bit 2 (4) a memcached item header follows the expiry (a string stored by the memcached protocol)
 * </pre>
 *
 * A JSON document is held the same way: its stored form (cairn-document's bytes, which the
 * engine does not read) is the value, and the {@code DOCUMENT} flag tells the two types apart.
 *
 * <p>The array is immutable once built, except by {@link #overwrite} when no one else can see
 * it: changing the value or the expiry builds a new array. Only this class knows the layout.
 */
final class StringRecord {
    private static final int HAS_EXPIRY = 1;
    private static final int DOCUMENT = 2;
    private static final int ITEM = 4;
    private static final int ITEM_HEADER = 12;

    private StringRecord() {
    }

    static byte[] encode(byte[] key, byte[] value, long expireAt) {
        return encode(key, value, 0, value.length, expireAt, 0);
    }

    /** A record holding a JSON document's stored bytes. */
    static byte[] encodeDocument(byte[] key, byte[] document, long expireAt) {
        return encode(key, document, 0, document.length, expireAt, DOCUMENT);
    }

    /**
     * A string record carrying a memcached item header: the client's 32-bit {@code flags} and the
     * item's {@code cas}. Redis commands see only the value.
     */
    static byte[] encodeItem(byte[] key, byte[] value, long expireAt, int flags, long cas) {
        return encode(key, value, 0, value.length, expireAt, ITEM, flags, cas);
    }

    private static byte[] encode(byte[] key, byte[] value, int valueOffset, int valueLength, long expireAt, int kind) {
        return encode(key, value, valueOffset, valueLength, expireAt, kind, 0, 0);
    }

    private static byte[] encode(byte[] key, byte[] value, int valueOffset, int valueLength, long expireAt, int kind,
            int itemFlags, long cas) {
        boolean item = (kind & ITEM) != 0;
        int head = 1 + (expireAt > 0 ? 8 : 0) + (item ? ITEM_HEADER : 0) + Varints.sizeOf(key.length);
        byte[] r = new byte[head + key.length + valueLength];
        int p = 0;
        r[p++] = (byte) ((expireAt > 0 ? HAS_EXPIRY : 0) | kind);
        if (expireAt > 0) {
            putLong(r, p, expireAt);
            p += 8;
        }
        if (item) {
            putInt(r, p, itemFlags);
            putLong(r, p + 4, cas);
            p += ITEM_HEADER;
        }
        p = Varints.put(r, p, key.length);
        System.arraycopy(key, 0, r, p, key.length);
        System.arraycopy(value, valueOffset, r, p + key.length, valueLength);
        return r;
    }

    /** Builds a record from a key and a value that lie in one array (a decoded log payload). */
    static byte[] encode(byte[] src, int keyOffset, int keyLength, int valueOffset, int valueLength, long expireAt) {
        int head = 1 + (expireAt > 0 ? 8 : 0) + Varints.sizeOf(keyLength);
        byte[] r = new byte[head + keyLength + valueLength];
        int p = 0;
        r[p++] = (byte) (expireAt > 0 ? HAS_EXPIRY : 0);
        if (expireAt > 0) {
            putLong(r, p, expireAt);
            p += 8;
        }
        p = Varints.put(r, p, keyLength);
        System.arraycopy(src, keyOffset, r, p, keyLength);
        System.arraycopy(src, valueOffset, r, p + keyLength, valueLength);
        return r;
    }

    /**
     * Overwrites the value (and expiry) of {@code r} in place when the new ones fit exactly: same
     * total length and same expiry presence. Returns false, changing nothing, when they do not.
     * The caller must know no one else can see {@code r} (no open read view).
     */
    static boolean overwrite(byte[] r, int keyLength, byte[] value, long expireAt) {
        if (isDocument(r) || isItem(r)) {
            return false;
        }
        boolean hadExpiry = (r[0] & HAS_EXPIRY) != 0;
        if (hadExpiry != expireAt > 0) {
            return false;
        }
        int head = 1 + (hadExpiry ? 8 : 0) + Varints.sizeOf(keyLength);
        if (r.length != head + keyLength + value.length) {
            return false;
        }
        if (hadExpiry) {
            putLong(r, 1, expireAt);
        }
        System.arraycopy(value, 0, r, head + keyLength, value.length);
        return true;
    }

    /** The same key, value, type and item header with another expiry (0 for none). */
    static byte[] withExpiry(byte[] r, long expireAt) {
        int vo = valueOffset(r);
        boolean item = isItem(r);
        return encode(key(r), r, vo, r.length - vo, expireAt, r[0] & (DOCUMENT | ITEM),
                item ? itemFlags(r) : 0, item ? cas(r) : 0);
    }

    /** The same key, value and expiry without the item header: what a Redis write in place leaves. */
    static byte[] withoutItem(byte[] r) {
        int vo = valueOffset(r);
        return encode(key(r), r, vo, r.length - vo, expireAt(r), r[0] & DOCUMENT);
    }

    /** Whether the record carries a memcached item header ({@link #itemFlags}, {@link #cas}). */
    static boolean isItem(byte[] r) {
        return (r[0] & ITEM) != 0;
    }

    /** The item's client flags; only when {@link #isItem}. */
    static int itemFlags(byte[] r) {
        return getInt(r, itemOffset(r));
    }

    /** The item's CAS value; only when {@link #isItem}. */
    static long cas(byte[] r) {
        return getLong(r, itemOffset(r) + 4);
    }

    private static int itemOffset(byte[] r) {
        return (r[0] & HAS_EXPIRY) != 0 ? 9 : 1;
    }

    /** Where the key length begins: after the flags byte, the expiry and the item header. */
    private static int lengthOffset(byte[] r) {
        return 1 + ((r[0] & HAS_EXPIRY) != 0 ? 8 : 0) + ((r[0] & ITEM) != 0 ? ITEM_HEADER : 0);
    }

    /** Whether the value is a JSON document rather than a string. */
    static boolean isDocument(byte[] r) {
        return (r[0] & DOCUMENT) != 0;
    }

    static long expireAt(byte[] r) {
        return (r[0] & HAS_EXPIRY) != 0 ? getLong(r, 1) : 0;
    }

    static int keyOffset(byte[] r) {
        int p = lengthOffset(r);
        while (r[p] < 0) {
            p++;
        }
        return p + 1;
    }

    static int keyLength(byte[] r) {
        int p = lengthOffset(r);
        int len = 0;
        for (int shift = 0; ; shift += 7) {
            byte b = r[p++];
            len |= (b & 0x7F) << shift;
            if (b >= 0) {
                return len;
            }
        }
    }

    static int valueOffset(byte[] r) {
        return keyOffset(r) + keyLength(r);
    }

    static byte[] key(byte[] r) {
        int ko = keyOffset(r);
        return Arrays.copyOfRange(r, ko, ko + keyLength(r));
    }

    static byte[] value(byte[] r) {
        return Arrays.copyOfRange(r, valueOffset(r), r.length);
    }

    static int valueLength(byte[] r) {
        return r.length - valueOffset(r);
    }

    /** Redis keeps strings of at most this many bytes in one allocation with their header. */
    private static final int EMBSTR_MAX = 44;

    /**
     * The name Redis gives a string of this content in OBJECT ENCODING: {@code "int"} for the
     * canonical decimal form of a 64-bit integer (no sign but {@code -}, no leading zero),
     * {@code "embstr"} for up to 44 bytes, {@code "raw"} above. Redis decides by content when a
     * command stores a whole value (SET, INCR...); a value it built in place (APPEND, SETRANGE)
     * stays {@code "raw"} there, while Cairn still names it by content.
     */
    static String encoding(byte[] r) {
        int vo = valueOffset(r);
        int n = r.length - vo;
        if (isCanonicalLong(r, vo, n)) {
            return "int";
        }
        return n <= EMBSTR_MAX ? "embstr" : "raw";
    }

    private static boolean isCanonicalLong(byte[] b, int off, int n) {
        if (n == 0 || n > 20) {
            return false;
        }
        if (n == 1 && b[off] == '0') {
            return true;
        }
        boolean negative = b[off] == '-';
        int i = negative ? off + 1 : off;
        int end = off + n;
        if (i == end || b[i] < '1' || b[i] > '9') {
            return false;
        }
        long v = 0; // accumulated negatively, so that Long.MIN_VALUE fits
        for (; i < end; i++) {
            int d = b[i] - '0';
            if (d < 0 || d > 9 || v < (Long.MIN_VALUE + d) / 10) {
                return false;
            }
            v = v * 10 - d;
        }
        return negative || v != Long.MIN_VALUE;
    }

    private static void putLong(byte[] b, int p, long v) {
        for (int i = 0; i < 8; i++) {
            b[p + i] = (byte) (v >>> (8 * i));
        }
    }

    private static void putInt(byte[] b, int p, int v) {
        for (int i = 0; i < 4; i++) {
            b[p + i] = (byte) (v >>> (8 * i));
        }
    }

    private static int getInt(byte[] b, int p) {
        return (b[p] & 0xFF) | (b[p + 1] & 0xFF) << 8 | (b[p + 2] & 0xFF) << 16 | (b[p + 3] & 0xFF) << 24;
    }

    private static long getLong(byte[] b, int p) {
        long v = 0;
        for (int i = 7; i >= 0; i--) {
            v = (v << 8) | (b[p + i] & 0xFF);
        }
        return v;
    }
}
