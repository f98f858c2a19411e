package io.cairn.storage.engine;

import io.cairn.storage.index.OrderedIndex;

/**
 * The copy-on-write rule for the nodes of a structure an entry owns (a sorted set's tree and
 * member map): a node stamped with an epoch that an open read view may see is copied before it is
 * changed; any other node is changed in place. New nodes get {@link #stamp()}.
 *
 * <p>Read under the store's lock only, by the keyspace's writer.
 */
interface CowClock {
    /** The epoch to stamp new and copied nodes with. */
    long stamp();

    /** Whether a node stamped {@code epoch} may be seen by an open view, and so must be copied. */
    boolean isShared(long epoch);

    /** The rule of a keyspace's ordered index (see {@link OrderedIndex#isShared}). */
    static CowClock of(OrderedIndex<?> index) {
        return new CowClock() {
            @Override
            public long stamp() {
                return index.epoch();
            }

            @Override
            public boolean isShared(long epoch) {
                return index.isShared(epoch);
            }
        };
    }

    /** For structures no view can see yet (being loaded from a snapshot): nothing is shared. */
    static CowClock unshared(long stamp) {
        return new CowClock() {
            @Override
            public long stamp() {
                return stamp;
            }

            @Override
            public boolean isShared(long epoch) {
                return false;
            }
        };
    }
}
