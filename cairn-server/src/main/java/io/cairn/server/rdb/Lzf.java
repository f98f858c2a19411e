package io.cairn.server.rdb;

/**
 * LZF decompression (liblzf's format, which Redis uses for RDB strings of more than 20 bytes).
 * Cairn writes strings uncompressed, so it has no compressor. Stateless.
 *
 * <p>The stream is a sequence of runs: a control byte below 32 is a literal of {@code ctrl + 1}
 * bytes; any other is a back reference of {@code (ctrl >> 5) + 2} bytes (a length field of 7 is
 * extended by the next byte) at distance {@code ((ctrl & 31) << 8 | next) + 1}.
 */
public final class Lzf {
    /** The most one input byte can expand to: a 3-byte back reference gives at most 264 bytes. */
    public static final int MAX_RATIO = 88;

    private Lzf() {
    }

    /**
     * Decompresses {@code in[off, off + len)} into exactly {@code size} bytes, which the caller
     * checked against {@link #MAX_RATIO} before allocating them.
     *
     * @throws MalformedPayloadException when the stream is damaged or does not give {@code size} bytes
     */
    public static byte[] decompress(byte[] in, int off, int len, int size) {
        byte[] out = new byte[size];
        int ip = off;
        int end = off + len;
        int op = 0;
        while (ip < end) {
            int ctrl = in[ip++] & 0xff;
            if (ctrl < 32) {
                int run = ctrl + 1;
                if (ip + run > end || op + run > size) {
                    throw new MalformedPayloadException("lzf: literal run past the end at " + (ip - off));
                }
                System.arraycopy(in, ip, out, op, run);
                ip += run;
                op += run;
            } else {
                int n = ctrl >>> 5;
                if (n == 7) {
                    if (ip >= end) {
                        throw new MalformedPayloadException("lzf: truncated length at " + (ip - off));
                    }
                    n += in[ip++] & 0xff;
                }
                if (ip >= end) {
                    throw new MalformedPayloadException("lzf: truncated reference at " + (ip - off));
                }
                int ref = op - ((ctrl & 0x1f) << 8) - 1 - (in[ip++] & 0xff);
                n += 2;
                if (ref < 0 || op + n > size) {
                    throw new MalformedPayloadException("lzf: reference out of range at " + (ip - off));
                }
                for (int i = 0; i < n; i++) {
                    out[op++] = out[ref++];
                }
            }
        }
        if (op != size) {
            throw new MalformedPayloadException("lzf: " + op + " bytes (expected: " + size + ")");
        }
        return out;
    }
}
