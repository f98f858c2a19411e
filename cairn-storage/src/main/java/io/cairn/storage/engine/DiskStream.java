package io.cairn.storage.engine;

/**
 * A big stream of a disk database as its stage holds it ({@link StreamEntry}'s disk layout): its
 * entries stay in the engine's parts, one part per entry under the stream's id and the entry's ID
 * ({@code docs/format/disk.md}), and its metadata and groups in its key's value. Only what changed
 * since the save is here: the entries appended since ({@link #tail}, all after every saved one, as
 * a stream only appends), the saved entries deleted since ({@link #gone}), and how far the head
 * was trimmed ({@link #floor}). So {@code XADD} writes one entry, {@code XRANGE} and {@code XREAD}
 * seek to their first ID and read on, and trimming the head is one range deletion at the save.
 *
 * <p>Immutable but for {@link #tail}, which copies its chunks on write as a list's do; {@link
 * #copy} shares it.
 */
final class DiskStream extends SavedParts {
    private static final int KEY_BYTES = ID_BYTES + 16;

    /** Saved entries before this ID are trimmed. */
    final StreamId floor;
    /** The floor when the save was made: the save range-deletes the parts from it to {@link #floor}. */
    final StreamId savedFloor;
    /** The greatest ID a saved entry may have: entries after it are in {@link #tail}. */
    final StreamId savedLast;
    /** Saved entries deleted since the save, by ID ({@link #idBytes}). */
    final FieldTrie.Node gone;
    /** Saved entries still there. */
    final int savedLive;
    /** The entries appended since the save, in ID order, as {@link StreamRecords} encodes them. */
    final ChunkedList tail;

    private DiskStream(DiskParts base, int db, long id, byte[] owner, StreamId floor, StreamId savedFloor,
                       StreamId savedLast, FieldTrie.Node gone, int savedLive, ChunkedList tail) {
        super(base, db, id, owner);
        this.floor = floor;
        this.savedFloor = savedFloor;
        this.savedLast = savedLast;
        this.gone = gone;
        this.savedLive = savedLive;
        this.tail = tail;
    }

    /** A stream read back from the engine: {@code size} saved entries, none after {@code last}. */
    static DiskStream saved(DiskParts base, int db, long id, byte[] owner, int size, StreamId last, long epoch) {
        return new DiskStream(base, db, id, owner, StreamId.MIN, StreamId.MIN, last, null, size, new ChunkedList(epoch));
    }

    @Override
    DiskStream on(DiskParts snapshot) {
        return new DiskStream(snapshot, db, id, owner, floor, savedFloor, savedLast, gone, savedLive, tail);
    }

    /** A second handle for a copy of the entry stamped {@code epoch}: it shares the tail's chunks. */
    DiskStream copy(long epoch) {
        return new DiskStream(base, db, id, owner, floor, savedFloor, savedLast, gone, savedLive, tail.copy(epoch));
    }

    int size() {
        return savedLive + tail.size();
    }

    // ------------------------------------------------------------------ reads

    /**
     * Visits the entries from {@code from} on (included), in ID order, or from it back to the
     * oldest when {@code reverse}, until the visitor answers false; returns false when it did.
     * The saved ones are read from the engine (a seek, then in order), the tail's in place.
     */
    boolean walk(StreamId from, boolean reverse, ChunkedList.SliceVisitor visitor) {
        if (!reverse) {
            if (from.compareTo(savedLast) <= 0 && !walkSaved(max(from, floor), false, visitor)) {
                return false;
            }
            int at = tailBound(from);
            return tail.scan(at, tail.size(), false, visitor);
        }
        StreamId past = from.next();
        int to = past == null ? tail.size() : tailBound(past);
        if (!tail.scan(0, to, true, visitor)) {
            return false;
        }
        StreamId start = from.compareTo(savedLast) < 0 ? from : savedLast;
        return start.compareTo(floor) < 0 || walkSaved(start, true, visitor);
    }

    private boolean walkSaved(StreamId from, boolean reverse, ChunkedList.SliceVisitor visitor) {
        boolean[] stopped = {false};
        DiskEngine.Visitor v = (k, value) -> {
            if (k.length != KEY_BYTES || getLong(k, 0) != id) {
                return false;
            }
            StreamId at = new StreamId(getLong(k, ID_BYTES), getLong(k, ID_BYTES + 8));
            if (at.compareTo(floor) < 0) {
                return false; // backward past the trimmed head
            }
            if (isGone(at)) {
                return true;
            }
            if (!visitor.visit(value, 0, value.length)) {
                stopped[0] = true;
                return false;
            }
            return true;
        };
        if (reverse) {
            base.scanPartsBackward(db, partKey(id, from), v);
        } else {
            base.scanParts(db, partKey(id, from), v);
        }
        return !stopped[0];
    }

