package io.cairn.storage.engine;

import io.cairn.common.Bytes;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.Consumer;
import java.util.SplittableRandom;

/**
 * A sorted set's members by name: a hash array mapped trie (Bagwell's HAMT, as in Clojure's
 * {@code PersistentHashMap}) from member to its {@link ScoredMember}, O(log32 n) per lookup, with
 * the same per-node copy-on-write as {@link ZSetTree}: a write copies the shared nodes on its path
 * (at most 13) and changes the others in place; {@link #share()} is an O(1) second handle.
 *
 * <p><b>Hashing.</b> Level 0 takes the top 5 bits of a member's 32-bit hash ({@link Bytes#hash}
 * of its bytes, the hash {@link HashOrder} pages by), each next level the next 5, so walking the
 * slots in order visits members in ascending hash order and {@link #scan} can resume at a hash.
 * Below the sixth level the trie reads a seeded hash of the member's chars: members whose 32-bit
 * hashes collide still spread over the levels below, and only members equal in all 64 bits share
 * a bucket, which is a plain array.
 *
 * <p><b>Shape.</b> A node's slots hold, in bit order, a {@link ScoredMember}, a child node or a
 * bucket. A node other than the root holds two entries or more, or one child node or bucket:
 * a removal that leaves a single member in a node moves it up into the parent's slot.
 *
 * <p>Not thread-safe; the same rules as {@link ZSetTree}.
 */
final class MemberMap {
    /** The last level that reads the 32-bit hash only; level 6 reads its last 2 bits and 3 seeded ones. */
    private static final int LAST_PRIMARY_LEVEL = 5;
    /** Past the last level (the last 4 seeded bits) members that still collide share a bucket. */
    private static final int BUCKET_LEVEL = 13;
    private static final long SEED = new SplittableRandom().nextLong();

    private Node root;
    private int size;

    MemberMap() {
    }

    private MemberMap(Node root, int size) {
        this.root = root;
        this.size = size;
    }

    MemberMap share() {
        return new MemberMap(root, size);
    }

    int size() {
        return size;
    }

    ScoredMember get(String member) {
        Node node = root;
        int h = hash(member);
        int level = 0;
        while (node != null) {
            int bit = 1 << fragment(member, h, level);
            if ((node.bitmap & bit) == 0) {
                return null;
            }
            Object s = node.slots[Integer.bitCount(node.bitmap & (bit - 1))];
            if (s instanceof ScoredMember e) {
                return e.member().equals(member) ? e : null;
            }
            if (s instanceof Bucket b) {
                return b.find(member);
            }
            node = (Node) s;
            level++;
        }
        return null;
    }

    /** Puts {@code x} under its member; returns the entry it replaced, or null. */
    ScoredMember put(ScoredMember x, CowClock clock) {
        root = root == null ? new Node(clock.stamp(), 0, new Object[2]) : writable(root, clock);
        ScoredMember old = put(root, x, hash(x.member()), 0, clock);
        if (old == null) {
            size++;
        }
        return old;
    }

    /** Removes {@code member}; returns its entry, or null when absent (then nothing is copied). */
    ScoredMember remove(String member, CowClock clock) {
        if (get(member) == null) {
            return null;
        }
        root = writable(root, clock);
        ScoredMember old = remove(root, member, hash(member), 0, clock);
        if (--size == 0) {
            root = null;
        }
        return old;
    }

    /**
     * Visits members in ascending {@link #hash} order (as unsigned numbers) from hash
     * {@code cursor}: at least {@code count} of them while any are left, never stopping inside a
     * run of equal hashes; returns the hash to resume at, 0 when none is left. O(log n + count):
     * subtrees wholly below the cursor are skipped. A cursor above 2^32 - 1 visits nothing.
     * Because the order depends only on the members' hashes, a member present from the first
     * call of an iteration to its last is visited at least once, however the map changes between.
     */
    long scan(long cursor, int count, Consumer<ScoredMember> out) {
        if (root == null || cursor < 0 || cursor > 0xFFFF_FFFFL) {
            return 0;
        }
        Scan s = new Scan(cursor, count, out);
        s.node(root, 0, 0);
        return s.next;
    }

    /** One call of {@link #scan}: where it started, what it has emitted, where the next starts. */
    private static final class Scan {
        final long cursor;
        final int count;
        final Consumer<ScoredMember> out;
        int emitted;
        long last = -1;
        long next;
        boolean done;

