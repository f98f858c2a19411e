package io.cairn.storage.engine;

/**
 * A big list of a disk database as its stage holds it ({@link ListEntry}'s on-disk layout): its
 * elements stay in the engine's parts, one part per element at its position, and only the elements
 * written since the last save are here, in an overlay. Positions are signed 64-bit numbers: the
 * list is the window {@code [head, head + size)}, so a push at the head takes {@code head - 1}, a
 * pop or LTRIM only moves the window (O(1), whatever it removes), LINDEX and LSET touch one part,
 * and LRANGE reads the parts of its range in order.
 *
 * <p>A part's key is the list's id (8 bytes, big-endian) then its position with the sign bit
 * flipped (8 bytes, big-endian), so the engine's unsigned order is the positions' order. The
 * overlay is a {@link FieldTrie} keyed the same way (the flipped position as the hash, its 8 bytes
 * as the field). The save writes the overlay's elements inside the window and range-deletes the
 * saved elements the window no longer covers.
 *
 * <p>Immutable ({@link SavedParts}): each change makes a new one.
 */
final class DiskList extends SavedParts {
    /** How many parts a walk reads from the engine at a time. */
    private static final int CHUNK = 256;

    /** The window the engine holds (from the last save), whose elements outside the current one the save deletes. */
    final long savedHead;
    final long savedSize;
    /** The list: positions {@code [head, head + size)}. */
    final long head;
    final int size;
    /** The elements written since the save, by position; null when none. */
    final FieldTrie.Node overlay;

    DiskList(DiskParts base, int db, long id, byte[] owner, long savedHead, long savedSize,
             long head, int size, FieldTrie.Node overlay) {
        super(base, db, id, owner);
        this.savedHead = savedHead;
        this.savedSize = savedSize;
        this.head = head;
        this.size = size;
        this.overlay = overlay;
    }

    /** A list as its save left it. */
    static DiskList saved(DiskParts base, int db, long id, byte[] owner, long head, int size) {
        return new DiskList(base, db, id, owner, head, size, head, size, null);
    }

    @Override
    DiskList on(DiskParts snapshot) {
        return new DiskList(snapshot, db, id, owner, savedHead, savedSize, head, size, overlay);
    }

    private DiskList window(long newHead, int newSize, FieldTrie.Node newOverlay) {
        return new DiskList(base, db, id, owner, savedHead, savedSize, newHead, newSize, newOverlay);
    }

    /** The element at {@code index} ({@code 0 <= index < size}). */
    byte[] get(int index) {
        long at = head + index;
        byte[] v = overlay == null ? null : FieldTrie.get(overlay, positionBytes(at), order(at));
        if (v != null) {
            return v;
        }
        v = base.getPart(db, partKey(id, at));
        if (v == null) {
            throw missing(at);
        }
        return v;
    }

    /** These elements with position {@code at} holding {@code value}. */
    private static FieldTrie.Node put(FieldTrie.Node root, long at, byte[] value, CowClock clock) {
        return FieldTrie.set(root, positionBytes(at), order(at), value, clock);
    }

    DiskList push(boolean left, byte[][] values, CowClock clock) {
        FieldTrie.Node o = overlay;
        long h = head;
        int n = size;
        for (byte[] v : values) {
            if (left) {
                o = put(o, --h, v, clock);
            } else {
                o = put(o, h + n, v, clock);
            }
            n++;
        }
        return window(h, n, o);
    }

    /** Without {@code count} elements ({@code <= size}) at the head or the tail. */
    DiskList pop(boolean left, int count) {
        return left ? window(head + count, size - count, overlay) : window(head, size - count, overlay);
    }

    DiskList set(int index, byte[] value, CowClock clock) {
        return window(head, size, put(overlay, head + index, value, clock));
    }

    /** Keeps the elements {@code start} to {@code stop} inclusive. */
    DiskList trim(int start, int stop) {
        return window(head + start, stop - start + 1, overlay);
    }

