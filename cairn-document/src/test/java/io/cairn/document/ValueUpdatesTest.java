package io.cairn.document;

import static io.cairn.document.Fixtures.array;
import static io.cairn.document.Fixtures.bulk;
import static io.cairn.document.Fixtures.doc;
import static io.cairn.document.Fixtures.integer;
import static io.cairn.document.Fixtures.json;
import static io.cairn.document.Fixtures.nil;
import static io.cairn.document.Fixtures.path;
import static io.cairn.document.Fixtures.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.common.InvalidRequestException;
import io.cairn.document.WriteResult.Effect;
import io.cairn.document.json.JsonArray;
import io.cairn.document.json.JsonDouble;
import io.cairn.document.json.JsonLimits;
import io.cairn.document.json.JsonLong;
import io.cairn.document.json.JsonNumber;
import io.cairn.document.json.JsonObject;
import io.cairn.document.json.JsonSyntaxException;
import io.cairn.document.json.JsonValue;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** JSON.NUMINCRBY, STRAPPEND and ARRAPPEND, with the examples of RedisJSON's command pages. */
class ValueUpdatesTest {
    private static JsonNumber number(String text) {
        return JsonArguments.number(text.getBytes(StandardCharsets.UTF_8), JsonLimits.DEFAULT);
    }

    private static List<JsonValue> values(String... texts) {
        return java.util.Arrays.stream(texts).map(Fixtures::json).toList();
    }

    // ---- JSON.NUMINCRBY ---------------------------------------------------------------------

    @Test
    void numIncrByAnswersNewValuesAndNullForNonNumbers() {
        Document d = doc("{\"a\":\"b\",\"b\":[{\"a\":2}, {\"a\":5}, {\"a\":\"c\"}]}");
        assertThat(d.numIncrBy(path("$.a"), number("2"))).isEqualTo(new WriteResult(bulk("[null]"), Effect.UNCHANGED));
        assertThat(d.numIncrBy(path("$..a"), number("2"))).isEqualTo(new WriteResult(bulk("[null,4,7,null]"), Effect.CHANGED));
        assertThat(text(d)).isEqualTo("{\"a\":\"b\",\"b\":[{\"a\":4},{\"a\":7},{\"a\":\"c\"}]}");
    }

    @Test
    void numIncrByOverArraysAndObjects() {
        Document k1 = doc("{\"a\":[], \"b\":[1], \"c\":[1,2], \"d\":[1,2,3]}");
        assertThat(k1.numIncrBy(path("$.d[*]"), number("10")).reply()).isEqualTo(bulk("[11,12,13]"));
        assertThat(k1.numIncrBy(path("$.a[*]"), number("1")).reply()).isEqualTo(bulk("[]"));
        assertThat(k1.numIncrBy(path("$.c[*]"), number("1")).reply()).isEqualTo(bulk("[2,3]"));
        assertThat(text(k1)).isEqualTo("{\"a\":[],\"b\":[1],\"c\":[2,3],\"d\":[11,12,13]}");
        Document k2 = doc("{\"a\":{}, \"b\":{\"a\":1}, \"c\":{\"a\":1, \"b\":2}}");
        assertThat(k2.numIncrBy(path("$.c.*"), number("1")).reply()).isEqualTo(bulk("[2,3]"));
    }

    @Test
    void integersStayIntegersUntilADoubleIsInvolved() {
        Document d = doc("{\"i\":1,\"d\":1.5,\"h\":0.5}");
        assertThat(d.numIncrBy(path("$.i"), number("1")).reply()).isEqualTo(bulk("[2]"));
        assertThat(d.type(path("$.i"))).isEqualTo(array(bulk("integer")));
        assertThat(d.numIncrBy(path("$.i"), number("1.0")).reply()).isEqualTo(bulk("[3.0]"));
        assertThat(d.type(path("$.i"))).isEqualTo(array(bulk("number")));
        assertThat(d.numIncrBy(path("$.d"), number("1")).reply()).isEqualTo(bulk("[2.5]"));
        assertThat(d.numIncrBy(path("$.h"), number("0.5")).reply()).isEqualTo(bulk("[1.0]"));
        assertThat(d.numIncrBy(path("$.h"), number("1e20")).reply()).isEqualTo(bulk("[1e20]"));
        assertThat(d.numIncrBy(path("$.i"), number("-0")).reply()).isEqualTo(bulk("[3.0]"));
    }

