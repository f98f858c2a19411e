package io.cairn.common;

import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * CRC32C (Castagnoli) over byte ranges, as every Cairn file format uses. The JDK's
 * {@link CRC32C} is hardware accelerated on x86 and ARM.
 */
public final class Checksums {
    private Checksums() {
    }

    public static int crc32c(byte[] bytes, int offset, int length) {
        CRC32C crc = new CRC32C();
        crc.update(bytes, offset, length);
        return (int) crc.getValue();
    }

    /** CRC32C of {@code buffer}'s bytes from {@code offset} for {@code length}; the position is unchanged. */
    public static int crc32c(ByteBuffer buffer, int offset, int length) {
        CRC32C crc = new CRC32C();
        crc.update(buffer.slice(offset, length));
        return (int) crc.getValue();
    }
}
