package io.cairn.storage.engine;

import io.cairn.common.Checks;

/**
 * The bounds under which a collection keeps its small layout, under Redis's names and with
 * Redis's defaults: past them a value moves to its big layout at its next write, and never back
 * (until it is rebuilt, at a restart, by the bounds then in force), as in Redis. Immutable; the
 * store holds the current value ({@link Store#encodings()}), which {@code CONFIG SET} replaces, and
 * every write reads the value current when it runs. The entry types read the bounds of their own
 * type and ignore the others.
 *
 * @param hashMaxListpackEntries  {@code hash-max-listpack-entries}: most fields of a small hash; default 512
 * @param hashMaxListpackValue    {@code hash-max-listpack-value}: longest field or value of a small hash, in bytes; default 64
 * @param setMaxIntsetEntries     {@code set-max-intset-entries}: most members of a set of integers kept packed; default 512
 * @param setMaxListpackEntries   {@code set-max-listpack-entries}: most members of a small set of other members; default 128
 * @param setMaxListpackValue     {@code set-max-listpack-value}: longest member of a small set, in bytes; default 64
 * @param zsetMaxListpackEntries  {@code zset-max-listpack-entries}: most members of a small sorted set; default 128
 * @param zsetMaxListpackValue    {@code zset-max-listpack-value}: longest member of a small sorted set, in bytes; default 64
 * @param listMaxListpackSize     {@code list-max-listpack-size}: a list chunk's bound, as entries when positive or
 *                                as -1..-5 for 4, 8, 16, 32 or 64 KiB; default -2 (8 KiB)
 * @param listCompressDepth       {@code list-compress-depth}: list chunks at each end kept uncompressed; 0 = none compressed (the default)
 * @param hllSparseMaxBytes       {@code hll-sparse-max-bytes}: largest sparse HyperLogLog before it turns dense; default 3000
 */
public record Encodings(long hashMaxListpackEntries, long hashMaxListpackValue, long setMaxIntsetEntries,
                        long setMaxListpackEntries, long setMaxListpackValue, long zsetMaxListpackEntries,
                        long zsetMaxListpackValue, int listMaxListpackSize, int listCompressDepth,
                        long hllSparseMaxBytes) {

    /** Redis 7.2's defaults. */
    public static final Encodings DEFAULTS = new Encodings(512, 64, 512, 128, 64, 128, 64, -2, 0, 3000);

    public Encodings {
        Checks.nonNegative("hashMaxListpackEntries", hashMaxListpackEntries);
        Checks.nonNegative("hashMaxListpackValue", hashMaxListpackValue);
        Checks.nonNegative("setMaxIntsetEntries", setMaxIntsetEntries);
        Checks.nonNegative("setMaxListpackEntries", setMaxListpackEntries);
        Checks.nonNegative("setMaxListpackValue", setMaxListpackValue);
        Checks.nonNegative("zsetMaxListpackEntries", zsetMaxListpackEntries);
        Checks.nonNegative("zsetMaxListpackValue", zsetMaxListpackValue);
        Checks.nonNegative("listCompressDepth", listCompressDepth);
        Checks.nonNegative("hllSparseMaxBytes", hllSparseMaxBytes);
    }

    /** Whether a hash of {@code entries} fields, the longest {@code longest} bytes, may stay small. */
    boolean smallHash(long entries, long longest) {
        return entries <= hashMaxListpackEntries && longest <= hashMaxListpackValue;
    }
}
