package io.cairn.storage.engine;

import java.util.Arrays;

/**
 * A list: its elements in a {@link ChunkedList}, and which of Redis's two encodings it answers to.
 * Every change is one of the list mutations' effects, so the live path and replay share it.
 *
 * <p>The encoding follows Redis 7.2: a new list is a {@code listpack}; it becomes a {@code
 * quicklist} when an addition would take it past one chunk's limit (the existing listpack's
 * bytes plus the raw length of what is added, as Redis counts it), and a listpack again when a
 * removal leaves one chunk of at most half the limit. Only {@code OBJECT ENCODING} shows it.
 *
 * <p>{@link #copy} is O(1): the copy shares every chunk, and copies one chunk and its path on its
 * first change (see {@link ChunkedList}). Mutable only by the keyspace's writer, under the store's
 * lock; an entry a read view can see is never changed (the keyspace copies it first).
 */
final class ListEntry extends CollectionEntry {
    /** The elements, unless the list is on disk ({@link #disk}), when this is empty and unused. */
    final ChunkedList items;
    private boolean quicklist;
    /** A disk database's big list, read back from the engine: its elements are parts. */
    private DiskList disk;
    /** For a list on disk: its keyspace's copy-on-write rule, which its overlay's nodes follow. */
    private CowClock cow;

    ListEntry(byte[] key, long expireAt, long epoch) {
        this(key, expireAt, epoch, new ChunkedList(epoch), false);
    }

    private ListEntry(byte[] key, long expireAt, long epoch, ChunkedList items, boolean quicklist) {
        super(key, expireAt, epoch);
        this.items = items;
        this.quicklist = quicklist;
    }

    @Override
    ValueType type() {
        return ValueType.LIST;
    }

    /** A disk database's big list, kept by the engine ({@link DiskList}). */
    static ListEntry onDisk(byte[] key, long expireAt, long epoch, DiskList elements, CowClock cow) {
        ListEntry l = new ListEntry(key, expireAt, epoch, new ChunkedList(epoch), true);
        l.disk = elements;
        l.cow = cow;
        return l;
    }

    @Override
    DiskList saved() {
        return disk;
    }

    @Override
    ListEntry on(DiskParts snapshot) {
        return disk == null ? this : onDisk(key, expireAt, epoch, disk.on(snapshot), cow);
    }

    @Override
    int size() {
        return disk != null ? disk.size : items.size();
    }

    @Override
    ListEntry copy(long epoch) {
        if (disk != null) {
            return onDisk(key, expireAt, epoch, disk, cow);
        }
        return new ListEntry(key, expireAt, epoch, items.copy(epoch), quicklist);
    }

    /** {@code "listpack"} or {@code "quicklist"}, as Redis 7.2's {@code OBJECT ENCODING} names them. */
    String encoding() {
        return quicklist ? "quicklist" : "listpack";
    }

    /** The element at {@code index} ({@code 0 <= index < size}): a copy, or on disk the part's bytes. */
    byte[] get(int index) {
        return disk != null ? disk.get(index) : items.get(index);
    }

    /**
     * Visits the elements at {@code from} to {@code to} (exclusive), backwards when {@code reverse},
     * until the visitor answers false; returns whether it visited every one.
     */
    boolean visit(int from, int to, boolean reverse, ChunkedList.Visitor v) {
        if (disk != null) {
            return disk.visit(from, to, reverse, v::visit);
        }
        return items.visit(from, to, reverse, v);
    }

    /** As {@link #visit}, in place where the layout can (see {@link ChunkedList#scan}). */
    boolean scan(int from, int to, boolean reverse, ChunkedList.SliceVisitor v) {
        if (disk != null) {
            return disk.visit(from, to, reverse, e -> v.visit(e, 0, e.length));
        }
        return items.scan(from, to, reverse, v);
    }

    /** Pushes each value in turn at the head ({@code left}) or the tail. */
    void push(boolean left, byte[][] values, int fill) {
        if (disk != null) {
            disk = disk.push(left, values, cow);
            return;
        }
        growing(values.length, rawBytes(values), fill);
        for (byte[] v : values) {
            items.insert(left ? 0 : items.size(), v, fill);
        }
    }

