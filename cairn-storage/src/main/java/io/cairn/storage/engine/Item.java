package io.cairn.storage.engine;

/**
 * A string as the memcached protocol sees it: its value, the client's 32-bit flags and its CAS
 * value. A string stored by a memcached command carries its flags and CAS (the LSN of the batch
 * that stored it, below 2<sup>62</sup>); one stored by a Redis command has flags 0 and a CAS
 * {@linkplain #derivedCas derived from its value}, so the two kinds never collide.
 *
 * @param value    the value's bytes (a copy)
 * @param flags    the client's flags, unsigned
 * @param cas      the CAS value, unsigned 64-bit in memcached's terms (always positive here)
 * @param expireAt the expiry in epoch milliseconds, 0 for none
 */
public record Item(byte[] value, int flags, long cas, long expireAt) {
    private static final long FNV_OFFSET = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;
    /** Set in every derived CAS, never in an LSN. */
    static final long DERIVED_BIT = 1L << 62;

    /**
     * The CAS of a string written without an item header: FNV-1a 64 of the value, with bit 62 set
     * and bit 63 clear. Stable while the value is, and different from every LSN-derived CAS.
     */
    public static long derivedCas(byte[] value, int offset, int length) {
        long h = FNV_OFFSET;
        for (int i = offset; i < offset + length; i++) {
            h ^= value[i] & 0xFF;
            h *= FNV_PRIME;
        }
        return (h & ~(1L << 63)) | DERIVED_BIT;
    }

    static Item of(byte[] record) {
        int vo = StringRecord.valueOffset(record);
        byte[] value = StringRecord.value(record);
        if (StringRecord.isItem(record)) {
            return new Item(value, StringRecord.itemFlags(record), StringRecord.cas(record), StringRecord.expireAt(record));
        }
        return new Item(value, 0, derivedCas(record, vo, record.length - vo), StringRecord.expireAt(record));
    }
}
