package io.cairn.it.server;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses a differential script ({@code cairn-it/src/test/resources/differential/*.txt}): commands,
 * each with the reply a real {@code redis-server} gave, recorded beside it.
 *
 * <pre>
 * SET k v  # redis: +OK
 * HGETALL h  # sortpairs  # redis: *[$"a", $"1", $"b", $"2"]
 * TTL k  # approx 1  # redis: :1000
 * SELECT 1  # cairn: -ERR DB index is out of range  # redis: +OK
 * CLIENT ID  # redis: :&lt;int&gt;
 * COMMAND DOCS get  # skip Redis 7.2 added fields
 * </pre>
 *
 * <p>One command per line, quoted as redis-cli quotes: {@code "a b"} with {@code \n \r \t \" \\
 * \xHH} escapes, or {@code 'a b'}. Blank lines and lines starting with {@code #} are comments. A
 * line starting with {@code @conn2} runs on the script's second connection (for WATCH conflicts).
 * An unquoted token starting with {@code #} ends the command. What follows is at most one check
 * marker, then {@code # redis: <reply>}, Redis's reply in {@link Reply}'s canonical text, which
 * runs to the end of the line (so trailing spaces of a reply are not compared). Every line needs a
 * recording except a {@code # skip} line, which has none. Both Cairn's reply and a live Redis's must
 * match the recording under the line's check:
 *
 * <ul>
 *   <li>no marker: the canonical texts are equal;
 *   <li>{@code # skip [reason]} run the command, compare nothing;
 *   <li>{@code # sort} sort the elements (a map's entries) before comparing;
 *   <li>{@code # sortpairs} sort a flat field/value array as pairs;
 *   <li>{@code # scan} / {@code # scanpairs} sort the page of a {@code *[cursor, *[page]]} reply;
 *   <li>{@code # len} compare only the type and element count (random members);
 *   <li>{@code # approx N} integers may differ by up to N (TTLs);
 *   <li>{@code # cairn: <reply>} a documented difference: Cairn must answer exactly {@code <reply>},
 *       while Redis must still give the recording exactly.
 * </ul>
 *
 * <p>Where a reply names the moment, a port or a connection (CLIENT ID, TIME, OBJECT IDLETIME), the
 * recording may hold wildcards: {@code <int>} matches an integer ({@code -?[0-9]+}) and {@code
 * <any>} any text. Such a recording is a pattern for the whole canonical text (sorted first under a
 * sort marker; not with {@code len} or {@code approx}). The recorder keeps a pattern as written and
 * refuses a reply that holds a wildcard's text. Any other text after {@code #} is an error, so a typo
 * cannot silently disable a comparison.
 */
final class DifferentialScript {
    static final String RECORDING = "# redis:";
    private static final Pattern WILDCARD = Pattern.compile("<int>|<any>");

    private DifferentialScript() {
    }

    enum Check { EXACT, SKIP, SORT, SORT_PAIRS, SCAN, SCAN_PAIRS, LEN, APPROX, CAIRN }

    /**
     * One command of a script.
     *
     * @param where {@code file:line}
     * @param line the line number, from 1
     * @param source the line as written, without its markers
     * @param expected the Cairn reply for {@link Check#CAIRN}, else null
     * @param tolerance the allowed difference for {@link Check#APPROX}
     * @param recorded the text after {@code # redis:}, or null where there is none
     */
    record Step(String where, int line, String source, boolean secondConnection, List<byte[]> args,
            Check check, String expected, long tolerance, String recorded) {

        /** Whether Cairn's reply is the one this line expects of it. */
        boolean cairnMatches(Reply reply) {
            return check == Check.CAIRN ? text(reply).equals(expected) : redisMatches(reply);
        }

        /** Whether a reply matches the recording under this line's check; false when nothing is recorded. */
        boolean redisMatches(Reply reply) {
            if (check == Check.SKIP) {
                return true;
            }
            if (recorded == null) {
                return false;
            }
            Pattern pattern = pattern(recorded);
            if (pattern != null) {
                return pattern.matcher(text(reply)).matches();
            }
            Reply want = Reply.parse(recorded);
            return switch (check) {
                case EXACT, CAIRN -> text(reply).equals(recorded);
                case SORT, SORT_PAIRS, SCAN, SCAN_PAIRS -> text(reply).equals(normalized(want).toString());
                case LEN -> reply.type() == want.type() && Objects.equals(size(reply), size(want));
                case APPROX -> reply.type() == ':' && want.type() == ':'
                        ? Math.abs(Long.parseLong(reply.text()) - Long.parseLong(want.text())) <= tolerance
                        : text(reply).equals(recorded);
                case SKIP -> true;
            };
        }

        /** The recording to write for Redis's reply: the one in the file while it still matches. */
        String recordingFor(Reply fromRedis) {
            if (recorded != null && redisMatches(fromRedis)) {
                return recorded;
            }
            String text = text(fromRedis);
            if (WILDCARD.matcher(text).find()) {
                throw new IllegalArgumentException(where + ": Redis's reply holds a wildcard's text: " + text);
            }
            return text;
        }

        /**
         * The canonical text this line compares: sorted under a sort marker, without trailing spaces
         * (a line's end cannot keep them; Redis's unknown-command error ends in one).
         */
        String text(Reply reply) {
            return normalized(reply).toString().stripTrailing();
        }

        /** The reply as this line's check compares it: sorted under a sort marker. */
        Reply normalized(Reply reply) {
            return switch (check) {
                case SORT -> reply.sorted();
                case SORT_PAIRS -> reply.sortedPairs();
                case SCAN -> reply.scanPageSorted(false);
                case SCAN_PAIRS -> reply.scanPageSorted(true);
                default -> reply;
            };
        }

        private static Integer size(Reply r) {
            return r.items() == null ? null : r.items().size();
        }
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
                steps.add(parseLine(where, i + 1, line));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(where + ": " + e.getMessage() + " in: " + line, e);
            }
        }
        return steps;
    }

    /** {@code line} with its recording replaced by (or, without one, followed by) {@code reply}. */
    static String withRecording(String line, String reply) {
        int markers = commandEnd(line, new ArrayList<>());
        int at = line.indexOf(RECORDING, markers);
        String head = (at < 0 ? line : line.substring(0, at)).stripTrailing();
        return head + "  " + RECORDING + " " + reply;
    }

    /** The recording as a pattern when it holds a wildcard, else null. */
    static Pattern pattern(String recording) {
        Matcher m = WILDCARD.matcher(recording);
        if (!m.find()) {
            return null;
        }
        StringBuilder regex = new StringBuilder();
        int last = 0;
        do {
            regex.append(Pattern.quote(recording.substring(last, m.start())));
            regex.append(m.group().equals("<int>") ? "-?[0-9]+" : ".*");
            last = m.end();
        } while (m.find());
        regex.append(Pattern.quote(recording.substring(last)));
        return Pattern.compile(regex.toString(), Pattern.DOTALL);
    }

    private static Step parseLine(String where, int number, String line) {
        boolean conn2 = false;
        if (line.startsWith("@conn2 ")) {
            conn2 = true;
            line = line.substring("@conn2 ".length()).strip();
        }
        List<byte[]> args = new ArrayList<>();
        int commandEnd = commandEnd(line, args);
        if (args.isEmpty()) {
            throw new IllegalArgumentException("a marker without a command");
        }
        String source = line.substring(0, commandEnd).strip();
        String markers = line.substring(commandEnd);
        String recorded = null;
        int at = markers.indexOf(RECORDING);
        if (at >= 0) {
            recorded = markers.substring(at + RECORDING.length()).strip();
            markers = markers.substring(0, at);
            if (recorded.isEmpty()) {
                throw new IllegalArgumentException("'" + RECORDING + "' without a reply");
            }
        }
        String marker = markers.isBlank() ? "" : markers.strip().substring(1).strip();
        if (!markers.isBlank() && marker.isEmpty()) {
            throw new IllegalArgumentException("'#' without a marker");
        }
        String word = marker.split("\\s+", 2)[0];
        Step step = switch (word) {
            case "" -> new Step(where, number, source, conn2, args, Check.EXACT, null, 0, recorded);
            case "skip" -> new Step(where, number, source, conn2, args, Check.SKIP, null, 0, recorded);
            case "sort" -> new Step(where, number, source, conn2, args, Check.SORT, null, 0, recorded);
            case "sortpairs" -> new Step(where, number, source, conn2, args, Check.SORT_PAIRS, null, 0, recorded);
            case "scan" -> new Step(where, number, source, conn2, args, Check.SCAN, null, 0, recorded);
            case "scanpairs" -> new Step(where, number, source, conn2, args, Check.SCAN_PAIRS, null, 0, recorded);
            case "len" -> new Step(where, number, source, conn2, args, Check.LEN, null, 0, recorded);
            case "approx" -> new Step(where, number, source, conn2, args, Check.APPROX, null,
                    Long.parseLong(marker.substring("approx".length()).strip()), recorded);
            case "cairn:" -> new Step(where, number, source, conn2, args, Check.CAIRN,
                    marker.substring("cairn:".length()).strip(), 0, recorded);
            default -> throw new IllegalArgumentException("unknown marker '# " + marker + "'");
        };
        if (step.check() == Check.SKIP && recorded != null) {
            throw new IllegalArgumentException("a skipped line records no reply");
        }
        if ((step.check() == Check.LEN || step.check() == Check.APPROX) && recorded != null
                && pattern(recorded) != null) {
            throw new IllegalArgumentException("no wildcards with '# " + word + "'");
        }
        if (recorded != null && pattern(recorded) == null) {
            Reply.parse(recorded); // a recording must be canonical text
        }
        return step;
    }

    /** Splits the command's arguments into {@code args}; returns where its markers start. */
    private static int commandEnd(String line, List<byte[]> args) {
        int i = 0;
        while (i < line.length()) {
            char c = line.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '#') {
                return i;
            } else {
                ByteArrayOutputStream token = new ByteArrayOutputStream();
                i = c == '"' ? doubleQuoted(line, i + 1, token)
                        : c == '\'' ? singleQuoted(line, i + 1, token) : bare(line, i, token);
                args.add(token.toByteArray());
            }
        }
        return line.length();
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
