package io.cairn.storage.engine;

import java.util.Arrays;

/**
 * A leaf of a {@link ChunkedList}: its elements packed one after another in one byte array, each
 * framed by its length before and after it, so that the chunk can be walked from either end as a
 * Redis listpack can (Cairn's framing, not Redis's encoding: nothing outside the heap sees it).
 *
 * <pre>
 *   buf   [ slack | len | a's bytes | nel | len | b's bytes | nel | ... | slack ]
 *                 ^ lo                                                ^ hi
 *
 *   len   0 to 127          1 byte   0xxxxxxx
 *         128 to 16383      2 bytes  10xxxxxx xxxxxxxx      (bits 13..8, then 7..0)
 *         16384 and more    5 bytes  11000000 and 4 bytes   (big-endian)
 *   nel   the same bytes in reverse order, so the byte that tells the size is the last one
 * </pre>
 *
 * A 20-byte element takes 22 bytes, a 100-byte one 102. Element {@code i} is found by walking
 * from the nearer end (at most half the chunk, whose size {@link Listpack}'s bound limits); a
 * push or pop at either end writes into the slack or moves {@code lo} or {@code hi}, O(1); an
 * insert or removal inside moves the shorter side. When an end runs out of slack the entries move
 * to a new array with half their size again as slack on that side, so pushes are O(1) amortised.
 * A chunk the list stops growing (a push started a new one beside it) is trimmed to its entries.
 *
 * <p>An element of at least {@link #BIG_ELEMENT} bytes arriving in an empty chunk is kept as its
 * own array ({@code big}) for as long as it is alone, as received and handed out as stored: such
 * an element rarely shares a chunk (two do not fit the default 8 KiB bound), and packing it would
 * copy it on every write and read. It is packed when another element joins it.
 *
 * <p>Elements read out are copies (a big element: its stored array), which callers may keep but
 * must not change. Copy-on-write as every {@link ListNodes.Node}: only the list whose epoch it
 * carries changes it; {@link #copy} copies the one array. Not thread-safe.
 */
final class ListChunk extends ListNodes.Node {
    /** An element this long or longer, alone in its chunk, stays its own array. */
    static final int BIG_ELEMENT = 4096;
    private static final byte[] EMPTY = {};
    /** The least slack a growing array gets. */
    private static final int MIN_SLACK = 8;

    /** The entries: {@code buf[lo, hi)}; {@link #EMPTY} while {@code big} holds the only element. */
    private byte[] buf = EMPTY;
    private int lo;
    private int hi;
    /** The chunk's only element as its own array, or null. */
    private byte[] big;
    /** Listpack-equivalent size ({@link Listpack#entryBytes} of each element), {@link Listpack#OVERHEAD} included. */
    int bytes = Listpack.OVERHEAD;

    ListChunk(long epoch) {
        super(epoch);
    }

    private ListChunk(long epoch, ListChunk from, byte[] buf) {
        super(epoch);
        this.buf = buf;
        this.lo = from.lo;
        this.hi = from.hi;
        this.big = from.big;
        this.count = from.count;
        this.bytes = from.bytes;
    }

    @Override
    ListChunk copy(long epoch) {
        return new ListChunk(epoch, this, buf.length == 0 ? EMPTY : buf.clone());
    }

    // ------------------------------------------------------------------ entry framing

    static int headerSize(int len) {
        return len < 0x80 ? 1 : len < 0x4000 ? 2 : 5;
    }

    /** Bytes the framed element takes in a chunk. */
    static int entrySize(int len) {
        return len + 2 * headerSize(len);
    }

    /** The length of the element whose entry starts at {@code p}. */
    private static int lengthAt(byte[] b, int p) {
        int tag = b[p] & 0xFF;
        if (tag < 0x80) {
            return tag;
        }
        if (tag < 0xC0) {
            return (tag & 0x3F) << 8 | b[p + 1] & 0xFF;
        }
        return (b[p + 1] & 0xFF) << 24 | (b[p + 2] & 0xFF) << 16 | (b[p + 3] & 0xFF) << 8 | b[p + 4] & 0xFF;
    }

