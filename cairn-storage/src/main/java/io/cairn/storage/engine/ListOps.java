package io.cairn.storage.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The list operations of one {@link Txn}, with the rules of Redis's list commands: positions
 * count from 0 at the head, negative ones from -1 at the tail; a list key exists only while it
 * has an element, so a write that takes the last one deletes the key.
 *
 * <p>Same contract as {@link Txn}: valid only during the transaction's call, each write checks
 * everything first and then applies fully, and arrays passed in are taken over. Element arrays
 * returned are copies, or for an element too big to share a chunk the stored array itself (see
 * {@link ListChunk}): callers may keep them but must not modify them.
 *
 * @throws WrongTypeException from every method, when the key holds another type
 */
public final class ListOps {
    /** Per-element framing in the log (a length varint), for the record-size bound. */
    private static final int ELEMENT_FRAMING = 5;

    private final Txn txn;

    ListOps(Txn txn) {
        this.txn = txn;
    }

    // ------------------------------------------------------------------ reads

    /** Number of elements; 0 when the key is absent. */
    public int length(byte[] key) {
        ListEntry l = read(key);
        return l == null ? 0 : l.size();
    }

    /** The element at {@code index} (negative from the tail), or null when absent or out of range. */
    public byte[] index(byte[] key, long index) {
        ListEntry l = read(key);
        if (l == null) {
            return null;
        }
        long i = index < 0 ? l.size() + index : index;
        return i < 0 || i >= l.size() ? null : l.get((int) i);
    }

    /** The elements {@code start} to {@code stop} inclusive, as {@code LRANGE} clamps them; empty when absent. */
    public List<byte[]> range(byte[] key, long start, long stop) {
        ListEntry l = read(key);
        if (l == null) {
            return List.of();
        }
        int[] r = clamp(l.size(), start, stop);
        return r == null ? List.of() : collect(l, r[0], r[1] + 1, false);
    }

    /**
     * Positions of elements equal to {@code element}, as {@code LPOS}: skipping the first
     * {@code |rank| - 1} matches (counting from the tail when {@code rank} is negative), at most
     * {@code count} (0: all), looking at no more than {@code maxlen} elements (0: all). Positions
     * count from the head whatever the direction. Empty when the key is absent.
     */
    public List<Long> positions(byte[] key, byte[] element, long rank, long count, long maxlen) {
        if (rank == 0 || count < 0 || maxlen < 0) {
            throw new IllegalArgumentException("rank: " + rank + ", count: " + count + ", maxlen: " + maxlen
                    + " (expected: rank != 0, count >= 0, maxlen >= 0)");
        }
        ListEntry l = read(key);
        if (l == null) {
            return List.of();
        }
        boolean fromTail = rank < 0;
        long skip = (rank == Long.MIN_VALUE ? Long.MAX_VALUE : Math.abs(rank)) - 1;
        int size = l.size();
        List<Long> out = new ArrayList<>();
        long[] state = {0, 0}; // scanned, matches
        l.scan(0, size, fromTail, (b, off, len) -> {
            if (maxlen > 0 && state[0] >= maxlen) {
                return false;
            }
            long at = fromTail ? size - 1 - state[0] : state[0];
            state[0]++;
            if (Arrays.equals(b, off, off + len, element, 0, element.length) && state[1]++ >= skip) {
                out.add(at);
                return count == 0 || out.size() < count;
            }
            return true;
        });
        return out;
    }

    // ------------------------------------------------------------------ writes

    /**
     * Pushes the values one by one at the head ({@code left}, so they end up in reverse order) or
     * the tail. Returns the new length; with {@code onlyIfExists}, an absent key stays absent and
     * 0 is returned ({@code LPUSHX}).
     */
    public long push(byte[] key, boolean left, byte[][] values, boolean onlyIfExists) {
        txn.checkWrite(key);
        for (byte[] v : values) {
            txn.checkValue(v);
        }
        ListEntry l = write(key);
        if (l == null && onlyIfExists) {
            return 0;
        }
        long before = l == null ? 0 : l.size();
        if (before + values.length > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("list length: " + (before + values.length)
                    + " (expected: <= " + (Integer.MAX_VALUE - 8) + ")");
        }
        long bytes = key.length;
        for (byte[] v : values) {
            bytes += v.length + ELEMENT_FRAMING;
        }
        txn.record(new Mutation.ListPush(txn.db(), key, left, values), bytes);
        return before + values.length;
    }

    /**
     * Removes up to {@code count} (at least 1) elements from the head or the tail and returns
     * them in the order they were removed; null when the key is absent.
     */
    public List<byte[]> pop(byte[] key, boolean left, long count) {
        if (count < 1) {
            throw new IllegalArgumentException("count: " + count + " (expected: >= 1)");
        }
        txn.checkWrite(key);
        ListEntry l = write(key);
        if (l == null) {
            return null;
        }
        int n = (int) Math.min(count, l.size());
        List<byte[]> out = left ? collect(l, 0, n, false) : collect(l, l.size() - n, l.size(), true);
        txn.record(new Mutation.ListPop(txn.db(), key, left, n), key.length + 6);
        return out;
    }

    /**
     * Replaces the element at {@code index} (negative from the tail). Returns false, changing
     * nothing, when the index is out of range or the key absent; the caller tells those apart
     * with {@link #length}.
     */
    public boolean set(byte[] key, long index, byte[] value) {
        txn.checkWrite(key);
        txn.checkValue(value);
        ListEntry l = write(key);
        if (l == null) {
            return false;
        }
        long i = index < 0 ? l.size() + index : index;
        if (i < 0 || i >= l.size()) {
            return false;
        }
        txn.record(new Mutation.ListSet(txn.db(), key, (int) i, value), key.length + value.length + 10);
        return true;
    }

