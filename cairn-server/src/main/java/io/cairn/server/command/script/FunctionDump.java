package io.cairn.server.command.script;

import io.cairn.common.InvalidRequestException;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * FUNCTION DUMP's payload in Redis's own serialization, so a dump moves between Cairn and Redis:
 * per library the RDB opcode {@code 245} (FUNCTION2) and its code as an RDB string, then the RDB
 * version (2 bytes, little-endian) and a CRC64 (Jones, reflected, as Redis's {@code crc64}) of
 * everything before it (8 bytes, little-endian). Strings are read in every RDB form (6-, 14-, 32-
 * and 64-bit lengths, integers, LZF-compressed, as Redis writes code of more than 20 bytes) and
 * written uncompressed. The same payload is what the store logs and snapshots for the libraries.
 * Stateless.
 */
final class FunctionDump {
    static final int OPCODE_FUNCTION2 = 245;
    /** The RDB version written: Redis 7.2's. Payloads up to it are read. */
    static final int RDB_VERSION = 11;
    private static final String WRONG = "ERR DUMP payload version or checksum are wrong";
    private static final long[] CRC_TABLE = new long[256];

    static {
        long poly = Long.reverse(0xad93d23594c935a9L); // Jones, reflected
        for (int i = 0; i < 256; i++) {
            long c = i;
            for (int k = 0; k < 8; k++) {
                c = (c & 1) != 0 ? (c >>> 1) ^ poly : c >>> 1;
            }
            CRC_TABLE[i] = c;
        }
    }

    private FunctionDump() {
    }

    static long crc64(byte[] b, int off, int len) {
        long crc = 0;
        for (int i = off; i < off + len; i++) {
            crc = CRC_TABLE[(int) ((crc ^ b[i]) & 0xff)] ^ (crc >>> 8);
        }
        return crc;
    }

    /** The payload of these libraries' codes. */
    static byte[] write(List<byte[]> codes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] code : codes) {
            out.write(OPCODE_FUNCTION2);
            writeLength(out, code.length);
            out.writeBytes(code);
        }
        out.write(RDB_VERSION & 0xff);
        out.write(RDB_VERSION >>> 8);
        byte[] body = out.toByteArray();
        long crc = crc64(body, 0, body.length);
        for (int i = 0; i < 8; i++) {
            out.write((int) (crc >>> (8 * i)));
        }
        return out.toByteArray();
    }

    /** The libraries' codes in a payload; refuses a wrong version or checksum, or a damaged body, in Redis's words. */
    static List<byte[]> read(byte[] payload) {
        if (payload.length < 10) {
            throw new InvalidRequestException(WRONG);
        }
        int end = payload.length - 10;
        int version = (payload[end] & 0xff) | (payload[end + 1] & 0xff) << 8;
        long crc = 0;
        for (int i = 0; i < 8; i++) {
            crc |= (payload[end + 2 + i] & 0xffL) << (8 * i);
        }
        if (version > RDB_VERSION || crc != crc64(payload, 0, end + 2)) {
            throw new InvalidRequestException(WRONG);
        }
        List<byte[]> codes = new ArrayList<>();
        int[] at = {0};
        while (at[0] < end) {
            int opcode = payload[at[0]++] & 0xff;
            if (opcode != OPCODE_FUNCTION2) {
                throw new InvalidRequestException("ERR given type is not a function");
            }
            codes.add(readString(payload, at, end));
        }
        return codes;
    }

    private static void writeLength(ByteArrayOutputStream out, long len) {
        if (len < 64) {
            out.write((int) len);
        } else if (len < 16384) {
            out.write((int) (0x40 | (len >>> 8)));
            out.write((int) len);
        } else if (len <= 0xffffffffL) {
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

    /** An RDB length; {@code special[0]} set when it is a string encoding (the low 6 bits) instead. */
    private static long readLength(byte[] b, int[] at, int end, boolean[] special) {
        int first = take(b, at, end);
        switch (first >>> 6) {
            case 0 -> {
                return first & 0x3f;
            }
            case 1 -> {
                return (first & 0x3f) << 8 | take(b, at, end);
            }
            case 2 -> {
                int n = first == 0x80 ? 4 : first == 0x81 ? 8 : -1;
                if (n < 0) {
                    throw new InvalidRequestException(WRONG);
                }
                long len = 0;
                for (int i = 0; i < n; i++) {
                    len = len << 8 | take(b, at, end);
                }
                return len;
            }
            default -> {
                special[0] = true;
                return first & 0x3f;
            }
        }
    }

    private static byte[] readString(byte[] b, int[] at, int end) {
        boolean[] special = {false};
        long len = readLength(b, at, end, special);
        if (!special[0]) {
            return slice(b, at, end, len);
        }
        switch ((int) len) {
            case 0, 1, 2 -> { // an integer, little-endian, of 1, 2 or 4 bytes, as decimal text
                int n = 1 << len;
                long v = 0;
                for (int i = 0; i < n; i++) {
                    v |= (long) take(b, at, end) << (8 * i);
                }
                v = n == 1 ? (byte) v : n == 2 ? (short) v : (int) v;
                return Long.toString(v).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            }
            case 3 -> {
                long clen = readLength(b, at, end, new boolean[1]);
                long ulen = readLength(b, at, end, new boolean[1]);
                if (ulen > Integer.MAX_VALUE - 8) {
                    throw new InvalidRequestException(WRONG);
                }
                return lzf(slice(b, at, end, clen), (int) ulen);
            }
            default -> throw new InvalidRequestException(WRONG);
        }
    }

    private static int take(byte[] b, int[] at, int end) {
        if (at[0] >= end) {
            throw new InvalidRequestException(WRONG);
        }
        return b[at[0]++] & 0xff;
    }

    private static byte[] slice(byte[] b, int[] at, int end, long len) {
        if (len > end - at[0]) {
            throw new InvalidRequestException(WRONG);
        }
        byte[] out = java.util.Arrays.copyOfRange(b, at[0], at[0] + (int) len);
        at[0] += (int) len;
        return out;
    }

    /** LZF decompression (liblzf's format, as Redis uses it) into exactly {@code size} bytes. */
    static byte[] lzf(byte[] in, int size) {
        byte[] out = new byte[size];
        int ip = 0;
        int op = 0;
        while (ip < in.length) {
            int ctrl = in[ip++] & 0xff;
            if (ctrl < 32) { // a literal run of ctrl + 1 bytes
                int run = ctrl + 1;
                if (ip + run > in.length || op + run > size) {
                    throw new InvalidRequestException(WRONG);
                }
                System.arraycopy(in, ip, out, op, run);
                ip += run;
                op += run;
            } else { // a back reference
                int len = ctrl >>> 5;
                if (len == 7) {
                    if (ip >= in.length) {
                        throw new InvalidRequestException(WRONG);
                    }
                    len += in[ip++] & 0xff;
                }
                if (ip >= in.length) {
                    throw new InvalidRequestException(WRONG);
                }
                int ref = op - ((ctrl & 0x1f) << 8) - 1 - (in[ip++] & 0xff);
                len += 2;
                if (ref < 0 || op + len > size) {
                    throw new InvalidRequestException(WRONG);
                }
                for (int i = 0; i < len; i++) {
                    out[op++] = out[ref++];
                }
            }
        }
        if (op != size) {
            throw new InvalidRequestException(WRONG);
        }
        return out;
    }
}
