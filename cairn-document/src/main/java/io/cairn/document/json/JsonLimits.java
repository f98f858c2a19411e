package io.cairn.document.json;

import io.cairn.common.Checks;

/**
 * Limits a document must stay within, checked before anything is allocated for it: the parser
 * refuses deeper or longer input, the binary decoder refuses deeper stored documents, and the
 * document operations refuse updates that would nest deeper.
 *
 * @param maxDepth how many containers may nest (RedisJSON allows 128)
 * @param maxBytes the longest JSON text accepted, in bytes (Redis bulk strings stop at 512 MiB)
 */
public record JsonLimits(int maxDepth, long maxBytes) {
    /** RedisJSON's nesting limit. */
    public static final int DEFAULT_MAX_DEPTH = 128;
    /** Redis's default {@code proto-max-bulk-len}. */
    public static final long DEFAULT_MAX_BYTES = 512L * 1024 * 1024;
    public static final JsonLimits DEFAULT = new JsonLimits(DEFAULT_MAX_DEPTH, DEFAULT_MAX_BYTES);

    public JsonLimits {
        Checks.inRange("maxDepth", maxDepth, 1, 10_000);
        Checks.positive("maxBytes", maxBytes);
    }
}
