package io.cairn.it.server;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Parses a differential script ({@code cairn-it/src/test/resources/differential/*.txt}).
 *
 * <p>One command per line, quoted as redis-cli quotes: {@code "a b"} with {@code \n \r \t \" \\
 * \xHH} escapes, or {@code 'a b'}. Blank lines and lines starting with {@code #} are comments. A
 * line starting with {@code @conn2} runs on the script's second connection (for WATCH conflicts).
 * An unquoted token starting with {@code #} ends the command; what follows is one marker:
 *
 * <ul>
 *   <li>{@code # skip [reason]} run on both servers, compare nothing;
 *   <li>{@code # sort} sort the elements (a map's entries) before comparing;
 *   <li>{@code # sortpairs} sort a flat field/value array as pairs;
 *   <li>{@code # scan} / {@code # scanpairs} sort the page of a {@code *[cursor, *[page]]} reply;
 *   <li>{@code # len} compare only the type and element count (random replies);
 *   <li>{@code # approx N} integers may differ by up to N (TTLs);
 *   <li>{@code # cairn: <reply>} a documented difference: Cairn must answer exactly {@code
 *       <reply>} (canonical text, see {@link Reply}); Redis's reply is not compared.
 * </ul>
 *
 * Any other text after {@code #} is an error, so a typo cannot silently disable a comparison.
 */
final class DifferentialScript {
    private DifferentialScript() {
    }

    enum Check { EXACT, SKIP, SORT, SORT_PAIRS, SCAN, SCAN_PAIRS, LEN, APPROX, CAIRN }

    /**
     * One command of a script.
     *
     * @param where {@code file:line}
     * @param source the line as written, without its marker
     * @param expected the Cairn reply for {@link Check#CAIRN}, else null
     * @param tolerance the allowed difference for {@link Check#APPROX}
     */
    record Step(String where, String source, boolean secondConnection, List<byte[]> args, Check check,
            String expected, long tolerance) {
    }

    static List<Step> parse(String file, String text) {
        List<Step> steps = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String where = file + ":" + (i + 1);
            try {
                steps.add(parseLine(where, line));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(where + ": " + e.getMessage() + " in: " + line, e);
            }
        }
        return steps;
    }

    private static Step parseLine(String where, String line) {
        boolean conn2 = false;
        if (line.startsWith("@conn2 ")) {
            conn2 = true;
            line = line.substring("@conn2 ".length()).strip();
        }
        List<byte[]> args = new ArrayList<>();
        String marker = null;
        int commandEnd = line.length();
        int i = 0;
        while (i < line.length()) {
            char c = line.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '#') {
                marker = line.substring(i + 1).strip();
                commandEnd = i;
                break;
            } else {
                ByteArrayOutputStream token = new ByteArrayOutputStream();
                i = c == '"' ? doubleQuoted(line, i + 1, token)
                        : c == '\'' ? singleQuoted(line, i + 1, token) : bare(line, i, token);
                args.add(token.toByteArray());
            }
        }
        if (args.isEmpty()) {
            throw new IllegalArgumentException("a marker without a command");
        }
        String source = line.substring(0, commandEnd).strip();
        if (marker == null) {
            return new Step(where, source, conn2, args, Check.EXACT, null, 0);
        }
        String word = marker.split("\\s+", 2)[0];
        return switch (word) {
            case "skip" -> new Step(where, source, conn2, args, Check.SKIP, null, 0);
            case "sort" -> new Step(where, source, conn2, args, Check.SORT, null, 0);
            case "sortpairs" -> new Step(where, source, conn2, args, Check.SORT_PAIRS, null, 0);
            case "scan" -> new Step(where, source, conn2, args, Check.SCAN, null, 0);
            case "scanpairs" -> new Step(where, source, conn2, args, Check.SCAN_PAIRS, null, 0);
            case "len" -> new Step(where, source, conn2, args, Check.LEN, null, 0);
            case "approx" -> new Step(where, source, conn2, args, Check.APPROX, null,
                    Long.parseLong(marker.substring("approx".length()).strip()));
            case "cairn:" -> new Step(where, source, conn2, args, Check.CAIRN,
                    marker.substring("cairn:".length()).strip(), 0);
            default -> throw new IllegalArgumentException("unknown marker '# " + marker + "'");
        };
    }

    private static int bare(String line, int i, ByteArrayOutputStream token) {
        int start = i;
        while (i < line.length() && !Character.isWhitespace(line.charAt(i))) {
            i++;
        }
        token.writeBytes(line.substring(start, i).getBytes(StandardCharsets.UTF_8));
        return i;
    }

    private static int doubleQuoted(String line, int i, ByteArrayOutputStream token) {
        while (i < line.length()) {
            char c = line.charAt(i);
            if (c == '"') {
                return afterQuote(line, i + 1);
            }
            if (c == '\\' && i + 1 < line.length()) {
                char e = line.charAt(i + 1);
                if (e == 'x' && i + 3 < line.length()) {
                    token.write(HexFormat.fromHexDigits(line, i + 2, i + 4));
                    i += 4;
                    continue;
                }
                token.write(switch (e) {
                    case 'n' -> '\n';
                    case 'r' -> '\r';
                    case 't' -> '\t';
                    case 'b' -> '\b';
                    case 'a' -> 7;
                    default -> e;
                });
                i += 2;
                continue;
            }
            token.writeBytes(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
            i++;
        }
        throw new IllegalArgumentException("unterminated \"");
    }

    private static int singleQuoted(String line, int i, ByteArrayOutputStream token) {
        while (i < line.length()) {
            char c = line.charAt(i);
            if (c == '\'') {
                return afterQuote(line, i + 1);
            }
            if (c == '\\' && i + 1 < line.length() && line.charAt(i + 1) == '\'') {
                token.write('\'');
                i += 2;
                continue;
            }
            token.writeBytes(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
            i++;
        }
        throw new IllegalArgumentException("unterminated '");
    }

    private static int afterQuote(String line, int i) {
        if (i < line.length() && !Character.isWhitespace(line.charAt(i))) {
            throw new IllegalArgumentException("closing quote must be followed by a space");
        }
        return i;
    }
}
