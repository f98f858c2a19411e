package io.cairn.bench.peer;

import java.util.Locale;

/**
 * A durability setting named the same way for every system, so that results line up:
 * <ul>
 *   <li>{@code NONE}: nothing is written to disk (Cairn {@code --wal none}, Redis without
 *       persistence, Tarantool {@code wal_mode='none'}, Memcached).
 *   <li>{@code WRITE}: every write reaches the OS before the reply; fsync is periodic or left to
 *       the OS (Cairn {@code --wal write}, Redis {@code appendfsync everysec}, Tarantool
 *       {@code wal_mode='write'}).
 *   <li>{@code FSYNC}: every write is on disk before the reply (Cairn {@code --wal fsync}, Redis
 *       {@code appendfsync always}, Tarantool {@code wal_mode='fsync'}).
 * </ul>
 */
public enum Durability {
    NONE, WRITE, FSYNC;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** @throws IllegalArgumentException naming the accepted values */
    public static Durability parse(String s) {
        for (Durability d : values()) {
            if (d.label().equals(s.trim().toLowerCase(Locale.ROOT))) {
                return d;
            }
        }
        throw new IllegalArgumentException("durability: " + s + " (expected: none, write or fsync)");
    }
}
