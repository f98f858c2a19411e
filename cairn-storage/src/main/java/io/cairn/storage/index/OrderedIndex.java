package io.cairn.storage.index;

import io.cairn.common.Invariants;
import java.util.Arrays;

/**
 * A B+tree of entries in unsigned key order, with O(1) read views by copy-on-write.
 *
 * <h2>Read views</h2>
 * Every node carries the epoch it was created in. {@link #openView()} returns the current root and
 * starts a new epoch; from then on a writer that needs to change a node created at or before the
 * newest open view's epoch copies it first (and its path up to the root), so the view keeps seeing
 * exactly the tree of its moment. While no view is open, writers change nodes in place and make
 * no garbage. A view costs nothing until writers touch the nodes it shares.
 *
 * <h2>Threading</h2>
 * The live tree is not thread-safe: one thread at a time mutates or reads it (the store's
 * keyspace lock). A {@link View} only reads nodes that no writer will change again, so any number
 * of threads may read it without locks once it has been safely published to them.
 */
public final class OrderedIndex<E> {
    static final int MAX = 64;
    private static final int MIN = MAX / 4;

    private final KeyAccess<E> access;
    private Node root;
    private int size;
    /** The view clock, possibly shared with the store's other indexes. */
    private final Epochs epochs;

    // Single-writer scratch results, to avoid allocating per operation.
    private Object replaced;
    private Node split;

    public OrderedIndex(KeyAccess<E> access) {
        this(access, new Epochs());
    }

    /** An index whose views share {@code epochs} with other indexes (one store's databases). */
    public OrderedIndex(KeyAccess<E> access, Epochs epochs) {
        this.access = access;
        this.epochs = epochs;
        this.root = new Leaf(epochs.current());
    }

    public int size() {
        return size;
    }

    /** The entry with {@code key}, or null. */
    public E get(byte[] key) {
        return find(root, key, access);
    }

    /** Inserts or replaces the entry with the same key; returns the replaced entry, or null. */
    @SuppressWarnings("unchecked")
    public E put(E entry) {
        root = writable(root);
        replaced = null;
        split = null;
        insert(root, entry, root instanceof Inner ? access.key(entry) : null);
        if (split != null) {
            Inner r = new Inner(epochs.current());
            r.children[0] = root;
            r.children[1] = split;
            r.keys[1] = firstKey(split);
            r.size = 2;
            root = r;
            split = null;
        }
        if (replaced == null) {
            size++;
        }
        E old = (E) replaced;
        replaced = null;
        checkInvariants();
        return old;
    }

    /** Removes the entry with {@code key}; returns it, or null when absent. */
    @SuppressWarnings("unchecked")
    public E remove(byte[] key) {
        if (epochs.hasOpenViews() && get(key) == null) {
            return null; // do not copy a path for nothing
        }
        root = writable(root);
        replaced = null;
        delete(root, key);
        if (root instanceof Inner in && in.size == 1) {
            root = in.children[0];
        }
        E old = (E) replaced;
        replaced = null;
        if (old != null) {
            size--;
        }
        checkInvariants();
        return old;
    }

    /** Drops every entry. Open views keep what they saw. */
    public void clear() {
        root = new Leaf(epochs.current());
        size = 0;
    }

    /**
     * Visits entries in key order starting at {@code from} (inclusive, or exclusive when
     * {@code exclusive}), or from the first entry when {@code from} is null, until the visitor
     * returns false. Reads the live tree: the caller holds the writer's lock.
     */
    public void scan(byte[] from, boolean exclusive, Visitor<? super E> visitor) {
        scan(root, from, exclusive, visitor, access);
    }

    /**
     * Freezes the current tree as a view. Must be called by the writer's thread (under its lock);
     * the view must be {@link View#close() closed}, or writers keep copying nodes it shares.
     */
    public View<E> openView() {
        return new View<>(this, root, size, epochs.open());
    }

    /** Called by {@link View#close()}; under the writer's lock. */
    void release(long viewEpoch) {
        epochs.release(viewEpoch);
    }

    /** The current epoch: the stamp for entries created now (see {@link #isShared}). */
    public long epoch() {
        return epochs.current();
    }

    /**
     * Whether something stamped with {@code createdEpoch} may be seen by an open view, and so must
     * be copied before it is changed. Callers use this for mutable values they hang off entries.
     */
    public boolean isShared(long createdEpoch) {
        return epochs.isShared(createdEpoch);
    }

    /** Whether any view is open, so that anything reachable from the tree may be shared. */
    public boolean hasOpenViews() {
        return epochs.hasOpenViews();
    }

    /** Number of views not yet closed. */
    public int openViewCount() {
        return epochs.openViewCount();
    }

    /** Receives entries during a scan; returns false to stop. */
    @FunctionalInterface
    public interface Visitor<E> {
        boolean visit(E entry);
    }

    // ---------------------------------------------------------------- nodes

    abstract static sealed class Node permits Leaf, Inner {
        final long epoch;
        int size;

        Node(long epoch) {
            this.epoch = epoch;
        }

        abstract Node copy(long epoch);
    }

    static final class Leaf extends Node {
        final Object[] entries;

