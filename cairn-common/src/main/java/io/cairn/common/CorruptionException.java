package io.cairn.common;

/**
 * Stored bytes are not what was written: a checksum mismatch, an impossible length, a missing
 * file in a sequence. Carries the resource (usually a file name) and the byte offset so an
 * operator can find the damage.
 */
public final class CorruptionException extends CairnException {
    private final String resource;
    private final long offset;

    public CorruptionException(String resource, long offset, String detail) {
        super(detail + " (resource=" + resource + ", offset=" + offset + ")");
        this.resource = resource;
        this.offset = offset;
    }

    /** A checksum failure worded as {@code checksum mismatch: actual=0x.. vs expected=0x..}. */
    public static CorruptionException checksum(String resource, long offset, int actual, int expected) {
        return new CorruptionException(resource, offset,
                "checksum mismatch: actual=0x" + Integer.toHexString(actual)
                        + " vs expected=0x" + Integer.toHexString(expected));
    }

    public String resource() {
        return resource;
    }

    /** Byte offset of the damaged record or header, or -1 when it concerns the whole resource. */
    public long offset() {
        return offset;
    }
}