        Scan(long cursor, int count, Consumer<ScoredMember> out) {
            this.cursor = cursor;
            this.count = count;
            this.out = out;
        }

        /** Walks {@code n}, whose members' hashes all start with the bits of {@code prefix} above its level. */
        void node(Node n, int level, long prefix) {
            int k = 0;
            for (int f = 0; f < 32 && !done; f++) {
                if ((n.bitmap & 1 << f) == 0) {
                    continue;
                }
                Object slot = n.slots[k++];
                long under = prefix;
                if (level <= LAST_PRIMARY_LEVEL) {
                    int low = 27 - 5 * level;
                    under = prefix | (long) f << low;
                    if ((under | (1L << low) - 1) < cursor) {
                        continue; // every hash in this slot is below the cursor
                    }
                } else if (level == LAST_PRIMARY_LEVEL + 1) {
                    under = prefix | f >>> 3; // the hash's last 2 bits; deeper slots share one hash
                    if (under < cursor) {
                        continue;
                    }
                }
                switch (slot) {
                    case ScoredMember m -> entry(m);
                    case Bucket b -> {
                        for (ScoredMember m : b.items()) {
                            entry(m);
                        }
                    }
                    default -> node((Node) slot, level + 1, under);
                }
            }
        }

        void entry(ScoredMember m) {
            long h = Integer.toUnsignedLong(hash(m.member()));
            if (done || h < cursor) {
                return;
            }
            if (emitted >= count && h != last) {
                next = h;
                done = true;
                return;
            }
            out.accept(m);
            emitted++;
            last = h;
        }
    }

    // ------------------------------------------------------------------ internals

    private static Node writable(Node n, CowClock clock) {
        return clock.isShared(n.epoch) ? new Node(clock.stamp(), n.bitmap, n.slots.clone()) : n;
    }

    /**
     * {@link Bytes#hash} of the member's bytes (one per char, Latin-1). A copy of a Latin-1
     * string's bytes is one array copy, and hashing it eight bytes at a time beats reading the
     * chars one by one (13% of ZADD's profile went to a char-by-char loop).
     */
    static int hash(String member) {
        byte[] b = member.getBytes(StandardCharsets.ISO_8859_1);
        return Bytes.hash(b, 0, b.length);
    }

    /**
     * The 5-bit slot of {@code member} (whose {@link #hash} is {@code h}) at {@code level}: bits
     * of the 64-bit key (h, then the seeded hash), most significant first; the last level has 4.
     */
    static int fragment(String member, int h, int level) {
        if (level <= LAST_PRIMARY_LEVEL) {
            return (h >>> (27 - 5 * level)) & 31;
        }
        long key = Integer.toUnsignedLong(h) << 32 | Integer.toUnsignedLong(seeded(member));
        return level == BUCKET_LEVEL - 1 ? (int) key & 15 : (int) (key >>> (59 - 5 * level)) & 31;
    }

    /** A seeded hash of the chars (each one byte, Latin-1), so collisions cannot be prepared offline. */
    private static int seeded(String member) {
        long h = SEED;
        for (int i = 0; i < member.length(); i++) {
            h = (h ^ member.charAt(i)) * 0x9E37_79B9_7F4A_7C15L;
            h ^= h >>> 29;
        }
        h *= 0xD6E8_FEB8_6659_FD93L;
        return (int) (h ^ h >>> 32);
    }

    private static ScoredMember put(Node node, ScoredMember x, int h, int level, CowClock clock) {
        String m = x.member();
        int bit = 1 << fragment(m, h, level);
        int idx = Integer.bitCount(node.bitmap & (bit - 1));
        if ((node.bitmap & bit) == 0) {
            node.insert(idx, bit, x);
            return null;
        }
        Object s = node.slots[idx];
        if (s instanceof ScoredMember e) {
            if (e.member().equals(m)) {
                node.slots[idx] = x;
                return e;
            }
            node.slots[idx] = pair(e, hash(e.member()), x, h, level + 1, clock.stamp());
            return null;
        }
        if (s instanceof Bucket b) {
            ScoredMember old = b.find(m);
            node.slots[idx] = b.with(x, old);
            return old;
        }
        Node child = writable((Node) s, clock);
        node.slots[idx] = child;
        return put(child, x, h, level + 1, clock);
    }

