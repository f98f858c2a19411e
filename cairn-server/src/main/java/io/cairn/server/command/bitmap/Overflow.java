package io.cairn.server.command.bitmap;

import java.util.Locale;

/**
 * What BITFIELD's SET and INCRBY do with a result that does not fit the field, as its
 * {@code OVERFLOW} subcommand chooses: {@link #WRAP} (the default) keeps the low bits, two's
 * complement for signed fields; {@link #SAT} stops at the field's minimum or maximum; {@link #FAIL}
 * writes nothing and answers null. Values are Java longs; an unsigned field has at most 63 bits,
 * so its values are never negative. Stateless.
 */
enum Overflow {
    WRAP, SAT, FAIL;

    static Overflow named(String word) {
        try {
            return valueOf(word.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * What an unsigned field of {@code bits} (1..63) holds after adding {@code incr} to
     * {@code value}, or null under {@link #FAIL} when it does not fit. For SET, {@code value} is
     * the given integer read as unsigned 64 bits (so -1 is too large) and {@code incr} 0.
     */
    Long unsigned(long value, long incr, int bits) {
        long max = (1L << bits) - 1;
        int direction = 0;
        if (Long.compareUnsigned(value, max) > 0 || incr > 0 && incr > max - value) {
            direction = 1;
        } else if (incr < 0 && incr < -value) {
            direction = -1;
        }
        if (direction == 0) {
            return value + incr;
        }
        return switch (this) {
            case WRAP -> (value + incr) & max;
            case SAT -> direction > 0 ? max : 0;
            case FAIL -> null;
        };
    }

    /**
     * What a signed field of {@code bits} (1..64) holds after adding {@code incr} to
     * {@code value}, or null under {@link #FAIL} when it does not fit.
     */
    Long signed(long value, long incr, int bits) {
        long max = bits == 64 ? Long.MAX_VALUE : (1L << (bits - 1)) - 1;
        long min = -max - 1;
        // The differences may wrap; they are used only where the value's range makes them exact.
        long maxIncr = max - value;
        long minIncr = min - value;
        int direction = 0;
        if (value > max || bits != 64 && incr > maxIncr || value >= 0 && incr > 0 && incr > maxIncr) {
            direction = 1;
        } else if (value < min || bits != 64 && incr < minIncr || value < 0 && incr < 0 && incr < minIncr) {
            direction = -1;
        }
        if (direction == 0) {
            return value + incr;
        }
        return switch (this) {
            case WRAP -> {
                long sum = value + incr;
                if (bits == 64) {
                    yield sum;
                }
                long high = -1L << bits;
                yield (sum & (1L << (bits - 1))) != 0 ? sum | high : sum & ~high;
            }
            case SAT -> direction > 0 ? max : min;
            case FAIL -> null;
        };
    }
}
