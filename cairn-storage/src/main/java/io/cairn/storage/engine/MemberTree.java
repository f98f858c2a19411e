package io.cairn.storage.engine;

import io.cairn.common.Bytes;
import java.util.Arrays;
import java.util.function.Consumer;

/**
 * The hashed layout of a set: a B+tree of members ordered by (32-bit hash as unsigned, then the
 * bytes as unsigned), chunked so that copy-on-write is cheap, with subtree counts for rank
 * access.
 *
 * <ul>
 *   <li><b>Chunks.</b> Leaves hold up to {@value #LEAF_MAX} members, inner nodes up to
 *       {@value #INNER_MAX} children. Every node carries the epoch it was created in; a writer
 *       copies a node that an open read view may share ({@link CowClock#isShared}) and the path
 *       above it, never the whole set: the first write after a checkpoint starts costs one leaf
 *       and O(log n) small inner nodes. {@link #share()} is the O(1) copy a {@link SetEntry}
 *       makes when a view can see it.
 *   <li><b>Random members.</b> {@link #get(int)} finds the member of a rank in O(log n) through
 *       the counts, so a uniformly random member costs O(log n), whatever the set's history.
 *   <li><b>Cursors.</b> Hash order is stable: it does not depend on how the tree was built or
 *       rebalanced. {@link #scan} resumes at a hash, so a member present for a whole iteration
 *       is returned at least once, however the set changes between calls (SSCAN's guarantee).
 *       A page never ends inside a run of equal hashes.
 * </ul>
 *
 * <p>Member arrays are kept as given and handed out without copying: callers must never change
 * them. Not thread-safe; a view reads only nodes that writers no longer change.
 */
final class MemberTree {
    static final int LEAF_MAX = 64;
    static final int INNER_MAX = 64;
    private static final int MIN = 16;

    private Node root;
    private int size;
    // Single-writer scratch: the right half of a node that split during an insert.
    private Node split;

    MemberTree(long epoch) {
        this(new Leaf(epoch, 4), 0);
    }

    private MemberTree(Node root, int size) {
        this.root = root;
        this.size = size;
    }

    /** An O(1) copy sharing every node; a writer of either copies what it changes. */
    MemberTree share() {
        return new MemberTree(root, size);
    }

    int size() {
        return size;
    }

    static int hash(byte[] member) {
        return Bytes.hash(member, 0, member.length);
    }

    boolean contains(byte[] member) {
        return contains(hash(member), member);
    }

    private boolean contains(int h, byte[] member) {
        Node n = root;
        while (n instanceof Inner in) {
            n = in.children[childIndex(in, h, member)];
        }
        return search((Leaf) n, h, member) >= 0;
    }

    /** Adds {@code member} (kept, not copied); returns false when it was already there. */
    boolean add(byte[] member, CowClock clock) {
        int h = hash(member);
        if (contains(h, member)) {
            return false;
        }
        root = writable(root, clock);
        insert(root, h, member, clock);
        if (split != null) {
            Inner r = new Inner(clock.stamp());
            r.children[0] = root;
            r.counts[0] = count(root);
            r.children[1] = split;
            r.counts[1] = count(split);
            r.hashes[1] = firstHash(split);
            r.firsts[1] = firstMember(split);
            r.size = 2;
            r.total = r.counts[0] + r.counts[1];
            root = r;
            split = null;
        }
        size++;
        return true;
    }

    /** Removes {@code member}; returns false when it was not there. */
    boolean remove(byte[] member, CowClock clock) {
        int h = hash(member);
        if (!contains(h, member)) {
            return false;
        }
        root = writable(root, clock);
        delete(root, h, member, clock);
        if (root instanceof Inner in && in.size == 1) {
            root = in.children[0];
        }
        size--;
        return true;
    }

    /** The member of rank {@code rank} in hash order, 0 &lt;= rank &lt; size. */
    byte[] get(int rank) {
        java.util.Objects.checkIndex(rank, size);
        Node n = root;
        while (n instanceof Inner in) {
            int i = 0;
            while (rank >= in.counts[i]) {
                rank -= in.counts[i++];
            }
            n = in.children[i];
        }
        return ((Leaf) n).members[rank];
    }

    /** Visits every member in hash order. */
    void forEach(Consumer<byte[]> visitor) {
        visit(root, 0, (h, m) -> {
            visitor.accept(m);
            return true;
        });
    }

    /** Visits members in hash order until the visitor answers false. */
    void forEachWhile(java.util.function.Predicate<byte[]> visitor) {
        visit(root, 0, (h, m) -> visitor.test(m));
    }

