package io.cairn.resp;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Splits an inline command line into words the way Redis's {@code sdssplitargs} does, so that
 * {@code redis-cli}-style and telnet input means the same thing here as there:
 *
 * <ul>
 *   <li>blanks ({@code isspace}: space, \t, \n, \v, \f, \r) before a word are skipped; outside
 *       quotes a word ends at space, \t, \n or \r;</li>
 *   <li>{@code "..."} takes the escapes \n \r \t \b \a, {@code \xHH} (two hex digits) and
 *       backslash before any other byte (that byte itself);</li>
 *   <li>{@code '...'} takes only {@code \'};</li>
 *   <li>a quote may open in the middle of a word ({@code a"b c"} is {@code ab c}), but a closing
 *       quote must be followed by a blank or the end of the line, and every quote must close;</li>
 *   <li>a NUL byte ends the line, as it ends the C string Redis splits.</li>
 * </ul>
 *
 * Stateless.
 */
final class InlineSplitter {
    private InlineSplitter() {
    }

    /** The words of {@code line} (CRLF already removed), or null when its quotes are unbalanced. */
    static byte[][] split(byte[] line) {
        int n = 0;
        while (n < line.length && line[n] != 0) {
            n++;
        }
        List<byte[]> words = new ArrayList<>();
        byte[] word = new byte[n]; // a word never has more bytes than the line
        int p = 0;
        while (true) {
            while (p < n && isSpace(line[p])) {
                p++;
            }
            if (p >= n) {
                return words.toArray(new byte[0][]);
            }
            boolean inDouble = false;
            boolean inSingle = false;
            boolean done = false;
            int length = 0;
            while (!done) {
                int c = at(line, n, p);
                int next = at(line, n, p + 1);
                if (inDouble) {
                    if (c == '\\' && next == 'x' && isHex(at(line, n, p + 2)) && isHex(at(line, n, p + 3))) {
                        word[length++] = (byte) (hexValue(at(line, n, p + 2)) * 16 + hexValue(at(line, n, p + 3)));
                        p += 3;
                    } else if (c == '\\' && next != 0) {
                        p++;
                        word[length++] = unescape(line[p]);
                    } else if (c == '"') {
                        if (next != 0 && !isSpace((byte) next)) {
                            return null;
                        }
                        done = true;
                    } else if (c == 0) {
                        return null;
                    } else {
                        word[length++] = (byte) c;
                    }
                } else if (inSingle) {
                    if (c == '\\' && next == '\'') {
                        p++;
                        word[length++] = '\'';
                    } else if (c == '\'') {
                        if (next != 0 && !isSpace((byte) next)) {
                            return null;
                        }
                        done = true;
                    } else if (c == 0) {
                        return null;
                    } else {
                        word[length++] = (byte) c;
                    }
                } else {
                    switch (c) {
                        case ' ', '\n', '\r', '\t', 0 -> done = true;
                        case '"' -> inDouble = true;
                        case '\'' -> inSingle = true;
                        default -> word[length++] = (byte) c;
                    }
                }
                if (p < n) {
                    p++;
                }
            }
            words.add(Arrays.copyOf(word, length));
        }
    }

    /** The unsigned byte at {@code i}, or 0 past the end, as reading a C string would give. */
    private static int at(byte[] line, int n, int i) {
        return i < n ? line[i] & 0xFF : 0;
    }

    private static boolean isSpace(byte b) {
        return b == ' ' || b == '\t' || b == '\n' || b == 0x0B || b == '\f' || b == '\r';
    }

    private static boolean isHex(int c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    private static int hexValue(int c) {
        return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
    }

    private static byte unescape(byte b) {
        return switch (b) {
            case 'n' -> '\n';
            case 'r' -> '\r';
            case 't' -> '\t';
            case 'b' -> '\b';
            case 'a' -> 0x07;
            default -> b;
        };
    }
}
