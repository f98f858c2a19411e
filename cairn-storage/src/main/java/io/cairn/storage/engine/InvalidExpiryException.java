package io.cairn.storage.engine;

import io.cairn.common.InvalidRequestException;

/** A {@link WriteBatch} operation with a negative expiry time. Carries the time given. */
public final class InvalidExpiryException extends InvalidRequestException {
    private final long expireAt;

    public InvalidExpiryException(long expireAt) {
        super("expireAt: " + expireAt + " (expected: >= 0)");
        this.expireAt = expireAt;
    }

    /** The expiry given, in epoch milliseconds. */
    public long expireAt() {
        return expireAt;
    }
}
