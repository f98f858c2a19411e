package io.cairn.storage.engine;

import java.util.Arrays;

/**
 * A list of byte arrays held as Redis's quicklist holds one: elements in chunks of bounded size
 * (see {@link Listpack} for the bound a fill setting gives), the chunks the leaves of a counted
 * B-tree whose branches keep the element count of every child.
 *
 * <pre>
 *                 Branch [counts 90 | 85]
 *                 /                    \
 *     Branch [40 | 50]            Branch [45 | 40]
 *      /         \                  /         \
 *  Chunk(40)  Chunk(50)        Chunk(45)  Chunk(40)      each chunk: elements in items[lo, lo+count)
 * </pre>
 *
 * <h2>Cost</h2>
 * Reading or changing element {@code i} walks one path: O(log<sub>32</sub> chunks) branches (three
 * levels hold a million elements of 100 bytes) and one chunk. A push or pop at either end touches
 * the first or last chunk, whose array keeps slack at both ends, so it is O(1) in the chunk plus
 * that short path; a chunk that outgrows its bound splits, one that shrinks below half merges
 * with a neighbour when the two fit.
 *
 * <h2>Copy-on-write</h2>
 * Every node carries the epoch of the list that created it. This list changes its own nodes in
 * place and copies any other node before changing it (and so the branches above it): a
 * {@link #copy} shares the whole tree in O(1), and its first write copies one path and one chunk,
 * never the list. The list it was copied from must not change afterwards (a read view holds it).
 *
 * <p>Not thread-safe; the store's lock serialises writers. Element arrays are never changed once
 * stored, so readers may keep them.
 */
final class ChunkedList {
    static final int FANOUT = 32;
    private static final int MIN_CAPACITY = 4;

    private final long epoch;
    private Node root;
    /** Scratch of one insert: the right sibling a split produced, for the parent to take in. */
    private Node split;

    ChunkedList(long epoch) {
        this(epoch, new Chunk(epoch, MIN_CAPACITY, 0));
    }

    private ChunkedList(long epoch, Node root) {
        this.epoch = epoch;
        this.root = root;
    }

    /** A list sharing every node with this one, writing with {@code epoch} (greater than this list's). */
    ChunkedList copy(long epoch) {
        if (epoch <= this.epoch) {
            throw new IllegalArgumentException("epoch: " + epoch + " (expected: > " + this.epoch + ")");
        }
        return new ChunkedList(epoch, root);
    }

    int size() {
        return root.count;
    }

    /** Whether the whole list is one chunk. */
    boolean singleChunk() {
        return root instanceof Chunk;
    }

    /** Listpack-equivalent bytes of the first chunk ({@link Listpack#OVERHEAD} included); the list's when {@link #singleChunk}. */
    int firstChunkBytes() {
        Node n = root;
        while (n instanceof Branch b) {
            n = b.children[0];
        }
        return ((Chunk) n).bytes;
    }

    // ------------------------------------------------------------------ reads

    /** The element at {@code index}, 0 to {@code size() - 1}. */
    byte[] get(int index) {
        checkIndex(index, size());
        Node n = root;
        while (n instanceof Branch b) {
            int i = 0;
            while (index >= b.counts[i]) {
                index -= b.counts[i++];
            }
            n = b.children[i];
        }
        Chunk c = (Chunk) n;
        return c.items[c.lo + index];
    }

    /** Receives elements during {@link #visit}; returns false to stop. */
    @FunctionalInterface
    interface Visitor {
        boolean visit(byte[] element);
    }

    /**
     * Visits the elements at {@code from} (inclusive) to {@code to} (exclusive), from the last
     * one backwards when {@code reverse}, until the visitor returns false. Returns whether every
     * element was visited.
     */
    boolean visit(int from, int to, boolean reverse, Visitor v) {
        if (from < 0 || to > size() || from > to) {
            throw new IndexOutOfBoundsException("range: [" + from + ", " + to + ") (expected: within [0, " + size() + "])");
        }
        return from == to || visit(root, from, to, reverse, v);
    }

