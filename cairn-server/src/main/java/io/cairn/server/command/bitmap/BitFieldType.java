package io.cairn.server.command.bitmap;

import io.cairn.common.InvalidRequestException;
import io.cairn.server.command.CommandContext;

/**
 * A BITFIELD integer type, {@code i1}..{@code i64} or {@code u1}..{@code u63} (u64 is refused, as
 * Redis refuses it, because an integer reply cannot carry it). Fields are big-endian bit strings
 * starting at any bit offset: the first bit of the field is the most significant.
 */
record BitFieldType(boolean signed, int bits) {
    static final String INVALID =
            "ERR Invalid bitfield type. Use something like i16 u8. Note that u64 is not supported but i64 is.";

    /** Parses {@code i16}, {@code u8}...; throws in Redis's words for anything else. */
    static BitFieldType parse(byte[] arg) {
        if (arg.length < 2 || arg[0] != 'i' && arg[0] != 'u') {
            throw new InvalidRequestException(INVALID);
        }
        boolean signed = arg[0] == 'i';
        long bits;
        try {
            bits = CommandContext.parseLong(java.util.Arrays.copyOfRange(arg, 1, arg.length));
        } catch (InvalidRequestException e) {
            throw new InvalidRequestException(INVALID);
        }
        if (bits < 1 || bits > (signed ? 64 : 63)) {
            throw new InvalidRequestException(INVALID);
        }
        return new BitFieldType(signed, (int) bits);
    }

    /**
     * The field at bit {@code offset} of {@code v} (null: an absent string), sign-extended when
     * signed; bits past the end read as 0.
     */
    long get(java.nio.ByteBuffer v, long offset) {
        if (v == null) {
            return 0;
        }
        long value = 0;
        for (int j = 0; j < bits; j++) {
            value = value << 1 | (Bits.get(v, offset + j) ? 1 : 0);
        }
        if (signed && bits < 64 && (value & 1L << (bits - 1)) != 0) {
            value |= -1L << bits;
        }
        return value;
    }

    /**
     * Writes the low {@code bits} bits of {@code value} at bit {@code offset} of {@code v} (the
     * bytes the field spans, copied out); the field must lie inside {@code v}.
     */
    void set(byte[] v, long offset, long value) {
        for (int j = 0; j < bits; j++) {
            Bits.set(v, offset + j, (value >>> (bits - 1 - j) & 1) != 0);
        }
    }

    /** {@code old + incr} (or the value to SET, with {@code incr} 0) as this field holds it, or null when it fails. */
    Long fit(long value, long incr, Overflow mode) {
        return signed ? mode.signed(value, incr, bits) : mode.unsigned(value, incr, bits);
    }
}
