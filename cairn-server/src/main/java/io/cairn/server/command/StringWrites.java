package io.cairn.server.command;

import io.cairn.storage.engine.Txn;

/**
 * String writes that several families share (strings, bitmaps, HyperLogLogs): commands that
 * change a string in place in Redis (APPEND, SETRANGE, SETBIT, BITFIELD, PFADD, PFMERGE) keep the
 * key's expiry, where SET and BITOP drop it.
 */
public final class StringWrites {
    private StringWrites() {
    }

    /** Replaces the string at {@code key} with {@code value}, keeping the key's expiry (none when absent). */
    public static void replaceKeepingTtl(Txn t, byte[] key, byte[] value) {
        long at = t.expireAt(key);
        t.set(key, value, at > 0 ? at : 0);
    }
}
