package io.cairn.resp;

import io.cairn.common.Checks;

/**
 * Bounds a {@link RespReplyDecoder} enforces on what a server sends, each checked before anything
 * is allocated for it. Immutable; every field is validated on construction. A reply that breaks a
 * limit is a protocol error: the stream can no longer be trusted, so the connection is closed.
 *
 * @param maxBulkBytes        longest bulk string, bulk error or verbatim string (default 512 MiB,
 *                            Redis's {@code proto-max-bulk-len})
 * @param maxAggregateLength  most elements in an array, set or push, and most pairs in a map or
 *                            attribute (default 16,777,216); a decoded aggregate's list grows as its
 *                            elements arrive, so the claim alone allocates nothing
 * @param maxDepth            most aggregates open inside one another (default 32)
 * @param maxLineBytes        longest line: a type byte, a simple string, error, number or header,
 *                            CRLF excluded (default 64 KiB, Redis's {@code PROTO_INLINE_MAX_SIZE})
 */
public record RespReplyLimits(int maxBulkBytes, int maxAggregateLength, int maxDepth, int maxLineBytes) {

    public static final int DEFAULT_MAX_BULK_BYTES = RespLimits.DEFAULT_MAX_BULK_BYTES;
    public static final int DEFAULT_MAX_AGGREGATE_LENGTH = 16 * 1024 * 1024;
    public static final int DEFAULT_MAX_DEPTH = 32;
    public static final int DEFAULT_MAX_LINE_BYTES = 64 * 1024;
    /** The stack of open aggregates is allocated whole, so its depth is kept small. */
    static final int MAX_MAX_DEPTH = 1024;

    public static final RespReplyLimits DEFAULT = new RespReplyLimits(DEFAULT_MAX_BULK_BYTES,
            DEFAULT_MAX_AGGREGATE_LENGTH, DEFAULT_MAX_DEPTH, DEFAULT_MAX_LINE_BYTES);

    public RespReplyLimits {
        Checks.inRange("maxBulkBytes", maxBulkBytes, 1, RespLimits.MAX_ARRAY_LENGTH);
        Checks.positive("maxAggregateLength", maxAggregateLength);
        Checks.inRange("maxDepth", maxDepth, 1, MAX_MAX_DEPTH);
        Checks.inRange("maxLineBytes", maxLineBytes, 1, RespLimits.MAX_ARRAY_LENGTH);
    }

    public RespReplyLimits withMaxBulkBytes(int value) {
        return new RespReplyLimits(value, maxAggregateLength, maxDepth, maxLineBytes);
    }

    public RespReplyLimits withMaxAggregateLength(int value) {
        return new RespReplyLimits(maxBulkBytes, value, maxDepth, maxLineBytes);
    }

    public RespReplyLimits withMaxDepth(int value) {
        return new RespReplyLimits(maxBulkBytes, maxAggregateLength, value, maxLineBytes);
    }

    public RespReplyLimits withMaxLineBytes(int value) {
        return new RespReplyLimits(maxBulkBytes, maxAggregateLength, maxDepth, value);
    }
}
