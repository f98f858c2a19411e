package io.cairn.storage.engine;

/** How far a write must get before it is acknowledged, as Tarantool's {@code wal_mode}. */
public enum WalMode {
    /** No log: a cache. Data since the last checkpoint is lost when the process stops. */
    NONE,
    /** Written to the operating system before acknowledging: survives a process crash. */
    WRITE,
    /** Synced to stable storage (fdatasync) before acknowledging: survives power loss. */
    FSYNC;

    /** Parses {@code none|write|fsync}, case-insensitive. */
    public static WalMode parse(String s) {
        for (WalMode m : values()) {
            if (m.name().equalsIgnoreCase(s)) {
                return m;
            }
        }
        throw new IllegalArgumentException("wal: " + s + " (expected: none, write or fsync)");
    }
}
