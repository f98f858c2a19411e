package io.cairn.storage.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A big hash of a disk database as its stage holds it ({@link HashEntry}'s third layout): the
 * fields stay in the engine's parts, one part per field ({@code docs/format/disk.md}), and only
 * the fields written since the last save are here, in an overlay trie. So {@code HGET} on a hash
 * of ten million fields reads one part, {@code HSET} one part and writes one overlay entry, and
 * deleting or renaming the hash touches none of its fields (see {@link DiskTier}'s save).
 *
 * <p>A part's key is the hash's id (8 bytes, big-endian), the field's {@link FieldHash} under the
 * database's own seed (8 bytes, big-endian: the engine's order is unsigned hash order, the order a
 * cursor pages in, as in {@link FieldTrie}), then the field. The overlay is a {@link FieldTrie}
 * over the same hashes whose value {@link #GONE} marks a field removed since the save.
 *
 * <p>Immutable ({@link SavedParts}): a write makes a new one around the overlay's new root, whose
 * nodes copy on write as any trie's.
 */
final class DiskFields extends SavedParts {
    /** An overlay's value for a field removed since the save; compared by identity. */
    static final byte[] GONE = new byte[0];
    /** A set member's value in the overlay: present. */
    static final byte[] PRESENT = new byte[0];
    /** How many parts a merged walk reads from the engine at a time. */
    private static final int CHUNK = 256;
    private static final int HEAD = ID_BYTES + 8;

    /** The database's seed for field hashes. */
    final long seed;
    /** The fields written since the save, {@link #GONE} for removed ones; null when none. */
    final FieldTrie.Node overlay;

    DiskFields(DiskParts base, int db, long id, long seed, byte[] owner, FieldTrie.Node overlay) {
        super(base, db, id, owner);
        this.seed = seed;
        this.overlay = overlay;
    }

    /** These fields with {@code field} written as {@code value} ({@link #GONE} removes) in the overlay. */
    DiskFields with(byte[] field, byte[] value, CowClock clock) {
        return new DiskFields(base, db, id, seed, owner, FieldTrie.set(overlay, field, hash(field), value, clock));
    }

    @Override
    DiskFields on(DiskParts snapshot) {
        return new DiskFields(snapshot, db, id, seed, owner, overlay);
    }

    long hash(byte[] field) {
        return FieldHash.of(seed, field);
    }

    /** The field's value now, or null. */
    byte[] get(byte[] field) {
        long h = hash(field);
        byte[] v = overlay == null ? null : FieldTrie.get(overlay, field, h);
        if (v != null) {
            return v == GONE ? null : v;
        }
        return base.getPart(db, partKey(id, h, field));
    }

    /**
     * Visits the fields whose hash is at least {@code from} (unsigned) in hash order, the engine's
     * merged with the overlay's, until the visitor answers false; returns false when it did.
     * Fields of one hash are visited together, the overlay's first.
     */
    boolean visitFrom(long from, FieldTrie.HashVisitor visitor) {
        long pos = from;
        while (true) {
            List<byte[]> keys = new ArrayList<>();
            List<byte[]> values = new ArrayList<>();
            long[] bound = {0};
            boolean[] more = {false};
            base.scanParts(db, partKey(id, pos, null), (k, v) -> {
                if (!ofThisHash(k)) {
                    return false;
                }
                long h = hashOf(k);
                if (keys.size() >= CHUNK && h != hashOf(keys.get(keys.size() - 1))) {
                    bound[0] = h;
                    more[0] = true;
                    return false;
                }
                keys.add(k);
                values.add(v);
                return true;
            });
            List<Written> written = new ArrayList<>();
            if (overlay != null) {
                FieldTrie.visitFrom(overlay, pos, (h, f, v) -> {
                    if (more[0] && Long.compareUnsigned(h, bound[0]) >= 0) {
                        return false;
                    }
                    written.add(new Written(h, f, v));
                    return true;
                });
            }
            if (!merge(keys, values, written, visitor)) {
                return false;
            }
            if (!more[0]) {
                return true;
            }
            pos = bound[0];
        }
    }

    /** Visits one chunk: the engine's parts and the overlay's fields, both in hash order. */
    /** One field of the overlay in a merged walk. */
    private record Written(long hash, byte[] field, byte[] value) {
    }

    private static boolean merge(List<byte[]> keys, List<byte[]> values, List<Written> written, FieldTrie.HashVisitor visitor) {
        int i = 0;
        int j = 0;
        while (i < keys.size() || j < written.size()) {
            long hi = i < keys.size() ? hashOf(keys.get(i)) : 0;
            long hj = j < written.size() ? written.get(j).hash() : 0;
            long h;
            if (j == written.size() || (i < keys.size() && Long.compareUnsigned(hi, hj) < 0)) {
                h = hi;
            } else {
                h = hj;
            }
            int overlayStart = j;
            while (j < written.size() && written.get(j).hash() == h) {
                Written w = written.get(j++);
                if (w.value() != GONE && !visitor.visit(h, w.field(), w.value())) {
                    return false;
                }
            }
            while (i < keys.size() && hashOf(keys.get(i)) == h) {
                byte[] field = fieldOf(keys.get(i));
                boolean shadowed = false;
                for (int x = overlayStart; x < j && !shadowed; x++) {
                    shadowed = Arrays.equals(written.get(x).field(), field);
                }
                if (!shadowed && !visitor.visit(h, field, values.get(i))) {
                    return false;
                }
                i++;
            }
        }
        return true;
    }

    /**
     * One page of a cursor (HSCAN): the fields from hash {@code cursor}, at least {@code count}
     * when there are, then the rest of the last one's hash; returns the hash to go on from, 0 when
     * none is left. As {@link FieldTrie#scan}: a paging from 0 to 0 visits every field present all
     * along once, whatever writes happen between pages.
     */
    long scan(long cursor, int count, HashEntry.FieldVisitor v) {
        long[] state = {count, 0, 0}; // left, last hash, next cursor
        boolean done = visitFrom(cursor, (h, f, value) -> {
            if (state[0] <= 0 && h != state[1]) {
                state[2] = h;
                return false;
            }
            v.visit(f, value);
            state[0]--;
            state[1] = h;
            return true;
        });
        return done ? 0 : state[2];
    }

    /**
     * Visits one field for a random pick: the first at or after the hash {@code rank}'s share of the
     * hash range points at ({@code 0 <= rank < size}), wrapping to the first field. Fields' hashes
     * are spread evenly, so a uniformly random rank picks about uniformly; O(one seek), not O(rank).
     */
    void visitNear(int rank, int size, HashEntry.FieldVisitor v) {
        long pos = Long.divideUnsigned(-1L, size) * rank;
        FieldTrie.HashVisitor one = (h, f, value) -> {
            v.visit(f, value);
            return false;
        };
        if (visitFrom(pos, one)) {
            visitFrom(0, one);
        }
    }

    /** The overlay's fields (values and {@link #GONE}s) for a save. */
    void forEachWritten(FieldTrie.HashVisitor v) {
        if (overlay != null) {
            FieldTrie.visitFrom(overlay, 0, v);
        }
    }

    // ------------------------------------------------------------------ part keys

    /** The key of a field's part; with a null field, the first key at that hash. */
    static byte[] partKey(long id, long hash, byte[] field) {
        int n = field == null ? 0 : field.length;
        byte[] k = new byte[HEAD + n];
        putLong(k, 0, id);
        putLong(k, ID_BYTES, hash);
        if (n > 0) {
            System.arraycopy(field, 0, k, HEAD, n);
        }
        return k;
    }

    private boolean ofThisHash(byte[] partKey) {
        return partKey.length >= HEAD && getLong(partKey, 0) == id;
    }

    static long hashOf(byte[] partKey) {
        return getLong(partKey, ID_BYTES);
    }

    static byte[] fieldOf(byte[] partKey) {
        return Arrays.copyOfRange(partKey, HEAD, partKey.length);
    }
}
