package io.cairn.document.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.cairn.common.InvalidRequestException;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class JsonParserTest {

    static Stream<Arguments> accepted() {
        return Stream.of(
                arguments("  {\"a\" : 1 , \"b\":[1, 2.5, -3e2, true,false,null]}\n", "{\"a\":1,\"b\":[1,2.5,-300.0,true,false,null]}"),
                arguments("[]", "[]"),
                arguments("{}", "{}"),
                arguments("[[],{}]", "[[],{}]"),
                arguments("\t\r\n 7 \n", "7"),
                arguments("0", "0"),
                arguments("-0", "-0.0"),
                arguments("-12", "-12"),
                arguments("1.0", "1.0"),
                arguments("1E2", "100.0"),
                arguments("1e-400", "0.0"),
                arguments("9223372036854775807", "9223372036854775807"),
                arguments("-9223372036854775808", "-9223372036854775808"),
                arguments("9223372036854775808", "9.223372036854776e18"),
                arguments("123456789012345678901234567890", "1.2345678901234568e29"),
                arguments("\"\\u00e9\\ud83d\\ude00\"", "\"é😀\""),
                arguments("\"a\\/b\\\"\\\\\\b\\f\\n\\r\\t\"", "\"a/b\\\"\\\\\\b\\f\\n\\r\\t\""),
                arguments("\"\\u0000\\u001F\"", "\"\\u0000\\u001f\""),
                arguments("\"héllo 😀 ✓\"", "\"héllo 😀 ✓\""),
                arguments("{\"a\":1,\"b\":2,\"a\":3}", "{\"a\":3,\"b\":2}"),
                arguments("true", "true"),
                arguments("null", "null"));
    }

    @ParameterizedTest
    @MethodSource("accepted")
    void acceptsValidJson(String input, String compact) {
        assertThat(JsonWriter.write(JsonParser.parse(input))).isEqualTo(compact);
    }

    static Stream<Arguments> refused() {
        return Stream.of(
                arguments("", "unexpected end of input, expected value at line 1, column 1 (offset 0)"),
                arguments("   ", "unexpected end of input, expected value at line 1, column 4 (offset 3)"),
                arguments("{\"a\":1 \"b\":2}", "expected ',' or '}' at line 1, column 8 (offset 7)"),
                arguments("[1 2]", "expected ',' or ']' at line 1, column 4 (offset 3)"),
                arguments("{\"a\" 1}", "expected ':' at line 1, column 6 (offset 5)"),
                arguments("{a:1}", "expected '\"' or '}' at line 1, column 2 (offset 1)"),
                arguments("{\"a\":1,}", "expected '\"' at line 1, column 8 (offset 7)"),
                arguments("[1,]", "expected value at line 1, column 4 (offset 3)"),
                arguments("[1", "unexpected end of input, expected ',' or ']' at line 1, column 3 (offset 2)"),
                arguments("{\"a\":1", "unexpected end of input, expected ',' or '}' at line 1, column 7 (offset 6)"),
                arguments("01", "invalid number, a leading zero must stand alone at line 1, column 1 (offset 0)"),
                arguments("1.", "unexpected end of input, invalid number, expected a digit after '.' at line 1, column 3 (offset 2)"),
                arguments("1.e5", "invalid number, expected a digit after '.' at line 1, column 3 (offset 2)"),
                arguments("-", "unexpected end of input, invalid number, expected a digit at line 1, column 2 (offset 1)"),
                arguments("-a", "invalid number, expected a digit at line 1, column 2 (offset 1)"),
                arguments("1e+", "unexpected end of input, invalid number, expected a digit in the exponent at line 1, column 4 (offset 3)"),
                arguments("+1", "expected value at line 1, column 1 (offset 0)"),
                arguments(".5", "expected value at line 1, column 1 (offset 0)"),
                arguments("1e400", "number out of range at line 1, column 1 (offset 0)"),
                arguments("[-1e309]", "number out of range at line 1, column 2 (offset 1)"),
                arguments("NaN", "expected value at line 1, column 1 (offset 0)"),
                arguments("Infinity", "expected value at line 1, column 1 (offset 0)"),
                arguments("tru", "unexpected end of input, invalid literal, expected 'true' at line 1, column 4 (offset 3)"),
                arguments("nul1", "invalid literal, expected 'null' at line 1, column 4 (offset 3)"),
                arguments("'a'", "expected value at line 1, column 1 (offset 0)"),
                arguments("\"abc", "unexpected end of input, unterminated string, expected '\"' at line 1, column 5 (offset 4)"),
                arguments("\"a\\qb\"", "invalid escape, expected one of \"\\/bfnrtu after '\\' at line 1, column 4 (offset 3)"),
                arguments("\"\\u12\"", "invalid \\u escape, expected 4 hex digits at line 1, column 6 (offset 5)"),
                arguments("\"\\ud800\"", "lone surrogate \\ud800, expected a low surrogate after it at line 1, column 2 (offset 1)"),
                arguments("\"\\udc00\"", "lone surrogate \\udc00, expected a high surrogate before it at line 1, column 2 (offset 1)"),
                arguments("\"\\ud800\\u0041\"", "lone surrogate \\ud800, expected a low surrogate after it at line 1, column 2 (offset 1)"),
                arguments("\"a\tb\"", "control character U+0009 in string, expected it escaped at line 1, column 3 (offset 2)"),
                arguments("1 2", "trailing characters after the JSON value at line 1, column 3 (offset 2)"),
                arguments("[1,2]/*c*/", "trailing characters after the JSON value at line 1, column 6 (offset 5)"),
                arguments("[\"éé\" x]", "expected ',' or ']' at line 1, column 7 (offset 8)"),
                arguments("{\n  \"a\": 1,\n  \"b\" 2\n}", "expected ':' at line 3, column 7 (offset 18)"));
    }

    @ParameterizedTest
    @MethodSource("refused")
    void refusesMalformedJsonNamingThePosition(String input, String message) {
        assertThatThrownBy(() -> JsonParser.parse(input))
                .isInstanceOf(JsonSyntaxException.class)
                .hasMessage(message);
    }

    static Stream<Arguments> refusedBytes() {
        return Stream.of(
                arguments("22ff22", "invalid UTF-8 byte 0xff in string at line 1, column 2 (offset 1)"),
                arguments("22c0af22", "invalid UTF-8 byte 0xc0 in string at line 1, column 2 (offset 1)"),
                arguments("22eda08022", "invalid UTF-8 byte 0xa0 in string at line 1, column 3 (offset 2)"),
                arguments("22f490808022", "invalid UTF-8 byte 0x90 in string at line 1, column 3 (offset 2)"),
                arguments("22e282", "unexpected end of input, truncated UTF-8 sequence in string at line 1, column 3 (offset 3)"),
                arguments("22e2822222", "invalid UTF-8 byte 0x22 in string at line 1, column 3 (offset 3)"),
                arguments("efbbbf31", "expected value at line 1, column 1 (offset 0)"));
    }

    @ParameterizedTest
    @MethodSource("refusedBytes")
    void refusesMalformedUtf8NamingThePosition(String hex, String message) {
        byte[] input = HexFormat.of().parseHex(hex);
        assertThatThrownBy(() -> JsonParser.parse(input))
                .isInstanceOf(JsonSyntaxException.class)
                .hasMessage(message);
    }

    @Test
    void errorCarriesLineColumnAndOffset() {
        JsonSyntaxException e = (JsonSyntaxException) catchSyntax("[1,\n  ?]");
        assertThat(e.line()).isEqualTo(2);
        assertThat(e.column()).isEqualTo(3);
        assertThat(e.offset()).isEqualTo(6);
    }

    @Test
    void offsetsCountFromTheStartOfTheSlice() {
        byte[] input = "xx[1 2]yy".getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> JsonParser.parse(input, 2, 5, JsonLimits.DEFAULT))
                .hasMessage("expected ',' or ']' at line 1, column 4 (offset 3)");
        byte[] framed = "xx[1]yy".getBytes(StandardCharsets.UTF_8);
        assertThat(JsonParser.parse(framed, 2, 3, JsonLimits.DEFAULT)).isEqualTo(JsonArray.of(new JsonLong(1)));
    }

    @Test
    void nestingUpToTheLimitIsAccepted() {
        String deep = "[".repeat(128) + "]".repeat(128);
        assertThat(JsonParser.parse(deep).depth()).isEqualTo(128);
        String objects = "{\"a\":".repeat(128) + "1" + "}".repeat(128);
        assertThat(JsonParser.parse(objects).depth()).isEqualTo(128);
    }

    @Test
    void nestingBeyondTheLimitIsRefusedAtTheBracket() {
        String deep = "[".repeat(129) + "]".repeat(129);
        assertThatThrownBy(() -> JsonParser.parse(deep))
                .isInstanceOf(JsonSyntaxException.class)
                .hasMessage("nesting depth: 129 (expected: <= 128) at line 1, column 129 (offset 128)");
        assertThatThrownBy(() -> JsonParser.parse("{\"a\":[{\"b\":1}]}".getBytes(StandardCharsets.UTF_8),
                new JsonLimits(2, 100)))
                .hasMessage("nesting depth: 3 (expected: <= 2) at line 1, column 7 (offset 6)");
    }

    @Test
    void inputLongerThanTheLimitIsRefusedBeforeParsing() {
        byte[] input = "[1,2]".getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> JsonParser.parse(input, new JsonLimits(128, 4)))
                .isInstanceOf(InvalidRequestException.class)
                .isNotInstanceOf(JsonSyntaxException.class)
                .hasMessage("document size: 5 bytes (expected: <= 4)");
        assertThat(JsonParser.parse(input, new JsonLimits(128, 5))).isInstanceOf(JsonArray.class);
    }

    @Test
    void repeatedKeyKeepsItsFirstPositionAndTakesTheLastValue() {
        JsonObject o = (JsonObject) JsonParser.parse("{\"a\":1,\"b\":2,\"a\":{\"x\":3}}");
        assertThat(o.keys()).containsExactly("a", "b");
        assertThat(o.get("a")).isEqualTo(JsonParser.parse("{\"x\":3}"));
    }

    @Test
    void numbersKeepIntegerAndDoubleApart() {
        assertThat(JsonParser.parse("3")).isEqualTo(new JsonLong(3));
        assertThat(JsonParser.parse("3.0")).isEqualTo(new JsonDouble(3.0));
        assertThat(JsonParser.parse("3e0")).isEqualTo(new JsonDouble(3.0));
        assertThat(JsonParser.parse("-0")).isEqualTo(new JsonDouble(-0.0)).isNotEqualTo(new JsonDouble(0.0));
        assertThat(JsonParser.parse("999999999999999999")).isEqualTo(new JsonLong(999_999_999_999_999_999L));
        assertThat(JsonParser.parse("-1000000000000000000")).isEqualTo(new JsonLong(-1_000_000_000_000_000_000L));
        assertThat(JsonParser.parse("-9223372036854775809")).isEqualTo(new JsonDouble(-9.223372036854775809e18));
        assertThat(JsonParser.parse("0.1")).isEqualTo(new JsonDouble(0.1));
    }

    @Test
    void surrogatePairsDecodeToOneCodePoint() {
        JsonString s = (JsonString) JsonParser.parse("\"\\uD834\\uDD1E\"");
        assertThat(s.value()).isEqualTo("\uD834\uDD1E");
        assertThat(s.value().codePointAt(0)).isEqualTo(0x1D11E);
        assertThat(s.utf8Length()).isEqualTo(4);
    }

    @Test
    void rawFourByteUtf8DecodesLikeItsEscape() {
        byte[] raw = HexFormat.of().parseHex("22f09d849e22");
        assertThat(JsonParser.parse(raw)).isEqualTo(JsonParser.parse("\"\\ud834\\udd1e\""));
    }

    @Test
    void asciiAndEscapedStringsAreEqual() {
        assertThat(JsonParser.parse("\"abc\"")).isEqualTo(JsonParser.parse("\"\\u0061b\\u0063\""));
        assertThat(JsonParser.parse("[\"x\",\"\\n\"]")).isEqualTo(JsonArray.of(new JsonString("x"), new JsonString("\n")));
    }

    @Test
    void wideObjectsAndArraysParse() {
        StringBuilder sb = new StringBuilder("{");
        for (int i = 0; i < 1000; i++) {
            sb.append(i == 0 ? "" : ",").append("\"k").append(i).append("\":[").append(i).append("]");
        }
        JsonObject o = (JsonObject) JsonParser.parse(sb.append('}').toString());
        assertThat(o.size()).isEqualTo(1000);
        assertThat(List.copyOf(o.keys()).get(999)).isEqualTo("k999");
    }

    private static Exception catchSyntax(String input) {
        try {
            JsonParser.parse(input);
        } catch (JsonSyntaxException e) {
            return e;
        }
        throw new AssertionError("expected a syntax error for " + input);
    }
}
