package io.cairn.bench.driver.iproto;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * Appends MessagePack values to a growable byte array, always in the shortest form (integers as
 * positive/negative fixint, uint8..64 or int8..64; strings, binaries, arrays and maps with the
 * smallest length header), except {@link #reserveUint32()}, which writes a fixed-width uint32 to
 * patch later (IPROTO's length prefix). Floats and extensions are not written.
 *
 * <p>Not thread-safe: one owner at a time. The array returned by {@link #buffer()} is valid up to
 * {@link #size()} until the next write.
 */
public final class MsgPackWriter {
    private byte[] buf;
    private int size;

    /** @param initialCapacity bytes to allocate up front; the buffer grows as needed */
    public MsgPackWriter(int initialCapacity) {
        if (initialCapacity <= 0) {
            throw new IllegalArgumentException("initialCapacity: " + initialCapacity + " (expected: > 0)");
        }
        buf = new byte[initialCapacity];
    }

    public int size() {
        return size;
    }

    /** The backing array; bytes {@code [0, size())} are the values written. */
    public byte[] buffer() {
        return buf;
    }

    public byte[] toByteArray() {
        return Arrays.copyOf(buf, size);
    }

    /** Forgets everything written. */
    public void reset() {
        size = 0;
    }

    /** Forgets what was written after the first {@code newSize} bytes. */
    public void truncate(int newSize) {
        Objects.checkIndex(newSize, size + 1);
        size = newSize;
    }

    public MsgPackWriter packNil() {
        ensure(1);
        buf[size++] = (byte) 0xc0;
        return this;
    }

    public MsgPackWriter packBoolean(boolean b) {
        ensure(1);
        buf[size++] = (byte) (b ? 0xc3 : 0xc2);
        return this;
    }

    public MsgPackWriter packLong(long v) {
        ensure(9);
        if (v >= 0) {
            if (v < 0x80) {
                buf[size++] = (byte) v;
            } else if (v < 0x100) {
                buf[size++] = (byte) 0xcc;
                buf[size++] = (byte) v;
            } else if (v < 0x10000) {
                buf[size++] = (byte) 0xcd;
                put16((int) v);
            } else if (v < 0x1_0000_0000L) {
                buf[size++] = (byte) 0xce;
                put32((int) v);
            } else {
                buf[size++] = (byte) 0xcf;
                put64(v);
            }
        } else if (v >= -32) {
            buf[size++] = (byte) v; // negative fixint 0xe0..0xff
        } else if (v >= Byte.MIN_VALUE) {
            buf[size++] = (byte) 0xd0;
            buf[size++] = (byte) v;
        } else if (v >= Short.MIN_VALUE) {
            buf[size++] = (byte) 0xd1;
            put16((int) v);
        } else if (v >= Integer.MIN_VALUE) {
            buf[size++] = (byte) 0xd2;
            put32((int) v);
        } else {
            buf[size++] = (byte) 0xd3;
            put64(v);
        }
        return this;
    }

    /** A str value, UTF-8 encoded (without a copy when every char is ASCII). */
    public MsgPackWriter packString(String s) {
        int n = s.length();
        boolean ascii = true;
        for (int i = 0; i < n && ascii; i++) {
            ascii = s.charAt(i) < 0x80;
        }
        if (!ascii) {
            byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
            strHeader(utf8.length);
            putBytes(utf8, 0, utf8.length);
            return this;
        }
        strHeader(n);
        ensure(n);
        for (int i = 0; i < n; i++) {
            buf[size++] = (byte) s.charAt(i);
        }
        return this;
    }

    /** A str value whose bytes are already UTF-8. */
    public MsgPackWriter packStringBytes(byte[] utf8) {
        strHeader(utf8.length);
        putBytes(utf8, 0, utf8.length);
        return this;
    }

    public MsgPackWriter packBinary(byte[] b) {
        return packBinary(b, 0, b.length);
    }

    public MsgPackWriter packBinary(byte[] b, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, b.length);
        ensure(5);
        if (length < 0x100) {
            buf[size++] = (byte) 0xc4;
            buf[size++] = (byte) length;
        } else if (length < 0x10000) {
            buf[size++] = (byte) 0xc5;
            put16(length);
        } else {
            buf[size++] = (byte) 0xc6;
            put32(length);
        }
        putBytes(b, offset, length);
        return this;
    }

    /** An array header: the caller then writes {@code n} values. */
    public MsgPackWriter packArrayHeader(int n) {
        return header(n, 0x90, 0xdc, 0xdd);
    }

    /** A map header: the caller then writes {@code n} keys, each followed by its value. */
    public MsgPackWriter packMapHeader(int n) {
        return header(n, 0x80, 0xde, 0xdf);
    }

    /**
     * Writes a uint32 placeholder (0xce and four zero bytes) and returns its offset, for
     * {@link #patchUint32} once the value is known.
     */
    public int reserveUint32() {
        ensure(5);
        int at = size;
        buf[size++] = (byte) 0xce;
        put32(0);
        return at;
    }

    /** Fills the placeholder {@link #reserveUint32()} wrote at {@code at}. */
    public void patchUint32(int at, long value) {
        Objects.checkFromIndexSize(at, 5, size);
        if (buf[at] != (byte) 0xce) {
            throw new IllegalArgumentException("at: " + at + " (expected: the offset of a reserved uint32)");
        }
        if (value < 0 || value > 0xffff_ffffL) {
            throw new IllegalArgumentException("value: " + value + " (expected: 0..4294967295)");
        }
        int v = (int) value;
        buf[at + 1] = (byte) (v >>> 24);
        buf[at + 2] = (byte) (v >>> 16);
        buf[at + 3] = (byte) (v >>> 8);
        buf[at + 4] = (byte) v;
    }

    private MsgPackWriter header(int n, int fix, int code16, int code32) {
        if (n < 0) {
            throw new IllegalArgumentException("n: " + n + " (expected: >= 0)");
        }
        ensure(5);
        if (n < 16) {
            buf[size++] = (byte) (fix | n);
        } else if (n < 0x10000) {
            buf[size++] = (byte) code16;
            put16(n);
        } else {
            buf[size++] = (byte) code32;
            put32(n);
        }
        return this;
    }

    private void strHeader(int n) {
        ensure(5);
        if (n < 32) {
            buf[size++] = (byte) (0xa0 | n);
        } else if (n < 0x100) {
            buf[size++] = (byte) 0xd9;
            buf[size++] = (byte) n;
        } else if (n < 0x10000) {
            buf[size++] = (byte) 0xda;
            put16(n);
        } else {
            buf[size++] = (byte) 0xdb;
            put32(n);
        }
    }

    private void putBytes(byte[] b, int offset, int length) {
        ensure(length);
        System.arraycopy(b, offset, buf, size, length);
        size += length;
    }

    private void put16(int v) {
        buf[size++] = (byte) (v >>> 8);
        buf[size++] = (byte) v;
    }

    private void put32(int v) {
        buf[size++] = (byte) (v >>> 24);
        buf[size++] = (byte) (v >>> 16);
        buf[size++] = (byte) (v >>> 8);
        buf[size++] = (byte) v;
    }

    private void put64(long v) {
        put32((int) (v >>> 32));
        put32((int) v);
    }

    private void ensure(int more) {
        if (buf.length - size < more) {
            long wanted = Math.max((long) buf.length * 2, (long) size + more);
            if (wanted > Integer.MAX_VALUE - 8) {
                if ((long) size + more > Integer.MAX_VALUE - 8) {
                    throw new IllegalStateException("size: " + size + " + " + more
                            + " (expected: <= " + (Integer.MAX_VALUE - 8) + ")");
                }
                wanted = Integer.MAX_VALUE - 8;
            }
            buf = Arrays.copyOf(buf, (int) wanted);
        }
    }
}
