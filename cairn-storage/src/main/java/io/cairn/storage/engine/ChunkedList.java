package io.cairn.storage.engine;

import io.cairn.storage.engine.ListNodes.Branch;
import io.cairn.storage.engine.ListNodes.Node;

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
 *  Chunk(40)  Chunk(50)        Chunk(45)  Chunk(40)      each chunk: its elements packed in one byte[]
 * </pre>
 *
 * <h2>Cost</h2>
 * Reading or changing element {@code i} walks one path: O(log<sub>32</sub> chunks) branches (three
 * levels hold a million elements of 100 bytes) and then one chunk, from its nearer end (see
 * {@link ListChunk}: at most half of the chunk's bytes, which the fill setting bounds). A range
 * walks each chunk once, sequentially. A push or pop at either end touches the first or last
 * chunk, whose array keeps slack at both ends, so it is O(1) amortised in the chunk plus that
 * short path; a chunk that outgrows its bound splits, one that shrinks below half merges with a
 * neighbour when the two fit.
 *
 * <h2>Copy-on-write</h2>
 * Every node carries the epoch of the list that created it. This list changes its own nodes in
 * place and copies any other node before changing it (and so the branches above it): a
 * {@link #copy} shares the whole tree in O(1), and its first write copies one path and one chunk,
 * never the list. The list it was copied from must not change afterwards (a read view holds it).
 *
 * <p>Not thread-safe; the store's lock serialises writers. Values inserted are taken over (an
 * element too big to share a chunk is kept as its array, the others are copied into their chunk);
 * elements read out are copies or, for such a big element, its stored array: callers may keep
 * them and must not change them.
 */
final class ChunkedList {
    static final int FANOUT = 32;

    private final long epoch;
    private Node root;
    /** Scratch of one insert: the right sibling a split produced, for the parent to take in. */
    private Node split;

    ChunkedList(long epoch) {
        this(epoch, new ListChunk(epoch));
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
        return root instanceof ListChunk;
    }

    /** Listpack-equivalent bytes of the first chunk ({@link Listpack#OVERHEAD} included); the list's when {@link #singleChunk}. */
    int firstChunkBytes() {
        Node n = root;
        while (n instanceof Branch b) {
            n = b.children[0];
        }
        return ((ListChunk) n).bytes;
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
        return ((ListChunk) n).get(index);
    }

    /** Receives elements during {@link #visit}; returns false to stop. */
    @FunctionalInterface
    interface Visitor {
        boolean visit(byte[] element);
    }

    /**
     * Receives elements in place during {@link #scan}: {@code len} bytes of {@code buf} from
     * {@code off}, valid only during the call (the array is the chunk's own: read it, never keep
     * or change it). Returns false to stop.
     */
    @FunctionalInterface
    interface SliceVisitor {
        boolean visit(byte[] buf, int off, int len);
    }

    /** Places an element, in place as a {@link SliceVisitor} gets it, against a target: negative when it is before. */
    @FunctionalInterface
    interface SliceOrder {
        int compare(byte[] buf, int off, int len);
    }

    /**
     * For a list whose elements are in {@code order}'s order: the position of the first element
     * not before the target (the size when every one is). Descends once, choosing each child by its
     * first element (a binary search of the children), then reads the one chunk sequentially:
     * O(log chunks) first elements and one chunk, instead of O(log n) positions each found by
     * walking a chunk.
     */
    int lowerBound(SliceOrder order) {
        Node n = root;
        int base = 0;
        while (n instanceof Branch b) {
            int lo = 0;
            int hi = b.n - 1;
            while (lo < hi) { // the last child whose first element is before the target (or the first child)
                int mid = (lo + hi + 1) >>> 1;
                if (firstBefore(b.children[mid], order)) {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            for (int i = 0; i < lo; i++) {
                base += b.counts[i];
            }
            n = b.children[lo];
        }
        ListChunk c = (ListChunk) n;
        int[] at = {0};
        c.scan(0, c.count, false, (buf, off, len) -> {
            if (order.compare(buf, off, len) >= 0) {
                return false;
            }
            at[0]++;
            return true;
        });
        return base + at[0];
    }

    /** Whether the first element under {@code n} is before the target. */
    private static boolean firstBefore(Node n, SliceOrder order) {
        while (n instanceof Branch b) {
            n = b.children[0];
        }
        ListChunk c = (ListChunk) n;
        boolean[] before = {false};
        if (c.count > 0) {
            c.scan(0, 1, false, (buf, off, len) -> {
                before[0] = order.compare(buf, off, len) < 0;
                return false;
            });
        }
        return before[0];
    }

    /** A chunk's part of a range walk: its elements {@code from} to {@code to} (exclusive, not empty). */
    @FunctionalInterface
    private interface ChunkVisit {
        boolean visit(ListChunk c, int from, int to);
    }

    /**
     * Visits the elements at {@code from} (inclusive) to {@code to} (exclusive), from the last
     * one backwards when {@code reverse}, until the visitor returns false. Returns whether every
     * element was visited.
     */
    boolean visit(int from, int to, boolean reverse, Visitor v) {
        checkRange(from, to);
        return from == to || walk(root, from, to, reverse, (c, f, t) -> c.visit(f, t, reverse, v));
    }

    /**
     * As {@link #visit}, handing each element over in place instead of as a copy: for readers
     * that only compare or copy out the bytes (LREM, LPOS, a snapshot).
     */
    boolean scan(int from, int to, boolean reverse, SliceVisitor v) {
        checkRange(from, to);
        return from == to || walk(root, from, to, reverse, (c, f, t) -> c.scan(f, t, reverse, v));
    }

    private static boolean walk(Node node, int from, int to, boolean reverse, ChunkVisit v) {
        if (node instanceof ListChunk c) {
            return v.visit(c, from, to);
        }
        Branch b = (Branch) node;
        // Only the children the range overlaps, found from the end it starts at: a pop or a
        // peek at either end touches one child per level, with no per-level allocation.
        if (!reverse) {
            int s = 0;
            for (int i = 0; i < b.n && s < to; i++) {
                int e = s + b.counts[i];
                if (e > from && !walk(b.children[i], Math.max(from, s) - s, Math.min(to, e) - s, false, v)) {
                    return false;
                }
                s = e;
            }
        } else {
            int e = b.count;
            for (int i = b.n - 1; i >= 0 && e > from; i--) {
                int s = e - b.counts[i];
                if (s < to && !walk(b.children[i], Math.max(from, s) - s, Math.min(to, e) - s, true, v)) {
                    return false;
                }
                e = s;
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
        ListChunk found = (ListChunk) n;
        int grown = found.bytes - found.entryBytes(at) + eb;
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
        return ((ListChunk) n).replace(at, value, eb);
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
        checkRange(from, to);
        if (from == to) {
            return;
        }
        root = writable(root);
        removeRange(root, from, to, fill);
        collapseRoot();
    }

    private void insert(Node node, int index, byte[] value, int eb, int fill) {
        if (node instanceof ListChunk c) {
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

    private void insertIntoChunk(ListChunk c, int index, byte[] value, int eb, int fill) {
        if (c.count == 0 || !Listpack.exceeds(fill, c.bytes + eb, c.count + 1)) {
            c.insert(index, value, eb);
            return;
        }
        if (index == c.count) { // appending to a full chunk starts the next one; this one is done growing
            c.trim();
            ListChunk next = new ListChunk(epoch);
            next.insert(0, value, eb);
            split = next;
        } else if (index == 0) { // prepending to a full chunk: this node takes the new element, a new right sibling the old ones
            ListChunk old = c.moveAll(epoch);
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
        if (node instanceof ListChunk c) {
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
        if (node instanceof ListChunk c) {
            c.removeRange(from, to);
            return;
        }
        Branch b = (Branch) node;
        // A range inside one child that keeps that child non-empty (every LPOP/RPOP): only that
        // path changes, without rewriting the branch's other slots.
        int one = 0;
        int base = 0;
        while (one < b.n - 1 && from >= base + b.counts[one]) {
            base += b.counts[one++];
        }
        if (to <= base + b.counts[one] && to - from < b.counts[one]) {
            Node child = writable(b, one);
            removeRange(child, from - base, to - base, fill);
            b.counts[one] = child.count;
            b.count -= to - from;
            rebalance(b, one, fill);
            return;
        }
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
        boolean fits = left instanceof ListChunk l
                ? !Listpack.exceeds(fill, l.bytes + ((ListChunk) right).bytes - Listpack.OVERHEAD, l.count + right.count)
                : ((Branch) left).n + ((Branch) right).n <= FANOUT;
        if (!fits) {
            return;
        }
        Node merged = writable(b, j);
        if (merged instanceof ListChunk m) {
            m.appendAll((ListChunk) right);
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
        if (n instanceof ListChunk c) {
            return !Listpack.exceeds(fill, 2L * c.bytes, 2L * c.count);
        }
        return ((Branch) n).n < FANOUT / 2;
    }

    private void collapseRoot() {
        while (root instanceof Branch b && b.n <= 1) {
            root = b.n == 0 ? new ListChunk(epoch) : b.children[0];
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

    private void checkRange(int from, int to) {
        if (from < 0 || to > size() || from > to) {
            throw new IndexOutOfBoundsException("range: [" + from + ", " + to + ") (expected: within [0, " + size() + "])");
        }
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
        if (node instanceof ListChunk c) {
            if (depth[0] >= 0 && depth[0] != level) {
                throw new IllegalStateException("chunk at level " + level + " (expected: " + depth[0] + ")");
            }
            depth[0] = level;
            c.verify();
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
        if (n instanceof ListChunk) {
            return 1;
        }
        Branch b = (Branch) n;
        int total = 0;
        for (int i = 0; i < b.n; i++) {
            total += chunkCount(b.children[i]);
        }
        return total;
    }

    /** Bytes of the chunks' arrays, slack included: a test of how tightly they pack. */
    long arrayBytes() {
        return arrayBytes(root);
    }

    private static long arrayBytes(Node n) {
        if (n instanceof ListChunk c) {
            return c.arrayBytes();
        }
        Branch b = (Branch) n;
        long total = 0;
        for (int i = 0; i < b.n; i++) {
            total += arrayBytes(b.children[i]);
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

}
