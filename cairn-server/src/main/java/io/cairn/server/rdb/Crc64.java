package io.cairn.server.rdb;

/**
 * The CRC-64 Redis checks its RDB files and DUMP payloads with: the Jones polynomial
 * ({@code 0xad93d23594c935a9}), reflected, initial value 0, no final xor. Check value of
 * {@code "123456789"}: {@code 0xe9c6d914c4b8d9ca}. Stateless.
 */
public final class Crc64 {
    private static final long[] TABLE = new long[256];

    static {
        long poly = Long.reverse(0xad93d23594c935a9L);
        for (int i = 0; i < 256; i++) {
            long c = i;
            for (int k = 0; k < 8; k++) {
                c = (c & 1) != 0 ? (c >>> 1) ^ poly : c >>> 1;
            }
            TABLE[i] = c;
        }
    }

    private Crc64() {
    }

    public static long of(byte[] b, int off, int len) {
        long crc = 0;
        for (int i = off; i < off + len; i++) {
            crc = TABLE[(int) ((crc ^ b[i]) & 0xff)] ^ (crc >>> 8);
        }
        return crc;
    }
}
