package io.cairn.storage.engine;

import java.util.Arrays;

/**
 * A small hash's layout, as Redis's listpack: fields and values side by side in one array, in the
 * order the fields were added, found by a linear search. Used while the hash stays within
 * {@link Encodings#hashMaxListpackEntries} fields of at most {@link Encodings#hashMaxListpackValue}
 * bytes; past that {@link HashEntry} moves the fields to a {@link FieldTrie}.
 *
 * <p>Copy-on-write as a whole: stamped with the epoch it was made in, changed in place only while
 * no open read view may see it (its size is bounded, so a copy is cheap). Not thread-safe; the
 * keyspace's writer changes it, views only read a copy no writer changes again.
 */
final class PackedFields {
    final long epoch;
    /** field 0, value 0, field 1, value 1, ...; {@code 2 * size} slots in use. */
    private byte[][] items;
    private int size;

    PackedFields(long epoch, int capacity) {
        this.epoch = epoch;
        this.items = new byte[Math.max(2, 2 * capacity)][];
    }

    private PackedFields(long epoch, PackedFields from) {
        this.epoch = epoch;
        this.items = Arrays.copyOf(from.items, Math.max(2, 2 * from.size + 2));
        this.size = from.size;
    }

    int size() {
        return size;
    }

    /** This, or a copy stamped with the current epoch when an open view may see this. */
    PackedFields writable(CowClock clock) {
        return clock.isShared(epoch) ? new PackedFields(clock.stamp(), this) : this;
    }

    byte[] get(byte[] field) {
        int i = indexOf(field);
        return i < 0 ? null : items[i + 1];
    }

    byte[] field(int i) {
        return items[2 * i];
    }

    byte[] value(int i) {
        return items[2 * i + 1];
    }

    /** Sets the field (appended when new); returns the previous value, or null. */
    byte[] put(byte[] field, byte[] value) {
        int i = indexOf(field);
        if (i >= 0) {
            byte[] old = items[i + 1];
            items[i + 1] = value;
            return old;
        }
        if (2 * size + 2 > items.length) {
            items = Arrays.copyOf(items, Math.max(4, items.length * 2));
        }
        items[2 * size] = field;
        items[2 * size + 1] = value;
        size++;
        return null;
    }

    /** Removes the field, keeping the others' order; returns its value, or null when absent. */
    byte[] remove(byte[] field) {
        int i = indexOf(field);
        if (i < 0) {
            return null;
        }
        byte[] old = items[i + 1];
        System.arraycopy(items, i + 2, items, i, 2 * size - i - 2);
        size--;
        items[2 * size] = null;
        items[2 * size + 1] = null;
        return old;
    }

    /** Length of the longest field or value. */
    int longest() {
        int n = 0;
        for (int i = 0; i < 2 * size; i++) {
            n = Math.max(n, items[i].length);
        }
        return n;
    }

    void forEach(HashEntry.FieldVisitor v) {
        for (int i = 0; i < 2 * size; i += 2) {
            v.visit(items[i], items[i + 1]);
        }
    }

    /** Index in {@link #items} of the field's slot, or -1. */
    private int indexOf(byte[] field) {
        for (int i = 0; i < 2 * size; i += 2) {
            if (Arrays.equals(items[i], field)) {
                return i;
            }
        }
        return -1;
    }
}
