package io.cairn.document.json;

import io.cairn.common.InvalidRequestException;
import java.nio.charset.StandardCharsets;

/**
 * A strict RFC 8259 parser from UTF-8 bytes to a {@link JsonValue} tree.
 *
 * <ul>
 *   <li>One value, with only space, tab, CR and LF around it; no byte-order mark, no comments, no
 *       trailing commas, no single quotes, no NaN or infinity.
 *   <li>Limits first: input longer than {@link JsonLimits#maxBytes()} is refused before a byte is
 *       read, and an array or object that would nest deeper than {@link JsonLimits#maxDepth()} is
 *       refused when its bracket is met.
 *   <li>Strings must be well-formed UTF-8 with no raw control character; {@code \}{@code u}
 *       escapes may form a surrogate pair, and a lone surrogate (escaped or not) is refused, so
 *       every string can be written back as UTF-8. RedisJSON's parser (serde_json) refuses lone
 *       surrogates too.
 *   <li>Numbers without fraction or exponent that fit in a {@code long} become {@link JsonLong};
 *       all others become {@link JsonDouble}, and a number beyond the double range is refused. As
 *       in serde_json, {@code -0} is the double {@code -0.0}. Unlike RedisJSON, integers between
 *       2^63 and 2^64 become doubles rather than unsigned integers.
 *   <li>A key that repeats in one object keeps its first position and takes the last value: the
 *       last one wins, as in serde_json and RedisJSON, and the key is updated in place, as their
 *       insertion-ordered maps update an existing key.
 * </ul>
 *
 * <p>Errors are {@link JsonSyntaxException}s naming what was expected, line, column and byte
 * offset. A parser is used once, by one thread; the static methods are thread-safe.
 */
public final class JsonParser {
    private final byte[] in;
    private final int start;
    private final int end;
    private final int maxDepth;
    private int pos;
    private int depth;

    private JsonParser(byte[] in, int start, int end, int maxDepth) {
        this.in = in;
        this.start = start;
        this.end = end;
        this.maxDepth = maxDepth;
        this.pos = start;
    }

    /** Parses {@code utf8} whole under the default limits. */
    public static JsonValue parse(byte[] utf8) {
        return parse(utf8, 0, utf8.length, JsonLimits.DEFAULT);
    }

    public static JsonValue parse(byte[] utf8, JsonLimits limits) {
        return parse(utf8, 0, utf8.length, limits);
    }

