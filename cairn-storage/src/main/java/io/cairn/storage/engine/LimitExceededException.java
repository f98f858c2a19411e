package io.cairn.storage.engine;

import io.cairn.common.InvalidRequestException;

/**
 * A write the store refuses because something is larger than a configured limit: a key or value
 * longer than {@link StoreConfig#maxKeyBytes()} / {@link StoreConfig#maxValueBytes()}, or a
 * transaction or batch whose log record would exceed {@link StoreConfig#maxRecordBytes()}. Thrown
 * before anything changes. Carries the numbers; the message is for logs, and protocol layers word
 * the error for their clients from {@link #limit()}, {@link #actual()} and {@link #max()}.
 */
public final class LimitExceededException extends InvalidRequestException {
    /** What was too large; {@link #what} names it in messages. */
    public enum Limit {
        KEY_LENGTH("key length"),
        VALUE_LENGTH("value length"),
        FIELD_LENGTH("field length"),
        MEMBER_LENGTH("member length"),
        /** A transaction's log record, as counted while it runs (an upper bound of the encoded size). */
        TRANSACTION_BYTES("transaction size for the write-ahead log"),
        /** A {@link WriteBatch}'s log record, checked before the batch applies. */
        BATCH_BYTES("batch size for the write-ahead log");

        public final String what;

        Limit(String what) {
            this.what = what;
        }
    }

    private final Limit limit;
    private final long actual;
    private final long max;

    public LimitExceededException(Limit limit, long actual, long max) {
        super(limit.what + ": " + actual + " (expected: <= " + max + ")");
        this.limit = limit;
        this.actual = actual;
        this.max = max;
    }

    public Limit limit() {
        return limit;
    }

    /** The size met, in bytes; for {@link Limit#BATCH_BYTES} the size counted when the limit was passed. */
    public long actual() {
        return actual;
    }

    public long max() {
        return max;
    }
}
