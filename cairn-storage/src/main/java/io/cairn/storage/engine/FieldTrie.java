package io.cairn.storage.engine;

import java.util.Arrays;

/**
 * A big hash's layout: a trie over each field's 64-bit {@link FieldHash}, read four bits at a time
 * from the top, whose leaves are chunks of at most about {@value #SPLIT_ABOVE} fields kept sorted
 * by hash (unsigned). A leaf that outgrows that splits into an inner node of 16 leaves by its
 * next four bits; an inner node left with fewer than {@value #MERGE_BELOW} fields beneath becomes
 * one leaf again. So a hash of n fields is about log16(n / 100) levels deep, and its fields lie in
 * the trie in unsigned hash order, which is the order {@link #scan} pages in.
 *
 * <h2>Copy-on-write</h2>
 * Every node is stamped with the epoch it was made in. A write copies each node on its path that
 * an open read view may see ({@link CowClock#isShared}) before changing it and leaves every other
 * node shared, so the first write to a big hash after a view opened (a checkpoint) costs one
 * leaf and the few inner nodes above it, not the hash. A view reads the nodes of its moment,
 * which no writer changes again.
 *
 * <p>Memory per field: the field's and the value's arrays, plus a hash (8 bytes) and two
 * references (4 bytes each with compressed references) in a leaf, with up to a third spare.
 *
 * <p>Not thread-safe: the static methods that change a trie run under the store's lock; the
 * reading ones may also run on a view's nodes from any thread.
 */
final class FieldTrie {
    static final int BITS = 4;
    static final int FANOUT = 1 << BITS;
    /** A leaf this deep has used all 64 bits of the hash and cannot split. */
    static final int MAX_DEPTH = 64 / BITS;
    static final int SPLIT_ABOVE = 256;
    static final int MERGE_BELOW = 64;

    private FieldTrie() {
    }

    abstract static sealed class Node permits Leaf, Inner {
        final long epoch;
        /** Fields beneath. */
        int count;

        Node(long epoch) {
            this.epoch = epoch;
        }
    }

    /** Fields sorted by unsigned hash, equal hashes in the order they came. */
    static final class Leaf extends Node {
        long[] hashes;
        byte[][] fields;
        byte[][] values;

        Leaf(long epoch, int capacity) {
            super(epoch);
            hashes = new long[capacity];
            fields = new byte[capacity][];
            values = new byte[capacity][];
        }

        private Leaf(long epoch, Leaf from) {
            super(epoch);
            count = from.count;
            hashes = from.hashes.clone();
            fields = from.fields.clone();
            values = from.values.clone();
        }

        /** First index whose hash is not below {@code h} (unsigned). */
        int lowerBound(long h) {
            int lo = 0;
            int hi = count;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (Long.compareUnsigned(hashes[mid], h) < 0) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            return lo;
        }

        /** Index of the field, or {@code -(insertion point) - 1}. */
        int find(byte[] field, long h) {
            int i = lowerBound(h);
            for (; i < count && hashes[i] == h; i++) {
                if (Arrays.equals(fields[i], field)) {
                    return i;
                }
            }
            return -i - 1;
        }

        void insert(int at, long h, byte[] field, byte[] value) {
            if (count == hashes.length) {
                int cap = Math.max(4, count + (count >> 1));
                hashes = Arrays.copyOf(hashes, cap);
                fields = Arrays.copyOf(fields, cap);
                values = Arrays.copyOf(values, cap);
            }
            System.arraycopy(hashes, at, hashes, at + 1, count - at);
            System.arraycopy(fields, at, fields, at + 1, count - at);
            System.arraycopy(values, at, values, at + 1, count - at);
            hashes[at] = h;
            fields[at] = field;
            values[at] = value;
            count++;
        }

        void delete(int at) {
            count--;
            System.arraycopy(hashes, at + 1, hashes, at, count - at);
            System.arraycopy(fields, at + 1, fields, at, count - at);
            System.arraycopy(values, at + 1, values, at, count - at);
            fields[count] = null;
            values[count] = null;
        }

        void append(long h, byte[] field, byte[] value) {
            insert(count, h, field, value);
        }
    }

    static final class Inner extends Node {
        final Node[] children;

        Inner(long epoch) {
            super(epoch);
            children = new Node[FANOUT];
        }

        private Inner(long epoch, Inner from) {
            super(epoch);
            count = from.count;
            children = from.children.clone();
        }
    }

    static int childIndex(long h, int depth) {
        return (int) (h >>> (64 - BITS * (depth + 1))) & (FANOUT - 1);
    }

