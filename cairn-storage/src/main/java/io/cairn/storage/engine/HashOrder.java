package io.cairn.storage.engine;

import io.cairn.common.Bytes;
import java.util.Arrays;

/**
 * Scan pages in hash order for collections that cannot seek by hash (today's {@link HashEntry}
 * and {@link ZSetEntry}, on {@link java.util.HashMap}s): the cursor is the element hash, as an
 * unsigned 32-bit number, to resume at (see {@link CollectionEntry#scan}), the same meaning
 * {@link MemberTree#scan} gives it, so a layout that seeks can take over a running iteration.
 *
 * <p>Cost: each page reads the whole collection (O(n log n)), so pages are made large enough
 * that an iteration takes at most about {@value #PAGES} of them; a collection of up to
 * {@value #WHOLE} elements comes whole with cursor 0, as Redis answers for its small encodings.
 */
final class HashOrder {
    static final int WHOLE = 128;
    static final int PAGES = 16;

    private HashOrder() {
    }

    static int hash(byte[] element) {
        return Bytes.hash(element, 0, element.length);
    }

    /** Visits one page of {@code names} (with {@code values} beside them); returns the next cursor. */
    static long page(byte[][] names, Object[] values, long cursor, int count, CollectionEntry.ScanVisitor visitor) {
        int n = names.length;
        if (n <= WHOLE) {
            for (int i = 0; i < n; i++) {
                visitor.visit(names[i], values[i]);
            }
            return 0;
        }
        if (cursor < 0 || cursor > 0xFFFF_FFFFL) {
            return 0;
        }
        long[] hashes = new long[n];
        long[] left = new long[n];
        int m = 0;
        for (int i = 0; i < n; i++) {
            hashes[i] = Integer.toUnsignedLong(hash(names[i]));
            if (hashes[i] >= cursor) {
                left[m++] = hashes[i];
            }
        }
        if (m == 0) {
            return 0;
        }
        Arrays.sort(left, 0, m);
        int target = Math.min(m, Math.max(count, (n + PAGES - 1) / PAGES));
        long last = left[target - 1];
        int end = target;
        while (end < m && left[end] == last) {
            end++; // never split a run of equal hashes
        }
        for (int i = 0; i < n; i++) {
            if (hashes[i] >= cursor && hashes[i] <= last) {
                visitor.visit(names[i], values[i]);
            }
        }
        return end < m ? left[end] : 0;
    }
}