    /** Parses a Java string (encoded to UTF-8 first) under the default limits. */
    public static JsonValue parse(String text) {
        return parse(text.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Parses {@code utf8[offset .. offset+length)}; offsets in errors count from {@code offset}.
     *
     * @throws JsonSyntaxException when the text is not one JSON value within the depth limit
     * @throws InvalidRequestException when the text is longer than {@code limits.maxBytes()}
     */
    public static JsonValue parse(byte[] utf8, int offset, int length, JsonLimits limits) {
        if (length > limits.maxBytes()) {
            throw new InvalidRequestException(
                    "document size: " + length + " bytes (expected: <= " + limits.maxBytes() + ")");
        }
        JsonParser parser = new JsonParser(utf8, offset, offset + length, limits.maxDepth());
        parser.skipWhitespace();
        JsonValue value = parser.value();
        parser.skipWhitespace();
        if (parser.pos < parser.end) {
            throw parser.error("trailing characters after the JSON value", parser.pos);
        }
        return value;
    }

    private JsonValue value() {
        if (pos >= end) {
            throw error("expected value", pos);
        }
        return switch (in[pos]) {
            case '{' -> object();
            case '[' -> array();
            case '"' -> new JsonString(string());
            case 't' -> literal("true", JsonBoolean.TRUE);
            case 'f' -> literal("false", JsonBoolean.FALSE);
            case 'n' -> literal("null", JsonNull.INSTANCE);
            case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9' -> number();
            default -> throw error("expected value", pos);
        };
    }

    private JsonObject object() {
        enterContainer();
        pos++;
        JsonObject object = new JsonObject();
        skipWhitespace();
        if (peek() == '}') {
            pos++;
            depth--;
            return object;
        }
        String expectedKey = "expected '\"' or '}'";
        while (true) {
            if (peek() != '"') {
                throw error(expectedKey, pos);
            }
            String key = string();
            skipWhitespace();
            if (peek() != ':') {
                throw error("expected ':'", pos);
            }
            pos++;
            skipWhitespace();
            object.put(key, value());
            skipWhitespace();
            int c = peek();
            if (c == ',') {
                pos++;
                skipWhitespace();
                expectedKey = "expected '\"'";
            } else if (c == '}') {
                pos++;
                depth--;
                return object;
            } else {
                throw error("expected ',' or '}'", pos);
            }
        }
    }

    private JsonArray array() {
        enterContainer();
        pos++;
        JsonArray array = new JsonArray();
        skipWhitespace();
        if (peek() == ']') {
            pos++;
            depth--;
            return array;
        }
        while (true) {
            array.add(value());
            skipWhitespace();
            int c = peek();
            if (c == ',') {
                pos++;
                skipWhitespace();
            } else if (c == ']') {
                pos++;
                depth--;
                return array;
            } else {
                throw error("expected ',' or ']'", pos);
            }
        }
    }

    private void enterContainer() {
        if (++depth > maxDepth) {
            throw error("nesting depth: " + depth + " (expected: <= " + maxDepth + ")", pos);
        }
    }

    private JsonValue literal(String word, JsonValue value) {
        for (int i = 0; i < word.length(); i++) {
            if (pos + i >= end || in[pos + i] != word.charAt(i)) {
                throw error("invalid literal, expected '" + word + "'", pos + i);
            }
        }
        pos += word.length();
        return value;
    }

    /** Reads the string whose opening quote is at {@code pos}; leaves {@code pos} after the closing one. */
    private String string() {
        int first = ++pos;
        // Fast path: printable ASCII with no escape. Signed bytes >= 0x80 are negative, so one
        // comparison rejects control characters and non-ASCII alike.
        for (int i = first; i < end; i++) {
            byte b = in[i];
            if (b == '"') {
                pos = i + 1;
                return new String(in, first, i - first, StandardCharsets.ISO_8859_1);
            }
            if (b == '\\' || b < 0x20) {
                break;
            }
        }
        return slowString(first);
    }

    private String slowString(int first) {
        StringBuilder sb = new StringBuilder();
        while (true) {
            if (pos >= end) {
                throw error("unterminated string, expected '\"'", pos);
            }
            int b = in[pos] & 0xFF;
            if (b == '"') {
                pos++;
                return sb.toString();
            } else if (b == '\\') {
                escape(sb);
            } else if (b < 0x20) {
                throw error(String.format("control character U+%04X in string, expected it escaped", b), pos);
            } else if (b < 0x80) {
                sb.append((char) b);
                pos++;
            } else {
                int length = Utf8.sequenceLength(in, pos, end);
                if (length < 0) {
                    int bad = -length - 1;
                    throw error(bad < end
                            ? String.format("invalid UTF-8 byte 0x%02x in string", in[bad] & 0xFF)
                            : "truncated UTF-8 sequence in string", bad);
                }
                sb.appendCodePoint(Utf8.decode(in, pos, length));
                pos += length;
            }
        }
    }

    private void escape(StringBuilder sb) {
        int at = pos;
        if (pos + 1 >= end) {
            throw error("unterminated escape, expected one of \"\\/bfnrtu", pos + 1);
        }
        int c = in[pos + 1];
        pos += 2;
        switch (c) {
            case '"' -> sb.append('"');
            case '\\' -> sb.append('\\');
            case '/' -> sb.append('/');
            case 'b' -> sb.append('\b');
            case 'f' -> sb.append('\f');
            case 'n' -> sb.append('\n');
            case 'r' -> sb.append('\r');
            case 't' -> sb.append('\t');
            case 'u' -> {
                char unit = hex4();
                if (Character.isHighSurrogate(unit)) {
                    if (pos + 1 < end && in[pos] == '\\' && in[pos + 1] == 'u') {
                        pos += 2;
                        char low = hex4();
                        if (!Character.isLowSurrogate(low)) {
                            throw error(String.format("lone surrogate \\u%04x, expected a low surrogate after it",
                                    (int) unit), at);
                        }
                        sb.append(unit).append(low);
                    } else {
                        throw error(String.format("lone surrogate \\u%04x, expected a low surrogate after it",
                                (int) unit), at);
                    }
                } else if (Character.isLowSurrogate(unit)) {
                    throw error(String.format("lone surrogate \\u%04x, expected a high surrogate before it",
                            (int) unit), at);
                } else {
                    sb.append(unit);
                }
            }
            default -> throw error("invalid escape, expected one of \"\\/bfnrtu after '\\'", at + 1);
        }
    }

    private char hex4() {
        int value = 0;
        for (int i = 0; i < 4; i++) {
            int d = pos < end ? Character.digit(in[pos], 16) : -1;
            if (d < 0) {
                throw error("invalid \\u escape, expected 4 hex digits", pos);
            }
            value = value << 4 | d;
            pos++;
        }
        return (char) value;
    }

    private JsonNumber number() {
        int first = pos;
        boolean negative = in[pos] == '-';
        if (negative) {
            pos++;
        }
        int intStart = pos;
        if (peek() == '0') {
            pos++;
            if (isDigit(peek())) {
                throw error("invalid number, a leading zero must stand alone", pos - 1);
            }
        } else if (isDigit(peek())) {
            while (isDigit(peek())) {
                pos++;
            }
        } else {
            throw error("invalid number, expected a digit", pos);
        }
        int intEnd = pos;
        boolean integral = true;
        if (peek() == '.') {
            integral = false;
            pos++;
            if (!isDigit(peek())) {
                throw error("invalid number, expected a digit after '.'", pos);
            }
            while (isDigit(peek())) {
                pos++;
            }
        }
        if (peek() == 'e' || peek() == 'E') {
            integral = false;
            pos++;
            if (peek() == '+' || peek() == '-') {
                pos++;
            }
            if (!isDigit(peek())) {
                throw error("invalid number, expected a digit in the exponent", pos);
            }
            while (isDigit(peek())) {
                pos++;
            }
        }
        if (integral) {
            if (negative && intEnd - intStart == 1 && in[intStart] == '0') {
                return new JsonDouble(-0.0); // serde_json reads "-0" as the double -0.0
            }
            if (intEnd - intStart <= 18) {
                long v = 0;
                for (int i = intStart; i < intEnd; i++) {
                    v = v * 10 + (in[i] - '0');
                }
                return new JsonLong(negative ? -v : v);
            }
            try {
                return new JsonLong(Long.parseLong(new String(in, first, pos - first, StandardCharsets.ISO_8859_1)));
            } catch (NumberFormatException beyondLong) {
                // falls through to a double, as an integer beyond i64/u64 does in serde_json
            }
        }
        double d = Double.parseDouble(new String(in, first, pos - first, StandardCharsets.ISO_8859_1));
        if (!Double.isFinite(d)) {
            throw error("number out of range", first);
        }
        return new JsonDouble(d);
    }

    private static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }

    /** The byte at {@code pos}, or -1 at the end. */
    private int peek() {
        return pos < end ? in[pos] : -1;
    }

    private void skipWhitespace() {
        while (pos < end) {
            byte b = in[pos];
            if (b != ' ' && b != '\n' && b != '\r' && b != '\t') {
                return;
            }
            pos++;
        }
    }

    /** An error at byte {@code at}; at the end of the input the message says so first. */
    private JsonSyntaxException error(String problem, int at) {
        int line = 1;
        int lineStart = start;
        for (int i = start; i < at && i < end; i++) {
            if (in[i] == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        int column = 1;
        for (int i = lineStart; i < at && i < end; i++) {
            if ((in[i] & 0xC0) != 0x80) {
                column++;
            }
        }
        String what = at >= end ? "unexpected end of input, " + problem : problem;
        return new JsonSyntaxException(what, at - start, line, column);
    }
}
