package io.cairn.storage.engine;

/**
 * A stream entry's ID, {@code ms-seq}: two unsigned 64-bit numbers (Redis's {@code streamID}),
 * ordered by {@code ms} and then {@code seq}, both compared unsigned. {@link #MIN} is {@code 0-0},
 * {@link #MAX} is {@code 18446744073709551615-18446744073709551615}.
 */
public record StreamId(long ms, long seq) implements Comparable<StreamId> {
    public static final StreamId MIN = new StreamId(0, 0);
    public static final StreamId MAX = new StreamId(-1L, -1L);

    @Override
    public int compareTo(StreamId o) {
        int c = Long.compareUnsigned(ms, o.ms);
        return c != 0 ? c : Long.compareUnsigned(seq, o.seq);
    }

    public boolean after(StreamId o) {
        return compareTo(o) > 0;
    }

    /** The next ID in order, or null after {@link #MAX}. */
    public StreamId next() {
        if (seq != -1L) {
            return new StreamId(ms, seq + 1);
        }
        return ms == -1L ? null : new StreamId(ms + 1, 0);
    }

    /** The previous ID in order, or null before {@link #MIN}. */
    public StreamId previous() {
        if (seq != 0) {
            return new StreamId(ms, seq - 1);
        }
        return ms == 0 ? null : new StreamId(ms - 1, -1L);
    }

    /** {@code ms-seq} in decimal, as Redis prints an ID. */
    @Override
    public String toString() {
        return Long.toUnsignedString(ms) + "-" + Long.toUnsignedString(seq);
    }
}
