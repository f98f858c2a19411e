package io.cairn.storage.index;

import io.cairn.common.Checks;

/**
 * An open-addressing hash table of entries keyed by their byte-string key: linear probing,
 * deletion by backward shift (no tombstones), doubling at 3/4 load. One reference per slot and,
 * beside it, one {@code int} of access clock ({@link #touch}: what LRU/LFU eviction and OBJECT
 * IDLETIME/FREQ read), which moves with its entry; so it costs about 11 to 22 bytes per key with
 * compressed references.
 *
 * <p>Not thread-safe: callers serialise all access (the store's keyspace lock does).
 */
public final class HashIndex<E> {
    private static final int MIN_CAPACITY = 16;

    private final KeyAccess<E> access;
    private Object[] table;
    /** The access clock of the entry in the same slot of {@link #table}; meaningless where that is null. */
    private int[] clocks;
    private int size;
    private int threshold;

    public HashIndex(KeyAccess<E> access, int expectedSize) {
        this.access = access;
        Checks.nonNegative("expectedSize", expectedSize);
        int cap = MIN_CAPACITY;
        while (cap * 3L / 4 < expectedSize) {
            cap <<= 1;
        }
        this.table = new Object[cap];
        this.clocks = new int[cap];
        this.threshold = cap * 3 / 4;
    }

    /** How a lookup changes an entry's access clock: the clock's new value from its old one. */
    @FunctionalInterface
    public interface Toucher {
        int touch(int clock);
    }

    public int size() {
        return size;
    }

    /** Slots in the table; for memory accounting. */
    public int capacity() {
        return table.length;
    }

    @SuppressWarnings("unchecked")
    public E get(byte[] key) {
        Object[] t = table;
        int mask = t.length - 1;
        for (int i = access.hash(key) & mask; ; i = (i + 1) & mask) {
            Object o = t[i];
            if (o == null) {
                return null;
            }
            if (access.compare((E) o, key) == 0) {
                return (E) o;
            }
        }
    }

    /** Inserts or replaces the entry with the same key; returns the one replaced, or null. A new key's clock is 0. */
    public E put(E entry) {
        return put(entry, 0);
    }

    /**
     * Inserts or replaces the entry with the same key; returns the one replaced, or null. A new
     * key's access clock is {@code clock}; a replaced one keeps its own.
     */
    @SuppressWarnings("unchecked")
    public E put(E entry, int clock) {
        Object[] t = table;
        int mask = t.length - 1;
        for (int i = access.hashOf(entry) & mask; ; i = (i + 1) & mask) {
            Object o = t[i];
            if (o == null) {
                t[i] = entry;
                clocks[i] = clock;
                if (++size > threshold) {
                    resize();
                }
                return null;
            }
            if (access.compareEntries((E) o, entry) == 0) {
                t[i] = entry;
                return (E) o;
            }
        }
    }

    /** Removes the entry with {@code key}; returns it, or null when absent. */
    @SuppressWarnings("unchecked")
    public E remove(byte[] key) {
        Object[] t = table;
        int mask = t.length - 1;
        int i = access.hash(key) & mask;
        while (true) {
            Object o = t[i];
            if (o == null) {
                return null;
            }
            if (access.compare((E) o, key) == 0) {
                break;
            }
            i = (i + 1) & mask;
        }
        E removed = (E) t[i];
        // Backward-shift: move later members of the probe run into the hole when their home
        // slot does not lie cyclically in (hole, j].
        int hole = i;
        int j = i;
        while (true) {
            j = (j + 1) & mask;
            Object o = t[j];
            if (o == null) {
                break;
            }
            int home = access.hashOf((E) o) & mask;
            boolean movable = hole <= j ? (home <= hole || home > j) : (home <= hole && home > j);
            if (movable) {
                t[hole] = o;
                clocks[hole] = clocks[j];
                hole = j;
            }
        }
        t[hole] = null;
        size--;
        return removed;
    }

    /**
     * The entry with {@code key}, its access clock changed by {@code toucher} (as a read or write
     * of the key changes it); null when absent.
     */
    @SuppressWarnings("unchecked")
    public E touch(byte[] key, Toucher toucher) {
        Object[] t = table;
        int mask = t.length - 1;
        for (int i = access.hash(key) & mask; ; i = (i + 1) & mask) {
            Object o = t[i];
            if (o == null) {
                return null;
            }
            if (access.compare((E) o, key) == 0) {
                clocks[i] = toucher.touch(clocks[i]);
                return (E) o;
            }
        }
    }

    /** The access clock of the entry with {@code key}; {@code absent} when there is none. */
    @SuppressWarnings("unchecked")
    public int clockOf(byte[] key, int absent) {
        Object[] t = table;
        int mask = t.length - 1;
        for (int i = access.hash(key) & mask; ; i = (i + 1) & mask) {
            Object o = t[i];
            if (o == null) {
                return absent;
            }
            if (access.compare((E) o, key) == 0) {
                return clocks[i];
            }
        }
    }

    /**
     * The first occupied slot at or after slot {@code start} (any int; reduced to the table,
     * wrapping), or -1 when empty: with a uniformly random start, a roughly uniform sample, as
     * eviction's. Read it with {@link #entryAt} and {@link #clockAt} before the next change.
     */
    public int slotNear(int start) {
        if (size == 0) {
            return -1;
        }
        Object[] t = table;
        int mask = t.length - 1;
        for (int i = start & mask; ; i = (i + 1) & mask) {
            if (t[i] != null) {
                return i;
            }
        }
    }

    @SuppressWarnings("unchecked")
    public E entryAt(int slot) {
        return (E) table[slot];
    }

    public int clockAt(int slot) {
        return clocks[slot];
    }

    /**
     * An entry found by probing from slot {@code start} (any int; reduced to the table), or null
     * when empty. With a uniformly random start this picks entries roughly uniformly, as Redis's
     * RANDOMKEY does.
     */
    @SuppressWarnings("unchecked")
    public E entryNear(int start) {
        if (size == 0) {
            return null;
        }
        Object[] t = table;
        int mask = t.length - 1;
        for (int i = start & mask; ; i = (i + 1) & mask) {
            if (t[i] != null) {
                return (E) t[i];
            }
        }
    }

    public void clear() {
        table = new Object[MIN_CAPACITY];
        clocks = new int[MIN_CAPACITY];
        threshold = MIN_CAPACITY * 3 / 4;
        size = 0;
    }

    @SuppressWarnings("unchecked")
    private void resize() {
        Object[] old = table;
        int[] oldClocks = clocks;
        Object[] t = new Object[old.length * 2];
        int[] c = new int[t.length];
        int mask = t.length - 1;
        for (int k = 0; k < old.length; k++) {
            Object o = old[k];
            if (o != null) {
                int i = access.hashOf((E) o) & mask;
                while (t[i] != null) {
                    i = (i + 1) & mask;
                }
                t[i] = o;
                c[i] = oldClocks[k];
            }
        }
        table = t;
        clocks = c;
        threshold = t.length / 4 * 3;
    }
}
