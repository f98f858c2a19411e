package io.cairn.storage.engine;

/**
 * The copy-on-write clock of a keyspace, for the parts of a value that are shared between the
 * live keyspace and open read views (see {@link io.cairn.storage.index.OrderedIndex}): a part
 * stamped with an epoch for which {@link #isShared} holds may be seen by a view and must be
 * copied, stamped {@link #epoch()}, before it is changed. Read and used under the store's lock.
 */
interface Epochs {
    /** The stamp for parts made now. */
    long epoch();

    /** Whether a part stamped {@code createdEpoch} may be seen by an open view. */
    boolean isShared(long createdEpoch);
}
