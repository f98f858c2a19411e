package io.cairn.document.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class JsonWriterTest {
    private static final JsonValue SAMPLE = JsonParser.parse("{\"a\":[1,2],\"b\":{},\"c\":[],\"d\":{\"e\":null}}");

    @Test
    void compactOutputHasNoWhitespace() {
        assertThat(JsonWriter.write(JsonParser.parse(" { \"a\" : 1 , \"b\" : [ 1 , 2 ] } ")))
                .isEqualTo("{\"a\":1,\"b\":[1,2]}");
    }

    @Test
    void indentNewlineAndSpaceLayOutEachMemberOnItsOwnLine() {
        JsonFormat pretty = new JsonFormat("\t", "\n", " ");
        assertThat(JsonWriter.write(SAMPLE, pretty)).isEqualTo("""
                {
                \t"a": [
                \t\t1,
                \t\t2
                \t],
                \t"b": {},
                \t"c": [],
                \t"d": {
                \t\t"e": null
                \t}
                }""");
    }

    @Test
    void indentWithoutNewlineIsStillWritten() {
        JsonFormat indentOnly = JsonFormat.COMPACT.withIndent("_");
        assertThat(JsonWriter.write(JsonParser.parse("[1,2]"), indentOnly)).isEqualTo("[_1,_2]");
        assertThat(JsonWriter.write(JsonParser.parse("{\"a\":[1]}"), indentOnly)).isEqualTo("{_\"a\":[__1_]}");
    }

    @Test
    void newlineWithoutIndentBreaksLinesOnly() {
        JsonFormat newlineOnly = JsonFormat.COMPACT.withNewline("\n");
        assertThat(JsonWriter.write(JsonParser.parse("{\"a\":[1],\"b\":[]}"), newlineOnly))
                .isEqualTo("{\n\"a\":[\n1\n],\n\"b\":[]\n}");
    }

    @Test
    void spaceFollowsEachColonOnly() {
        assertThat(JsonWriter.write(JsonParser.parse("{\"a\":1,\"b\":[1,2]}"), JsonFormat.COMPACT.withSpace(" ")))
                .isEqualTo("{\"a\": 1,\"b\": [1,2]}");
    }

    @Test
    void stringsEscapeQuotesBackslashesAndControlsOnly() {
        String s = "q\"b\\s/\b\f\n\r\t\u0001\u001f\u007fé😀";
        assertThat(JsonWriter.write(new JsonString(s)))
                .isEqualTo("\"q\\\"b\\\\s/\\b\\f\\n\\r\\t\\u0001\\u001f\u007fé😀\"");
        assertThat(JsonParser.parse(JsonWriter.write(new JsonString(s)))).isEqualTo(new JsonString(s));
    }

    @Test
    void keysAreEscapedLikeStrings() {
        JsonObject o = new JsonObject();
        o.put("a\"b\n", JsonNull.INSTANCE);
        assertThat(JsonWriter.write(o)).isEqualTo("{\"a\\\"b\\n\":null}");
    }

    @Test
    void numbersPrintAsRedisJsonPrintsThem() {
        assertThat(JsonWriter.write(JsonParser.parse("[1,-7,1.0,1e20,-0.0,2.5e-7,99.98]")))
                .isEqualTo("[1,-7,1.0,1e20,-0.0,2.5e-7,99.98]");
    }

    @Test
    void writeArrayLaysOutValuesAsOneArray() {
        List<JsonValue> values = List.of(new JsonLong(3), JsonNull.INSTANCE, JsonParser.parse("{\"x\":[]}"));
        assertThat(JsonWriter.writeArray(values, JsonFormat.COMPACT)).isEqualTo("[3,null,{\"x\":[]}]");
        assertThat(JsonWriter.writeArray(List.of(), new JsonFormat("  ", "\n", " "))).isEqualTo("[]");
        assertThat(JsonWriter.writeArray(values.subList(0, 1), new JsonFormat("  ", "\n", " "))).isEqualTo("[\n  3\n]");
    }

    @Test
    void insertionOrderIsKeptAndReplacingKeepsThePlace() {
        JsonObject o = new JsonObject();
        o.put("z", new JsonLong(1));
        o.put("a", new JsonLong(2));
        o.put("z", new JsonLong(3));
        assertThat(JsonWriter.write(o)).isEqualTo("{\"z\":3,\"a\":2}");
    }
}
