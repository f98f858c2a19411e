package io.cairn.server.memcached;

/**
 * The request line of a storage command, read and checked before its data block is: what
 * memcached's {@code process_update_command} and {@code process_mset_command} take from it.
 *
 * @param mode     how to store: the text command, or an {@code ms} mode
 * @param key      the key (base64-decoded for {@code ms ... b})
 * @param flags    the client's 32-bit flags
 * @param exptime  the expiration as memcached reads it (see {@link Expiry}); for {@code ms}
 *                 without {@code T}, 0
 * @param length   the value's length in bytes, without the CRLF that ends the block
 * @param cas      the CAS the command compares against, 0 for none
 * @param noreply  text {@code noreply}, or meta {@code q}
 * @param meta     the {@code ms} flags (their tokens answer {@code O}, {@code k}, {@code c}), or
 *                 null for a text command
 */
record StorageHeader(Mode mode, byte[] key, int flags, int exptime, int length, long cas, boolean noreply,
                     MetaFlags meta) {
    enum Mode {
        SET, ADD, REPLACE, APPEND, PREPEND, CAS
    }
}
