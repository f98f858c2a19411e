package io.cairn.storage.engine;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * A sorted set's members by name: a hash array mapped trie (Bagwell's HAMT, as in Clojure's
 * {@code PersistentHashMap}) from member to its {@link ScoredMember}, O(log32 n) per lookup, with
 * the same per-node copy-on-write as {@link ZSetTree}: a write copies the shared nodes on its path
 * (at most 13) and changes the others in place; {@link #share()} is an O(1) second handle.
 *
 * <p><b>Hashing.</b> Each level takes 5 bits of a 64-bit hash: the low half is the member's
 * {@code String} hash (cached by {@code String}) mixed, the high half a seeded hash of its chars,
 * computed only below the sixth level. So members whose {@code String} hashes collide (easy to
 * craft) still spread over the levels below, and only members equal in all 64 bits share a
 * bucket, which is a plain array.
 *
 * <p><b>Shape.</b> A node's slots hold, in bit order, a {@link ScoredMember}, a child node or a
 * bucket. A node other than the root holds two entries or more, or one child node or bucket:
 * a removal that leaves a single member in a node moves it up into the parent's slot.
 *
 * <p>Not thread-safe; the same rules as {@link ZSetTree}.
 */
final class MemberMap {
    private static final int BITS = 5;
    /** The last level that reads the low half of the hash only. */
    private static final int LAST_LOW_SHIFT = 32 - BITS;
    /** Past the last level (bits 60-63) members that still collide share a bucket. */
    private static final int BUCKET_SHIFT = 64;
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
        int shift = 0;
        while (node != null) {
            int bit = 1 << fragment(member, shift);
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
            shift += BITS;
        }
        return null;
    }

    /** Puts {@code x} under its member; returns the entry it replaced, or null. */
    ScoredMember put(ScoredMember x, CowClock clock) {
        root = root == null ? new Node(clock.stamp(), 0, new Object[2]) : writable(root, clock);
        ScoredMember old = put(root, x, 0, clock);
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
        ScoredMember old = remove(root, member, 0, clock);
        if (--size == 0) {
            root = null;
        }
        return old;
    }

    // ------------------------------------------------------------------ internals

    private static Node writable(Node n, CowClock clock) {
        return clock.isShared(n.epoch) ? new Node(clock.stamp(), n.bitmap, n.slots.clone()) : n;
    }

    /** The 5-bit slot index of {@code member} at the level that starts at bit {@code shift}. */
    static int fragment(String member, int shift) {
        int h = member.hashCode();
        h ^= h >>> 16;
        h *= 0x85EBCA6B;
        h ^= h >>> 13;
        if (shift <= LAST_LOW_SHIFT) {
            return (h >>> shift) & 31;
        }
        long full = (h & 0xFFFF_FFFFL) | (long) seeded(member) << 32;
        return (int) (full >>> shift) & 31;
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

    private static ScoredMember put(Node node, ScoredMember x, int shift, CowClock clock) {
        String m = x.member();
        int bit = 1 << fragment(m, shift);
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
            node.slots[idx] = pair(e, x, shift + BITS, clock.stamp());
            return null;
        }
        if (s instanceof Bucket b) {
            ScoredMember old = b.find(m);
            node.slots[idx] = b.with(x, old);
            return old;
        }
        Node child = writable((Node) s, clock);
        node.slots[idx] = child;
        return put(child, x, shift + BITS, clock);
    }

    /** A node (or, past the last level, a bucket) at {@code shift} holding two different members. */
    private static Object pair(ScoredMember a, ScoredMember b, int shift, long stamp) {
        if (shift >= BUCKET_SHIFT) {
            return new Bucket(new ScoredMember[] {a, b});
        }
        int fa = fragment(a.member(), shift);
        int fb = fragment(b.member(), shift);
        if (fa == fb) {
            return new Node(stamp, 1 << fa, new Object[] {pair(a, b, shift + BITS, stamp)});
        }
        return new Node(stamp, 1 << fa | 1 << fb, fa < fb ? new Object[] {a, b} : new Object[] {b, a});
    }

    /** Removes {@code member}, which is present under the writable {@code node}. */
    private static ScoredMember remove(Node node, String member, int shift, CowClock clock) {
        int bit = 1 << fragment(member, shift);
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
        ScoredMember old = remove(child, member, shift + BITS, clock);
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

    private static int check(Node node, int shift, boolean isRoot) {
        int entries = Integer.bitCount(node.bitmap);
        if (!isRoot && entries < 2 && node.slots[0] instanceof ScoredMember) {
            throw new IllegalStateException("a lone member below the root at shift " + shift);
        }
        int n = 0;
        int k = 0;
        for (int f = 0; f < 32; f++) {
            if ((node.bitmap & 1 << f) == 0) {
                continue;
            }
            Object s = node.slots[k++];
            if (s instanceof ScoredMember e) {
                if (fragment(e.member(), shift) != f) {
                    throw new IllegalStateException(e.member() + " in slot " + f + " at shift " + shift);
                }
                n++;
            } else if (s instanceof Bucket b) {
                n += b.items.length;
            } else {
                n += check((Node) s, shift + BITS, false);
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
