package io.cairn.server.command.bitmap;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * BITOP's operations over whole strings. The result is as long as the longest source; a shorter
 * source (an absent key is an empty one) reads as zero bytes past its end, so {@code AND} with it
 * clears the rest and {@code OR}/{@code XOR} keep it, as Redis computes them. Stateless.
 */
enum BitOperation {
    AND, OR, XOR, NOT;

    /** The operation named {@code word} in any letter case, or null. */
    static BitOperation named(String word) {
        try {
            return valueOf(word.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * The result over {@code sources} (NOT takes exactly one). Does not change the sources; returns
     * an empty array when every source is empty.
     */
    byte[] apply(List<byte[]> sources) {
        int max = 0;
        for (byte[] s : sources) {
            max = Math.max(max, s.length);
        }
        byte[] out = Arrays.copyOf(sources.get(0), max);
        if (this == NOT) {
            for (int i = 0; i < max; i++) {
                out[i] = (byte) ~out[i];
            }
            return out;
        }
        for (int k = 1; k < sources.size(); k++) {
            byte[] s = sources.get(k);
            switch (this) {
                case AND -> {
                    for (int i = 0; i < s.length; i++) {
                        out[i] &= s[i];
                    }
                    Arrays.fill(out, s.length, max, (byte) 0);
                }
                case OR -> {
                    for (int i = 0; i < s.length; i++) {
                        out[i] |= s[i];
                    }
                }
                case XOR -> {
                    for (int i = 0; i < s.length; i++) {
                        out[i] ^= s[i];
                    }
                }
                case NOT -> throw new IllegalStateException("NOT takes one source");
            }
        }
        return out;
    }
}