    private static boolean visit(Node node, int from, int to, boolean reverse, Visitor v) {
        if (node instanceof Chunk c) {
            if (reverse) {
                for (int i = to - 1; i >= from; i--) {
                    if (!v.visit(c.items[c.lo + i])) {
                        return false;
                    }
                }
            } else {
                for (int i = from; i < to; i++) {
                    if (!v.visit(c.items[c.lo + i])) {
                        return false;
                    }
                }
            }
            return true;
        }
        Branch b = (Branch) node;
        int[] starts = new int[b.n + 1];
        for (int i = 0; i < b.n; i++) {
            starts[i + 1] = starts[i] + b.counts[i];
        }
        for (int k = 0; k < b.n; k++) {
            int i = reverse ? b.n - 1 - k : k;
            int s = starts[i];
            int e = starts[i + 1];
            if (e <= from || s >= to) {
                continue;
            }
            if (!visit(b.children[i], Math.max(from, s) - s, Math.min(to, e) - s, reverse, v)) {
                return false;
            }
        }
        return true;
    }

    // ------------------------------------------------------------------ writes

    /** Inserts {@code value} so that it is at {@code index} (0 to {@code size()}) afterwards. */
    void insert(int index, byte[] value, int fill) {
        checkIndex(index, size() + 1);
        root = writable(root);
        split = null;
        insert(root, index, value, Listpack.entryBytes(value), fill);
        if (split != null) {
            Branch r = new Branch(epoch);
            r.append(root);
            r.append(split);
            root = r;
            split = null;
        }
    }

    /** Replaces the element at {@code index}; returns the old one. */
    byte[] set(int index, byte[] value, int fill) {
        checkIndex(index, size());
        int eb = Listpack.entryBytes(value);
        Node n = root;
        int at = index;
        while (n instanceof Branch b) {
            int i = 0;
            while (at >= b.counts[i]) {
                at -= b.counts[i++];
            }
            n = b.children[i];
        }
        Chunk found = (Chunk) n;
        int grown = found.bytes - Listpack.entryBytes(found.items[found.lo + at]) + eb;
        if (found.count > 1 && Listpack.exceeds(fill, grown, found.count)) {
            byte[] old = remove(index, fill); // the chunk would outgrow its bound: let insert split it
            insert(index, value, fill);
            return old;
        }
        root = writable(root);
        n = root;
        at = index;
        while (n instanceof Branch b) {
            int i = 0;
            while (at >= b.counts[i]) {
                at -= b.counts[i++];
            }
            n = writable(b, i);
        }
        Chunk c = (Chunk) n;
        byte[] old = c.items[c.lo + at];
        c.items[c.lo + at] = value;
        c.bytes += eb - Listpack.entryBytes(old);
        return old;
    }

    /** Removes and returns the element at {@code index}. */
    byte[] remove(int index, int fill) {
        checkIndex(index, size());
        root = writable(root);
        byte[] old = remove(root, index, fill);
        collapseRoot();
        return old;
    }

    /** Removes the elements at {@code from} (inclusive) to {@code to} (exclusive). */
    void removeRange(int from, int to, int fill) {
        if (from < 0 || to > size() || from > to) {
            throw new IndexOutOfBoundsException("range: [" + from + ", " + to + ") (expected: within [0, " + size() + "])");
        }
        if (from == to) {
            return;
        }
        root = writable(root);
        removeRange(root, from, to, fill);
        collapseRoot();
    }

    private void insert(Node node, int index, byte[] value, int eb, int fill) {
        if (node instanceof Chunk c) {
            insertIntoChunk(c, index, value, eb, fill);
            return;
        }
        Branch b = (Branch) node;
        int i = 0;
        while (i < b.n - 1 && index > b.counts[i]) {
            index -= b.counts[i++];
        }
        Node child = writable(b, i);
        insert(child, index, value, eb, fill);
        b.counts[i] = child.count;
        b.count++;
        if (split != null) {
            Node right = split;
            split = null;
            b.count -= right.count; // counted in the ++ above; insertChild counts it again
            insertChild(b, i + 1, right);
        }
    }

    private void insertIntoChunk(Chunk c, int index, byte[] value, int eb, int fill) {
        if (c.count == 0 || !Listpack.exceeds(fill, c.bytes + eb, c.count + 1)) {
            c.insert(index, value, eb);
            return;
        }
        if (index == c.count) { // appending to a full chunk starts the next one
            Chunk next = new Chunk(epoch, MIN_CAPACITY, 0);
            next.insert(0, value, eb);
            split = next;
        } else if (index == 0) { // prepending to a full chunk: this node takes the new element, a new right sibling the old ones
            Chunk old = new Chunk(epoch, c.items, c.lo, c.count, c.bytes);
            c.reset(MIN_CAPACITY, MIN_CAPACITY);
            c.insert(0, value, eb);
            split = old;
        } else {
            c.insert(index, value, eb);
            split = c.splitOff(c.count / 2, epoch);
        }
    }

