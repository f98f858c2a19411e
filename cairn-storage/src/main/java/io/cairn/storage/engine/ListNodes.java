package io.cairn.storage.engine;

import java.util.Arrays;

/**
 * The nodes of a {@link ChunkedList}: {@link Chunk}s of elements and the counting {@link Branch}es
 * above them. Each carries the epoch of the list that created it, and only that list changes it
 * (see {@link ChunkedList}'s copy-on-write rule). Not thread-safe.
 */
final class ListNodes {
    private ListNodes() {
    }

    abstract static sealed class Node permits Chunk, Branch {
        final long epoch;
        int count;

        Node(long epoch) {
            this.epoch = epoch;
        }

        abstract Node copy(long epoch);
    }

    /** Elements in {@code items[lo, lo + count)}, with slack on both sides for pushes at either end. */
    static final class Chunk extends Node {
        byte[][] items;
        int lo;
        /** Listpack-equivalent size, {@link Listpack#OVERHEAD} included. */
        int bytes;

        Chunk(long epoch, int capacity, int lo) {
            super(epoch);
            reset(capacity, lo);
        }

        Chunk(long epoch, byte[][] items, int lo, int count, int bytes) {
            super(epoch);
            this.items = items;
            this.lo = lo;
            this.count = count;
            this.bytes = bytes;
        }

        void reset(int capacity, int lo) {
            this.items = new byte[capacity][];
            this.lo = lo;
            this.count = 0;
            this.bytes = Listpack.OVERHEAD;
        }

        @Override
        Chunk copy(long epoch) {
            return new Chunk(epoch, items.clone(), lo, count, bytes);
        }

        void insert(int i, byte[] value, int eb) {
            if (count == items.length) {
                grow(i);
            }
            if (i == 0 && lo > 0) {
                lo--;
            } else if (i == count && lo + count < items.length) {
                // room at the end already
            } else if (lo > 0 && (i < count / 2 || lo + count == items.length)) {
                System.arraycopy(items, lo, items, lo - 1, i); // shift the front part left
                lo--;
            } else {
                System.arraycopy(items, lo + i, items, lo + i + 1, count - i); // shift the back part right
            }
            items[lo + i] = value;
            count++;
            bytes += eb;
        }

        /** Moves the elements into a bigger array, with the new slack on the side that is growing. */
        private void grow(int i) {
            int capacity = items.length < 64 ? Math.max(ChunkedList.MIN_CAPACITY, items.length * 2) : items.length + items.length / 2;
            byte[][] bigger = new byte[capacity][];
            int slack = capacity - count;
            int newLo = i == 0 ? slack : i == count ? 0 : slack / 2;
            System.arraycopy(items, lo, bigger, newLo, count);
            items = bigger;
            lo = newLo;
        }

        byte[] remove(int i) {
            byte[] old = items[lo + i];
            if (i < count / 2) {
                System.arraycopy(items, lo, items, lo + 1, i);
                items[lo] = null;
                lo++;
            } else {
                System.arraycopy(items, lo + i + 1, items, lo + i, count - i - 1);
                items[lo + count - 1] = null;
            }
            count--;
            bytes -= Listpack.entryBytes(old);
            return old;
        }

        void removeRange(int from, int to) {
            for (int i = from; i < to; i++) {
                bytes -= Listpack.entryBytes(items[lo + i]);
            }
            System.arraycopy(items, lo + to, items, lo + from, count - to);
            Arrays.fill(items, lo + count - (to - from), lo + count, null);
            count -= to - from;
        }

        /** Moves elements {@code from} to the end into a new chunk, returned. */
        Chunk splitOff(int from, long epoch) {
            int n = count - from;
            Chunk right = new Chunk(epoch, Math.max(ChunkedList.MIN_CAPACITY, n + n / 2), 0);
            System.arraycopy(items, lo + from, right.items, 0, n);
            int moved = 0;
            for (int i = 0; i < n; i++) {
                moved += Listpack.entryBytes(right.items[i]);
            }
            Arrays.fill(items, lo + from, lo + count, null);
            right.count = n;
            right.bytes += moved;
            count = from;
            bytes -= moved;
            return right;
        }

        /** Appends every element of {@code other} (left unchanged). */
        void appendAll(Chunk other) {
            int need = count + other.count;
            if (lo + need > items.length) {
                byte[][] bigger = new byte[Math.max(ChunkedList.MIN_CAPACITY, need + need / 4)][];
                System.arraycopy(items, lo, bigger, 0, count);
                items = bigger;
                lo = 0;
            }
            System.arraycopy(other.items, other.lo, items, lo + count, other.count);
            count = need;
            bytes += other.bytes - Listpack.OVERHEAD;
        }
    }

    /** {@code counts[i]} is the element count of {@code children[i]}; {@code count} their sum. */
    static final class Branch extends Node {
        final Node[] children;
        final int[] counts;
        int n;

        Branch(long epoch) {
            this(epoch, new Node[ChunkedList.FANOUT], new int[ChunkedList.FANOUT], 0, 0);
        }

        private Branch(long epoch, Node[] children, int[] counts, int n, int count) {
            super(epoch);
            this.children = children;
            this.counts = counts;
            this.n = n;
            this.count = count;
        }

        @Override
        Branch copy(long epoch) {
            return new Branch(epoch, children.clone(), counts.clone(), n, count);
        }

        void append(Node child) {
            insertAt(n, child);
        }

        void insertAt(int i, Node child) {
            System.arraycopy(children, i, children, i + 1, n - i);
            System.arraycopy(counts, i, counts, i + 1, n - i);
            children[i] = child;
            counts[i] = child.count;
            n++;
            count += child.count;
        }

        void removeAt(int i) {
            count -= counts[i];
            System.arraycopy(children, i + 1, children, i, n - i - 1);
            System.arraycopy(counts, i + 1, counts, i, n - i - 1);
            n--;
            children[n] = null;
            counts[n] = 0;
        }

        /** Keeps the first {@code keep} children and recounts. */
        void truncate(int keep) {
            Arrays.fill(children, keep, n, null);
            Arrays.fill(counts, keep, n, 0);
            n = keep;
            int total = 0;
            for (int i = 0; i < n; i++) {
                total += counts[i];
            }
            count = total;
        }
    }
}
