package io.cairn.storage.engine;

/**
 * MEMORY USAGE's figure: an estimate of the heap bytes one key costs in this engine, for a 64-bit
 * JVM with compressed references (12-byte object headers, 4-byte references, objects aligned to 8
 * bytes): the key's share of the two indexes, its entry and the arrays that hold its data. As
 * Redis's {@code objectComputeSize}, a collection with more elements than {@code samples} is
 * measured on its first {@code samples} elements and the mean extrapolated to all of them
 * ({@code samples} 0: every element). Lists need no sampling: their chunks know their own bytes.
 * A figure for reporting, not an accounting: parts shared with an open read view (copy-on-write)
 * are counted in full, and spare capacity is counted where the layout keeps it on purpose.
 *
 * <p>Runs under the store's lock (a {@link Txn} read), so the entry does not change meanwhile.
 */
final class MemoryEstimate {
    /** A key's share of the hash index (a slot at its load factor) and of the ordered index (a leaf reference and its part of the separators). */
    static final int INDEX_BYTES_PER_KEY = 16;
    static final int OBJECT_HEADER = 12;
    static final int REFERENCE = 4;
    /** The elements a collection is sampled on for the keyspace's running total (Redis's MEMORY USAGE default). */
    static final int ACCOUNTING_SAMPLES = 5;

    private MemoryEstimate() {
    }

    /** An array of {@code n} bytes: header, length, data, aligned. */
    static long array(long n) {
        return align(16 + n);
    }

    static long align(long n) {
        return (n + 7) & ~7L;
    }

    /** The bytes of {@code entry} (a string record or a collection), index share included. */
    static long of(Object entry, int samples) {
        long base = INDEX_BYTES_PER_KEY;
        if (entry instanceof byte[] record) {
            return base + array(record.length); // key, value and expiry in one array
        }
        CollectionEntry c = (CollectionEntry) entry;
        // The entry object: header, key reference, expiry, epoch, and its layout references.
        base += align(OBJECT_HEADER + REFERENCE + 8 + 8 + 3 * REFERENCE) + array(c.key.length);
        return base + switch (c) {
            case HashEntry h -> hash(h, samples);
            case SetEntry s -> set(s, samples);
            case ZSetEntry z -> zset(z, samples);
            case ListEntry l -> list(l);
            case StreamEntry st -> stream(st);
        };
    }

    private static long hash(HashEntry h, int samples) {
        if (h.table() instanceof PackedFields p) { // one array, measured whole
            return array(p.capacity()) + align(OBJECT_HEADER + 8 + REFERENCE + 4 + 4);
        }
        if (h.table() instanceof DiskFields d) { // only the fields written since the save are held
            return align(OBJECT_HEADER + 8 + 8 + 4 + 3 * REFERENCE) + trie(d.overlay, samples);
        }
        return trie((FieldTrie.Node) h.table(), samples);
    }

    /** A trie's fields and nodes, from a sample of them. */
    private static long trie(FieldTrie.Node root, int samples) {
        if (root == null) {
            return 0;
        }
        int n = root.count;
        int k = sampled(n, samples);
        long[] sum = new long[1];
        for (int i = 0; i < k; i++) {
            FieldTrie.at(root, i, (f, v) -> sum[0] += array(f.length) + array(v.length));
        }
        long fields = extrapolate(sum[0], k, n);
        // A trie leaf keeps each field's hash and two references, up to a third spare; inner nodes are few.
        return fields + n * (8 + 2L * REFERENCE) * 4 / 3 + (n / 100 + 1) * align(OBJECT_HEADER + 16L * REFERENCE);
    }

    private static long set(SetEntry s, int samples) {
        if (s.diskFields() instanceof DiskFields d) { // only the members written since the save are held
            return align(OBJECT_HEADER + 8 + 8 + 4 + 3 * REFERENCE) + trie(d.overlay, samples);
        }
        int n = s.size();
        if (s.encoding().equals("intset")) {
            return align(OBJECT_HEADER + 2L * 4 + REFERENCE) + array((long) n * 8); // IntSet keeps its members in one array
        }
        int k = sampled(n, samples);
        long sum = 0;
        for (int i = 0; i < k; i++) {
            sum += array(s.get(i).length);
        }
        // MemberTree: each member's array, a reference and its hash in a chunk, chunks about three-quarters full.
        return extrapolate(sum, k, n) + n * (REFERENCE + 4L) * 4 / 3 + (n / 64 + 1) * align(OBJECT_HEADER + 24);
    }

