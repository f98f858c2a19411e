package io.cairn.server.memcached;

import java.util.Arrays;
import java.util.Base64;

/**
 * The flags of a meta command (the tokens after its key, or after {@code ms}'s length), read as
 * memcached's {@code _meta_flag_preparse} reads them: each token's first character names the flag
 * and the rest is its argument; a flag given twice, or one memcached does not know, is refused.
 * The tokens are kept, in order, for the flags that ask for something back ({@code O k c s t f v}).
 */
final class MetaFlags {
    final byte[][] tokens;
    /** The refusal to answer, or null. */
    String error;
    byte[] key;
    boolean keyBinary;
    boolean value;
    boolean quiet;
    boolean noUpdate;
    boolean vivify;
    int vivifyExptime;
    boolean newTtl;
    int exptime;
    boolean hasCas;
    long cas;
    int clientFlags;
    char mode;
    long delta = 1;
    long initial;
    boolean stale;

    private MetaFlags(byte[][] tokens, byte[] key) {
        this.tokens = tokens;
        this.key = key;
    }

    /** Reads {@code line[start..]} as flags of the command whose key is {@code line[1]}. */
    static MetaFlags parse(byte[][] line, int start) {
        MetaFlags f = new MetaFlags(Arrays.copyOfRange(line, Math.min(start, line.length), line.length), line[1]);
        boolean[] seen = new boolean[127];
        for (byte[] t : f.tokens) {
            int o = t[0] & 0xFF;
            if (o >= 127 || seen[o]) {
                f.error = "CLIENT_ERROR duplicate flag";
                return f;
            }
            seen[o] = true;
            switch (o) {
                case 'b' -> {
                    f.key = base64(f.key);
                    f.keyBinary = true;
                    if (f.key == null) {
                        f.fail("CLIENT_ERROR error decoding key");
                        f.key = new byte[0];
                    }
                }
                case 'N' -> {
                    f.vivify = true;
                    Integer v = Numbers.signed32(t, 1, t.length);
                    if (v == null) {
                        f.fail("CLIENT_ERROR bad token in command line format");
                    } else {
                        f.vivifyExptime = v;
                    }
                }
                case 'T' -> {
                    Integer v = Numbers.signed32(t, 1, t.length);
                    if (v == null) {
                        f.fail("CLIENT_ERROR bad token in command line format");
                    } else {
                        f.exptime = v;
                        f.newTtl = true;
                    }
                }
                case 'R' -> {
                    if (Numbers.signed32(t, 1, t.length) == null) {
                        f.fail("CLIENT_ERROR bad token in command line format");
                    }
                }
                case 'l', 'O', 'P', 'L', 'k', 's', 't', 'c', 'f', 'h' -> {
                }
                case 'v' -> f.value = true;
                case 'u' -> f.noUpdate = true;
                case 'q' -> f.quiet = true;
                case 'F' -> {
                    Integer v = Numbers.unsigned32(t, 1, t.length);
                    if (v == null) { // memcached keeps the words it had, or its default
                        f.fail(f.error != null ? f.error : "CLIENT_ERROR bad command line format");
                    } else {
                        f.clientFlags = v;
                    }
                }
                case 'C' -> {
                    Long v = Numbers.unsigned64(t, 1, t.length);
                    if (v == null) {
                        f.fail("CLIENT_ERROR bad token in command line format");
                    } else {
                        f.cas = v;
                        f.hasCas = true;
                    }
                }
                case 'M' -> {
                    if (t.length != 2) {
                        f.fail("CLIENT_ERROR incorrect length for M token");
                    } else {
                        f.mode = (char) (t[1] & 0xFF);
                    }
                }
                case 'J' -> {
                    Long v = Numbers.unsigned64(t, 1, t.length);
                    if (v == null) {
                        f.fail("CLIENT_ERROR invalid numeric initial value");
                    } else {
                        f.initial = v;
                    }
                }
                case 'D' -> {
                    Long v = Numbers.unsigned64(t, 1, t.length);
                    if (v == null) {
                        f.fail("CLIENT_ERROR invalid numeric delta value");
                    } else {
                        f.delta = v;
                    }
                }
                case 'I' -> f.stale = true;
                default -> {
                    f.error = "CLIENT_ERROR invalid flag";
                    return f;
                }
            }
        }
        return f;
    }

    /** A failing flag's words replace those of one before it, as memcached's do; parsing goes on. */
    private void fail(String message) {
        error = message;
    }

    /** An {@code O} token longer than memcached's 32 bytes, which it refuses. */
    boolean opaqueTooLong() {
        for (byte[] t : tokens) {
            if (t[0] == 'O' && t.length > 32) {
                return true;
            }
        }
        return false;
    }

    /** memcached's base64: padded, a multiple of 4 characters; null when it does not decode. */
    static byte[] base64(byte[] b) {
        if (b.length % 4 != 0) {
            return null;
        }
        try {
            byte[] d = Base64.getDecoder().decode(b);
            return d.length == 0 ? null : d;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
