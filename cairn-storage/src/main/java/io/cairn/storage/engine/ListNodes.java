package io.cairn.storage.engine;

import java.util.Arrays;

/**
 * The nodes of a {@link ChunkedList}: {@link ListChunk}s of elements and the counting {@link Branch}es
 * above them. Each carries the epoch of the list that created it, and only that list changes it
 * (see {@link ChunkedList}'s copy-on-write rule). Not thread-safe.
 */
final class ListNodes {
    private ListNodes() {
    }

    abstract static sealed class Node permits ListChunk, Branch {
        final long epoch;
        int count;

        Node(long epoch) {
            this.epoch = epoch;
        }

        abstract Node copy(long epoch);
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
