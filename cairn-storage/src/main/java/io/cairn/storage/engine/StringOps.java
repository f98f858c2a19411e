package io.cairn.storage.engine;

import java.nio.ByteBuffer;

/**
 * The string operations of one {@link Txn} that read or change part of a value without copying
 * it whole: the bit commands, SETRANGE and APPEND. A change is logged as the bytes it writes
 * ({@link Mutation.StringSetRange}), not the whole value, so a SETBIT on a 100 MB bitmap logs a
 * byte.
 *
 * <p>Same contract as {@link Txn}: valid only during the transaction's call, a write checks
 * everything first and then applies fully, arrays passed in are taken over.
 *
 * @throws WrongTypeException from every method, when the key holds something other than a string
 */
public final class StringOps {
    private final Txn txn;

    StringOps(Txn txn) {
        this.txn = txn;
    }

    /**
     * The string's bytes as a read-only buffer (position 0, limit the length) over the stored
     * value, not a copy; null when the key is absent. Valid until this transaction writes again
     * (a write may change the bytes in place) and never after it ends.
     */
    public ByteBuffer view(byte[] key) {
        byte[] r = record(txn.live(key));
        if (r == null) {
            return null;
        }
        int offset = StringRecord.valueOffset(r);
        return ByteBuffer.wrap(r, offset, r.length - offset).slice().asReadOnlyBuffer();
    }

    /** The string's length in bytes; 0 when the key is absent. */
    public long length(byte[] key) {
        byte[] r = record(txn.live(key));
        return r == null ? 0 : StringRecord.valueLength(r);
    }

    /**
     * Writes {@code bytes} at byte {@code offset}, first growing the string with zero bytes to
     * {@code offset + bytes.length} when it is shorter, or creating it (empty, without expiry)
     * when the key is absent; the key's expiry is kept. An empty {@code bytes} still creates or
     * grows the string (to {@code offset}). Returns the string's length after the write.
     *
     * @throws LimitExceededException when the string would pass the store's value limit
     *         ({@code maxValueBytes}); nothing is allocated or changed then
     */
    public long setRange(byte[] key, long offset, byte[] bytes) {
        txn.checkWrite(key);
        if (offset < 0) {
            throw new IllegalArgumentException("offset: " + offset + " (expected: >= 0)");
        }
        long end = offset + bytes.length;
        if (end > txn.maxValueBytes()) {
            throw new LimitExceededException(LimitExceededException.Limit.VALUE_LENGTH, end, txn.maxValueBytes());
        }
        byte[] r = record(txn.liveForWrite(key));
        long length = Math.max(r == null ? 0 : StringRecord.valueLength(r), end);
        txn.record(new Mutation.StringSetRange(txn.db(), key, offset, bytes), key.length + bytes.length + 10);
        return length;
    }

    private static byte[] record(Object e) {
        if (e == null) {
            return null;
        }
        if (e instanceof byte[] r && !StringRecord.isDocument(r)) {
            return r;
        }
        throw new WrongTypeException(ValueType.STRING, EntryKeys.typeOf(e));
    }
}
