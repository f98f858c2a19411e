package io.cairn.storage.engine;

/**
 * A key holding a collection (hash, sorted set or list). Mutable, but only by the keyspace's writer and
 * only while no open read view can see it: {@link Keyspace} copies an entry created at or before
 * the newest open view's epoch before changing it (copy-on-write per collection).
 */
abstract sealed class CollectionEntry permits HashEntry, ZSetEntry, ListEntry {
    final byte[] key;
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
     * A copy stamped with {@code epoch} that no later write to it can change what this entry
     * holds: a deep copy (hash), or one sharing copy-on-write nodes (sorted set, O(1)).
     */
    abstract CollectionEntry copy(long epoch);
}
