package io.cairn.document.path;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Reads the path syntaxes RedisJSON accepts (see {@link JsonPath}):
 *
 * <pre>
 *   jsonpath  := "$" segment*
 *   legacy    := "." | "." segment+ | first segment*          (first: name, "*" or bracket)
 *   segment   := "." (name | "*" | bracket) | ".." (name | "*" | bracket) | bracket
 *   bracket   := "[" ws ( "*" | selector (ws "," ws selector)* ) ws "]"
 *   selector  := quoted | int | [int] ":" [int] [":" [int]] | "*"
 *   quoted    := "'" chars "'" | '"' chars '"'         (escapes \' \" \\ \/ \b \f \n \r \t \\uXXXX)
 *   name      := one or more characters other than . [ ] * , ' " ( ) ? @ = ! &lt; &gt; &amp; | and whitespace
 * </pre>
 *
 * Filters ({@code [?(...)]}) and scripts ({@code [(...)]}) are refused with a clear error, as are
 * slices with a step below 1. Used once per path by one thread.
 */
final class PathParser {
    private static final String NOT_IN_NAMES = ".[]*,'\"()?@=!<>&| \t\r\n";

    private final String text;
    private int pos;

    private PathParser(String text) {
        this.text = text;
    }

    static JsonPath parse(String text) {
        Objects.requireNonNull(text, "text");
        if (text.isEmpty()) {
            throw new PathSyntaxException(text, 0, "path is empty, expected '$' or a legacy path");
        }
        PathParser parser = new PathParser(text);
        boolean jsonPath = text.charAt(0) == '$'
                && (text.length() == 1 || text.charAt(1) == '.' || text.charAt(1) == '[');
        List<Segment> segments = new ArrayList<>();
        if (jsonPath) {
            parser.pos = 1;
        } else if (text.equals(".")) {
            parser.pos = 1;
        } else if (text.charAt(0) != '.') {
            segments.add(parser.firstLegacySegment());
        }
        parser.segments(segments);
        return new JsonPath(text, !jsonPath, segments);
    }

    /** A legacy path's first step, written without the dot: {@code a}, {@code *} or a bracket. */
    private Segment firstLegacySegment() {
        char c = text.charAt(0);
        if (c == '[') {
            return bracket(false);
        }
        if (c == '*') {
            pos++;
            return new Segment(false, List.of(Selector.WILDCARD));
        }
        String name = name();
        if (name.isEmpty()) {
            throw error("expected a name, '*' or '['");
        }
        return new Segment(false, List.of(new Selector.Name(name)));
    }

    private void segments(List<Segment> out) {
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c == '[') {
                out.add(bracket(false));
                continue;
            }
            if (c != '.') {
                throw error("expected '.' or '['");
            }
            boolean descendant = pos + 1 < text.length() && text.charAt(pos + 1) == '.';
            pos += descendant ? 2 : 1;
            int next = peek();
            if (next == '[') {
                out.add(bracket(descendant));
            } else if (next == '*') {
                pos++;
                out.add(new Segment(descendant, List.of(Selector.WILDCARD)));
            } else {
                String name = name();
                if (name.isEmpty()) {
                    throw error("expected a name, '*' or '[' after '" + (descendant ? ".." : ".") + "'");
                }
                out.add(new Segment(descendant, List.of(new Selector.Name(name))));
            }
        }
    }

    private Segment bracket(boolean descendant) {
        pos++; // '['
        skipSpaces();
        int c = peek();
        if (c == '?' || c == '(') {
            throw error("filter and script expressions are not supported");
        }
        List<Selector> selectors = new ArrayList<>();
        while (true) {
            skipSpaces();
            selectors.add(selector());
            skipSpaces();
            c = peek();
            if (c == ',') {
                pos++;
            } else if (c == ']') {
                pos++;
                return new Segment(descendant, selectors);
            } else {
                throw error("expected ',' or ']'");
            }
        }
    }

    private Selector selector() {
        int c = peek();
        if (c == '\'' || c == '"') {
            return new Selector.Name(quoted((char) c));
        }
        if (c == '*') {
            pos++;
            return Selector.WILDCARD;
        }
        if (c == '-' || c == ':' || isDigit(c)) {
            return indexOrSlice();
        }
        throw error("expected a quoted name, an index, a slice or '*'");
    }

    private String quoted(char quote) {
        pos++;
        StringBuilder sb = new StringBuilder();
        while (true) {
            if (pos >= text.length()) {
                throw error("unterminated name, expected " + quote);
            }
            char c = text.charAt(pos);
            if (c == quote) {
                pos++;
                String name = sb.toString();
                if (io.cairn.document.json.Utf8.firstLoneSurrogate(name) >= 0) {
                    // a name that cannot be UTF-8 would be stored as bytes no decoder accepts
                    throw error("invalid \\u escape in name: an unpaired surrogate");
                }
                return name;
            }
            if (c != '\\') {
                sb.append(c);
                pos++;
                continue;
            }
            int e = pos + 1 < text.length() ? text.charAt(pos + 1) : -1;
            switch (e) {
                case '\'', '"', '\\', '/' -> sb.append((char) e);
                case 'b' -> sb.append('\b');
                case 'f' -> sb.append('\f');
                case 'n' -> sb.append('\n');
                case 'r' -> sb.append('\r');
                case 't' -> sb.append('\t');
                case 'u' -> {
                    if (pos + 6 > text.length()) {
                        throw error("invalid \\u escape, expected 4 hex digits");
                    }
                    int value = 0;
                    for (int i = pos + 2; i < pos + 6; i++) {
                        int d = Character.digit(text.charAt(i), 16);
                        if (d < 0) {
                            pos = i;
                            throw error("invalid \\u escape, expected 4 hex digits");
                        }
                        value = value << 4 | d;
                    }
                    sb.append((char) value);
                    pos += 4;
                }
                default -> {
                    pos++;
                    throw error("invalid escape in name");
                }
            }
            pos += 2;
        }
    }

    private Selector indexOrSlice() {
        Long start = optionalInteger();
        skipSpaces();
        if (peek() != ':') {
            if (start == null) {
                throw error("expected an index");
            }
            return new Selector.Index(start);
        }
        pos++;
        skipSpaces();
        Long end = optionalInteger();
        skipSpaces();
        long step = 1;
        if (peek() == ':') {
            pos++;
            skipSpaces();
            int at = pos;
            Long given = optionalInteger();
            if (given != null) {
                if (given < 1) {
                    pos = at;
                    throw error("slice step: " + given + " (expected: >= 1)");
                }
                step = given;
            }
        }
        return new Selector.Slice(start, end, step);
    }

    private Long optionalInteger() {
        int first = pos;
        if (peek() == '-') {
            pos++;
        }
        if (!isDigit(peek())) {
            if (pos > first) {
                throw error("expected a digit after '-'");
            }
            return null;
        }
        while (isDigit(peek())) {
            pos++;
        }
        try {
            return Long.parseLong(text, first, pos, 10);
        } catch (NumberFormatException e) {
            pos = first;
            throw error("index out of range");
        }
    }

    private String name() {
        int first = pos;
        while (pos < text.length() && NOT_IN_NAMES.indexOf(text.charAt(pos)) < 0) {
            pos++;
        }
        return text.substring(first, pos);
    }

    private void skipSpaces() {
        while (pos < text.length() && text.charAt(pos) == ' ') {
            pos++;
        }
    }

    private int peek() {
        return pos < text.length() ? text.charAt(pos) : -1;
    }

    private static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }

    private PathSyntaxException error(String problem) {
        String what = pos >= text.length() ? "unexpected end of path, " + problem : problem;
        return new PathSyntaxException(text, pos, what);
    }
}