    /** Adds {@code child} at position {@code i} of {@code b}, splitting {@code b} when it is full. */
    private void insertChild(Branch b, int i, Node child) {
        if (b.n < FANOUT) {
            b.insertAt(i, child);
            return;
        }
        Branch right = new Branch(epoch);
        int half = FANOUT / 2;
        for (int k = half; k < FANOUT; k++) {
            right.append(b.children[k]);
        }
        b.truncate(half);
        if (i <= half) {
            b.insertAt(i, child);
        } else {
            right.insertAt(i - half, child);
        }
        split = right;
    }

    private byte[] remove(Node node, int index, int fill) {
        if (node instanceof Chunk c) {
            return c.remove(index);
        }
        Branch b = (Branch) node;
        int i = 0;
        while (index >= b.counts[i]) {
            index -= b.counts[i++];
        }
        Node child = writable(b, i);
        byte[] old = remove(child, index, fill);
        b.counts[i]--;
        b.count--;
        if (child.count == 0) {
            b.removeAt(i);
        } else {
            rebalance(b, i, fill);
        }
        return old;
    }

    private void removeRange(Node node, int from, int to, int fill) {
        if (node instanceof Chunk c) {
            c.removeRange(from, to);
            return;
        }
        Branch b = (Branch) node;
        int kept = 0;
        int start = 0;
        int touchedLow = -1;
        int touchedHigh = -1;
        for (int i = 0; i < b.n; i++) {
            Node child = b.children[i];
            int s = start;
            int e = start + b.counts[i];
            start = e;
            if (from <= s && e <= to) {
                continue; // wholly removed
            }
            if (e > from && s < to) {
                child = writable(child);
                removeRange(child, Math.max(from, s) - s, Math.min(to, e) - s, fill);
                if (touchedLow < 0) {
                    touchedLow = kept;
                }
                touchedHigh = kept;
            }
            b.children[kept] = child;
            b.counts[kept] = child.count;
            kept++;
        }
        b.truncate(kept);
        if (touchedHigh >= 0 && touchedHigh < b.n) {
            rebalance(b, touchedHigh, fill);
        }
        if (touchedLow >= 0 && touchedLow < touchedHigh && touchedLow < b.n) {
            rebalance(b, touchedLow, fill);
        }
    }

    /** Merges child {@code i} of {@code b} with a neighbour when it is under half full and the two fit in one node. */
    private void rebalance(Branch b, int i, int fill) {
        if (b.n < 2 || !underHalf(b.children[i], fill)) {
            return;
        }
        int j = i + 1 < b.n ? i : i - 1;
        Node left = b.children[j];
        Node right = b.children[j + 1];
        boolean fits = left instanceof Chunk l
                ? !Listpack.exceeds(fill, l.bytes + ((Chunk) right).bytes - Listpack.OVERHEAD, l.count + right.count)
                : ((Branch) left).n + ((Branch) right).n <= FANOUT;
        if (!fits) {
            return;
        }
        Node merged = writable(b, j);
        if (merged instanceof Chunk m) {
            m.appendAll((Chunk) right);
        } else {
            Branch m = (Branch) merged;
            Branch r = (Branch) right;
            for (int k = 0; k < r.n; k++) {
                m.append(r.children[k]);
            }
        }
        b.counts[j] = merged.count;
        b.count += right.count; // the total is unchanged: removeAt takes the right child's count off again
        b.removeAt(j + 1);
    }

    private static boolean underHalf(Node n, int fill) {
        if (n instanceof Chunk c) {
            return !Listpack.exceeds(fill, 2L * c.bytes, 2L * c.count);
        }
        return ((Branch) n).n < FANOUT / 2;
    }

    private void collapseRoot() {
        while (root instanceof Branch b && b.n <= 1) {
            root = b.n == 0 ? new Chunk(epoch, MIN_CAPACITY, 0) : b.children[0];
        }
    }

    private Node writable(Node n) {
        return n.epoch == epoch ? n : n.copy(epoch);
    }

    /** Child {@code i} of the (writable) branch, made writable and put back in place. */
    private Node writable(Branch b, int i) {
        Node c = writable(b.children[i]);
        b.children[i] = c;
        return c;
    }