    /**
     * Visits members in hash order from the first whose hash, as an unsigned 32-bit number, is at
     * least {@code cursor}, until at least {@code count} were visited and the next member's hash
     * differs from the last one's. Returns the cursor to resume at: the next member's hash
     * (never 0, since it is above a visited hash), or 0 when no member is left. A cursor past
     * 2^32 - 1 visits nothing.
     */
    long scan(long cursor, int count, Consumer<byte[]> visitor) {
        if (cursor < 0 || cursor > 0xFFFF_FFFFL) {
            return 0;
        }
        long[] next = {0};
        int[] seen = {0};
        long[] last = {-1};
        visit(root, (int) cursor, (h, m) -> {
            long uh = Integer.toUnsignedLong(h);
            if (seen[0] >= count && uh != last[0]) {
                next[0] = uh;
                return false;
            }
            visitor.accept(m);
            seen[0]++;
            last[0] = uh;
            return true;
        });
        return next[0];
    }

    // ------------------------------------------------------------------ search

    private interface HashVisitor {
        boolean visit(int hash, byte[] member);
    }

    private static int compare(int ha, byte[] a, int hb, byte[] b) {
        int c = Integer.compareUnsigned(ha, hb);
        return c != 0 ? c : Arrays.compareUnsigned(a, b);
    }

    /** Index of the child whose range holds the key (h, m). */
    private static int childIndex(Inner in, int h, byte[] m) {
        int lo = 1;
        int hi = in.size - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (compare(in.hashes[mid], in.firsts[mid], h, m) <= 0) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return lo - 1;
    }

