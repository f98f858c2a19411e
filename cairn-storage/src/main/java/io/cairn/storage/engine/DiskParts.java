package io.cairn.storage.engine;

/**
 * Each disk database's second ordered space in its {@link DiskEngine}, of parts: the fields of a
 * big hash, set, sorted set or list, filed under keys the
 * store makes ({@link DiskFields}, {@code docs/format/disk.md}), apart from the keys' own entries.
 * The live engine and its snapshots read it alike.
 */
public interface DiskParts {
    /** The part at {@code part} in {@code db}, or null. */
    byte[] getPart(int db, byte[] part);

    /** Visits {@code db}'s parts in order from {@code from} (included) until the visitor answers false. */
    void scanParts(int db, byte[] from, DiskEngine.Visitor visitor);

    /**
     * Visits {@code db}'s parts in descending order from {@code from} (included when present)
     * until the visitor answers false: a sorted set's score index read from its highest end.
     */
    void scanPartsBackward(int db, byte[] from, DiskEngine.Visitor visitor);
}
