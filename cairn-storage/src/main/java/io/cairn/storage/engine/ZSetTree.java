package io.cairn.storage.engine;

import io.cairn.storage.engine.ZSetNodes.Inner;
import io.cairn.storage.engine.ZSetNodes.Leaf;
import io.cairn.storage.engine.ZSetNodes.Node;
import java.util.Arrays;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The members of one sorted set in (score, member) order: a B+tree whose inner nodes count the
 * members under each child, so that the rank of a member, the member at a rank and the rank of a
 * range's bound are all O(log n), as Redis's skiplist spans make them.
 *
 * <h2>Copy-on-write</h2>
 * Every node carries the epoch it was made in. A write copies each node on its path that the
 * {@link CowClock} calls shared (one an open read view may see) and changes the others in place,
 * so the first write after a view opened copies O(log n) nodes, never the set. A {@code ZSetTree}
 * is a handle on a root: {@link #share()} gives a second handle on the same nodes in O(1), which
 * is how a sorted set is copied for a view. The handle a view keeps is never written again.
 *
 * <h2>Invariants</h2>
 * In an inner node, {@code lows[i]} (i &gt;= 1) is at most every member of {@code children[i]} and
 * above every member of {@code children[i - 1]}; {@code counts[i]} is the number of members under
 * {@code children[i]}. Every node but the root holds at least {@link #MIN} entries; all leaves are
 * at one depth. {@link #check()} verifies them (tests only: it walks the whole tree).
 *
 * <p>Not thread-safe: the store's lock serialises writers. A handle no writer uses any more may be
 * read by any thread once safely published, since no writer changes the nodes it shares.
 */
final class ZSetTree {
    static final int MAX = 64;
    static final int MIN = MAX / 4;
    /** Fill of the nodes {@link #build} makes: room for a few inserts before the first split. */
    private static final int BUILD_FILL = MAX * 7 / 8;
    private static final int FIRST_LEAF = 4;

    private Node root;

    ZSetTree() {
    }

    private ZSetTree(Node root) {
        this.root = root;
    }

    /** A second handle on the same nodes: O(1); a write through either copies what it shares. */
    ZSetTree share() {
        return new ZSetTree(root);
    }

    int size() {
        return root == null ? 0 : root.count();
    }

    // ------------------------------------------------------------------ reads

    /** The member at {@code rank} (0-based, ascending). */
    ScoredMember get(int rank) {
        Node n = root;
        while (n instanceof Inner in) {
            int i = 0;
            while (rank >= in.counts[i]) {
                rank -= in.counts[i++];
            }
            n = in.children[i];
        }
        return ((Leaf) n).items[rank];
    }

    /** The number of members ordered before {@code x}: its rank when it is present. */
    int rankOf(ScoredMember x) {
        if (root == null) {
            return 0;
        }
        int rank = 0;
        Node n = root;
        while (n instanceof Inner in) {
            int i = childIndex(in, x);
            for (int j = 0; j < i; j++) {
                rank += in.counts[j];
            }
            n = in.children[i];
        }
        return rank + lowerBound((Leaf) n, x);
    }

    /**
     * The number of leading members for which {@code p} holds; {@code p} must hold on a prefix of
     * the (score, member) order and fail after it (a range bound). O(log n) calls of {@code p}.
     */
    int countWhile(Predicate<ScoredMember> p) {
        if (root == null) {
            return 0;
        }
        int rank = 0;
        Node n = root;
        while (n instanceof Inner in) {
            int lo = 1;
            int hi = in.size - 1;
            while (lo <= hi) {
                int mid = (lo + hi) >>> 1;
                if (p.test(in.lows[mid])) {
                    lo = mid + 1;
                } else {
                    hi = mid - 1;
                }
            }
            for (int j = 0; j < hi; j++) {
                rank += in.counts[j];
            }
            n = in.children[hi];
        }
        Leaf l = (Leaf) n;
        int lo = 0;
        int hi = l.size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (p.test(l.items[mid])) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return rank + lo;
    }

    /** Hands the members of ranks {@code from} (inclusive) to {@code to} (exclusive) to {@code out}, in order. */
    void forEach(int from, int to, Consumer<? super ScoredMember> out) {
        if (from < to) {
            visit(root, from, to, out);
        }
    }

    private static void visit(Node n, int from, int to, Consumer<? super ScoredMember> out) {
        if (n instanceof Leaf l) {
            for (int i = from; i < to; i++) {
                out.accept(l.items[i]);
            }
            return;
        }
        Inner in = (Inner) n;
        int base = 0;
        for (int i = 0; i < in.size && base < to; i++) {
            int c = in.counts[i];
            if (base + c > from) {
                visit(in.children[i], Math.max(0, from - base), Math.min(c, to - base), out);
            }
            base += c;
        }
    }

    // ------------------------------------------------------------------ writes

    /** Inserts {@code x}, whose member the tree must not hold. */
    void insert(ScoredMember x, CowClock clock) {
        if (root == null) {
            Leaf l = new Leaf(clock.stamp(), new ScoredMember[FIRST_LEAF]);
            l.items[0] = x;
            l.size = 1;
            root = l;
            return;
        }
        root = writable(root, clock);
        Node right = insert(root, x, clock);
        if (right != null) {
            Inner r = new Inner(clock.stamp());
            r.children[0] = root;
            r.counts[0] = root.count();
            r.children[1] = right;
            r.counts[1] = right.count();
            r.lows[1] = separator(right);
            r.size = 2;
            r.total = r.counts[0] + r.counts[1];
            root = r;
        }
    }

    /** Removes and returns the member at {@code rank}. */
    ScoredMember removeAt(int rank, CowClock clock) {
        root = writable(root, clock);
        ScoredMember m = removeAt(root, rank, clock);
        shrinkRoot();
        return m;
    }

    /** After a removal: a root with one child gives way to it, an empty one to no tree. */
    private void shrinkRoot() {
        if (root instanceof Inner in && in.size == 1) {
            root = in.children[0];
        } else if (root.size == 0) {
            root = null;
        }
    }

    /**
     * Replaces {@code old}, which the tree must hold, with {@code x} (the same member, another
     * score): in place in one descent when {@code x} still orders between the entries that bound
     * {@code old}'s slot (its neighbours in its leaf, or the separators above the leaf at either
     * end), else by removing {@code old} on that same descent and inserting {@code x}. Copies the
     * shared nodes on the paths as {@link #insert} and {@link #removeAt} do.
     */
    void replace(ScoredMember old, ScoredMember x, CowClock clock) {
        root = writable(root, clock);
        if (replace(root, old, x, null, null, clock)) {
            return;
        }
        shrinkRoot();
        insert(x, clock);
    }

    /** Removes {@code old}, which the tree must hold, in one descent. */
    void remove(ScoredMember old, CowClock clock) {
        root = writable(root, clock);
        replace(root, old, null, null, null, clock);
        shrinkRoot();
    }

    /**
     * In the writable {@code n}, whose members lie from {@code lo} (inclusive) to {@code hi}
     * (exclusive; null for no bound): puts {@code x} in {@code old}'s slot and returns true when
     * it fits there, else removes {@code old} and returns false ({@code x} null: always removes).
     */
    private static boolean replace(Node n, ScoredMember old, ScoredMember x, ScoredMember lo, ScoredMember hi,
            CowClock clock) {
        if (n instanceof Leaf l) {
            int pos = lowerBound(l, old);
            assert pos < l.size && l.items[pos].compareTo(old) == 0 : "replace of an absent member";
            if (x != null && fits(x, pos > 0 ? l.items[pos - 1] : lo, pos > 0,
                    pos + 1 < l.size ? l.items[pos + 1] : hi)) {
                l.items[pos] = x;
                return true;
            }
            System.arraycopy(l.items, pos + 1, l.items, pos, l.size - pos - 1);
            l.items[--l.size] = null;
            return false;
        }
        Inner in = (Inner) n;
        int i = childIndex(in, old);
        Node child = writable(in.children[i], clock);
        in.children[i] = child;
        if (replace(child, old, x, i > 0 ? in.lows[i] : lo, i + 1 < in.size ? in.lows[i + 1] : hi, clock)) {
            return true;
        }
        in.counts[i]--;
        in.total--;
        if (child.size < MIN) {
            rebalance(in, i, clock);
        }
        return false;
    }

    /** The number of the leaf's members ordered before {@code x}. */
    private static int lowerBound(Leaf l, ScoredMember x) {
        int lo = 0;
        int hi = l.size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (l.items[mid].compareTo(x) < 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /**
     * Whether {@code x} orders after {@code below} (strictly when {@code strict}: a member, not a
     * separator, which a member may equal) and before {@code above}; a null bound holds.
     */
    private static boolean fits(ScoredMember x, ScoredMember below, boolean strict, ScoredMember above) {
        if (below != null) {
            int c = below.compareTo(x);
            if (strict ? c >= 0 : c > 0) {
                return false;
            }
        }
        return above == null || x.compareTo(above) < 0;
    }

    /**
     * A tree of the {@code n} first members of {@code sorted}, which must be strictly ascending
     * with distinct members: O(n), nodes filled to 7/8 and stamped {@code stamp}.
     */
    static ZSetTree build(ScoredMember[] sorted, int n, long stamp) {
        if (n == 0) {
            return new ZSetTree();
        }
        int leaves = ceilDiv(n, BUILD_FILL);
        Node[] level = new Node[leaves];
        for (int i = 0, from = 0; i < leaves; i++) {
            int to = (int) ((long) n * (i + 1) / leaves);
            Leaf l = new Leaf(stamp, new ScoredMember[to - from <= FIRST_LEAF ? FIRST_LEAF : MAX]);
            System.arraycopy(sorted, from, l.items, 0, to - from);
            l.size = to - from;
            level[i] = l;
            from = to;
        }
        while (level.length > 1) {
            int parents = ceilDiv(level.length, BUILD_FILL);
            Node[] up = new Node[parents];
            for (int i = 0, from = 0; i < parents; i++) {
                int to = (int) ((long) level.length * (i + 1) / parents);
                Inner in = new Inner(stamp);
                for (int j = from; j < to; j++) {
                    int k = j - from;
                    in.children[k] = level[j];
                    in.counts[k] = level[j].count();
                    in.lows[k] = separator(level[j]);
                    in.total += in.counts[k];
                }
                in.size = to - from;
                up[i] = in;
                from = to;
            }
            level = up;
        }
        return new ZSetTree(level[0]);
    }

    private static int ceilDiv(int a, int b) {
        return (a + b - 1) / b;
    }

    private static Node writable(Node n, CowClock clock) {
        return clock.isShared(n.epoch) ? n.copy(clock.stamp()) : n;
    }

    /** The separator a parent keeps for {@code n}: at most each of its members. */
    private static ScoredMember separator(Node n) {
        return n instanceof Leaf l ? l.items[0] : ((Inner) n).lows[0];
    }

    /** The child of {@code in} whose range holds {@code x}. */
    private static int childIndex(Inner in, ScoredMember x) {
        int lo = 1;
        int hi = in.size - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (in.lows[mid].compareTo(x) <= 0) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return hi;
    }

    /** Inserts into the writable {@code n}; returns its new right sibling when it split, else null. */
    private static Node insert(Node n, ScoredMember x, CowClock clock) {
        if (n instanceof Leaf l) {
            return insertIntoLeaf(l, x, clock.stamp());
        }
        Inner in = (Inner) n;
        int i = childIndex(in, x);
        Node child = writable(in.children[i], clock);
        in.children[i] = child;
        Node right = insert(child, x, clock);
        in.total++;
        if (right == null) {
            in.counts[i]++;
            return null;
        }
        in.counts[i] = child.count();
        return insertChild(in, i + 1, right, clock.stamp());
    }

    private static Node insertIntoLeaf(Leaf l, ScoredMember x, long stamp) {
        int pos = 0;
        int hi = l.size;
        while (pos < hi) {
            int mid = (pos + hi) >>> 1;
            if (l.items[mid].compareTo(x) < 0) {
                pos = mid + 1;
            } else {
                hi = mid;
            }
        }
        if (l.size < MAX) {
            l.insert(pos, x);
            return null;
        }
        // Appending past the end (members added in order) leaves the left leaf 3/4 full, not half.
        int split = pos == MAX ? MAX - MIN : MAX / 2;
        Leaf right = new Leaf(stamp, new ScoredMember[MAX]);
        System.arraycopy(l.items, split, right.items, 0, MAX - split);
        Arrays.fill(l.items, split, MAX, null);
        l.size = split;
        right.size = MAX - split;
        if (pos <= split) {
            l.insert(pos, x);
        } else {
            right.insert(pos - split, x);
        }
        return right;
    }

    /** Puts {@code child} at index {@code at} of {@code in}; returns the new right sibling when {@code in} split. */
    private static Node insertChild(Inner in, int at, Node child, long stamp) {
        ScoredMember sep = separator(child);
        if (in.size < MAX) {
            in.insert(at, child, sep, child.count());
            return null; // in.total already counts the new member
        }
        int half = MAX / 2;
        Inner right = new Inner(stamp);
        System.arraycopy(in.children, half, right.children, 0, MAX - half);
        System.arraycopy(in.lows, half, right.lows, 0, MAX - half);
        System.arraycopy(in.counts, half, right.counts, 0, MAX - half);
        Arrays.fill(in.children, half, MAX, null);
        Arrays.fill(in.lows, half, MAX, null);
        Arrays.fill(in.counts, half, MAX, 0);
        in.size = half;
        right.size = MAX - half;
        if (at <= half) {
            in.insert(at, child, sep, child.count());
        } else {
            right.insert(at - half, child, sep, child.count());
        }
        in.total = in.sum();
        right.total = right.sum();
        return right;
    }

    private static ScoredMember removeAt(Node n, int rank, CowClock clock) {
        if (n instanceof Leaf l) {
            ScoredMember m = l.items[rank];
            System.arraycopy(l.items, rank + 1, l.items, rank, l.size - rank - 1);
            l.items[--l.size] = null;
            return m;
        }
        Inner in = (Inner) n;
        int i = 0;
        while (rank >= in.counts[i]) {
            rank -= in.counts[i++];
        }
        Node child = writable(in.children[i], clock);
        in.children[i] = child;
        ScoredMember m = removeAt(child, rank, clock);
        in.counts[i]--;
        in.total--;
        if (child.size < MIN) {
            rebalance(in, i, clock);
        }
        return m;
    }

    /** Restores {@link #MIN} in {@code in.children[i]} by merging it with a sibling or borrowing one entry. */
    private static void rebalance(Inner in, int i, CowClock clock) {
        int li = i > 0 ? i - 1 : i;
        int ri = li + 1;
        int sib = i > 0 ? li : ri;
        in.children[sib] = writable(in.children[sib], clock);
        Node left = in.children[li];
        Node right = in.children[ri];
        if (left.size + right.size <= MAX) {
            if (left instanceof Leaf l) {
                Leaf r = (Leaf) right;
                l.ensure(l.size + r.size);
                System.arraycopy(r.items, 0, l.items, l.size, r.size);
                l.size += r.size;
            } else {
                Inner l = (Inner) left;
                Inner r = (Inner) right;
                System.arraycopy(r.children, 0, l.children, l.size, r.size);
                System.arraycopy(r.lows, 0, l.lows, l.size, r.size);
                System.arraycopy(r.counts, 0, l.counts, l.size, r.size);
                l.lows[l.size] = in.lows[ri];
                l.size += r.size;
                l.total += r.total;
            }
            in.counts[li] += in.counts[ri];
            in.remove(ri);
        } else if (sib == li) {
            int moved = borrowLast(left, right, in.lows[ri]);
            in.lows[ri] = separator(right);
            in.counts[li] -= moved;
            in.counts[ri] += moved;
        } else {
            int moved = borrowFirst(left, right, in.lows[ri]);
            in.lows[ri] = separator(right);
            in.counts[li] += moved;
            in.counts[ri] -= moved;
        }
    }

    /** Moves the last entry of {@code left} to the front of {@code right}; returns the members moved. */
    private static int borrowLast(Node left, Node right, ScoredMember oldSeparator) {
        if (left instanceof Leaf l) {
            ScoredMember m = l.items[--l.size];
            l.items[l.size] = null;
            ((Leaf) right).insert(0, m);
            return 1;
        }
        Inner l = (Inner) left;
        Inner r = (Inner) right;
        int last = --l.size;
        int moved = l.counts[last];
        r.lows[0] = oldSeparator; // becomes lows[1] below: a bound of the old first child
        r.insert(0, l.children[last], l.lows[last], moved);
        r.lows[0] = l.lows[last]; // the new separator of r
        l.children[last] = null;
        l.lows[last] = null;
        l.counts[last] = 0;
        l.total -= moved;
        r.total += moved;
        return moved;
    }

    /** Moves the first entry of {@code right} to the end of {@code left}; returns the members moved. */
    private static int borrowFirst(Node left, Node right, ScoredMember oldSeparator) {
        if (left instanceof Leaf l) {
            Leaf r = (Leaf) right;
            ScoredMember m = r.items[0];
            System.arraycopy(r.items, 1, r.items, 0, r.size - 1);
            r.items[--r.size] = null;
            l.insert(l.size, m);
            return 1;
        }
        Inner l = (Inner) left;
        Inner r = (Inner) right;
        int moved = r.counts[0];
        l.insert(l.size, r.children[0], oldSeparator, moved);
        l.total += moved;
        ScoredMember next = r.lows[1];
        r.remove(0);
        r.lows[0] = next;
        r.total -= moved;
        return moved;
    }

    // ------------------------------------------------------------------ invariants

    /** Walks the whole tree and throws {@link IllegalStateException} on a broken invariant. */
    void check() {
        if (root != null) {
            check(root, true, null, null);
        }
    }

    /** Returns the depth of {@code n}; {@code lo} and {@code hi} bound its members (hi exclusive). */
    private static int check(Node n, boolean isRoot, ScoredMember lo, ScoredMember hi) {
        int least = isRoot ? (n instanceof Inner ? 2 : 1) : MIN;
        if (n.size < least || n.size > MAX) {
            throw new IllegalStateException("node size: " + n.size + " (expected: " + MIN + ".." + MAX + ")");
        }
        if (n instanceof Leaf l) {
            for (int i = 0; i < l.size; i++) {
                ScoredMember m = l.items[i];
                boolean ordered = (i == 0 ? lo == null || lo.compareTo(m) <= 0 : l.items[i - 1].compareTo(m) < 0)
                        && (hi == null || m.compareTo(hi) < 0);
                if (!ordered) {
                    throw new IllegalStateException("leaf out of order at " + i + ": " + m);
                }
            }
            return 0;
        }
        Inner in = (Inner) n;
        int depth = -1;
        int total = 0;
        for (int i = 0; i < in.size; i++) {
            Node c = in.children[i];
            if (in.counts[i] != c.count()) {
                throw new IllegalStateException("count " + in.counts[i] + " vs " + c.count() + " at " + i);
            }
            total += in.counts[i];
            int d = check(c, false, i == 0 ? lo : in.lows[i], i + 1 < in.size ? in.lows[i + 1] : hi);
            if (depth >= 0 && d != depth) {
                throw new IllegalStateException("leaves at depths " + depth + " and " + d);
            }
            depth = d;
        }
        if (total != in.total) {
            throw new IllegalStateException("total " + in.total + " vs " + total);
        }
        return depth + 1;
    }
}
