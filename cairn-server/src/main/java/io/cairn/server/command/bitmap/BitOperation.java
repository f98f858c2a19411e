package io.cairn.server.command.bitmap;

import java.nio.ByteBuffer;
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
     * The result over {@code sources} (NOT takes exactly one), each read from index 0 to its
     * limit. Does not change the sources; returns an empty array when every source is empty.
     */
    byte[] apply(List<ByteBuffer> sources) {
        int max = 0;
        for (ByteBuffer s : sources) {
            max = Math.max(max, s.limit());
        }
        byte[] out = new byte[max];
        sources.get(0).get(0, out, 0, sources.get(0).limit());
        if (this == NOT) {
            for (int i = 0; i < max; i++) {
                out[i] = (byte) ~out[i];
            }
            return out;
        }
        for (int k = 1; k < sources.size(); k++) {
            ByteBuffer s = sources.get(k);
            int n = s.limit();
            switch (this) {
                case AND -> {
                    for (int i = 0; i < n; i++) {
                        out[i] &= s.get(i);
                    }
                    Arrays.fill(out, n, max, (byte) 0);
                }
                case OR -> {
                    for (int i = 0; i < n; i++) {
                        out[i] |= s.get(i);
                    }
                }
                case XOR -> {
                    for (int i = 0; i < n; i++) {
                        out[i] ^= s.get(i);
                    }
                }
                case NOT -> throw new IllegalStateException("NOT takes one source");
            }
        }
        return out;
    }
}