    @Test
    void numIncrByWithALegacyPathAnswersTheLastNewValue() {
        Document d = doc("{\"a\":1,\"n\":{\"a\":10},\"s\":\"x\"}");
        assertThat(d.numIncrBy(path(".a"), number("2"))).isEqualTo(new WriteResult(bulk("3"), Effect.CHANGED));
        assertThat(d.numIncrBy(path("..a"), number("1")).reply()).isEqualTo(bulk("11"));
        assertThat(text(d)).isEqualTo("{\"a\":4,\"n\":{\"a\":11},\"s\":\"x\"}");
        assertThat(d.numIncrBy(path("a"), number("0.25")).reply()).isEqualTo(bulk("4.25"));
        assertThatThrownBy(() -> d.numIncrBy(path(".s"), number("1")))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessage("ERR Path '.s' does not exist or does not contains a number");
        assertThatThrownBy(() -> d.numIncrBy(path(".zz"), number("1")))
                .hasMessage("ERR Path '.zz' does not exist or does not contains a number");
    }

    @Test
    void integerOverflowIsRefusedAndChangesNothing() {
        Document d = doc("{\"a\":1,\"b\":9223372036854775807}");
        assertThatThrownBy(() -> d.numIncrBy(path("$.*"), number("1"))).hasMessage("ERR numeric overflow");
        assertThat(text(d)).isEqualTo("{\"a\":1,\"b\":9223372036854775807}");
        Document low = doc("[-9223372036854775808]");
        assertThatThrownBy(() -> low.numIncrBy(path("$[0]"), number("-1"))).hasMessage("ERR numeric overflow");
        assertThat(low.numIncrBy(path("$[0]"), number("9223372036854775807")).reply()).isEqualTo(bulk("[-1]"));
    }

    @Test
    void infiniteResultIsRefused() {
        Document d = doc("{\"a\":1.7e308}");
        assertThatThrownBy(() -> d.numIncrBy(path("$.a"), number("1.7e308"))).hasMessage("ERR result is not a number");
        assertThat(text(d)).isEqualTo("{\"a\":1.7e308}");
    }

    @Test
    void aPlaceMatchedTwiceIsIncrementedTwice() {
        Document d = doc("{\"a\":1}");
        assertThat(d.numIncrBy(path("$['a','a']"), number("1")).reply()).isEqualTo(bulk("[2,3]"));
        assertThat(text(d)).isEqualTo("{\"a\":3}");
    }

    @Test
    void numIncrByAtTheRoot() {
        Document d = doc("5");
        assertThat(d.numIncrBy(path("$"), number("1")).reply()).isEqualTo(bulk("[6]"));
        assertThat(d.numIncrBy(path("."), number("-7")).reply()).isEqualTo(bulk("-1"));
        assertThat(d.root()).isEqualTo(new JsonLong(-1));
    }

    @Test
    void numIncrByNeedsAnExistingKeyAndANumber() {
        assertThatThrownBy(() -> Document.missing().numIncrBy(path("$"), new JsonLong(1)))
                .hasMessage(DocumentErrors.NONEXISTENT_KEY);
        assertThatThrownBy(() -> number("\"1\"")).hasMessage("ERR bad input number");
        assertThatThrownBy(() -> number("1x")).isInstanceOf(JsonSyntaxException.class);
        assertThat(number("-2.5")).isEqualTo(new JsonDouble(-2.5));
    }

    // ---- JSON.STRAPPEND ---------------------------------------------------------------------

    @Test
    void strAppendAnswersNewLengthsAndNilForNonStrings() {
        Document d = doc("{\"a\":\"foo\", \"nested\": {\"a\": \"hello\"}, \"nested2\": {\"a\": 31}}");
        String baz = JsonArguments.string("\"baz\"".getBytes(StandardCharsets.UTF_8), JsonLimits.DEFAULT);
        assertThat(d.strAppend(path("$..a"), baz))
                .isEqualTo(new WriteResult(array(integer(6), integer(8), nil()), Effect.CHANGED));
        assertThat(text(d)).isEqualTo("{\"a\":\"foobaz\",\"nested\":{\"a\":\"hellobaz\"},\"nested2\":{\"a\":31}}");
    }

    @Test
    void strAppendCountsUtf8Bytes() {
        Document d = doc("{\"s\":\"é\"}");
        assertThat(d.strAppend(path("$.s"), "€").reply()).isEqualTo(array(integer(5)));
        assertThat(d.strAppend(path(".s"), "😀").reply()).isEqualTo(integer(9));
        assertThat(text(d)).isEqualTo("{\"s\":\"é€😀\"}");
    }

    @Test
    void strAppendWithALegacyPath() {
        Document d = doc("{\"a\":\"x\",\"n\":{\"a\":\"yy\"},\"k\":1}");
        assertThat(d.strAppend(path("..a"), "!")).isEqualTo(new WriteResult(integer(3), Effect.CHANGED));
        assertThatThrownBy(() -> d.strAppend(path(".k"), "!")).hasMessage("ERR Path '.k' does not exist or not a string");
        assertThat(d.strAppend(path("$.k"), "!")).isEqualTo(new WriteResult(array(nil()), Effect.UNCHANGED));
    }

