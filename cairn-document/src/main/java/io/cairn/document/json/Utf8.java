package io.cairn.document.json;

/**
 * Strict UTF-8 for JSON text and stored documents: lengths, encoding without a temporary array,
 * and validation that refuses what RFC 3629 refuses (overlong forms, encoded surrogates, code
 * points above U+10FFFF, truncated sequences). Stateless.
 */
public final class Utf8 {
    private Utf8() {
    }

    /** The number of bytes {@code s} takes in UTF-8; a lone surrogate counts as the 3 bytes of U+FFFD. */
    public static int encodedLength(String s) {
        int n = s.length();
        int bytes = n;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x80) {
                if (c < 0x800) {
                    bytes += 1;
                } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                    bytes += 2;
                    i++;
                } else {
                    bytes += 2;
                }
            }
        }
        return bytes;
    }

    /**
     * Writes {@code s} as UTF-8 into {@code out} at {@code offset}, which must have room for
     * {@link #encodedLength(String)} bytes; returns the offset after it. The caller guarantees
     * {@code s} has no lone surrogate ({@link JsonString} does).
     */
    public static int encode(String s, byte[] out, int offset) {
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                out[offset++] = (byte) c;
            } else if (c < 0x800) {
                out[offset++] = (byte) (0xC0 | (c >> 6));
                out[offset++] = (byte) (0x80 | (c & 0x3F));
            } else if (Character.isHighSurrogate(c)) {
                int cp = Character.toCodePoint(c, s.charAt(++i));
                out[offset++] = (byte) (0xF0 | (cp >> 18));
                out[offset++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
                out[offset++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
                out[offset++] = (byte) (0x80 | (cp & 0x3F));
            } else {
                out[offset++] = (byte) (0xE0 | (c >> 12));
                out[offset++] = (byte) (0x80 | ((c >> 6) & 0x3F));
                out[offset++] = (byte) (0x80 | (c & 0x3F));
            }
        }
        return offset;
    }

    /** The index of the first unpaired surrogate in {@code s}, or -1 when it is well-formed. */
    public static int firstLoneSurrogate(String s) {
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (Character.isSurrogate(c)) {
                if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                    i++;
                } else {
                    return i;
                }
            }
        }
        return -1;
    }

    /** True when {@code bytes[from..to)} are all ASCII. */
    public static boolean isAscii(byte[] bytes, int from, int to) {
        for (int i = from; i < to; i++) {
            if (bytes[i] < 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * The offset of the first byte of {@code bytes[from..to)} that is not part of well-formed
     * UTF-8, or -1 when the whole range is well-formed.
     */
    public static int firstInvalid(byte[] bytes, int from, int to) {
        int i = from;
        while (i < to) {
            int b = bytes[i] & 0xFF;
            if (b < 0x80) {
                i++;
                continue;
            }
            int length = sequenceLength(bytes, i, to);
            if (length < 0) {
                return -length - 1;
            }
            i += length;
        }
        return -1;
    }

    /**
     * The length of the well-formed sequence starting at {@code i} (whose lead byte is >= 0x80),
     * or {@code -(offset of the bad byte) - 1}.
     */
    static int sequenceLength(byte[] bytes, int i, int to) {
        int b = bytes[i] & 0xFF;
        int length;
        int min2 = 0x80;
        int max2 = 0xBF;
        if (b >= 0xC2 && b <= 0xDF) {
            length = 2;
        } else if (b >= 0xE0 && b <= 0xEF) {
            length = 3;
            if (b == 0xE0) {
                min2 = 0xA0; // overlong
            } else if (b == 0xED) {
                max2 = 0x9F; // U+D800..U+DFFF
            }
        } else if (b >= 0xF0 && b <= 0xF4) {
            length = 4;
            if (b == 0xF0) {
                min2 = 0x90; // overlong
            } else if (b == 0xF4) {
                max2 = 0x8F; // above U+10FFFF
            }
        } else {
            return -i - 1;
        }
        for (int k = 1; k < length; k++) {
            if (i + k >= to) {
                return -(i + k) - 1;
            }
            int c = bytes[i + k] & 0xFF;
            int lo = k == 1 ? min2 : 0x80;
            int hi = k == 1 ? max2 : 0xBF;
            if (c < lo || c > hi) {
                return -(i + k) - 1;
            }
        }
        return length;
    }

    /** Decodes the well-formed sequence of {@code length} bytes at {@code i} to its code point. */
    static int decode(byte[] bytes, int i, int length) {
        int b = bytes[i] & 0xFF;
        int cp = switch (length) {
            case 2 -> b & 0x1F;
            case 3 -> b & 0x0F;
            default -> b & 0x07;
        };
        for (int k = 1; k < length; k++) {
            cp = (cp << 6) | (bytes[i + k] & 0x3F);
        }
        return cp;
    }
}
