package io.cairn.storage.engine;

/**
 * A disk database's big collection as its stage holds it after reading it back: its elements stay
 * in the engine's parts under {@link #id} ({@code docs/format/disk.md}), and only what was written
 * since the last save is held. The two kinds: {@link DiskFields} (a hash's fields, a set's members,
 * by field hash), {@link DiskList} (a list's elements, by position), {@link DiskScores} (a
 * sorted set's members by hash, and its score index) and {@link DiskStream} (a stream's entries, by ID).
 *
 * <p>Immutable: a write makes a new one, so a copy of the entry, or a read view's, keeps what it
 * saw. {@link #base} is the live engine for the stage's entries and a snapshot for a view's.
 */
abstract sealed class SavedParts permits DiskFields, DiskList, DiskScores, DiskStream {
    static final int ID_BYTES = 8;

    /** Where the saved elements are read. */
    final DiskParts base;
    /** The database whose parts hold them. */
    final int db;
    /** The id under which the parts are filed. */
    final long id;
    /**
     * The key whose saved entry names {@link #id}: it owns the parts (a renamed or moved entry
     * keeps the original owner, see {@link DiskTier}'s save).
     */
    final byte[] owner;

    SavedParts(DiskParts base, int db, long id, byte[] owner) {
        this.base = base;
        this.db = db;
        this.id = id;
        this.owner = owner;
    }

    /** The same elements read through {@code snapshot} (a read view's). */
    abstract SavedParts on(DiskParts snapshot);

    /** The first part key of the collection {@code id}. */
    static byte[] first(long id) {
        byte[] k = new byte[ID_BYTES];
        putLong(k, 0, id);
        return k;
    }

    /** The part key just past every part of {@code id}. */
    static byte[] end(long id) {
        return first(id + 1);
    }

    static void putLong(byte[] b, int at, long v) {
        for (int i = 0; i < 8; i++) {
            b[at + i] = (byte) (v >>> (56 - 8 * i));
        }
    }

    static long getLong(byte[] b, int at) {
        long v = 0;
        for (int i = 0; i < 8; i++) {
            v = v << 8 | (b[at + i] & 0xFF);
        }
        return v;
    }
}