    @Test
    void strAppendRefusesAStringPastTheSizeLimit() {
        Document d = Document.of(json("{\"s\":\"abc\"}"), new JsonLimits(128, 5));
        assertThatThrownBy(() -> d.strAppend(path("$.s"), "def")).hasMessage("ERR string length: 6 bytes (expected: <= 5)");
        assertThat(d.strAppend(path("$.s"), "de").reply()).isEqualTo(array(integer(5)));
    }

    @Test
    void strAppendArgumentMustBeAJsonString() {
        assertThatThrownBy(() -> JsonArguments.string("5".getBytes(StandardCharsets.UTF_8), JsonLimits.DEFAULT))
                .hasMessage("WRONGTYPE wrong type of path value - expected string but found integer");
        assertThatThrownBy(() -> JsonArguments.string("baz".getBytes(StandardCharsets.UTF_8), JsonLimits.DEFAULT))
                .isInstanceOf(JsonSyntaxException.class);
        assertThatThrownBy(() -> Document.missing().strAppend(path("$"), "x")).hasMessage(DocumentErrors.NONEXISTENT_KEY);
    }

    // ---- JSON.ARRAPPEND ---------------------------------------------------------------------

    @Test
    void arrAppendAnswersNewLengthsAndNilForNonArrays() {
        Document d = doc("{\"a\":[1], \"nested\": {\"a\": [1,2]}, \"nested2\": {\"a\": 42}}");
        assertThat(d.arrAppend(path("$..a"), values("3", "4")))
                .isEqualTo(new WriteResult(array(integer(3), integer(4), nil()), Effect.CHANGED));
        assertThat(text(d)).isEqualTo("{\"a\":[1,3,4],\"nested\":{\"a\":[1,2,3,4]},\"nested2\":{\"a\":42}}");
    }

    @Test
    void arrAppendToAProductsColors() {
        Document item = doc("{\"name\":\"Noise-cancelling Bluetooth headphones\",\"price\":99.98,\"stock\":25,"
                + "\"colors\":[\"black\",\"silver\"]}");
        assertThat(item.arrAppend(path("$.colors"), values("\"blue\"")).reply()).isEqualTo(array(integer(3)));
        assertThat(text(item)).isEqualTo("{\"name\":\"Noise-cancelling Bluetooth headphones\",\"price\":99.98,"
                + "\"stock\":25,\"colors\":[\"black\",\"silver\",\"blue\"]}");
    }

    @Test
    void eachArrayGetsItsOwnCopyOfTheValues() {
        Document d = doc("{\"x\":[],\"y\":[]}");
        d.arrAppend(path("$.*"), values("{\"n\":1}"));
        JsonObject inX = (JsonObject) ((JsonArray) ((JsonObject) d.root()).get("x")).get(0);
        JsonObject inY = (JsonObject) ((JsonArray) ((JsonObject) d.root()).get("y")).get(0);
        assertThat(inX).isEqualTo(inY).isNotSameAs(inY);
        d.numIncrBy(path("$.x[0].n"), new JsonLong(1));
        assertThat(text(d)).isEqualTo("{\"x\":[{\"n\":2}],\"y\":[{\"n\":1}]}");
    }

    @Test
    void arrAppendWithALegacyPathAnswersTheLastLength() {
        Document d = doc("{\"a\":[1],\"n\":{\"a\":[]},\"s\":\"x\"}");
        assertThat(d.arrAppend(path("..a"), values("true"))).isEqualTo(new WriteResult(integer(1), Effect.CHANGED));
        assertThat(text(d)).isEqualTo("{\"a\":[1,true],\"n\":{\"a\":[true]},\"s\":\"x\"}");
        assertThatThrownBy(() -> d.arrAppend(path(".s"), values("1"))).hasMessage("ERR Path '.s' does not exist or not an array");
        assertThat(d.arrAppend(path("$.s"), values("1"))).isEqualTo(new WriteResult(array(nil()), Effect.UNCHANGED));
    }

    @Test
    void arrAppendThatWouldNestTooDeepIsRefusedAndChangesNothing() {
        Document d = Document.of(json("{\"a\":[]}"), new JsonLimits(3, 1 << 20));
        assertThatThrownBy(() -> d.arrAppend(path("$.a"), values("1", "[[2]]"))).hasMessage("ERR recursion limit exceeded");
        assertThat(text(d)).isEqualTo("{\"a\":[]}");
        assertThat(d.arrAppend(path("$.a"), values("[2]")).reply()).isEqualTo(array(integer(1)));
    }

    @Test
    void arrAppendNeedsValuesAndAnExistingKey() {
        assertThatThrownBy(() -> doc("[]").arrAppend(path("$"), List.of())).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Document.missing().arrAppend(path("$"), values("1"))).hasMessage(DocumentErrors.NONEXISTENT_KEY);
        assertThat(doc("[]").arrAppend(path("$"), values("1", "2")).reply()).isEqualTo(array(integer(2)));
    }
}
