package io.cairn.bench.workload;

/** How a key number becomes a key name; see {@link KeyNames}. */
public enum InsertOrder {
    /** Key names are a hash of the key number, so consecutive inserts land all over the key range. */
    HASHED,
    /** Key names sort as the key numbers do, so inserts always append at the end of the key range. */
    ORDERED
}