    /** The length of the element whose entry ends just before {@code q}. */
    private static int lengthBefore(byte[] b, int q) {
        int tag = b[q - 1] & 0xFF;
        if (tag < 0x80) {
            return tag;
        }
        if (tag < 0xC0) {
            return (tag & 0x3F) << 8 | b[q - 2] & 0xFF;
        }
        return (b[q - 2] & 0xFF) << 24 | (b[q - 3] & 0xFF) << 16 | (b[q - 4] & 0xFF) << 8 | b[q - 5] & 0xFF;
    }

    /** Writes {@code value}'s entry at {@code p}. */
    private static void writeEntry(byte[] b, int p, byte[] value) {
        int len = value.length;
        int hs = headerSize(len);
        int q = p + hs + len; // the trailer
        System.arraycopy(value, 0, b, p + hs, len);
        if (hs == 1) {
            b[p] = (byte) len;
            b[q] = (byte) len;
        } else if (hs == 2) {
            b[p] = b[q + 1] = (byte) (0x80 | len >>> 8);
            b[p + 1] = b[q] = (byte) len;
        } else {
            b[p] = b[q + 4] = (byte) 0xC0;
            for (int k = 0; k < 4; k++) {
                byte x = (byte) (len >>> (24 - 8 * k));
                b[p + 1 + k] = x;
                b[q + 3 - k] = x;
            }
        }
    }

    /** Where element {@code i}'s entry starts (0 to {@code count}; {@code count}: {@code hi}), walking from the nearer end. */
    private int offsetOf(int i) {
        if (i <= count / 2) {
            int p = lo;
            for (int k = 0; k < i; k++) {
                p += entrySize(lengthAt(buf, p));
            }
            return p;
        }
        int q = hi;
        for (int k = count; k > i; k--) {
            q -= entrySize(lengthBefore(buf, q));
        }
        return q;
    }

    // ------------------------------------------------------------------ reads

    /** Element {@code i} (0 to {@code count - 1}): a copy, or the big element itself. */
    byte[] get(int i) {
        if (big != null) {
            return big;
        }
        int p = offsetOf(i);
        int len = lengthAt(buf, p);
        int from = p + headerSize(len);
        return Arrays.copyOfRange(buf, from, from + len);
    }

    /** Listpack-equivalent bytes of element {@code i}. */
    int entryBytes(int i) {
        if (big != null) {
            return bytes - Listpack.OVERHEAD;
        }
        int p = offsetOf(i);
        int len = lengthAt(buf, p);
        return Listpack.entryBytes(buf, p + headerSize(len), len);
    }

    /** Elements {@code from} to {@code to} (exclusive, {@code from < to}) in place, backwards when {@code reverse}; see {@link ChunkedList#scan}. */
    boolean scan(int from, int to, boolean reverse, ChunkedList.SliceVisitor v) {
        if (big != null) {
            return v.visit(big, 0, big.length);
        }
        if (reverse) {
            int q = offsetOf(to);
            for (int k = to; k > from; k--) {
                int len = lengthBefore(buf, q);
                int hs = headerSize(len);
                if (!v.visit(buf, q - hs - len, len)) {
                    return false;
                }
                q -= len + 2 * hs;
            }
        } else {
            int p = offsetOf(from);
            for (int k = from; k < to; k++) {
                int len = lengthAt(buf, p);
                int hs = headerSize(len);
                if (!v.visit(buf, p + hs, len)) {
                    return false;
                }
                p += len + 2 * hs;
            }
        }
        return true;
    }

    /** As {@link #scan}, each element handed over as {@link #get} hands it (the same walk, without a visitor in between). */
    boolean visit(int from, int to, boolean reverse, ChunkedList.Visitor v) {
        if (big != null) {
            return v.visit(big);
        }
        if (reverse) {
            int q = offsetOf(to);
            for (int k = to; k > from; k--) {
                int len = lengthBefore(buf, q);
                int start = q - headerSize(len) - len;
                if (!v.visit(Arrays.copyOfRange(buf, start, start + len))) {
                    return false;
                }
                q -= entrySize(len);
            }
        } else {
            int p = offsetOf(from);
            for (int k = from; k < to; k++) {
                int len = lengthAt(buf, p);
                int start = p + headerSize(len);
                if (!v.visit(Arrays.copyOfRange(buf, start, start + len))) {
                    return false;
                }
                p += entrySize(len);
            }
        }
        return true;
    }

