package io.cairn.server.command.hll;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * MurmurHash2's 64-bit variant (MurmurHash64A), reading the input as little-endian 64-bit words
 * whatever the platform, as Redis's endian-neutral version does: the hash that decides an element's
 * register, so it must match Redis's bit for bit. Stateless.
 */
final class MurmurHash64A {
    /** The seed Redis's HyperLogLog hashes elements with. */
    static final int HLL_SEED = 0xadc83b19;

    private static final long M = 0xc6a4a7935bd1e995L;
    private static final int R = 47;
    private static final VarHandle WORD = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private MurmurHash64A() {
    }

    static long hash(byte[] data, int seed) {
        int len = data.length;
        long h = (seed & 0xffffffffL) ^ (len * M);
        int words = len & ~7;
        for (int i = 0; i < words; i += 8) {
            long k = (long) WORD.get(data, i);
            k *= M;
            k ^= k >>> R;
            k *= M;
            h ^= k;
            h *= M;
        }
        int rest = len & 7;
        if (rest > 0) {
            for (int i = rest - 1; i >= 0; i--) {
                h ^= (data[words + i] & 0xffL) << (8 * i);
            }
            h *= M;
        }
        h ^= h >>> R;
        h *= M;
        h ^= h >>> R;
        return h;
    }
}
