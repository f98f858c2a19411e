package io.cairn.storage.engine;

import io.cairn.common.Varints;
import java.util.Arrays;

/**
 * A small hash's layout, as Redis's listpack: every field and value in one byte array, each as
 * its length (a varint) and its bytes, field then value, in the order the fields were added; found
 * by a linear search. Used while the hash stays within {@link Encodings#hashMaxListpackEntries}
 * fields of at most {@link Encodings#hashMaxListpackValue} bytes; past that {@link HashEntry}
 * moves the fields to a {@link FieldTrie}. One array instead of an array per field and value is
 * what makes a small hash cost about what Redis's does (a 10-field hash of 10-byte values: 150
 * bytes of data rather than 600); the price is that reads hand out copies of what they find.
 *
 * <p>Copy-on-write as a whole: stamped with the epoch it was made in, changed in place only while
 * no open read view may see it (its size is bounded, so a copy is cheap). Not thread-safe; the
 * keyspace's writer changes it, views only read a copy no writer changes again.
 */
final class PackedFields {
    private static final byte[] EMPTY = new byte[0];

    final long epoch;
    /** length, field, length, value, ...; {@link #used} bytes in use. */
    private byte[] data;
    private int used;
    private int size;

    PackedFields(long epoch, int capacity) {
        this.epoch = epoch;
        this.data = capacity <= 0 ? EMPTY : new byte[Math.min(capacity, 512) * 16];
    }

    private PackedFields(long epoch, PackedFields from) {
        this.epoch = epoch;
        this.data = Arrays.copyOf(from.data, from.used + Math.min(64, from.used / 4 + 16));
        this.used = from.used;
        this.size = from.size;
    }

    int size() {
        return size;
    }

    /** The bytes the fields take, framing included (for the memory estimate). */
    int usedBytes() {
        return used;
    }

    /** The array's length: {@link #usedBytes} and the room kept for the next writes. */
    int capacity() {
        return data.length;
    }

    /** This, or a copy stamped with the current epoch when an open view may see this. */
    PackedFields writable(CowClock clock) {
        return clock.isShared(epoch) ? new PackedFields(clock.stamp(), this) : this;
    }

    /** A copy of the field's value, or null. */
    byte[] get(byte[] field) {
        int at = indexOf(field);
        return at < 0 ? null : copyAt(skip(at));
    }

    /** Visits the field of rank {@code rank} (0 is the oldest) and its value, as copies. */
    void visitAt(int rank, HashEntry.FieldVisitor v) {
        int at = 0;
        for (int i = 0; i < rank; i++) {
            at = skip(skip(at));
        }
        v.visit(copyAt(at), copyAt(skip(at)));
    }

    /** Sets the field (appended when new); returns the previous value, or null. */
    byte[] put(byte[] field, byte[] value) {
        int at = indexOf(field);
        if (at >= 0) {
            int valueAt = skip(at);
            int end = skip(valueAt);
            byte[] old = copyAt(valueAt);
            replace(valueAt, end, value);
            return old;
        }
        int need = Varints.sizeOf(field.length) + field.length + Varints.sizeOf(value.length) + value.length;
        ensure(need);
        used = write(used, field);
        used = write(used, value);
        size++;
        return null;
    }

    /** Removes the field, keeping the others' order; returns its value, or null when absent. */
    byte[] remove(byte[] field) {
        int at = indexOf(field);
        if (at < 0) {
            return null;
        }
        int valueAt = skip(at);
        int end = skip(valueAt);
        byte[] old = copyAt(valueAt);
        System.arraycopy(data, end, data, at, used - end);
        used -= end - at;
        size--;
        return old;
    }

    /** Length of the longest field or value. */
    int longest() {
        int n = 0;
        for (int at = 0; at < used; at = skip(at)) {
            n = Math.max(n, length(at));
        }
        return n;
    }

    /** Visits every field and its value, oldest first, as copies. */
    void forEach(HashEntry.FieldVisitor v) {
        for (int at = 0; at < used; ) {
            int valueAt = skip(at);
            v.visit(copyAt(at), copyAt(valueAt));
            at = skip(valueAt);
        }
    }

    /** Offset of the field's length, or -1. */
    private int indexOf(byte[] field) {
        for (int at = 0; at < used; ) {
            int n = length(at);
            int from = at + Varints.sizeOf(n);
            if (n == field.length && Arrays.equals(data, from, from + n, field, 0, n)) {
                return at;
            }
            at = skip(from + n); // past the field, then its value
        }
        return -1;
    }

    /** The length stored at {@code at}. */
    private int length(int at) {
        int n = 0;
        for (int shift = 0; ; shift += 7) {
            byte b = data[at++];
            n |= (b & 0x7f) << shift;
            if (b >= 0) {
                return n;
            }
        }
    }

    /** Offset past the element (length and bytes) at {@code at}. */
    private int skip(int at) {
        int n = length(at);
        return at + Varints.sizeOf(n) + n;
    }

    private byte[] copyAt(int at) {
        int n = length(at);
        int from = at + Varints.sizeOf(n);
        return Arrays.copyOfRange(data, from, from + n);
    }

    /** Writes {@code b} with its length at {@code at}; returns the offset past it. */
    private int write(int at, byte[] b) {
        at = Varints.put(data, at, b.length);
        System.arraycopy(b, 0, data, at, b.length);
        return at + b.length;
    }

    /** Puts {@code value} (with its length) in place of the bytes {@code from} to {@code to}. */
    private void replace(int from, int to, byte[] value) {
        int now = Varints.sizeOf(value.length) + value.length;
        int delta = now - (to - from);
        if (delta > 0) {
            ensure(delta);
        }
        System.arraycopy(data, to, data, to + delta, used - to);
        used += delta;
        write(from, value);
    }

    /** Room for {@code more} bytes past {@link #used}: growth by a quarter, so spare room stays small. */
    private void ensure(int more) {
        if (used + more > data.length) {
            data = Arrays.copyOf(data, Math.max(used + more, used + Math.min(256, used / 4 + 16)));
        }
    }
}
