package io.cairn.storage.engine;

/**
 * A key holding a collection (hash, sorted set or list). Mutable, but only by the keyspace's writer and
 * only while no open read view can see it: {@link Keyspace} copies an entry created at or before
 * the newest open view's epoch before changing it (copy-on-write per collection). The key changes
 * only while the entry is in neither index ({@link Keyspace#rename}).
 */
abstract sealed class CollectionEntry permits HashEntry, ZSetEntry, ListEntry {
    byte[] key;
    long expireAt;
    final long epoch;

    CollectionEntry(byte[] key, long expireAt, long epoch) {
        this.key = key;
        this.expireAt = expireAt;
        this.epoch = epoch;
    }

    abstract ValueType type();

    abstract int size();

    /**
     * A copy stamped with {@code epoch} that the writer may change without changing what an open
     * view sees of this one: every type shares its parts, which copy themselves on write (a
     * hash's packed fields or trie chunks, a sorted set's nodes, a list's chunks), so this is O(1)
     * or O(one chunk).
     */
    abstract CollectionEntry copy(long epoch);
}