    // ------------------------------------------------------------------ writes

    /** Inserts {@code value} (taken over) at {@code i}, 0 to {@code count}; {@code eb} is its {@link Listpack#entryBytes}. */
    void insert(int i, byte[] value, int eb) {
        if (count == 0 && value.length >= BIG_ELEMENT) {
            buf = EMPTY;
            clear();
            big = value;
            count = 1;
            bytes += eb;
            return;
        }
        int need = entrySize(value.length);
        if (big != null) {
            unpack(need);
        }
        int p = makeRoom(offsetOf(i), need, Math.max(MIN_SLACK, (hi - lo + need) / 2));
        writeEntry(buf, p, value);
        count++;
        bytes += eb;
    }

    /** Removes element {@code i} and returns it (a copy, or the big element itself). */
    byte[] remove(int i) {
        byte[] old = get(i);
        removeRange(i, i + 1);
        return old;
    }

    /** Replaces element {@code i} with {@code value} (taken over); returns the old one as {@link #remove} does. */
    byte[] replace(int i, byte[] value, int eb) {
        byte[] old = remove(i);
        insert(i, value, eb);
        return old;
    }

    /** Removes the elements {@code from} (inclusive) to {@code to} (exclusive), {@code from < to}. */
    void removeRange(int from, int to) {
        if (big != null) {
            clear();
            return;
        }
        int p;
        int q;
        int removed = 0;
        if (count - to < from) { // nearer the tail: walk back from to
            q = offsetOf(to);
            p = q;
            for (int k = to; k > from; k--) {
                int len = lengthBefore(buf, p);
                int hs = headerSize(len);
                removed += Listpack.entryBytes(buf, p - hs - len, len);
                p -= len + 2 * hs;
            }
        } else {
            p = offsetOf(from);
            q = p;
            for (int k = from; k < to; k++) {
                int len = lengthAt(buf, q);
                int hs = headerSize(len);
                removed += Listpack.entryBytes(buf, q + hs, len);
                q += len + 2 * hs;
            }
        }
        if (p - lo <= hi - q) { // close the gap moving the shorter side
            System.arraycopy(buf, lo, buf, lo + (q - p), p - lo);
            lo += q - p;
        } else {
            System.arraycopy(buf, q, buf, p, hi - q);
            hi -= q - p;
        }
        count -= to - from;
        bytes -= removed;
        if (count == 0) {
            lo = hi = buf.length / 2;
        }
    }

    /** Moves elements {@code from} (1 to {@code count - 1}) to the end into a new chunk, returned. */
    ListChunk splitOff(int from, long epoch) {
        if (big != null) {
            throw new IllegalStateException("split of a one-element chunk");
        }
        int p = offsetOf(from);
        ListChunk right = new ListChunk(epoch);
        right.buf = Arrays.copyOfRange(buf, p, hi);
        right.hi = hi - p;
        right.count = count - from;
        int moved = 0;
        for (int q = 0; q < right.hi; ) {
            int len = lengthAt(right.buf, q);
            int hs = headerSize(len);
            moved += Listpack.entryBytes(right.buf, q + hs, len);
            q += len + 2 * hs;
        }
        right.bytes += moved;
        hi = p;
        count = from;
        bytes -= moved;
        return right;
    }

    /** Moves every element into a new chunk (its array trimmed to them), returned; this one is left empty. */
    ListChunk moveAll(long epoch) {
        ListChunk moved = new ListChunk(epoch, this, buf);
        moved.trim();
        buf = EMPTY;
        clear();
        return moved;
    }

    /** Appends every element of {@code other} (left unchanged). */
    void appendAll(ListChunk other) {
        if (other.count == 0) {
            return;
        }
        if (other.big != null) {
            insert(count, other.big, other.bytes - Listpack.OVERHEAD);
            return;
        }
        int n = other.hi - other.lo;
        if (big != null) {
            unpack(n);
        }
        int p = makeRoom(hi, n, MIN_SLACK);
        System.arraycopy(other.buf, other.lo, buf, p, n);
        count += other.count;
        bytes += other.bytes - Listpack.OVERHEAD;
    }

