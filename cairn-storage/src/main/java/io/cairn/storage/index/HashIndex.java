package io.cairn.storage.index;

import io.cairn.common.Checks;

/**
 * An open-addressing hash table of entries keyed by their byte-string key: linear probing,
 * deletion by backward shift (no tombstones), doubling at 3/4 load. One reference per slot and,
 * beside it, one {@code int} that moves with its entry: the top 8 bits of the key's hash (a
 * fingerprint: a probe reads an entry's key only when they match, so a lookup seldom touches more
 * than the one entry it wants) and 24 bits of access clock ({@link #touch}: what LRU/LFU eviction
 * and OBJECT IDLETIME/FREQ read). About 11 to 22 bytes per key with compressed references.
 *
 * <p>Not thread-safe: callers serialise all access (the store's keyspace lock does).
 */
public final class HashIndex<E> {
    private static final int MIN_CAPACITY = 16;

    private final KeyAccess<E> access;
    private Object[] table;
    /**
     * Per slot of {@link #table}: the entry's fingerprint ({@link #fingerprint}) in the top 8 bits,
     * its access clock in the low 24; meaningless where the slot is null.
     */
    private int[] meta;
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
        this.meta = new int[cap];
        this.threshold = cap * 3 / 4;
    }

    /** The bits of an access clock ({@link #CLOCK_BITS} wide). */
    public static final int CLOCK_MASK = 0xFFFFFF;
    public static final int CLOCK_BITS = 24;

    /** How a lookup changes an entry's access clock: the clock's new value (24 bits) from its old one. */
    @FunctionalInterface
    public interface Toucher {
        int touch(int clock);
    }

    private static int fingerprint(int hash) {
        return hash >>> CLOCK_BITS;
    }

    private static int meta(int hash, int clock) {
        return hash & ~CLOCK_MASK | clock & CLOCK_MASK;
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
        int i = find(key);
        return i < 0 ? null : (E) table[i];
    }

    /** The slot holding {@code key}, or -1. */
    @SuppressWarnings("unchecked")
    private int find(byte[] key) {
        Object[] t = table;
        int[] m = meta;
        int mask = t.length - 1;
        int h = access.hash(key);
        int fp = fingerprint(h);
        for (int i = h & mask; ; i = (i + 1) & mask) {
            Object o = t[i];
            if (o == null) {
                return -1;
            }
            if (fingerprint(m[i]) == fp && access.compare((E) o, key) == 0) {
                return i;
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
        int[] m = meta;
        int mask = t.length - 1;
        int h = access.hashOf(entry);
        int fp = fingerprint(h);
        for (int i = h & mask; ; i = (i + 1) & mask) {
            Object o = t[i];
            if (o == null) {
                t[i] = entry;
                m[i] = meta(h, clock);
                if (++size > threshold) {
                    resize();
                }
                return null;
            }
            if (fingerprint(m[i]) == fp && access.compareEntries((E) o, entry) == 0) {
                t[i] = entry;
                return (E) o;
            }
        }
    }

    /** Removes the entry with {@code key}; returns it, or null when absent. */
    @SuppressWarnings("unchecked")
    public E remove(byte[] key) {
        int i = find(key);
        if (i < 0) {
            return null;
        }
        Object[] t = table;
        int mask = t.length - 1;
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
                meta[hole] = meta[j];
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
        int i = find(key);
        if (i < 0) {
            return null;
        }
        int m = meta[i];
        meta[i] = meta(m, toucher.touch(m & CLOCK_MASK));
        return (E) table[i];
    }

    /** The access clock of the entry with {@code key}; {@code absent} when there is none. */
    public int clockOf(byte[] key, int absent) {
        int i = find(key);
        return i < 0 ? absent : meta[i] & CLOCK_MASK;
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
        return meta[slot] & CLOCK_MASK;
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
        meta = new int[MIN_CAPACITY];
        threshold = MIN_CAPACITY * 3 / 4;
        size = 0;
    }

    @SuppressWarnings("unchecked")
    private void resize() {
        Object[] old = table;
        int[] oldMeta = meta;
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
                c[i] = oldMeta[k];
            }
        }
        table = t;
        meta = c;
        threshold = t.length / 4 * 3;
    }
}
