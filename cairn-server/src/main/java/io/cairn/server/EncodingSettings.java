package io.cairn.server;

import io.cairn.storage.engine.Encodings;

/**
 * Maps the {@link ServerConfig.Key}s of the small collection layouts to the fields of the
 * engine's {@link Encodings}, both ways: CONFIG GET reads the store's current bounds through
 * {@link #get}, CONFIG SET builds the next ones with {@link #with}. Stateless.
 */
public final class EncodingSettings {
    private EncodingSettings() {
    }

    /** Whether {@code k} is one of the layout bounds. */
    public static boolean covers(ServerConfig.Key k) {
        return k.ordinal() >= ServerConfig.Key.HASH_MAX_LISTPACK_ENTRIES.ordinal();
    }

    /** The value of {@code k} in {@code e}, as CONFIG GET shows it (a plain number, as Redis shows memory settings). */
    public static String get(Encodings e, ServerConfig.Key k) {
        return Long.toString(switch (k) {
            case HASH_MAX_LISTPACK_ENTRIES -> e.hashMaxListpackEntries();
            case HASH_MAX_LISTPACK_VALUE -> e.hashMaxListpackValue();
            case SET_MAX_INTSET_ENTRIES -> e.setMaxIntsetEntries();
            case SET_MAX_LISTPACK_ENTRIES -> e.setMaxListpackEntries();
            case SET_MAX_LISTPACK_VALUE -> e.setMaxListpackValue();
            case ZSET_MAX_LISTPACK_ENTRIES -> e.zsetMaxListpackEntries();
            case ZSET_MAX_LISTPACK_VALUE -> e.zsetMaxListpackValue();
            case LIST_MAX_LISTPACK_SIZE -> e.listMaxListpackSize();
            case LIST_COMPRESS_DEPTH -> e.listCompressDepth();
            case HLL_SPARSE_MAX_BYTES -> e.hllSparseMaxBytes();
            default -> throw new IllegalArgumentException(k.name + " is not an encoding bound");
        });
    }

    /** {@code e} with {@code k} set to {@code v}, which {@code k}'s type has already checked. */
    public static Encodings with(Encodings e, ServerConfig.Key k, long v) {
        long[] f = {e.hashMaxListpackEntries(), e.hashMaxListpackValue(), e.setMaxIntsetEntries(),
            e.setMaxListpackEntries(), e.setMaxListpackValue(), e.zsetMaxListpackEntries(), e.zsetMaxListpackValue(),
            e.listMaxListpackSize(), e.listCompressDepth(), e.hllSparseMaxBytes()};
        f[k.ordinal() - ServerConfig.Key.HASH_MAX_LISTPACK_ENTRIES.ordinal()] = v;
        return new Encodings(f[0], f[1], f[2], f[3], f[4], f[5], f[6], (int) f[7], (int) f[8], f[9]);
    }
}
