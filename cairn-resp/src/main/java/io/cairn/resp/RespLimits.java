package io.cairn.resp;

import io.cairn.common.Checks;

/**
 * Bounds a {@link RespDecoder} enforces before it allocates anything for a request. Immutable;
 * every field is validated on construction, so an instance that exists is usable.
 *
 * <p>A request that breaks a limit is a protocol error: the connection gets the error reply and is
 * closed, as Redis does. Inline requests obey the same argument limits as arrays: more than
 * {@code maxArgs} words, or a word longer than {@code maxBulkBytes}, is refused with the words
 * used for arrays.
 *
 * @param maxBulkBytes   longest bulk string argument, Redis's {@code proto-max-bulk-len}
 *                       (default 512 MiB); a bulk header above it is {@code invalid bulk length}
 * @param maxArgs        most arguments in one command, the name included (default 1,048,576); a
 *                       larger array header is {@code invalid multibulk length}
 * @param maxInlineBytes longest inline command line, CRLF excluded (default 64 KiB, Redis's
 *                       {@code PROTO_INLINE_MAX_SIZE}); longer is {@code too big inline request}
 */
public record RespLimits(int maxBulkBytes, int maxArgs, int maxInlineBytes) {

    public static final int DEFAULT_MAX_BULK_BYTES = 512 * 1024 * 1024;
    public static final int DEFAULT_MAX_ARGS = 1024 * 1024;
    public static final int DEFAULT_MAX_INLINE_BYTES = 64 * 1024;

    /** The largest byte[] the JVM reliably allocates; a bulk is read into one array. */
    static final int MAX_ARRAY_LENGTH = Integer.MAX_VALUE - 8;

    public static final RespLimits DEFAULT =
            new RespLimits(DEFAULT_MAX_BULK_BYTES, DEFAULT_MAX_ARGS, DEFAULT_MAX_INLINE_BYTES);

    public RespLimits {
        Checks.positive("maxBulkBytes", maxBulkBytes);
        if (maxBulkBytes > MAX_ARRAY_LENGTH) {
            throw new IllegalArgumentException(
                    "maxBulkBytes: " + maxBulkBytes + " (expected: <= " + MAX_ARRAY_LENGTH + ")");
        }
        Checks.positive("maxArgs", maxArgs);
        Checks.positive("maxInlineBytes", maxInlineBytes);
    }

    public RespLimits withMaxBulkBytes(int value) {
        return new RespLimits(value, maxArgs, maxInlineBytes);
    }

    public RespLimits withMaxArgs(int value) {
        return new RespLimits(maxBulkBytes, value, maxInlineBytes);
    }

    public RespLimits withMaxInlineBytes(int value) {
        return new RespLimits(maxBulkBytes, maxArgs, value);
    }
}