        Leaf(long epoch) {
            super(epoch);
            this.entries = new Object[MAX];
        }

        private Leaf(long epoch, Object[] entries, int size) {
            super(epoch);
            this.entries = entries;
            this.size = size;
        }

        @Override
        Leaf copy(long epoch) {
            return new Leaf(epoch, Arrays.copyOf(entries, MAX), size);
        }
    }

    /** {@code keys[i]} (i >= 1) is the smallest key in {@code children[i]}; {@code keys[0]} is unused. */
    static final class Inner extends Node {
        final byte[][] keys;
        final Node[] children;

        Inner(long epoch) {
            super(epoch);
            this.keys = new byte[MAX][];
            this.children = new Node[MAX];
        }

        private Inner(long epoch, byte[][] keys, Node[] children, int size) {
            super(epoch);
            this.keys = keys;
            this.children = children;
            this.size = size;
        }

        @Override
        Inner copy(long epoch) {
            return new Inner(epoch, Arrays.copyOf(keys, MAX), Arrays.copyOf(children, MAX), size);
        }
    }

    // ---------------------------------------------------------------- reads (shared with views)

    @SuppressWarnings("unchecked")
    static <E> E find(Node node, byte[] key, KeyAccess<E> access) {
        while (node instanceof Inner in) {
            node = in.children[childIndex(in, key)];
        }
        Leaf leaf = (Leaf) node;
        int i = leafSearch(leaf, key, access);
        return i >= 0 ? (E) leaf.entries[i] : null;
    }

    @SuppressWarnings("unchecked")
    static <E> boolean scan(Node node, byte[] from, boolean exclusive, Visitor<? super E> v, KeyAccess<E> access) {
        if (node instanceof Inner in) {
            int start = from == null ? 0 : childIndex(in, from);
            for (int i = start; i < in.size; i++) {
                if (!scan(in.children[i], i == start ? from : null, exclusive, v, access)) {
                    return false;
                }
            }
            return true;
        }
        Leaf leaf = (Leaf) node;
        int i = 0;
        if (from != null) {
            i = leafSearch(leaf, from, access);
            i = i >= 0 ? (exclusive ? i + 1 : i) : -i - 1;
        }
        for (; i < leaf.size; i++) {
            if (!v.visit((E) leaf.entries[i])) {
                return false;
            }
        }
        return true;
    }

    /** Index of the child whose range holds {@code key}. */
    static int childIndex(Inner in, byte[] key) {
        int lo = 1;
        int hi = in.size - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int c = Arrays.compareUnsigned(in.keys[mid], key);
            if (c <= 0) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return lo - 1;
    }

    /** Binary search in a leaf: the index of {@code key}, or {@code -(insertion point) - 1}. */
    @SuppressWarnings("unchecked")
    static <E> int leafSearch(Leaf leaf, byte[] key, KeyAccess<E> access) {
        int lo = 0;
        int hi = leaf.size - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int c = access.compare((E) leaf.entries[mid], key);
            if (c < 0) {
                lo = mid + 1;
            } else if (c > 0) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        return -(lo + 1);
    }

    // ---------------------------------------------------------------- writes

    private Node writable(Node n) {
        return n.epoch > epochs.frozenUpTo ? n : n.copy(epochs.current());
    }

