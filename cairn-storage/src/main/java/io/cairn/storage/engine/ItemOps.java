package io.cairn.storage.engine;

/**
 * The memcached item operations of one {@link Txn}: strings with the client's flags and a CAS
 * value kept beside the value ({@link Item}, {@link Mutation.PutItem}). A key holding another
 * type reads as absent here; a store replaces whatever the key held, as memcached's {@code set}.
 *
 * <p>Same contract as {@link Txn}: valid only during the transaction's call, a write checks
 * everything first and then applies fully, arrays passed in are taken over.
 */
public final class ItemOps {
    private final Txn txn;

    ItemOps(Txn txn) {
        this.txn = txn;
    }

    /** The string at {@code key} as an item, or null when absent or not a string. An access. */
    public Item get(byte[] key) {
        return item(txn.live(key));
    }

    /**
     * Stores {@code value} at {@code key} with the client's {@code flags} and an expiry
     * ({@code expireAt} epoch milliseconds, 0 for none), replacing what the key held. Returns the
     * item's CAS: the LSN this transaction's batch will be logged under, so call it at most once
     * per key and transaction.
     *
     * @throws LimitExceededException when the key or value passes the store's limits
     */
    public long put(byte[] key, byte[] value, int flags, long expireAt) {
        txn.checkWrite(key);
        txn.checkValue(value);
        if (expireAt < 0) {
            throw new IllegalArgumentException("expireAt: " + expireAt + " (expected: >= 0)");
        }
        txn.liveForWrite(key);
        long cas = txn.batchLsn();
        txn.record(new Mutation.PutItem(txn.db(), key, value, expireAt, flags, cas), key.length + value.length + 16);
        return cas;
    }

    private static Item item(Object e) {
        if (e instanceof byte[] r && !StringRecord.isDocument(r)) {
            return Item.of(r);
        }
        return null;
    }
}
