package io.cairn.storage.engine;

import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * HRANDFIELD's random picks from one hash of a {@link Txn} ({@link Txn#hashPicks()}), with Redis's
 * semantics: an absent key has no fields, a key of another type is a {@link WrongTypeException}.
 * Random choices take the generator passed in.
 *
 * <p>No pick copies or walks the hash: each is a uniformly random rank, and the field of that rank
 * is found in place ({@link HashEntry#visitAt}: O(1) in a listpack, O(log n) in the trie, one seek
 * on disk, where a rank points near a field rather than at it). So a
 * call costs O(picks · log n), whatever the hash's size, except a positive count of at least a
 * third of the hash, which selects in one pass over it (its reply is that big anyway).
 *
 * <p>Entries returned hold the stored arrays (a hash never changes a field or value in place):
 * they stay valid after the transaction, but callers must not change them. Valid only during the
 * transaction's call, as {@code Txn}.
 */
public final class HashPicks {
    private final Txn t;

    HashPicks(Txn t) {
        this.t = t;
    }

    /** HRANDFIELD key: a uniformly random field, or null when the key is absent. */
    public byte[] field(byte[] key, RandomGenerator random) {
        HashEntry h = t.readHash(key);
        if (h == null) {
            return null;
        }
        byte[][] out = new byte[1][];
        h.visitAt(random.nextInt(h.size()), (f, v) -> out[0] = f);
        return out[0];
    }

    /**
     * HRANDFIELD key count: for a positive count, {@code count} distinct fields (the whole hash,
     * in its own order, when it has no more; a random selection otherwise); for a negative one,
     * {@code -count} independent picks that may repeat. Empty for a count of 0 or an absent key.
     * The caller bounds a negative count (the reply is that long).
     */
    public List<Map.Entry<byte[], byte[]>> fields(byte[] key, long count, RandomGenerator random) {
        HashEntry h = t.readHash(key);
        if (h == null || count == 0) {
            return List.of();
        }
        int n = h.size();
        if (count < 0) {
            List<Map.Entry<byte[], byte[]>> out = new ArrayList<>((int) Math.min(-count, 1 << 20));
            for (long i = 0; i < -count; i++) {
                h.visitAt(random.nextInt(n), (f, v) -> out.add(entry(f, v)));
            }
            return out;
        }
        if (count >= n) {
            List<Map.Entry<byte[], byte[]>> out = new ArrayList<>(n);
            h.forEach((f, v) -> out.add(entry(f, v)));
            return out;
        }
        int k = (int) count;
        List<Map.Entry<byte[], byte[]>> out = new ArrayList<>(k);
        if (k * 3L > n) {
            selectInOrder(h, k, random, out);
            return out;
        }
        if (h.diskFields() != null) {
            distinctOnDisk(h, k, random, out);
            return out;
        }
        HashSet<Integer> taken = HashSet.newHashSet(k);
        while (out.size() < k) {
            int r = random.nextInt(n);
            if (taken.add(r)) {
                h.visitAt(r, (f, v) -> out.add(entry(f, v)));
            }
        }
        return out;
    }

    /**
     * Distinct picks from a hash on disk, whose ranks only point near a field ({@link
     * DiskFields#visitNear}): distinct by field, and after many repeats (a hash whose fields
     * bunch) a selection in one pass instead.
     */
    private static void distinctOnDisk(HashEntry h, int k, RandomGenerator random, List<Map.Entry<byte[], byte[]>> out) {
        HashSet<DiskTier.Key> taken = HashSet.newHashSet(k);
        int n = h.size();
        for (long tries = 0; out.size() < k; tries++) {
            if (tries > 8L * k + 64) {
                out.clear();
                selectInOrder(h, k, random, out);
                return;
            }
            h.visitAt(random.nextInt(n), (f, v) -> {
                if (taken.add(new DiskTier.Key(f))) {
                    out.add(entry(f, v));
                }
            });
        }
    }

    /**
     * Selection sampling (Knuth's algorithm S) in one pass: each field is taken with probability
     * (wanted left) / (fields left), which takes exactly {@code k} fields, every k-subset equally
     * likely, in the hash's own order (as Redis answers a large count from a listpack).
     */
    private static void selectInOrder(HashEntry h, int k, RandomGenerator random, List<Map.Entry<byte[], byte[]>> out) {
        int[] seen = {0};
        int n = h.size();
        h.forEach((f, v) -> {
            int wanted = k - out.size();
            if (wanted > 0 && random.nextInt(n - seen[0]) < wanted) {
                out.add(entry(f, v));
            }
            seen[0]++;
        });
    }

    private static Map.Entry<byte[], byte[]> entry(byte[] field, byte[] value) {
        return new AbstractMap.SimpleImmutableEntry<>(field, value);
    }
}