    private static void checkIndex(int index, int bound) {
        if (index < 0 || index >= bound) {
            throw new IndexOutOfBoundsException("index: " + index + " (expected: 0 to " + (bound - 1) + ")");
        }
    }

    // ------------------------------------------------------------------ invariants

    /**
     * Walks the whole tree and checks every count and byte total, that no node but the root is
     * empty and that all chunks are at one depth. Returns the element count.
     *
     * @throws IllegalStateException describing the first violation
     */
    int verify() {
        int[] depth = {-1};
        int n = verify(root, 0, depth, true);
        if (n != size()) {
            throw new IllegalStateException("size: " + size() + " (expected: " + n + ")");
        }
        return n;
    }

    private static int verify(Node node, int level, int[] depth, boolean isRoot) {
        if (!isRoot && node.count == 0) {
            throw new IllegalStateException("empty node below the root at level " + level);
        }
        if (node instanceof Chunk c) {
            if (depth[0] >= 0 && depth[0] != level) {
                throw new IllegalStateException("chunk at level " + level + " (expected: " + depth[0] + ")");
            }
            depth[0] = level;
            int bytes = Listpack.OVERHEAD;
            for (int i = 0; i < c.count; i++) {
                bytes += Listpack.entryBytes(c.items[c.lo + i]);
            }
            if (bytes != c.bytes) {
                throw new IllegalStateException("chunk bytes: " + c.bytes + " (expected: " + bytes + ")");
            }
            return c.count;
        }
        Branch b = (Branch) node;
        if (b.n == 0 || (isRoot && b.n < 2)) {
            throw new IllegalStateException("branch with " + b.n + " children at level " + level);
        }
        int total = 0;
        for (int i = 0; i < b.n; i++) {
            int c = verify(b.children[i], level + 1, depth, false);
            if (c != b.counts[i]) {
                throw new IllegalStateException("count of child " + i + ": " + b.counts[i] + " (expected: " + c + ")");
            }
            total += c;
        }
        if (total != b.count) {
            throw new IllegalStateException("branch count: " + b.count + " (expected: " + total + ")");
        }
        return total;
    }

    /** Number of chunks, for tests and memory accounting. */
    int chunkCount() {
        return chunkCount(root);
    }

    private static int chunkCount(Node n) {
        if (n instanceof Chunk) {
            return 1;
        }
        Branch b = (Branch) n;
        int total = 0;
        for (int i = 0; i < b.n; i++) {
            total += chunkCount(b.children[i]);
        }
        return total;
    }

    /** How many of this list's chunks are the very objects {@code other} holds: a test of structure sharing. */
    int chunksSharedWith(ChunkedList other) {
        java.util.Set<Node> theirs = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        collectChunks(other.root, theirs);
        java.util.Set<Node> mine = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        collectChunks(root, mine);
        mine.retainAll(theirs);
        return mine.size();
    }

    private static void collectChunks(Node n, java.util.Set<Node> out) {
        if (n instanceof Branch b) {
            for (int i = 0; i < b.n; i++) {
                collectChunks(b.children[i], out);
            }
        } else {
            out.add(n);
        }
    }

    // ------------------------------------------------------------------ nodes

    abstract static sealed class Node permits Chunk, Branch {
        final long epoch;
        int count;

        Node(long epoch) {
            this.epoch = epoch;
        }

        abstract Node copy(long epoch);
    }

    /** Elements in {@code items[lo, lo + count)}, with slack on both sides for pushes at either end. */
    static final class Chunk extends Node {
        byte[][] items;
        int lo;
        /** Listpack-equivalent size, {@link Listpack#OVERHEAD} included. */
        int bytes;

        Chunk(long epoch, int capacity, int lo) {
            super(epoch);
            reset(capacity, lo);
        }

        Chunk(long epoch, byte[][] items, int lo, int count, int bytes) {
            super(epoch);
            this.items = items;
            this.lo = lo;
            this.count = count;
            this.bytes = bytes;
        }

        void reset(int capacity, int lo) {
            this.items = new byte[capacity][];
            this.lo = lo;
            this.count = 0;
            this.bytes = Listpack.OVERHEAD;
        }

        @Override
        Chunk copy(long epoch) {
            return new Chunk(epoch, items.clone(), lo, count, bytes);
        }

