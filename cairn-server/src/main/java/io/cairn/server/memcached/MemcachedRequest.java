package io.cairn.server.memcached;

/**
 * What {@link MemcachedDecoder} hands the connection: a request line, a storage command with its
 * data block, or a refusal the decoder already decided (its data block, if any, swallowed).
 */
sealed interface MemcachedRequest {
    /**
     * A request line without a data block, split at spaces as memcached splits it.
     *
     * @param tokens the words of the line, the command first; never empty
     */
    record Line(byte[][] tokens) implements MemcachedRequest {
    }

    /** A storage command (set, add, replace, append, prepend, cas, ms) and its value. */
    record Storage(StorageHeader header, byte[] data) implements MemcachedRequest {
    }

    /**
     * A refusal in memcached's words ({@code ERROR}, {@code CLIENT_ERROR ...},
     * {@code SERVER_ERROR ...}).
     *
     * @param error   the reply line, without CRLF
     * @param quiet   whether the command asked for no reply (text {@code noreply}), which memcached
     *                honours for these errors too
     * @param dropKey the key to delete, or null: a value too large for a set removes the stale
     *                one, as memcached does
     */
    record Refused(String error, boolean quiet, byte[] dropKey) implements MemcachedRequest {
        Refused(String error, boolean quiet) {
            this(error, quiet, null);
        }
    }
}
