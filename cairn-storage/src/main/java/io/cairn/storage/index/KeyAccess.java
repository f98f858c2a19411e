package io.cairn.storage.index;

/**
 * How an index reads the key of an entry it holds. Lets entries be any shape (a record object,
 * or one byte array holding key and value) without a wrapper object per key.
 *
 * <p>Implementations must be stateless and thread-safe; a key must never change while its entry
 * is in an index.
 */
public interface KeyAccess<E> {
    /** Hash of the entry's key; must equal {@link #hash(byte[])} of the same bytes. */
    int hashOf(E entry);

    int hash(byte[] key);

    /** Unsigned lexicographic comparison of the entry's key with {@code key}. */
    int compare(E entry, byte[] key);

    /** Compares the keys of two entries. */
    int compareEntries(E a, E b);

    /** A copy of the entry's key. */
    byte[] key(E entry);
}