    /** A node (or, past the last level, a bucket) at {@code level} holding two different members. */
    private static Object pair(ScoredMember a, int ha, ScoredMember b, int hb, int level, long stamp) {
        if (level >= BUCKET_LEVEL) {
            return new Bucket(new ScoredMember[] {a, b});
        }
        int fa = fragment(a.member(), ha, level);
        int fb = fragment(b.member(), hb, level);
        if (fa == fb) {
            return new Node(stamp, 1 << fa, new Object[] {pair(a, ha, b, hb, level + 1, stamp)});
        }
        return new Node(stamp, 1 << fa | 1 << fb, fa < fb ? new Object[] {a, b} : new Object[] {b, a});
    }

    /** Removes {@code member}, which is present under the writable {@code node}. */
    private static ScoredMember remove(Node node, String member, int h, int level, CowClock clock) {
        int bit = 1 << fragment(member, h, level);
        int idx = Integer.bitCount(node.bitmap & (bit - 1));
        Object s = node.slots[idx];
        if (s instanceof ScoredMember e) {
            node.delete(idx, bit);
            return e;
        }
        if (s instanceof Bucket b) {
            ScoredMember old = b.find(member);
            Bucket rest = b.without(old);
            node.slots[idx] = rest.items.length == 1 ? rest.items[0] : rest;
            return old;
        }
        Node child = writable((Node) s, clock);
        ScoredMember old = remove(child, member, h, level + 1, clock);
        boolean single = Integer.bitCount(child.bitmap) == 1 && child.slots[0] instanceof ScoredMember;
        node.slots[idx] = single ? child.slots[0] : child;
        return old;
    }

    /** Walks the whole map and throws {@link IllegalStateException} on a broken invariant (tests only). */
    void check() {
        int n = root == null ? 0 : check(root, 0, true);
        if (n != size) {
            throw new IllegalStateException("size " + size + " vs " + n + " entries");
        }
    }

    private static int check(Node node, int level, boolean isRoot) {
        int entries = Integer.bitCount(node.bitmap);
        if (!isRoot && entries < 2 && node.slots[0] instanceof ScoredMember) {
            throw new IllegalStateException("a lone member below the root at level " + level);
        }
        int n = 0;
        int k = 0;
        for (int f = 0; f < 32; f++) {
            if ((node.bitmap & 1 << f) == 0) {
                continue;
            }
            Object s = node.slots[k++];
            if (s instanceof ScoredMember e) {
                if (fragment(e.member(), hash(e.member()), level) != f) {
                    throw new IllegalStateException(e.member() + " in slot " + f + " at level " + level);
                }
                n++;
            } else if (s instanceof Bucket b) {
                n += b.items.length;
            } else {
                n += check((Node) s, level + 1, false);
            }
        }
        return n;
    }

    private static final class Node {
        final long epoch;
        int bitmap;
        Object[] slots;

        Node(long epoch, int bitmap, Object[] slots) {
            this.epoch = epoch;
            this.bitmap = bitmap;
            this.slots = slots;
        }

        void insert(int idx, int bit, Object x) {
            int n = Integer.bitCount(bitmap);
            if (n == slots.length) {
                slots = Arrays.copyOf(slots, Math.min(32, n * 2));
            }
            System.arraycopy(slots, idx, slots, idx + 1, n - idx);
            slots[idx] = x;
            bitmap |= bit;
        }

        void delete(int idx, int bit) {
            int n = Integer.bitCount(bitmap);
            System.arraycopy(slots, idx + 1, slots, idx, n - idx - 1);
            slots[n - 1] = null;
            bitmap &= ~bit;
        }
    }

    /** Members equal in all 64 hash bits; immutable (replaced on change), and all but never needed. */
    private record Bucket(ScoredMember[] items) {
        ScoredMember find(String member) {
            for (ScoredMember e : items) {
                if (e.member().equals(member)) {
                    return e;
                }
            }
            return null;
        }

        Bucket with(ScoredMember x, ScoredMember old) {
            ScoredMember[] next = old == null ? Arrays.copyOf(items, items.length + 1) : items.clone();
            int at = old == null ? items.length : Arrays.asList(items).indexOf(old);
            next[at] = x;
            return new Bucket(next);
        }

        Bucket without(ScoredMember old) {
            ScoredMember[] next = new ScoredMember[items.length - 1];
            int j = 0;
            for (ScoredMember e : items) {
                if (e != old) {
                    next[j++] = e;
                }
            }
            return new Bucket(next);
        }
    }
}
