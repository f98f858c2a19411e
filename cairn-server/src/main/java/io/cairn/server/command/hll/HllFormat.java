package io.cairn.server.command.hll;

/**
 * Redis's HyperLogLog layout, which Cairn stores as the string value unchanged
 * ({@code docs/format/hyperloglog.md}):
 *
 * <pre>
 * +------+----------+----------+--------------------+-------------------------
 * | HYLL | encoding | 3 unused | cardinality cache  | registers ...
 * | 4 B  |   1 B    | (zero)   | 8 B little-endian  |
 * +------+----------+----------+--------------------+-------------------------
 *   encoding 0 dense: 16384 registers of 6 bits, packed from the least significant bit of
 *                     each byte up (12288 bytes, so a dense value is exactly 12304 bytes)
 *   encoding 1 sparse: run-length opcodes, each covering consecutive registers
 *     00xxxxxx           ZERO   1..64 registers at 0 (xxxxxx + 1)
 *     01xxxxxx yyyyyyyy  XZERO  1..16384 registers at 0 (the 14 bits + 1)
 *     1vvvvvxx           VAL    1..4 registers (xx + 1) at value 1..32 (vvvvv + 1)
 *   the cache's top bit (byte 15, 0x80) set: the cached cardinality is stale
 * </pre>
 *
 * An element's 64-bit hash ({@link MurmurHash64A} with Redis's seed) picks the register with its
 * low 14 bits; the register keeps the longest run, counting the final 1, of zeros in the other 50
 * (at most 51). Constants only.
 */
final class HllFormat {
    static final int HEADER = 16;
    static final int P = 14;
    static final int REGISTERS = 1 << P;
    /** Bits of the hash used for the run of zeros. */
    static final int Q = 64 - P;
    static final int BITS = 6;
    static final int REGISTER_MAX = (1 << BITS) - 1;
    static final int DENSE_SIZE = HEADER + (REGISTERS * BITS + 7) / 8;

    static final int DENSE = 0;
    static final int SPARSE = 1;
    static final int ENCODING_OFFSET = 4;
    static final int CARDINALITY_OFFSET = 8;
    /** Byte 15's top bit: the cached cardinality is stale. */
    static final int STALE_BIT = 0x80;

    static final int SPARSE_VAL_MAX_VALUE = 32;
    static final int SPARSE_VAL_MAX_LEN = 4;
    static final int SPARSE_ZERO_MAX_LEN = 64;
    static final int SPARSE_XZERO_MAX_LEN = 16384;

    static final String NOT_HLL = "WRONGTYPE Key is not a valid HyperLogLog string value.";
    static final String CORRUPT = "INVALIDOBJ Corrupted HLL object detected";

    private HllFormat() {
    }
}
