package io.cairn.document.codec;

/**
 * Constants of the stored document format, version 1; the prose spec with a worked example is
 * {@code docs/format/document.md}.
 *
 * <pre>
 *   document := version:u8 value                      version = 1
 *   value    := tag:u8 payload
 *   tag 0  NULL      -
 *   tag 1  FALSE     -
 *   tag 2  TRUE      -
 *   tag 3  INTEGER   zigzag varint of the long
 *   tag 4  DOUBLE    8 bytes, IEEE 754 binary64, little-endian, finite
 *   tag 5  STRING    length:varint, UTF-8 bytes
 *   tag 6  ARRAY     count:varint, value{count}
 *   tag 7  OBJECT    count:varint, (keyLength:varint, key UTF-8 bytes, value){count}, keys unique, in order
 * </pre>
 *
 * Varints are unsigned LEB128 in their shortest form ({@link io.cairn.common.Varints}). A document
 * carries no checksum of its own: it is stored inside WAL records and snapshot blocks, which have
 * theirs.
 */
public final class DocumentFormat {
    public static final int VERSION = 1;

    public static final byte NULL = 0;
    public static final byte FALSE = 1;
    public static final byte TRUE = 2;
    public static final byte INTEGER = 3;
    public static final byte DOUBLE = 4;
    public static final byte STRING = 5;
    public static final byte ARRAY = 6;
    public static final byte OBJECT = 7;

    /** The smallest encoded value (a tag alone), which bounds how many elements a length can claim. */
    static final int MIN_VALUE_BYTES = 1;
    /** The smallest encoded object member: an empty key's length byte and a tag. */
    static final int MIN_MEMBER_BYTES = 2;

    private DocumentFormat() {
    }

    /** Zigzag: small magnitudes of either sign get short varints (0, -1, 1, -2 map to 0, 1, 2, 3). */
    static long zigzag(long v) {
        return (v << 1) ^ (v >> 63);
    }

    static long unzigzag(long z) {
        return (z >>> 1) ^ -(z & 1);
    }
}