    /**
     * With {@code value} inserted before the element at {@code index} ({@code 0 <= index <= size}):
     * the shorter side moves one place, O(min(index, size - index)) elements written.
     */
    DiskList insert(int index, byte[] value, CowClock clock) {
        FieldTrie.Node o = overlay;
        if (index < size / 2) {
            for (int j = 0; j < index; j++) { // each element of the head side one place towards the head
                o = put(o, head + j - 1, get(j), clock);
            }
            o = put(o, head + index - 1, value, clock);
            return window(head - 1, size + 1, o);
        }
        DiskList d = this;
        for (int j = size - 1; j >= index; j--) { // each of the tail side one place towards the tail
            o = put(o, head + j + 1, d.get(j), clock);
        }
        o = put(o, head + index, value, clock);
        return window(head, size + 1, o);
    }

    /**
     * Without the elements at {@code positions} (indexes, ascending): the ones after the first
     * removed move up, O(size - first) elements written.
     */
    DiskList removeAll(int[] positions, int n, CowClock clock) {
        if (n == 0) {
            return this;
        }
        FieldTrie.Node o = overlay;
        int write = positions[0];
        int k = 0;
        for (int read = positions[0]; read < size; read++) {
            if (k < n && positions[k] == read) {
                k++;
                continue;
            }
            byte[] v = get(read); // read stays ahead of write, so what it reads was not yet overwritten
            o = put(o, head + write, v, clock);
            write++;
        }
        return window(head, size - n, o);
    }

    /** Receives elements of {@link #visit}; returns false to stop. */
    interface Visitor {
        boolean visit(byte[] element);
    }

    /** Visits the elements at {@code from} to {@code to} (exclusive), backwards when {@code reverse}; false when stopped. */
    boolean visit(int from, int to, boolean reverse, Visitor v) {
        if (!reverse) {
            for (int a = from; a < to; a += CHUNK) {
                byte[][] chunk = read(a, Math.min(to, a + CHUNK));
                for (byte[] e : chunk) {
                    if (!v.visit(e)) {
                        return false;
                    }
                }
            }
            return true;
        }
        for (int b = to; b > from; b -= CHUNK) {
            byte[][] chunk = read(Math.max(from, b - CHUNK), b);
            for (int i = chunk.length - 1; i >= 0; i--) {
                if (!v.visit(chunk[i])) {
                    return false;
                }
            }
        }
        return true;
    }

    /** The elements at indexes {@code [from, to)}: one engine scan and the overlay's. */
    private byte[][] read(int from, int to) {
        byte[][] out = new byte[to - from][];
        long a = head + from;
        long b = head + to;
        base.scanParts(db, partKey(id, a), (k, value) -> {
            if (getLong(k, 0) != id) {
                return false;
            }
            long at = position(k);
            if (at >= b) {
                return false;
            }
            out[(int) (at - a)] = value;
            return true;
        });
        if (overlay != null) {
            FieldTrie.visitFrom(overlay, order(a), (h, f, value) -> {
                long at = h ^ Long.MIN_VALUE;
                if (at >= b) {
                    return false;
                }
                out[(int) (at - a)] = value;
                return true;
            });
        }
        for (int i = 0; i < out.length; i++) {
            if (out[i] == null) {
                throw missing(a + i);
            }
        }
        return out;
    }

    /** The overlay's elements inside the window, for a save. */
    void forEachWritten(java.util.function.BiConsumer<Long, byte[]> v) {
        if (overlay == null) {
            return;
        }
        long end = head + size;
        FieldTrie.visitFrom(overlay, order(head), (h, f, value) -> {
            long at = h ^ Long.MIN_VALUE;
            if (at >= end) {
                return false;
            }
            v.accept(at, value);
            return true;
        });
    }

    private RuntimeException missing(long at) {
        return new io.cairn.common.CorruptionException("disk database " + db + " list part " + id, at,
                "an element of the list is missing");
    }

    // ------------------------------------------------------------------ part keys

    /** The unsigned order of a position: its sign bit flipped. */
    static long order(long position) {
        return position ^ Long.MIN_VALUE;
    }

    static byte[] partKey(long id, long position) {
        byte[] k = new byte[2 * ID_BYTES];
        putLong(k, 0, id);
        putLong(k, ID_BYTES, order(position));
        return k;
    }

    private static byte[] positionBytes(long position) {
        byte[] b = new byte[8];
        putLong(b, 0, order(position));
        return b;
    }

    static long position(byte[] partKey) {
        return getLong(partKey, ID_BYTES) ^ Long.MIN_VALUE;
    }
}