        void insert(int i, byte[] value, int eb) {
            if (count == items.length) {
                grow(i);
            }
            if (i == 0 && lo > 0) {
                lo--;
            } else if (i == count && lo + count < items.length) {
                // room at the end already
            } else if (lo > 0 && (i < count / 2 || lo + count == items.length)) {
                System.arraycopy(items, lo, items, lo - 1, i); // shift the front part left
                lo--;
            } else {
                System.arraycopy(items, lo + i, items, lo + i + 1, count - i); // shift the back part right
            }
            items[lo + i] = value;
            count++;
            bytes += eb;
        }

        /** Moves the elements into a bigger array, with the new slack on the side that is growing. */
        private void grow(int i) {
            int capacity = items.length < 64 ? Math.max(MIN_CAPACITY, items.length * 2) : items.length + items.length / 2;
            byte[][] bigger = new byte[capacity][];
            int slack = capacity - count;
            int newLo = i == 0 ? slack : i == count ? 0 : slack / 2;
            System.arraycopy(items, lo, bigger, newLo, count);
            items = bigger;
            lo = newLo;
        }

        byte[] remove(int i) {
            byte[] old = items[lo + i];
            if (i < count / 2) {
                System.arraycopy(items, lo, items, lo + 1, i);
                items[lo] = null;
                lo++;
            } else {
                System.arraycopy(items, lo + i + 1, items, lo + i, count - i - 1);
                items[lo + count - 1] = null;
            }
            count--;
            bytes -= Listpack.entryBytes(old);
            return old;
        }

        void removeRange(int from, int to) {
            for (int i = from; i < to; i++) {
                bytes -= Listpack.entryBytes(items[lo + i]);
            }
            System.arraycopy(items, lo + to, items, lo + from, count - to);
            Arrays.fill(items, lo + count - (to - from), lo + count, null);
            count -= to - from;
        }

        /** Moves elements {@code from} to the end into a new chunk, returned. */
        Chunk splitOff(int from, long epoch) {
            int n = count - from;
            Chunk right = new Chunk(epoch, Math.max(MIN_CAPACITY, n + n / 2), 0);
            System.arraycopy(items, lo + from, right.items, 0, n);
            int moved = 0;
            for (int i = 0; i < n; i++) {
                moved += Listpack.entryBytes(right.items[i]);
            }
            Arrays.fill(items, lo + from, lo + count, null);
            right.count = n;
            right.bytes += moved;
            count = from;
            bytes -= moved;
            return right;
        }

        /** Appends every element of {@code other} (left unchanged). */
        void appendAll(Chunk other) {
            int need = count + other.count;
            if (lo + need > items.length) {
                byte[][] bigger = new byte[Math.max(MIN_CAPACITY, need + need / 4)][];
                System.arraycopy(items, lo, bigger, 0, count);
                items = bigger;
                lo = 0;
            }
            System.arraycopy(other.items, other.lo, items, lo + count, other.count);
            count = need;
            bytes += other.bytes - Listpack.OVERHEAD;
        }
    }

    /** {@code counts[i]} is the element count of {@code children[i]}; {@code count} their sum. */
    static final class Branch extends Node {
        final Node[] children;
        final int[] counts;
        int n;

        Branch(long epoch) {
            this(epoch, new Node[FANOUT], new int[FANOUT], 0, 0);
        }

        private Branch(long epoch, Node[] children, int[] counts, int n, int count) {
            super(epoch);
            this.children = children;
            this.counts = counts;
            this.n = n;
            this.count = count;
        }

        @Override
        Branch copy(long epoch) {
            return new Branch(epoch, children.clone(), counts.clone(), n, count);
        }

        void append(Node child) {
            insertAt(n, child);
        }

        void insertAt(int i, Node child) {
            System.arraycopy(children, i, children, i + 1, n - i);
            System.arraycopy(counts, i, counts, i + 1, n - i);
            children[i] = child;
            counts[i] = child.count;
            n++;
            count += child.count;
        }

        void removeAt(int i) {
            count -= counts[i];
            System.arraycopy(children, i + 1, children, i, n - i - 1);
            System.arraycopy(counts, i + 1, counts, i, n - i - 1);
            n--;
            children[n] = null;
            counts[n] = 0;
        }

        /** Keeps the first {@code keep} children and recounts. */
        void truncate(int keep) {
            Arrays.fill(children, keep, n, null);
            Arrays.fill(counts, keep, n, 0);
            n = keep;
            int total = 0;
            for (int i = 0; i < n; i++) {
                total += counts[i];
            }
            count = total;
        }
    }
}
