package io.cairn.storage.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.security.SecureRandom;

/**
 * The 64-bit hash that places a hash field in a {@link FieldTrie}: its top bits pick the path
 * through the trie, and the unsigned order of hashes is the order a cursor pages in. Keyed with a
 * seed drawn once per process, as Redis seeds its dict hash at start: a client that does not know
 * the seed cannot choose fields that all land in one chunk. So hashes, trie shapes and cursors
 * differ from one run to the next; nothing stored depends on them.
 */
final class FieldHash {
    private static final long SEED = new SecureRandom().nextLong();
    private static final long M1 = 0x9E3779B97F4A7C15L;
    private static final long M2 = 0xC2B2AE3D27D4EB4FL;
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private FieldHash() {
    }

    static long of(byte[] b) {
        return of(SEED, b);
    }

    /** A seed of the process's kind, for a hash that must outlive it: a disk database draws one and keeps it. */
    static long newSeed() {
        return new SecureRandom().nextLong();
    }

    /** The hash under another seed: a disk database's own ({@link DiskFields}), the same across restarts. */
    static long of(long seed, byte[] b) {
        long h = seed ^ (b.length * M1);
        int i = 0;
        for (; i + 8 <= b.length; i += 8) {
            h = Long.rotateLeft(h ^ ((long) LONGS.get(b, i) * M2), 29) * M1;
        }
        if (i < b.length) {
            long tail = 0;
            for (int s = 0; i < b.length; i++, s += 8) {
                tail |= (b[i] & 0xffL) << s;
            }
            h = Long.rotateLeft(h ^ (tail * M2), 29) * M1;
        }
        // Spread every input bit over the top bits, which the trie reads first.
        h ^= h >>> 31;
        h *= M2;
        h ^= h >>> 29;
        h *= M1;
        return h ^ (h >>> 32);
    }
}