    /** Drops the slack when the chunk has more than a little: it is not expected to grow. */
    void trim() {
        int used = hi - lo;
        if (big == null && buf.length - used > MIN_SLACK) {
            buf = used == 0 ? EMPTY : Arrays.copyOfRange(buf, lo, hi);
            lo = 0;
            hi = used;
        }
    }

    private void clear() {
        big = null;
        count = 0;
        bytes = Listpack.OVERHEAD;
        lo = hi = buf.length / 2;
    }

    /** Packs the big element into an array with {@code room} bytes of slack at each end. */
    private void unpack(int room) {
        byte[] e = big;
        big = null;
        int size = entrySize(e.length);
        buf = new byte[size + 2 * room];
        lo = room;
        hi = room + size;
        writeEntry(buf, lo, e);
    }

    /**
     * Opens a gap of {@code need} bytes at offset {@code p} (within {@code [lo, hi]}) and returns
     * where it now starts: in place when the slack allows, moving the shorter side; else in a new
     * array with {@code extra} bytes of slack on the side being pushed (both sides when inside).
     */
    private int makeRoom(int p, int need, int extra) {
        int front = p - lo;
        int back = hi - p;
        boolean roomFront = lo >= need;
        boolean roomBack = buf.length - hi >= need;
        if (front == 0 && roomFront) {
            lo -= need;
            return lo;
        }
        if (back == 0 && roomBack) {
            hi += need;
            return p;
        }
        if (front > 0 && back > 0) { // inside: shift one side, the shorter one if it can
            if (roomFront && (front <= back || !roomBack)) {
                System.arraycopy(buf, lo, buf, lo - need, front);
                lo -= need;
                return p - need;
            }
            if (roomBack) {
                System.arraycopy(buf, p, buf, p + need, back);
                hi += need;
                return p;
            }
        }
        int want = front + back + need;
        int capacity = want + extra;
        int newLo = front == 0 && back > 0 ? extra : back == 0 && front > 0 ? 0 : extra / 2;
        byte[] bigger = new byte[capacity];
        System.arraycopy(buf, lo, bigger, newLo, front);
        System.arraycopy(buf, p, bigger, newLo + front + need, back);
        buf = bigger;
        lo = newLo;
        hi = newLo + want;
        return newLo + front;
    }

    // ------------------------------------------------------------------ invariants

    /**
     * Checks the framing: {@code count} entries from {@code lo} end exactly at {@code hi}, walking
     * back from {@code hi} ends at {@code lo}, and their listpack bytes add up to {@link #bytes}.
     *
     * @throws IllegalStateException describing the first violation
     */
    void verify() {
        if (big != null) {
            if (count != 1 || buf.length != 0 || bytes != Listpack.OVERHEAD + Listpack.entryBytes(big)) {
                throw new IllegalStateException("big chunk: count " + count + ", array " + buf.length + ", bytes " + bytes);
            }
            return;
        }
        if (lo < 0 || lo > hi || hi > buf.length) {
            throw new IllegalStateException("entries at [" + lo + ", " + hi + ") of " + buf.length + " bytes");
        }
        int p = lo;
        int total = Listpack.OVERHEAD;
        for (int k = 0; k < count; k++) {
            if (p >= hi) {
                throw new IllegalStateException("entry " + k + " at " + p + " (expected: < " + hi + ")");
            }
            int len = lengthAt(buf, p);
            total += Listpack.entryBytes(buf, p + headerSize(len), len);
            p += entrySize(len);
        }
        if (p != hi) {
            throw new IllegalStateException(count + " entries end at " + p + " (expected: " + hi + ")");
        }
        int q = hi;
        for (int k = 0; k < count; k++) {
            q -= entrySize(lengthBefore(buf, q));
        }
        if (q != lo) {
            throw new IllegalStateException("walking back " + count + " entries ends at " + q + " (expected: " + lo + ")");
        }
        if (total != bytes) {
            throw new IllegalStateException("chunk bytes: " + bytes + " (expected: " + total + ")");
        }
    }

    /** Bytes of the chunk's arrays, slack included (without the object headers), for tests. */
    int arrayBytes() {
        return big != null ? big.length : buf.length;
    }
}
