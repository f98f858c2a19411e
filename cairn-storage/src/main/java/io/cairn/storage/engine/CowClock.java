package io.cairn.storage.engine;

/**
 * The copy-on-write clock of a keyspace, for structures that hang off its entries (a set's
 * chunks): nodes are stamped with {@link #current()} when created, and a node whose stamp
 * {@link #isShared} may be seen by an open read view, so a writer copies it before changing it.
 * The same rule {@link io.cairn.storage.index.OrderedIndex} applies to its own nodes, on the
 * store's one {@link io.cairn.storage.index.Epochs} clock; an interface so that tests can count copies.
 */
interface CowClock {
    /** The stamp for nodes created now. */
    long current();

    /** Whether a node stamped {@code createdEpoch} may be reachable from an open view. */
    boolean isShared(long createdEpoch);
}
