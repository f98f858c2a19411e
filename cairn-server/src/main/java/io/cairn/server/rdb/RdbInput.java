package io.cairn.server.rdb;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads the RDB encoding of one value out of a payload's body: lengths (6-, 14-, 32- and 64-bit),
 * strings in every form (raw, integers of 8, 16 and 32 bits, LZF-compressed) and doubles (binary
 * and the older text form). Every length is checked against the bytes left, and a decompressed
 * size against {@link Lzf#MAX_RATIO} and the limit (which bounds every string, and all the
 * decompressed bytes of the payload together), before anything is allocated; a
 * violation is a {@link MalformedPayloadException} naming the offset. Not thread-safe: one
 * reader per payload.
 */
public final class RdbInput {
    private static final int ENC_INT8 = 0;
    private static final int ENC_INT16 = 1;
    private static final int ENC_INT32 = 2;
    private static final int ENC_LZF = 3;

    private final byte[] b;
    private final int end;
    private final long maxStringBytes;
    private int at;
    private long inflated;

    /**
     * Reads {@code b[from, end)}; no string it reads, and not all the strings it decompresses
     * together, may pass {@code maxStringBytes}.
     */
    public RdbInput(byte[] b, int from, int end, long maxStringBytes) {
        this.b = b;
        this.at = from;
        this.end = end;
        this.maxStringBytes = maxStringBytes;
    }

    public int position() {
        return at;
    }

    public int remaining() {
        return end - at;
    }

    public int u8() {
        if (at >= end) {
            throw new MalformedPayloadException("truncated at " + at);
        }
        return b[at++] & 0xff;
    }

    /** A plain RDB length; an encoded-string marker here is malformed. */
    public long length() {
        long len = lengthOrEncoding();
        if (len < 0) {
            throw new MalformedPayloadException("string encoding where a length belongs at " + (at - 1));
        }
        return len;
    }

    /**
     * A length as a full unsigned 64-bit number (stream IDs and counters, where Redis saves a
     * {@code uint64_t} or a -1 with {@code rdbSaveLen}): the {@code 0x81} form may set the top bit.
     */
    public long unsignedLength() {
        if (at < end && (b[at] & 0xff) == 0x81) {
            at++;
            long v = 0;
            for (int i = 0; i < 8; i++) {
                v = v << 8 | u8();
            }
            return v;
        }
        return length();
    }

    /** A time in milliseconds as Redis's {@code rdbSaveMillisecondTime} writes it: 8 bytes, little-endian, signed. */
    public long millis() {
        return littleEndian(8);
    }

    /**
     * A count of things that follow, each taking at least {@code minBytes} bytes: refused when the
     * bytes left cannot hold them, so a caller may size a collection by it.
     */
    public int count(int minBytes) {
        long n = length();
        if (n > remaining() / minBytes) {
            throw new MalformedPayloadException("count " + n + " at " + at + " (expected: <= "
                    + remaining() / minBytes + ", the bytes left)");
        }
        return (int) n;
    }

    /** A length, or {@code -1 - enc} for a string-encoding marker {@code enc}. */
    private long lengthOrEncoding() {
        int first = u8();
        switch (first >>> 6) {
            case 0 -> {
                return first & 0x3f;
            }
            case 1 -> {
                return (first & 0x3f) << 8 | u8();
            }
            case 2 -> {
                int n = first == 0x80 ? 4 : first == 0x81 ? 8 : -1;
                if (n < 0) {
                    throw new MalformedPayloadException("length prefix " + first + " at " + (at - 1));
                }
                long len = 0;
                for (int i = 0; i < n; i++) {
                    len = len << 8 | u8();
                }
                if (len < 0) {
                    throw new MalformedPayloadException("length " + Long.toUnsignedString(len) + " at " + at);
                }
                return len;
            }
            default -> {
                return -1 - (first & 0x3f);
            }
        }
    }

    /** {@code n} raw bytes. */
    public byte[] bytes(long n) {
        if (n > remaining()) {
            throw new MalformedPayloadException("length " + n + " at " + at + " (expected: <= " + remaining() + ")");
        }
        byte[] out = Arrays.copyOfRange(b, at, at + (int) n);
        at += (int) n;
        return out;
    }

    /** An RDB string in any of its forms, as its bytes (an integer as its decimal text). */
    public byte[] string() {
        long len = lengthOrEncoding();
        if (len >= 0) {
            return bytes(len);
        }
        int enc = (int) (-1 - len);
        return switch (enc) {
            case ENC_INT8 -> IntegerStrings.text((byte) u8());
            case ENC_INT16 -> IntegerStrings.text((short) littleEndian(2));
            case ENC_INT32 -> IntegerStrings.text((int) littleEndian(4));
            case ENC_LZF -> {
                long clen = length();
                long ulen = length();
                if (clen > remaining()) {
                    throw new MalformedPayloadException("compressed length " + clen + " at " + at
                            + " (expected: <= " + remaining() + ")");
                }
                long budget = Math.min(clen * Lzf.MAX_RATIO, maxStringBytes - inflated);
                if (ulen == 0 || ulen > budget) {
                    throw new MalformedPayloadException("decompressed length " + ulen + " at " + at
                            + " (expected: 1 to " + budget + ")");
                }
                inflated += ulen;
                byte[] out = Lzf.decompress(b, at, (int) clen, (int) ulen);
                at += (int) clen;
                yield out;
            }
            default -> throw new MalformedPayloadException("string encoding " + enc + " at " + (at - 1));
        };
    }

    /** ZSET_2's score: an IEEE 754 double, little-endian. */
    public double binaryDouble() {
        return Double.longBitsToDouble(littleEndian(8));
    }

    /** The old ZSET's score: a length byte (253 NaN, 254 +inf, 255 -inf) and that many bytes of text. */
    public double textDouble() {
        int len = u8();
        switch (len) {
            case 253 -> {
                return Double.NaN;
            }
            case 254 -> {
                return Double.POSITIVE_INFINITY;
            }
            case 255 -> {
                return Double.NEGATIVE_INFINITY;
            }
            default -> {
                String s = new String(bytes(len), StandardCharsets.US_ASCII);
                try {
                    return Double.parseDouble(s);
                } catch (NumberFormatException e) {
                    throw new MalformedPayloadException("score " + s + " at " + at);
                }
            }
        }
    }

    private long littleEndian(int n) {
        long v = 0;
        for (int i = 0; i < n; i++) {
            v |= (long) u8() << (8 * i);
        }
        return v;
    }
}