    /**
     * Inserts {@code value} just before or after the first element equal to {@code pivot}.
     * Returns the new length, -1 when there is no such element, 0 when the key is absent.
     */
    public long insert(byte[] key, boolean before, byte[] pivot, byte[] value) {
        txn.checkWrite(key);
        txn.checkValue(value);
        ListEntry l = write(key);
        if (l == null) {
            return 0;
        }
        int[] at = {-1, 0};
        l.scan(0, l.size(), false, (b, off, len) -> {
            if (Arrays.equals(b, off, off + len, pivot, 0, pivot.length)) {
                at[0] = at[1];
                return false;
            }
            at[1]++;
            return true;
        });
        if (at[0] < 0) {
            return -1;
        }
        int index = before ? at[0] : at[0] + 1;
        long length = l.size() + 1L; // l itself may be replaced by a copy once the insert applies
        txn.record(new Mutation.ListInsert(txn.db(), key, index, value), key.length + value.length + 10);
        return length;
    }

    /** Removes elements equal to {@code value} as {@code LREM} does (see {@link Mutation.ListRemove}); returns how many. */
    public long remove(byte[] key, long count, byte[] value) {
        txn.checkWrite(key);
        ListEntry l = write(key);
        if (l == null) {
            return 0;
        }
        long limit = count == 0 || count == Long.MIN_VALUE ? Long.MAX_VALUE : Math.abs(count);
        long[] found = {0};
        l.scan(0, l.size(), count < 0, (b, off, len) -> {
            if (Arrays.equals(b, off, off + len, value, 0, value.length)) {
                found[0]++;
            }
            return found[0] < limit;
        });
        if (found[0] == 0) {
            return 0;
        }
        if (found[0] == l.size()) {
            txn.record(new Mutation.Delete(txn.db(), key), key.length);
        } else {
            txn.record(new Mutation.ListRemove(txn.db(), key, count, value), key.length + value.length + 10);
        }
        return found[0];
    }

    /** Keeps only the elements {@code start} to {@code stop}, as {@code LTRIM} clamps them; the key goes when none remain. */
    public void trim(byte[] key, long start, long stop) {
        txn.checkWrite(key);
        ListEntry l = write(key);
        if (l == null) {
            return;
        }
        int[] r = clamp(l.size(), start, stop);
        if (r == null) {
            txn.record(new Mutation.Delete(txn.db(), key), key.length);
        } else {
            // logged even when it keeps everything: Redis signals the key as modified (WATCH) all the same
            txn.record(new Mutation.ListTrim(txn.db(), key, r[0], r[1]), key.length + 10);
        }
    }

    /**
     * Pops one element from {@code src}'s head ({@code fromLeft}) or tail and pushes it at
     * {@code dst}'s head ({@code toLeft}) or tail, creating {@code dst} when absent; returns the
     * element, or null when {@code src} is absent. {@code src} and {@code dst} may be the same
     * list (a rotation).
     */
    public byte[] move(byte[] src, byte[] dst, boolean fromLeft, boolean toLeft) {
        txn.checkWrite(src);
        txn.checkWrite(dst);
        ListEntry s = write(src);
        if (s == null) {
            return null;
        }
        write(dst); // checks dst's type before anything changes
        byte[] element = fromLeft ? s.get(0) : s.get(s.size() - 1);
        if (Arrays.equals(src, dst) && s.size() == 1) {
            // Popping the only element would delete the key and the push create a new one
            // without the old expiry: log the rotation as the no-op it is, so watchers still see it.
            txn.record(new Mutation.ListSet(txn.db(), src, 0, element), src.length + element.length + 10);
            return element;
        }
        txn.record(new Mutation.ListPop(txn.db(), src, fromLeft, 1), src.length + 6);
        txn.record(new Mutation.ListPush(txn.db(), dst, toLeft, new byte[][] {element}),
                dst.length + element.length + ELEMENT_FRAMING);
        return element;
    }

    // ------------------------------------------------------------------ internals

    /** {@code [start, stop]} clamped to {@code [0, size)} as Redis's ranges are, or null when empty. */
    static int[] clamp(int size, long start, long stop) {
        if (start < 0) {
            start = size + start;
        }
        if (stop < 0) {
            stop = size + stop;
        }
        if (start < 0) {
            start = 0;
        }
        if (start > stop || start >= size) {
            return null;
        }
        if (stop >= size) {
            stop = size - 1;
        }
        return new int[] {(int) start, (int) stop};
    }

    private static List<byte[]> collect(ListEntry l, int from, int to, boolean reverse) {
        List<byte[]> out = new ArrayList<>(to - from);
        l.visit(from, to, reverse, out::add);
        return out;
    }

    private ListEntry read(byte[] key) {
        Object e = txn.live(key);
        if (e == null || e instanceof ListEntry) {
            return (ListEntry) e;
        }
        throw new WrongTypeException(ValueType.LIST, EntryKeys.typeOf(e));
    }

    /** The live list for a write (an expired key removed and logged first), null when absent. */
    private ListEntry write(byte[] key) {
        return txn.liveForWrite(key, ListEntry.class, ValueType.LIST);
    }
}