    /** The index of (h, m) in the leaf, or {@code -(insertion point) - 1}. */
    private static int search(Leaf leaf, int h, byte[] m) {
        int lo = 0;
        int hi = leaf.size - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int c = compare(leaf.hashes[mid], leaf.members[mid], h, m);
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

    /** Visits members with unsigned hash >= {@code from} in order, until the visitor says stop. */
    private static boolean visit(Node node, int from, HashVisitor v) {
        if (node instanceof Inner in) {
            int start = from == 0 ? 0 : childIndex(in, from, Bytes.EMPTY);
            for (int i = start; i < in.size; i++) {
                if (!visit(in.children[i], i == start ? from : 0, v)) {
                    return false;
                }
            }
            return true;
        }
        Leaf leaf = (Leaf) node;
        int i = 0;
        if (from != 0) {
            int s = search(leaf, from, Bytes.EMPTY); // (from, "") sorts first among hash 'from'
            i = s >= 0 ? s : -s - 1;
        }
        for (; i < leaf.size; i++) {
            if (!v.visit(leaf.hashes[i], leaf.members[i])) {
                return false;
            }
        }
        return true;
    }

    private static int count(Node n) {
        return n instanceof Inner in ? in.total : n.size;
    }

    private static int firstHash(Node n) {
        while (n instanceof Inner in) {
            n = in.children[0];
        }
        return ((Leaf) n).hashes[0];
    }

    private static byte[] firstMember(Node n) {
        while (n instanceof Inner in) {
            n = in.children[0];
        }
        return ((Leaf) n).members[0];
    }

    // ------------------------------------------------------------------ writes

    private static Node writable(Node n, CowClock clock) {
        return clock.isShared(n.epoch) ? n.copy(clock.stamp()) : n;
    }

    private void insert(Node node, int h, byte[] m, CowClock clock) {
        if (node instanceof Inner in) {
            int i = childIndex(in, h, m);
            Node child = writable(in.children[i], clock);
            in.children[i] = child;
            insert(child, h, m, clock);
            if (split == null) {
                in.counts[i]++;
                in.total++;
                return;
            }
            Node right = split;
            split = null;
            // the child's c members became left + right = c + 1; insertChild adds right's count
            in.total += count(child) - in.counts[i];
            in.counts[i] = count(child);
            insertChild(in, i + 1, right, clock);
            return;
        }
        Leaf leaf = (Leaf) node;
        int at = -search(leaf, h, m) - 1;
        if (leaf.size < LEAF_MAX) {
            leaf.insertAt(at, h, m);
            return;
        }
        int half = LEAF_MAX / 2;
        Leaf right = new Leaf(clock.stamp(), LEAF_MAX);
        System.arraycopy(leaf.hashes, half, right.hashes, 0, LEAF_MAX - half);
        System.arraycopy(leaf.members, half, right.members, 0, LEAF_MAX - half);
        Arrays.fill(leaf.members, half, LEAF_MAX, null);
        leaf.size = half;
        right.size = LEAF_MAX - half;
        if (at <= half) {
            leaf.insertAt(at, h, m);
        } else {
            right.insertAt(at - half, h, m);
        }
        split = right;
    }

    /** Inserts {@code child} at index {@code i} of {@code in}, splitting {@code in} when full. */
    private void insertChild(Inner in, int i, Node child, CowClock clock) {
        Inner target = in;
        if (in.size == INNER_MAX) {
            int half = INNER_MAX / 2;
            Inner right = new Inner(clock.stamp());
            System.arraycopy(in.hashes, half, right.hashes, 0, INNER_MAX - half);
            System.arraycopy(in.firsts, half, right.firsts, 0, INNER_MAX - half);
            System.arraycopy(in.children, half, right.children, 0, INNER_MAX - half);
            System.arraycopy(in.counts, half, right.counts, 0, INNER_MAX - half);
            Arrays.fill(in.firsts, half, INNER_MAX, null);
            Arrays.fill(in.children, half, INNER_MAX, null);
            in.size = half;
            right.size = INNER_MAX - half;
            in.total = 0;
            for (int k = 0; k < half; k++) {
                in.total += in.counts[k];
            }
            for (int k = 0; k < right.size; k++) {
                right.total += right.counts[k];
            }
            if (i > half) {
                target = right;
                i -= half;
            }
            split = right;
        }
        System.arraycopy(target.hashes, i, target.hashes, i + 1, target.size - i);
        System.arraycopy(target.firsts, i, target.firsts, i + 1, target.size - i);
        System.arraycopy(target.children, i, target.children, i + 1, target.size - i);
        System.arraycopy(target.counts, i, target.counts, i + 1, target.size - i);
        target.hashes[i] = firstHash(child);
        target.firsts[i] = firstMember(child);
        target.children[i] = child;
        target.counts[i] = count(child);
        target.total += target.counts[i];
        target.size++;
    }

    private static void delete(Node node, int h, byte[] m, CowClock clock) {
        if (node instanceof Leaf leaf) {
            leaf.removeAt(search(leaf, h, m));
            return;
        }
        Inner in = (Inner) node;
        int i = childIndex(in, h, m);
        Node child = writable(in.children[i], clock);
        in.children[i] = child;
        delete(child, h, m, clock);
        in.counts[i]--;
        in.total--;
        if (child.size == 0) {
            in.removeChild(i);
        } else if (child.size < MIN && in.size > 1) {
            int left = i + 1 < in.size ? i : i - 1;
            Node b = in.children[left + 1];
            int max = in.children[left] instanceof Leaf ? LEAF_MAX : INNER_MAX;
            if (in.children[left].size + b.size <= max * 3 / 4) {
                Node a = writable(in.children[left], clock);
                in.children[left] = a;
                merge(a, b, in.hashes[left + 1], in.firsts[left + 1]);
                in.counts[left] += in.counts[left + 1];
                in.removeChild(left + 1);
            }
        }
    }

    /** Appends {@code b}'s contents to the writable {@code a}; (h, m) is b's separator. */
    private static void merge(Node a, Node b, int h, byte[] m) {
        if (a instanceof Leaf la) {
            Leaf lb = (Leaf) b;
            la.ensure(la.size + lb.size);
            System.arraycopy(lb.hashes, 0, la.hashes, la.size, lb.size);
            System.arraycopy(lb.members, 0, la.members, la.size, lb.size);
            la.size += lb.size;
            return;
        }
        Inner ia = (Inner) a;
        Inner ib = (Inner) b;
        System.arraycopy(ib.hashes, 0, ia.hashes, ia.size, ib.size);
        System.arraycopy(ib.firsts, 0, ia.firsts, ia.size, ib.size);
        System.arraycopy(ib.children, 0, ia.children, ia.size, ib.size);
        System.arraycopy(ib.counts, 0, ia.counts, ia.size, ib.size);
        ia.hashes[ia.size] = h;
        ia.firsts[ia.size] = m;
        ia.size += ib.size;
        ia.total += ib.total;
    }

    // ------------------------------------------------------------------ checks

    /**
     * Walks the whole tree and checks order, separators, counts and size. Costly; for tests.
     *
     * @throws IllegalStateException describing the first violation
     */
    void verify() {
        int n = verify(root, 0, null, false, 0, null, false, true);
        if (n != size) {
            throw new IllegalStateException("size: " + size + " (expected: " + n + " members found)");
        }
    }

    private static int verify(Node node, int loH, byte[] loM, boolean hasLo, int hiH, byte[] hiM, boolean hasHi,
            boolean isRoot) {
        if (!isRoot && node.size == 0) {
            throw new IllegalStateException("empty non-root node");
        }
        if (node instanceof Leaf leaf) {
            for (int i = 0; i < leaf.size; i++) {
                if (leaf.hashes[i] != hash(leaf.members[i])) {
                    throw new IllegalStateException("stale hash at " + i);
                }
                if (i > 0 && compare(leaf.hashes[i - 1], leaf.members[i - 1], leaf.hashes[i], leaf.members[i]) >= 0) {
                    throw new IllegalStateException("leaf out of order at " + i);
                }
                if (hasLo && compare(leaf.hashes[i], leaf.members[i], loH, loM) < 0
                        || hasHi && compare(leaf.hashes[i], leaf.members[i], hiH, hiM) >= 0) {
                    throw new IllegalStateException("member outside its separators");
                }
            }
            return leaf.size;
        }
        Inner in = (Inner) node;
        if (isRoot && in.size < 2) {
            throw new IllegalStateException("inner root with " + in.size + " children");
        }
        int total = 0;
        for (int i = 0; i < in.size; i++) {
            boolean lo = i > 0 || hasLo;
            boolean hi = i + 1 < in.size || hasHi;
            int n = verify(in.children[i], i > 0 ? in.hashes[i] : loH, i > 0 ? in.firsts[i] : loM, lo,
                    i + 1 < in.size ? in.hashes[i + 1] : hiH, i + 1 < in.size ? in.firsts[i + 1] : hiM, hi, false);
            if (n != in.counts[i]) {
                throw new IllegalStateException("count of child " + i + ": " + in.counts[i] + " (expected: " + n + ")");
            }
            total += n;
        }
        if (total != in.total) {
            throw new IllegalStateException("inner total: " + in.total + " (expected: " + total + ")");
        }
        return total;
    }

    // ------------------------------------------------------------------ nodes

    private abstract static sealed class Node permits Leaf, Inner {
        final long epoch;
        int size;

        Node(long epoch) {
            this.epoch = epoch;
        }

        abstract Node copy(long epoch);
    }

    /** Up to LEAF_MAX members in key order; its arrays grow to LEAF_MAX as needed. */
    private static final class Leaf extends Node {
        int[] hashes;
        byte[][] members;

        Leaf(long epoch, int capacity) {
            super(epoch);
            hashes = new int[capacity];
            members = new byte[capacity][];
        }

        private Leaf(long epoch, int[] hashes, byte[][] members, int size) {
            super(epoch);
            this.hashes = hashes;
            this.members = members;
            this.size = size;
        }

        @Override
        Leaf copy(long epoch) {
            return new Leaf(epoch, hashes.clone(), members.clone(), size);
        }

        void ensure(int capacity) {
            if (capacity > hashes.length) {
                int n = Math.min(LEAF_MAX, Math.max(capacity, hashes.length * 2));
                hashes = Arrays.copyOf(hashes, n);
                members = Arrays.copyOf(members, n);
            }
        }

        void insertAt(int i, int h, byte[] m) {
            ensure(size + 1);
            System.arraycopy(hashes, i, hashes, i + 1, size - i);
            System.arraycopy(members, i, members, i + 1, size - i);
            hashes[i] = h;
            members[i] = m;
            size++;
        }

        void removeAt(int i) {
            System.arraycopy(hashes, i + 1, hashes, i, size - i - 1);
            System.arraycopy(members, i + 1, members, i, size - i - 1);
            members[--size] = null;
        }
    }

    /**
     * Children with their subtree counts; separator i (hashes[i], firsts[i]) is a lower bound of
     * child i's keys for i >= 1 (slot 0 is unused).
     */
    private static final class Inner extends Node {
        final int[] hashes;
        final byte[][] firsts;
        final Node[] children;
        final int[] counts;
        int total;

        Inner(long epoch) {
            super(epoch);
            hashes = new int[INNER_MAX];
            firsts = new byte[INNER_MAX][];
            children = new Node[INNER_MAX];
            counts = new int[INNER_MAX];
        }

        private Inner(long epoch, Inner from) {
            super(epoch);
            hashes = from.hashes.clone();
            firsts = from.firsts.clone();
            children = from.children.clone();
            counts = from.counts.clone();
            total = from.total;
            size = from.size;
        }

        @Override
        Inner copy(long epoch) {
            return new Inner(epoch, this);
        }

        void removeChild(int i) {
            System.arraycopy(hashes, i + 1, hashes, i, size - i - 1);
            System.arraycopy(firsts, i + 1, firsts, i, size - i - 1);
            System.arraycopy(children, i + 1, children, i, size - i - 1);
            System.arraycopy(counts, i + 1, counts, i, size - i - 1);
            size--;
            firsts[size] = null;
            children[size] = null;
            firsts[0] = null;
            hashes[0] = 0;
        }
    }
}
