package io.cairn.storage.engine;

import java.util.Arrays;

/**
 * The nodes of a {@link ZSetTree}: leaves of members and inner nodes that count the members under
 * each child. Each carries the epoch it was made in, for copy-on-write; only the tree changes them.
 */
final class ZSetNodes {
    static final int MAX = ZSetTree.MAX;

    private ZSetNodes() {
    }

    abstract static sealed class Node permits Leaf, Inner {
        final long epoch;
        int size;

        Node(long epoch) {
            this.epoch = epoch;
        }

        abstract int count();

        abstract Node copy(long epoch);
    }

    static final class Leaf extends Node {
        ScoredMember[] items;

        Leaf(long epoch, ScoredMember[] items) {
            super(epoch);
            this.items = items;
        }

        @Override
        int count() {
            return size;
        }

        @Override
        Leaf copy(long epoch) {
            Leaf l = new Leaf(epoch, items.clone());
            l.size = size;
            return l;
        }

        void ensure(int capacity) {
            if (capacity > items.length) {
                items = Arrays.copyOf(items, Math.min(MAX, Math.max(capacity, items.length * 2)));
            }
        }

        void insert(int pos, ScoredMember x) {
            ensure(size + 1);
            System.arraycopy(items, pos, items, pos + 1, size - pos);
            items[pos] = x;
            size++;
        }
    }

    static final class Inner extends Node {
        final Node[] children;
        final ScoredMember[] lows;
        final int[] counts;
        int total;

        Inner(long epoch) {
            this(epoch, new Node[MAX], new ScoredMember[MAX], new int[MAX]);
        }

        private Inner(long epoch, Node[] children, ScoredMember[] lows, int[] counts) {
            super(epoch);
            this.children = children;
            this.lows = lows;
            this.counts = counts;
        }

        @Override
        int count() {
            return total;
        }

        @Override
        Inner copy(long epoch) {
            Inner in = new Inner(epoch, children.clone(), lows.clone(), counts.clone());
            in.size = size;
            in.total = total;
            return in;
        }

        /** Opens index {@code at} for a child (the total is the caller's). */
        void insert(int at, Node child, ScoredMember low, int count) {
            int tail = size - at;
            System.arraycopy(children, at, children, at + 1, tail);
            System.arraycopy(lows, at, lows, at + 1, tail);
            System.arraycopy(counts, at, counts, at + 1, tail);
            children[at] = child;
            lows[at] = low;
            counts[at] = count;
            size++;
        }

        /** Closes index {@code at} (the total is the caller's). */
        void remove(int at) {
            int tail = size - at - 1;
            System.arraycopy(children, at + 1, children, at, tail);
            System.arraycopy(lows, at + 1, lows, at, tail);
            System.arraycopy(counts, at + 1, counts, at, tail);
            size--;
            children[size] = null;
            lows[size] = null;
            counts[size] = 0;
        }

        int sum() {
            int s = 0;
            for (int i = 0; i < size; i++) {
                s += counts[i];
            }
            return s;
        }
    }
}
