package io.cairn.bench.driver.iproto;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * Reads MessagePack values from a byte range, in any of the standard widths, without copying
 * except where a value is returned as an array or a string. Every length is checked against the
 * bytes left before it is used, so malformed input fails with a {@link MsgPackException} naming
 * the offset rather than with an allocation or an index error.
 *
 * <p>Not thread-safe. The reader does not copy the range; its owner must not change it while
 * reading.
 */
public final class MsgPackReader {
    private byte[] buf;
    private int pos;
    private int limit;

    public MsgPackReader(byte[] buf, int offset, int length) {
        reset(buf, offset, length);
    }

    public MsgPackReader(byte[] buf) {
        this(buf, 0, buf.length);
    }

    /** Reads {@code buf[offset, offset + length)} from its start. */
    public void reset(byte[] buf, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, buf.length);
        this.buf = buf;
        this.pos = offset;
        this.limit = offset + length;
    }

    public int position() {
        return pos;
    }

    public boolean hasRemaining() {
        return pos < limit;
    }

    /** The type of the next value, without consuming it. */
    public MsgPackType nextType() throws MsgPackException {
        int b = peek();
        if (b <= 0x7f || b >= 0xe0) {
            return MsgPackType.INTEGER;
        }
        if (b <= 0x8f) {
            return MsgPackType.MAP;
        }
        if (b <= 0x9f) {
            return MsgPackType.ARRAY;
        }
        if (b <= 0xbf) {
            return MsgPackType.STRING;
        }
        return switch (b) {
            case 0xc0 -> MsgPackType.NIL;
            case 0xc2, 0xc3 -> MsgPackType.BOOLEAN;
            case 0xc4, 0xc5, 0xc6 -> MsgPackType.BINARY;
            case 0xc7, 0xc8, 0xc9, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8 -> MsgPackType.EXTENSION;
            case 0xca, 0xcb -> MsgPackType.FLOAT;
            case 0xcc, 0xcd, 0xce, 0xcf, 0xd0, 0xd1, 0xd2, 0xd3 -> MsgPackType.INTEGER;
            case 0xd9, 0xda, 0xdb -> MsgPackType.STRING;
            case 0xdc, 0xdd -> MsgPackType.ARRAY;
            case 0xde, 0xdf -> MsgPackType.MAP;
            default -> throw error("format byte 0x" + Integer.toHexString(b) + " (never used)");
        };
    }

    public void readNil() throws MsgPackException {
        if (peek() != 0xc0) {
            throw unexpected("nil");
        }
        pos++;
    }

    /** Consumes a nil and returns true, or leaves a non-nil value and returns false. */
    public boolean tryReadNil() throws MsgPackException {
        if (peek() == 0xc0) {
            pos++;
            return true;
        }
        return false;
    }

    public boolean readBoolean() throws MsgPackException {
        int b = peek();
        if (b != 0xc2 && b != 0xc3) {
            throw unexpected("boolean");
        }
        pos++;
        return b == 0xc3;
    }

    /** An integer of any width; a uint64 above {@link Long#MAX_VALUE} is out of range. */
    public long readLong() throws MsgPackException {
        int b = peek();
        if (b <= 0x7f) {
            pos++;
            return b;
        }
        if (b >= 0xe0) {
            pos++;
            return (byte) b;
        }
        int at = pos;
        long v = switch (b) {
            case 0xcc -> u(at + 1, 1);
            case 0xcd -> u(at + 1, 2);
            case 0xce -> u(at + 1, 4);
            case 0xcf -> u(at + 1, 8);
            case 0xd0 -> (byte) u(at + 1, 1);
            case 0xd1 -> (short) u(at + 1, 2);
            case 0xd2 -> (int) u(at + 1, 4);
            case 0xd3 -> u(at + 1, 8);
            default -> throw unexpected("integer");
        };
        if (b == 0xcf && v < 0) {
            throw error("uint64 " + Long.toUnsignedString(v) + " (expected: <= " + Long.MAX_VALUE + ")");
        }
        pos = at + 1 + widthOf(b);
        return v;
    }

    /** A float32 or float64 as a double. */
    public double readDouble() throws MsgPackException {
        int b = peek();
        if (b == 0xca) {
            float f = Float.intBitsToFloat((int) u(pos + 1, 4));
            pos += 5;
            return f;
        }
        if (b == 0xcb) {
            double d = Double.longBitsToDouble(u(pos + 1, 8));
            pos += 9;
            return d;
        }
        throw unexpected("float");
    }

    public int readArrayHeader() throws MsgPackException {
        int b = peek();
        if ((b & 0xf0) == 0x90) {
            pos++;
            return b & 0x0f;
        }
        return switch (b) {
            case 0xdc -> count(2);
            case 0xdd -> count(4);
            default -> throw unexpected("array");
        };
    }

    public int readMapHeader() throws MsgPackException {
        int b = peek();
        if ((b & 0xf0) == 0x80) {
            pos++;
            return b & 0x0f;
        }
        return switch (b) {
            case 0xde -> count(2);
            case 0xdf -> count(4);
            default -> throw unexpected("map");
        };
    }

    /** A str value, decoded from UTF-8. */
    public String readString() throws MsgPackException {
        int n = strLength();
        String s = new String(buf, pos, n, StandardCharsets.UTF_8);
        pos += n;
        return s;
    }

    /** The payload of a bin or str value. */
    public byte[] readBytes() throws MsgPackException {
        MsgPackType type = nextType();
        if (type != MsgPackType.BINARY && type != MsgPackType.STRING) {
            throw unexpected("binary or string");
        }
        int n = type == MsgPackType.BINARY ? binLength() : strLength();
        byte[] b = Arrays.copyOfRange(buf, pos, pos + n);
        pos += n;
        return b;
    }

    /** Consumes the next value, however deeply nested. */
    public void skip() throws MsgPackException {
        long values = 1;
        while (values > 0) {
            values--;
            int b = peek();
            if (b <= 0x7f || b >= 0xe0) {
                pos++;
            } else if (b <= 0x8f) {
                pos++;
                values += 2L * (b & 0x0f);
            } else if (b <= 0x9f) {
                pos++;
                values += b & 0x0f;
            } else if (b <= 0xbf) {
                advance(1 + (b & 0x1f));
            } else {
                switch (b) {
                    case 0xc0, 0xc2, 0xc3 -> pos++;
                    case 0xcc, 0xcd, 0xce, 0xcf, 0xd0, 0xd1, 0xd2, 0xd3, 0xca, 0xcb -> advance(1 + widthOf(b));
                    case 0xc4, 0xd9 -> advance(2 + u(pos + 1, 1));
                    case 0xc5, 0xda -> advance(3 + u(pos + 1, 2));
                    case 0xc6, 0xdb -> advance(5 + u(pos + 1, 4));
                    case 0xd4 -> advance(3);
                    case 0xd5 -> advance(4);
                    case 0xd6 -> advance(6);
                    case 0xd7 -> advance(10);
                    case 0xd8 -> advance(18);
                    case 0xc7 -> advance(3 + u(pos + 1, 1));
                    case 0xc8 -> advance(4 + u(pos + 1, 2));
                    case 0xc9 -> advance(6 + u(pos + 1, 4));
                    case 0xdc -> values += count(2);
                    case 0xdd -> values += count(4);
                    case 0xde -> values += 2L * count(2);
                    case 0xdf -> values += 2L * count(4);
                    default -> throw error("format byte 0x" + Integer.toHexString(b) + " (never used)");
                }
            }
        }
    }

    private int strLength() throws MsgPackException {
        int b = peek();
        if ((b & 0xe0) == 0xa0) {
            pos++;
            return checkedLength(b & 0x1f);
        }
        return switch (b) {
            case 0xd9 -> length(1);
            case 0xda -> length(2);
            case 0xdb -> length(4);
            default -> throw unexpected("string");
        };
    }

    private int binLength() throws MsgPackException {
        return switch (peek()) {
            case 0xc4 -> length(1);
            case 0xc5 -> length(2);
            case 0xc6 -> length(4);
            default -> throw unexpected("binary");
        };
    }

    /** Reads a {@code width}-byte length after the format byte and checks the payload is there. */
    private int length(int width) throws MsgPackException {
        long n = u(pos + 1, width);
        pos += 1 + width;
        return checkedLength(n);
    }

    private int checkedLength(long n) throws MsgPackException {
        if (n > limit - pos) {
            throw error("length " + n + " (expected: <= " + (limit - pos) + ", the bytes left)");
        }
        return (int) n;
    }

    /**
     * Reads a {@code width}-byte element count after the format byte. Each element takes at least
     * one byte, so a count above the bytes left is malformed.
     */
    private int count(int width) throws MsgPackException {
        long n = u(pos + 1, width);
        pos += 1 + width;
        if (n > limit - pos) {
            throw error("count " + n + " (expected: <= " + (limit - pos) + ", the bytes left)");
        }
        return (int) n;
    }

    private void advance(long n) throws MsgPackException {
        if (n > limit - pos) {
            throw error("value of " + n + " bytes (expected: <= " + (limit - pos) + ", the bytes left)");
        }
        pos += (int) n;
    }

    private static int widthOf(int formatByte) {
        return switch (formatByte) {
            case 0xcc, 0xd0 -> 1;
            case 0xcd, 0xd1 -> 2;
            case 0xce, 0xd2, 0xca -> 4;
            default -> 8; // 0xcf, 0xd3, 0xcb
        };
    }

    /** The big-endian unsigned number in {@code buf[at, at + width)}. */
    private long u(int at, int width) throws MsgPackException {
        if (width > limit - at) {
            throw error("truncated: " + (limit - at) + " bytes left (expected: " + width + ")");
        }
        long v = 0;
        for (int i = 0; i < width; i++) {
            v = (v << 8) | (buf[at + i] & 0xff);
        }
        return v;
    }

    private int peek() throws MsgPackException {
        if (pos >= limit) {
            throw error("truncated: no bytes left (expected: a value)");
        }
        return buf[pos] & 0xff;
    }

    private MsgPackException unexpected(String expected) {
        String actual;
        try {
            actual = nextType().name().toLowerCase(java.util.Locale.ROOT);
        } catch (MsgPackException e) {
            actual = "format byte 0x" + Integer.toHexString(buf[pos] & 0xff);
        }
        return error(actual + " (expected: " + expected + ")");
    }

    private MsgPackException error(String what) {
        return new MsgPackException("msgpack at offset " + pos + ": " + what);
    }
}
