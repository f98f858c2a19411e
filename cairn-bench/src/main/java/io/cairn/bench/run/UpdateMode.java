package io.cairn.bench.run;

import java.util.Locale;

/** How a YCSB update is sent. */
public enum UpdateMode {
    /** Write the changed field without reading the record (YCSB's update). */
    WRITE,
    /**
     * Read the record, then write: how people measure systems whose clients read before they write
     * (and the only way for a system without partial updates, which rewrites the whole record).
     */
    READ_THEN_WRITE;

    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static UpdateMode parse(String s) {
        for (UpdateMode m : values()) {
            if (m.label().equals(s.trim().toLowerCase(Locale.ROOT))) {
                return m;
            }
        }
        throw new IllegalArgumentException("update mode: " + s + " (expected: write or read-then-write)");
    }
}
