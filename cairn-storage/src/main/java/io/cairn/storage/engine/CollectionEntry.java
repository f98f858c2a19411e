package io.cairn.storage.engine;

/**
 * A key holding a collection (hash, set, sorted set or list). Mutable, but only by the keyspace's writer and
 * only while no open read view can see it: {@link Keyspace} copies an entry created at or before
 * the newest open view's epoch before changing it (copy-on-write per collection). The key changes
 * only while the entry is in neither index ({@link Keyspace#rename}).
 */
abstract sealed class CollectionEntry permits HashEntry, SetEntry, ZSetEntry, ListEntry, StreamEntry {
    byte[] key;
    long expireAt;
    final long epoch;
    /**
     * What this entry adds to its keyspace's bytes ({@link Keyspace#reaccount}); 0 until it is
     * first put in a keyspace. Kept by the keyspace only.
     */
    long accounted;

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
     * hash's packed fields or trie chunks, a set's and a sorted set's nodes, a list's chunks), so this is O(1)
     * or O(one chunk).
     */
    abstract CollectionEntry copy(long epoch);

    /** A disk database's big collection whose elements are engine parts ({@link SavedParts}); null for any other. */
    SavedParts saved() {
        return null;
    }

    /** This collection read through a read view's engine snapshot: itself unless it is {@link #saved} on disk. */
    CollectionEntry on(DiskParts snapshot) {
        return this;
    }

    /** Receives the elements of one scan page: a set member (value null), a hash field and its
     *  value ({@code byte[]}), or a sorted-set member and its score ({@code Double}). */
    @FunctionalInterface
    interface ScanVisitor {
        void visit(byte[] element, Object value);
    }

    /**
     * One page of HSCAN / SSCAN / ZSCAN: visits elements from {@code cursor} on, about
     * {@code count} of them (at least that many while any are left, or all at once for a small
     * collection), and returns the cursor to resume at, 0 when the iteration is complete.
     *
     * <p>Contract, as Redis's SCAN family: an iteration starts at cursor 0; every element present
     * in the collection from the first call to the last is visited at least once, however the
     * collection changes in between (elements added or removed meanwhile may or may not be);
     * an element may be visited more than once. A cursor is an unsigned 64-bit number that
     * implementations give their own meaning; an unknown one must not fail (it may visit
     * anything or nothing). {@link HashOrder} is the meaning shared by the current layouts:
     * the 32-bit hash to resume at. Lists, which have no SCAN command, do not implement it.
     */
    long scan(long cursor, int count, ScanVisitor visitor) {
        throw new UnsupportedOperationException("no SCAN over a " + type().redisName());
    }
}
