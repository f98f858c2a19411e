package io.cairn.server.rdb;

import java.io.ByteArrayOutputStream;

/**
 * Writes the RDB encoding as Redis writes it, less compression: lengths in the shortest form,
 * and strings as integers where Redis's {@code rdbTryIntegerEncoding} would (at most 11 bytes,
 * printing back the same, within 32 bits), else raw. Strings are never LZF-compressed, which
 * every Redis reads. Not thread-safe; the buffer grows as needed.
 */
public final class RdbOutput {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    public void u8(int v) {
        out.write(v);
    }

    /** A length in the shortest form; {@code len} is taken as unsigned (a -1 is written as 2^64 - 1, as Redis writes it). */
    public void length(long len) {
        if (len >= 0 && len < 64) {
            out.write((int) len);
        } else if (len >= 0 && len < 16384) {
            out.write((int) (0x40 | (len >>> 8)));
            out.write((int) len);
        } else if (len >= 0 && len <= 0xffffffffL) {
            out.write(0x80);
            for (int i = 3; i >= 0; i--) {
                out.write((int) (len >>> (8 * i)));
            }
        } else {
            out.write(0x81);
            for (int i = 7; i >= 0; i--) {
                out.write((int) (len >>> (8 * i)));
            }
        }
    }

    /** A string: as an 8-, 16- or 32-bit integer where Redis encodes it so, else its length and bytes. */
    public void string(byte[] s) {
        if (s.length <= 11 && IntegerStrings.isInteger(s)) {
            long v = IntegerStrings.value(s);
            if (v >= Byte.MIN_VALUE && v <= Byte.MAX_VALUE) {
                out.write(0xc0);
                out.write((int) v);
                return;
            }
            if (v >= Short.MIN_VALUE && v <= Short.MAX_VALUE) {
                out.write(0xc1);
                littleEndian(v, 2);
                return;
            }
            if (v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE) {
                out.write(0xc2);
                littleEndian(v, 4);
                return;
            }
        }
        rawString(s);
    }

    /** A string as its length and bytes, never integer-encoded (the blobs: listpacks, intsets). */
    public void rawString(byte[] s) {
        length(s.length);
        out.writeBytes(s);
    }

    /** Raw bytes, no length (a stream PEL's 16-byte IDs). */
    public void raw(byte[] bytes) {
        out.writeBytes(bytes);
    }

    /** A time in milliseconds as Redis's {@code rdbSaveMillisecondTime} writes it: 8 bytes, little-endian. */
    public void millis(long ms) {
        littleEndian(ms, 8);
    }

    public void binaryDouble(double d) {
        littleEndian(Double.doubleToRawLongBits(d), 8);
    }

    private void littleEndian(long v, int n) {
        for (int i = 0; i < n; i++) {
            out.write((int) (v >>> (8 * i)));
        }
    }

    /** The bytes so far followed by the footer for {@code version}: a whole payload. */
    public byte[] seal(int version) {
        return RdbFormat.seal(out, version);
    }
}
