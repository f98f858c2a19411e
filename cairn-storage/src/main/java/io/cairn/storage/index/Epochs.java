package io.cairn.storage.index;

import java.util.TreeMap;

/**
 * The epoch clock behind copy-on-write read views, shared by every {@link OrderedIndex} of one
 * store (one per database) so that an entry moved from one index to another keeps a meaningful
 * stamp. Opening a view starts a new epoch; anything stamped at or before the newest open view's
 * epoch may be seen by that view and must be copied before it is changed.
 *
 * <p>Not thread-safe: used under the store's lock, as the indexes are.
 */
public final class Epochs {
    private long epoch;
    /** Highest epoch of an open view; stamps at or below it are shared. -1 when none is open. */
    long frozenUpTo = -1;
    private final TreeMap<Long, Integer> openViews = new TreeMap<>();

    /** The stamp for things created now. */
    public long current() {
        return epoch;
    }

    /** Starts a new epoch and returns the view's, which stays shared until {@link #release}. */
    long open() {
        long viewEpoch = epoch;
        epoch++;
        openViews.merge(viewEpoch, 1, Integer::sum);
        frozenUpTo = openViews.lastKey();
        return viewEpoch;
    }

    void release(long viewEpoch) {
        Integer n = openViews.get(viewEpoch);
        if (n == null) {
            return;
        }
        if (n == 1) {
            openViews.remove(viewEpoch);
        } else {
            openViews.put(viewEpoch, n - 1);
        }
        frozenUpTo = openViews.isEmpty() ? -1 : openViews.lastKey();
    }

    /** Whether something stamped {@code createdEpoch} may be seen by an open view. */
    public boolean isShared(long createdEpoch) {
        return createdEpoch <= frozenUpTo;
    }

    public boolean hasOpenViews() {
        return frozenUpTo >= 0;
    }

    public int openViewCount() {
        return openViews.values().stream().mapToInt(Integer::intValue).sum();
    }
}