    /** Whether the entry {@code at} is there. */
    boolean contains(StreamId at) {
        if (at.compareTo(savedLast) > 0) {
            int i = tailBound(at);
            return i < tail.size() && idInTail(i).equals(at);
        }
        return at.compareTo(floor) >= 0 && !isGone(at) && base.getPart(db, partKey(id, at)) != null;
    }

    private boolean isGone(StreamId at) {
        if (gone == null) {
            return false;
        }
        byte[] b = idBytes(at);
        return FieldTrie.get(gone, b, FieldHash.of(b)) != null;
    }

    private int tailBound(StreamId at) {
        return tail.size() == 0 ? 0 : tail.lowerBound((b, off, len) -> StreamRecords.id(b, off).compareTo(at));
    }

    private StreamId idInTail(int i) {
        StreamId[] out = new StreamId[1];
        tail.scan(i, i + 1, false, (b, off, len) -> {
            out[0] = StreamRecords.id(b, off);
            return false;
        });
        return out[0];
    }

    // ------------------------------------------------------------------ writes

    /** Appends an entry, after every other one. */
    void append(byte[] record) {
        tail.insert(tail.size(), record, StreamEntry.FILL);
    }

    /** These entries with the first {@code count} (at most the size) trimmed from the head. */
    DiskStream trimHead(long count, CowClock clock) {
        long[] left = {count};
        StreamId[] lastSaved = {null};
        int[] savedTrimmed = {0};
        if (savedLive > 0) {
            walkSaved(floor, false, (b, off, len) -> {
                if (left[0] == 0) {
                    return false;
                }
                lastSaved[0] = StreamRecords.id(b, off);
                savedTrimmed[0]++;
                left[0]--;
                return true;
            });
        }
        StreamId newFloor = floor;
        FieldTrie.Node g = gone;
        if (lastSaved[0] != null) {
            // Every saved entry up to the last trimmed one goes; the ID after it is the new floor
            // (none after the greatest ID: that entry is then marked gone instead).
            StreamId next = lastSaved[0].next();
            newFloor = next != null ? next : lastSaved[0];
            if (next == null) {
                byte[] b = idBytes(lastSaved[0]);
                g = FieldTrie.set(gone, b, FieldHash.of(b), DiskFields.PRESENT, clock);
            }
        }
        int fromTail = (int) Math.min(left[0], tail.size());
        if (fromTail > 0) {
            tail.removeRange(0, fromTail, StreamEntry.FILL);
        }
        return new DiskStream(base, db, id, owner, newFloor, savedFloor, savedLast, g, savedLive - savedTrimmed[0], tail);
    }

    /** These entries without {@code at}, which the caller knows is there. */
    DiskStream delete(StreamId at, CowClock clock) {
        if (at.compareTo(savedLast) > 0) {
            tail.remove(tailBound(at), StreamEntry.FILL);
            return this;
        }
        byte[] b = idBytes(at);
        return new DiskStream(base, db, id, owner, floor, savedFloor, savedLast,
                FieldTrie.set(gone, b, FieldHash.of(b), DiskFields.PRESENT, clock), savedLive - 1, tail);
    }

    /** The saved entries deleted since the save, for the save. */
    void forEachGone(java.util.function.Consumer<StreamId> out) {
        if (gone != null) {
            FieldTrie.visitFrom(gone, 0, (h, b, v) -> {
                out.accept(new StreamId(getLong(b, 0), getLong(b, 8)));
                return true;
            });
        }
    }

    // ------------------------------------------------------------------ part keys

    /** An entry's part key: the stream's id, then the entry's ID (ms, seq; 8 bytes each, big-endian). */
    static byte[] partKey(long id, StreamId at) {
        byte[] k = new byte[KEY_BYTES];
        putLong(k, 0, id);
        putLong(k, ID_BYTES, at.ms());
        putLong(k, ID_BYTES + 8, at.seq());
        return k;
    }

    static byte[] idBytes(StreamId at) {
        byte[] b = new byte[16];
        putLong(b, 0, at.ms());
        putLong(b, 8, at.seq());
        return b;
    }

    private static StreamId max(StreamId a, StreamId b) {
        return a.compareTo(b) >= 0 ? a : b;
    }
}