    @SuppressWarnings("unchecked")
    private void insert(Node node, E entry, byte[] key) {
        if (node instanceof Inner in) {
            int i = childIndex(in, key);
            Node child = writable(in.children[i]);
            in.children[i] = child;
            insert(child, entry, key);
            if (split != null) {
                Node right = split;
                split = null;
                insertChild(in, i + 1, firstKey(right), right);
            }
            return;
        }
        Leaf leaf = (Leaf) node;
        int lo = 0;
        int hi = leaf.size - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int c = access.compareEntries((E) leaf.entries[mid], entry);
            if (c < 0) {
                lo = mid + 1;
            } else if (c > 0) {
                hi = mid - 1;
            } else {
                replaced = leaf.entries[mid];
                leaf.entries[mid] = entry;
                return;
            }
        }
        if (leaf.size == MAX) {
            Leaf right = new Leaf(epochs.current());
            int half = MAX / 2;
            System.arraycopy(leaf.entries, half, right.entries, 0, MAX - half);
            Arrays.fill(leaf.entries, half, MAX, null);
            leaf.size = half;
            right.size = MAX - half;
            if (lo <= half) {
                insertAt(leaf, lo, entry);
            } else {
                insertAt(right, lo - half, entry);
            }
            split = right;
        } else {
            insertAt(leaf, lo, entry);
        }
    }

    private static void insertAt(Leaf leaf, int i, Object entry) {
        System.arraycopy(leaf.entries, i, leaf.entries, i + 1, leaf.size - i);
        leaf.entries[i] = entry;
        leaf.size++;
    }

    private void insertChild(Inner in, int i, byte[] key, Node child) {
        if (in.size == MAX) {
            Inner right = new Inner(epochs.current());
            int half = MAX / 2;
            System.arraycopy(in.keys, half, right.keys, 0, MAX - half);
            System.arraycopy(in.children, half, right.children, 0, MAX - half);
            Arrays.fill(in.keys, half, MAX, null);
            Arrays.fill(in.children, half, MAX, null);
            in.size = half;
            right.size = MAX - half;
            if (i <= half) {
                insertChildAt(in, i, key, child);
            } else {
                insertChildAt(right, i - half, key, child);
            }
            split = right;
        } else {
            insertChildAt(in, i, key, child);
        }
    }

    private static void insertChildAt(Inner in, int i, byte[] key, Node child) {
        System.arraycopy(in.keys, i, in.keys, i + 1, in.size - i);
        System.arraycopy(in.children, i, in.children, i + 1, in.size - i);
        in.keys[i] = key;
        in.children[i] = child;
        in.size++;
    }

    private void delete(Node node, byte[] key) {
        if (node instanceof Leaf leaf) {
            int i = leafSearch(leaf, key, access);
            if (i >= 0) {
                replaced = leaf.entries[i];
                System.arraycopy(leaf.entries, i + 1, leaf.entries, i, leaf.size - i - 1);
                leaf.entries[--leaf.size] = null;
            }
            return;
        }
        Inner in = (Inner) node;
        int i = childIndex(in, key);
        Node child = writable(in.children[i]);
        in.children[i] = child;
        delete(child, key);
        if (replaced == null) {
            return;
        }
        if (child.size == 0) {
            removeChild(in, i);
        } else if (child.size < MIN && in.size > 1) {
            int left = i + 1 < in.size ? i : i - 1;
            Node a = in.children[left];
            Node b = in.children[left + 1];
            if (a.size + b.size <= MAX * 3 / 4) {
                a = writable(a);
                in.children[left] = a;
                merge(a, b, in.keys[left + 1]);
                removeChild(in, left + 1);
            }
        }
        if (i == 0 && in.size > 0 && in.keys[0] != null) {
            in.keys[0] = null;
        }
    }

    /** Appends {@code b}'s contents to {@code a} (writable); {@code separator} is b's smallest key. */
    private static void merge(Node a, Node b, byte[] separator) {
        if (a instanceof Leaf la) {
            Leaf lb = (Leaf) b;
            System.arraycopy(lb.entries, 0, la.entries, la.size, lb.size);
            la.size += lb.size;
        } else {
            Inner ia = (Inner) a;
            Inner ib = (Inner) b;
            System.arraycopy(ib.children, 0, ia.children, ia.size, ib.size);
            System.arraycopy(ib.keys, 0, ia.keys, ia.size, ib.size);
            ia.keys[ia.size] = separator;
            ia.size += ib.size;
        }
    }

    private static void removeChild(Inner in, int i) {
        System.arraycopy(in.keys, i + 1, in.keys, i, in.size - i - 1);
        System.arraycopy(in.children, i + 1, in.children, i, in.size - i - 1);
        in.size--;
        in.keys[in.size] = null;
        in.children[in.size] = null;
        in.keys[0] = null;
    }

    @SuppressWarnings("unchecked")
    private byte[] firstKey(Node n) {
        while (n instanceof Inner in) {
            n = in.children[0];
        }
        return access.key((E) ((Leaf) n).entries[0]);
    }

    // ---------------------------------------------------------------- invariants

    private void checkInvariants() {
        if (Invariants.ENABLED && size < 5_000) {
            verify();
        }
    }

    /**
     * Walks the whole tree and checks order, separators, sizes and the entry count. Costly; runs
     * after every change in tests (for small trees) and from offline verification.
     *
     * @throws IllegalStateException describing the first violation
     */
    public void verify() {
        long[] count = new long[1];
        verifyNode(root, null, null, count, true);
        if (count[0] != size) {
            throw new IllegalStateException("size: " + size + " (expected: " + count[0] + " entries found)");
        }
    }

    @SuppressWarnings("unchecked")
    private void verifyNode(Node n, byte[] lo, byte[] hi, long[] count, boolean isRoot) {
        if (!isRoot && n.size == 0) {
            throw new IllegalStateException("empty non-root node");
        }
        if (n instanceof Leaf leaf) {
            for (int i = 0; i < leaf.size; i++) {
                E e = (E) leaf.entries[i];
                if (i > 0 && access.compareEntries((E) leaf.entries[i - 1], e) >= 0) {
                    throw new IllegalStateException("leaf out of order at " + i);
                }
                if (lo != null && access.compare(e, lo) < 0 || hi != null && access.compare(e, hi) >= 0) {
                    throw new IllegalStateException("leaf entry outside its separators");
                }
            }
            count[0] += leaf.size;
            return;
        }
        Inner in = (Inner) n;
        if (in.size < 2 && isRoot) {
            throw new IllegalStateException("inner root with " + in.size + " children");
        }
        for (int i = 0; i < in.size; i++) {
            byte[] childLo = i == 0 ? lo : in.keys[i];
            byte[] childHi = i + 1 < in.size ? in.keys[i + 1] : hi;
            verifyNode(in.children[i], childLo, childHi, count, false);
        }
    }

    KeyAccess<E> access() {
        return access;
    }
}