    private static long zset(ZSetEntry z, int samples) {
        if (z.disk() instanceof DiskScores d) { // only the members written since the save are held
            long written = zsetMembers(d.written, d.written.size(), samples);
            return align(OBJECT_HEADER + 3 * REFERENCE) + align(OBJECT_HEADER + 8 + 8 + 4 + 3 * REFERENCE)
                    + trie(d.members.overlay, samples) + trie(d.before, samples) + written;
        }
        return zsetMembers(z.tree(), z.size(), samples);
    }

    /** The members of an order tree and a member map holding the same {@code n} members, from a sample. */
    private static long zsetMembers(ZSetTree order, int n, int samples) {
        int k = sampled(n, samples);
        long sum = 0;
        for (int i = 0; i < k; i++) {
            ScoredMember m = order.get(i);
            // The ScoredMember (header, reference, double), its String (header, hash, coder, array reference) and array.
            sum += align(OBJECT_HEADER + REFERENCE + 8) + align(OBJECT_HEADER + 4 + 4 + REFERENCE)
                    + array(m.member().length()); // Latin-1 members take one byte a char; others two
        }
        // A slot in the member map and one in the order tree (each about three-quarters full).
        return extrapolate(sum, k, n) + n * 2L * REFERENCE * 4 / 3 + (n / 32 + 1) * 2 * align(OBJECT_HEADER + 40);
    }

    /** The chunks' arrays (slack included) with their headers, each chunk's object, the list's own. */
    private static long list(ListEntry l) {
        if (l.saved() instanceof DiskList d) { // only the elements written since the save are held
            return align(OBJECT_HEADER + 4 * 8 + 4 + 3 * REFERENCE) + trie(d.overlay, MemoryEstimate.ACCOUNTING_SAMPLES);
        }
        ChunkedList items = l.items;
        return items.arrayBytes() + (long) items.chunkCount() * (align(OBJECT_HEADER + 8 + 3 * 4 + 2 * REFERENCE) + 16)
                + align(OBJECT_HEADER + 8 + 4 + REFERENCE);
    }

    /**
     * The entries' chunks as a list's, the metadata's ID objects, and each group: its object, two
     * tree nodes and an immutable pending record per pending entry, and per consumer its object,
     * name and a tree node per entry pending for it.
     */
    private static long stream(StreamEntry st) {
        DiskStream d = st.saved(); // on disk only the entries written since the save are held
        ChunkedList items = d != null ? d.tail : st.items;
        long n = (d != null ? align(OBJECT_HEADER + 4 + 6 * REFERENCE) + trie(d.gone, MemoryEstimate.ACCOUNTING_SAMPLES) : 0)
                + items.arrayBytes() + (long) items.chunkCount() * (align(OBJECT_HEADER + 8 + 3 * 4 + 2 * REFERENCE) + 16)
                + align(OBJECT_HEADER + 8 + 3 * REFERENCE) + 3 * align(OBJECT_HEADER + 16);
        long node = align(OBJECT_HEADER + 4 * REFERENCE + 1);
        for (StreamEntry.Group g : st.groups()) {
            n += align(OBJECT_HEADER + 8 + 8 + 4 * REFERENCE) + array(g.name.length);
            n += g.pending.size() * (node + align(OBJECT_HEADER + 16) + align(OBJECT_HEADER + REFERENCE + 16));
            for (StreamEntry.Consumer c : g.consumers.values()) {
                n += node + align(OBJECT_HEADER + 16 + 2 * REFERENCE) + array(c.name.length) + c.pending.size() * node;
            }
        }
        return n;
    }

    private static int sampled(int size, int samples) {
        return samples <= 0 ? size : Math.min(size, samples);
    }

    private static long extrapolate(long sum, int sampled, int size) {
        return sampled == 0 ? 0 : sampled == size ? sum : Math.round((double) sum / sampled * size);
    }
}
