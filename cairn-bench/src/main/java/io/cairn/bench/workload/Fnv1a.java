package io.cairn.bench.workload;

/**
 * 64-bit FNV-1a over the eight bytes of a long, least significant byte first. Used to scatter
 * zipfian ranks and to spell hashed key names. Stateless and thread-safe.
 */
final class Fnv1a {
    static final long OFFSET_BASIS = 0xcbf29ce484222325L;
    static final long PRIME = 0x100000001b3L;

    private Fnv1a() {
    }

    static long hash(long value) {
        long hash = OFFSET_BASIS;
        for (int i = 0; i < Long.BYTES; i++) {
            hash ^= value & 0xff;
            hash *= PRIME;
            value >>>= 8;
        }
        return hash;
    }
}