    private static Node writable(Node n, CowClock clock) {
        if (!clock.isShared(n.epoch)) {
            return n;
        }
        return n instanceof Leaf l ? new Leaf(clock.stamp(), l) : new Inner(clock.stamp(), (Inner) n);
    }

    static byte[] get(Node n, byte[] field, long h) {
        for (int depth = 0; n instanceof Inner in; depth++) {
            n = in.children[childIndex(h, depth)];
            if (n == null) {
                return null;
            }
        }
        Leaf l = (Leaf) n;
        int i = l.find(field, h);
        return i < 0 ? null : l.values[i];
    }

    /**
     * Sets the field; returns the root to keep (the same one unless it was copied or split).
     * {@code adds} says whether the field is new, which the caller looked up first.
     */
    static Node put(Node root, byte[] field, long h, byte[] value, boolean adds, CowClock clock) {
        root = writable(root, clock);
        Node n = root;
        Inner parent = null;
        int slot = 0;
        int depth = 0;
        while (n instanceof Inner in) {
            if (adds) {
                in.count++;
            }
            slot = childIndex(h, depth++);
            Node c = in.children[slot];
            c = c == null ? new Leaf(clock.stamp(), 4) : writable(c, clock);
            in.children[slot] = c;
            parent = in;
            n = c;
        }
        Leaf l = (Leaf) n;
        int i = l.find(field, h);
        if (i >= 0) {
            l.values[i] = value;
            return root;
        }
        l.insert(-i - 1, h, field, value);
        if (l.count > SPLIT_ABOVE && depth < MAX_DEPTH) {
            Inner split = split(l, depth, clock.stamp());
            if (parent == null) {
                return split;
            }
            parent.children[slot] = split;
        }
        return root;
    }

    /**
     * Sets the field in a trie that may be empty ({@code root} null), looking it up first to know
     * whether it adds; returns the root to keep. For overlays, which look up and write at once.
     */
    static Node set(Node root, byte[] field, long h, byte[] value, CowClock clock) {
        if (root == null) {
            return put(new Leaf(clock.stamp(), 4), field, h, value, true, clock);
        }
        return put(root, field, h, value, get(root, field, h) == null, clock);
    }

    /** Removes a field the caller found present; returns the root to keep (null when none is left). */
    static Node remove(Node root, byte[] field, long h, CowClock clock) {
        root = writable(root, clock);
        Node n = root;
        Inner parent = null;
        int slot = 0;
        for (int depth = 0; n instanceof Inner in; depth++) {
            if (in.count - 1 < MERGE_BELOW) {
                Leaf merged = collapse(in, clock.stamp());
                if (parent == null) {
                    root = merged;
                } else {
                    parent.children[slot] = merged;
                }
                n = merged;
                break;
            }
            in.count--;
            slot = childIndex(h, depth);
            Node c = writable(in.children[slot], clock);
            in.children[slot] = c;
            parent = in;
            n = c;
        }
        Leaf l = (Leaf) n;
        int i = l.find(field, h);
        if (i < 0) {
            throw new IllegalStateException("removal of a field that is not there");
        }
        l.delete(i);
        if (l.count == 0) {
            if (parent == null) {
                return null;
            }
            parent.children[slot] = null;
        }
        return root;
    }

    /** A new trie holding the fields of {@code fields} (any order). */
    static Node of(PackedFields fields, CowClock clock) {
        Node[] root = {new Leaf(clock.stamp(), Math.min(fields.size(), SPLIT_ABOVE + 1))};
        fields.forEach((f, v) -> root[0] = put(root[0], f, FieldHash.of(f), v, true, clock));
        return root[0];
    }

    private static Inner split(Leaf l, int depth, long epoch) {
        Inner in = new Inner(epoch);
        in.count = l.count;
        int from = 0;
        while (from < l.count) {
            int idx = childIndex(l.hashes[from], depth);
            int to = from + 1;
            while (to < l.count && childIndex(l.hashes[to], depth) == idx) {
                to++;
            }
            int n = to - from;
            Leaf c = new Leaf(epoch, n + (n >> 1) + 1);
            System.arraycopy(l.hashes, from, c.hashes, 0, n);
            System.arraycopy(l.fields, from, c.fields, 0, n);
            System.arraycopy(l.values, from, c.values, 0, n);
            c.count = n;
            in.children[idx] = c;
            from = to;
        }
        return in;
    }

    /** One leaf with every field beneath {@code in} (read only, so it may be shared). */
    private static Leaf collapse(Inner in, long epoch) {
        Leaf out = new Leaf(epoch, in.count);
        forEachLeaf(in, l -> {
            for (int i = 0; i < l.count; i++) {
                out.append(l.hashes[i], l.fields[i], l.values[i]);
            }
        });
        return out;
    }