    /** Removes {@code count} elements (at most the size) from the head or the tail. */
    void pop(boolean left, int count, int fill) {
        if (disk != null) {
            disk = disk.pop(left, Math.min(count, disk.size));
            return;
        }
        int n = Math.min(count, items.size());
        if (left) {
            items.removeRange(0, n, fill);
        } else {
            items.removeRange(items.size() - n, items.size(), fill);
        }
        shrinking(fill);
    }

    void set(int index, byte[] value, int fill) {
        if (disk != null) {
            disk = disk.set(index, value, cow);
            return;
        }
        growing(1, value.length, fill);
        items.set(index, value, fill);
        shrinking(fill);
    }

    void insert(int index, byte[] value, int fill) {
        if (disk != null) {
            disk = disk.insert(index, value, cow);
            return;
        }
        growing(1, value.length, fill);
        items.insert(index, value, fill);
    }

    /**
     * Removes elements equal to {@code value}: the first {@code count} from the head when positive,
     * the last {@code -count} from the tail when negative, all when zero. Returns how many went.
     */
    int removeMatching(long count, byte[] value, int fill) {
        boolean fromTail = count < 0;
        long limit = count == 0 || count == Long.MIN_VALUE ? Long.MAX_VALUE : Math.abs(count);
        Positions found = new Positions(fromTail ? size() : -1, fromTail ? -1 : 1);
        scan(0, size(), fromTail, (b, off, len) -> {
            found.next(Arrays.equals(b, off, off + len, value, 0, value.length));
            return found.n < limit;
        });
        if (disk != null) {
            int[] ascending = Arrays.copyOf(found.at, found.n);
            Arrays.sort(ascending);
            disk = disk.removeAll(ascending, found.n, cow);
            return found.n;
        }
        // Remove from the highest position down, a run of neighbours at a time, so positions
        // still to be removed do not move.
        int k = fromTail ? 0 : found.n - 1;
        int step = fromTail ? 1 : -1;
        for (int done = 0; done < found.n; ) {
            int hi = found.at[k];
            int lo = hi;
            k += step;
            done++;
            while (done < found.n && found.at[k] == lo - 1) {
                lo--;
                k += step;
                done++;
            }
            items.removeRange(lo, hi + 1, fill);
        }
        if (found.n > 0) {
            shrinking(fill);
        }
        return found.n;
    }

    /** Positions of the matches found by a scan, in the scan's order. */
    private static final class Positions {
        int[] at = new int[8];
        int n;
        private int position;
        private final int step;

        Positions(int start, int step) {
            this.position = start;
            this.step = step;
        }

        void next(boolean match) {
            position += step;
            if (match) {
                if (n == at.length) {
                    at = Arrays.copyOf(at, n * 2);
                }
                at[n++] = position;
            }
        }
    }

    /** Keeps the elements {@code start} to {@code stop} (inclusive, {@code 0 <= start <= stop < size}). */
    void trim(int start, int stop, int fill) {
        if (disk != null) {
            disk = disk.trim(start, stop);
            return;
        }
        items.removeRange(stop + 1, items.size(), fill);
        items.removeRange(0, start, fill);
        shrinking(fill);
    }

    /** Marks the list a quicklist once, like Redis, as soon as an addition could take it past one chunk. */
    private void growing(int addCount, long addBytes, int fill) {
        if (!quicklist && Listpack.exceeds(fill, items.firstChunkBytes() + addBytes, (long) items.size() + addCount)) {
            quicklist = true;
        }
    }

    private void shrinking(int fill) {
        if (quicklist && items.singleChunk() && Listpack.fitsHalf(fill, items.firstChunkBytes(), items.size())) {
            quicklist = false;
        }
    }

    /** After loading from a snapshot: a listpack when the list fits one chunk, as Redis loads one. */
    void settleEncoding(int fill) {
        quicklist = !items.singleChunk() || Listpack.exceeds(fill, items.firstChunkBytes(), items.size());
    }

    private static long rawBytes(byte[][] values) {
        long n = 0;
        for (byte[] v : values) {
            n += v.length;
        }
        return n;
    }
}