    private interface LeafVisitor {
        void visit(Leaf l);
    }

    private static void forEachLeaf(Node n, LeafVisitor v) {
        if (n instanceof Inner in) {
            for (Node c : in.children) {
                if (c != null) {
                    forEachLeaf(c, v);
                }
            }
        } else {
            v.visit((Leaf) n);
        }
    }

    /**
     * Visits the field of rank {@code rank} in hash order ({@code 0 <= rank < root.count}), found
     * by the nodes' counts in O(depth * {@value #FANOUT}) without visiting the others: so a
     * uniformly random rank is a uniformly random field. Reads only (a view's nodes too).
     */
    static void at(Node n, int rank, HashEntry.FieldVisitor v) {
        if (rank < 0 || rank >= n.count) {
            throw new IndexOutOfBoundsException("rank " + rank + " of " + n.count + " fields");
        }
        while (n instanceof Inner in) {
            Node next = null;
            for (Node c : in.children) {
                if (c != null) {
                    if (rank < c.count) {
                        next = c;
                        break;
                    }
                    rank -= c.count;
                }
            }
            if (next == null) {
                throw new IllegalStateException("an inner node counts more fields than its children hold");
            }
            n = next;
        }
        Leaf l = (Leaf) n;
        v.visit(l.fields[rank], l.values[rank]);
    }

    /** Visits every field in hash order. */
    static void forEach(Node n, HashEntry.FieldVisitor v) {
        forEachLeaf(n, l -> {
            for (int i = 0; i < l.count; i++) {
                v.visit(l.fields[i], l.values[i]);
            }
        });
    }

    /**
     * Visits, in hash order, the fields whose hash is at least {@code cursor} (unsigned): at least
     * {@code count} of them when there are, and then the rest of the fields sharing the last one's
     * hash, so that the next cursor splits no run of equal hashes. Returns that next cursor, the
     * hash of the first field not visited, or 0 when none is left. Fields added or removed between
     * two calls move no other field, so a paging from 0 to 0 visits every field present all along
     * once, whatever the trie did meanwhile.
     */
    static long scan(Node root, long cursor, int count, HashEntry.FieldVisitor v) {
        Scan s = new Scan(cursor, count, v);
        return s.visit(root, 0, true) ? 0 : s.next;
    }

    /** One field of {@link #visitFrom}, with its hash; answers false to stop. */
    interface HashVisitor {
        boolean visit(long hash, byte[] field, byte[] value);
    }

    /**
     * Visits, in hash order, the fields whose hash is at least {@code from} (unsigned), until the
     * visitor answers false; returns false when it did. Reads only.
     */
    static boolean visitFrom(Node n, long from, HashVisitor v) {
        return visitFrom(n, 0, from, true, v);
    }

    private static boolean visitFrom(Node n, int depth, long from, boolean onPath, HashVisitor v) {
        if (n instanceof Inner in) {
            int start = onPath ? childIndex(from, depth) : 0;
            for (int i = start; i < FANOUT; i++) {
                Node c = in.children[i];
                if (c != null && !visitFrom(c, depth + 1, from, onPath && i == start, v)) {
                    return false;
                }
            }
            return true;
        }
        Leaf l = (Leaf) n;
        for (int i = onPath ? l.lowerBound(from) : 0; i < l.count; i++) {
            if (!v.visit(l.hashes[i], l.fields[i], l.values[i])) {
                return false;
            }
        }
        return true;
    }

    private static final class Scan {
        private final long from;
        private final HashEntry.FieldVisitor visitor;
        private int left;
        private long last;
        private long next;

        Scan(long from, int count, HashEntry.FieldVisitor visitor) {
            this.from = from;
            this.left = count;
            this.visitor = visitor;
        }

        /** False once it stopped with {@link #next} set. {@code onPath}: the node may hold hashes below {@code from}. */
        boolean visit(Node n, int depth, boolean onPath) {
            if (n instanceof Inner in) {
                int start = onPath ? childIndex(from, depth) : 0;
                for (int i = start; i < FANOUT; i++) {
                    Node c = in.children[i];
                    if (c != null && !visit(c, depth + 1, onPath && i == start)) {
                        return false;
                    }
                }
                return true;
            }
            Leaf l = (Leaf) n;
            for (int i = onPath ? l.lowerBound(from) : 0; i < l.count; i++) {
                long h = l.hashes[i];
                if (left <= 0 && h != last) {
                    next = h;
                    return false;
                }
                visitor.visit(l.fields[i], l.values[i]);
                left--;
                last = h;
            }
            return true;
        }
    }
}
