package io.cairn.document.path;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.document.json.JsonParser;
import io.cairn.document.json.JsonValue;
import io.cairn.document.json.JsonWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Paths against documents, with the expected matches written as JSON, in RedisJSON's order. */
class PathEvaluatorTest {
    /** The store of RedisJSON's path documentation (docs/docs/path.md), shortened. */
    private static final JsonValue STORE = JsonParser.parse("""
            {"inventory":{
              "headphones":[
                {"id":12345,"name":"Noise-cancelling Bluetooth headphones","price":99.98,"colors":["black","silver"]},
                {"id":12346,"name":"Wireless earbuds","price":64.99,"colors":["black","white"]},
                {"id":12347,"name":"Mic headset","price":35.01}],
              "keyboards":[
                {"id":22345,"name":"Wireless keyboard","price":44.99,"colors":["black","silver"]},
                {"id":22346,"name":"USB-C keyboard","price":29.99}]}}""");

    private static String matches(String path, JsonValue doc) {
        List<JsonValue> values = PathEvaluator.evaluate(JsonPath.parse(path), doc).stream().map(PathMatch::value).toList();
        return JsonWriter.writeArray(values, io.cairn.document.json.JsonFormat.COMPACT);
    }

    private static String matches(String path, String doc) {
        return matches(path, JsonParser.parse(doc));
    }

    @Test
    void documentedStoreQueries() {
        String headphoneNames = "[\"Noise-cancelling Bluetooth headphones\",\"Wireless earbuds\",\"Mic headset\"]";
        assertThat(matches("$.inventory.headphones[*].name", STORE)).isEqualTo(headphoneNames);
        assertThat(matches("$.inventory[\"headphones\"][*].name", STORE)).isEqualTo(headphoneNames);
        assertThat(matches("$..headphones[*].name", STORE)).isEqualTo(headphoneNames);
        assertThat(matches("$..name", STORE)).isEqualTo("[\"Noise-cancelling Bluetooth headphones\",\"Wireless earbuds\","
                + "\"Mic headset\",\"Wireless keyboard\",\"USB-C keyboard\"]");
        assertThat(matches("$..headphones[0:2].name", STORE))
                .isEqualTo("[\"Noise-cancelling Bluetooth headphones\",\"Wireless earbuds\"]");
        assertThat(matches("$..headphones[0].price", STORE)).isEqualTo("[99.98]");
        assertThat(PathEvaluator.evaluate(JsonPath.parse("$.inventory.*"), STORE)).hasSize(2);
    }

    @Test
    void rootMatchesTheWholeDocument() {
        assertThat(matches("$", "{\"a\":1}")).isEqualTo("[{\"a\":1}]");
        assertThat(matches(".", "[1]")).isEqualTo("[[1]]");
        assertThat(PathEvaluator.evaluate(JsonPath.ROOT, STORE).getFirst().location()).isSameAs(Location.ROOT);
    }

    @Test
    void recursiveDescentVisitsEachValueThenItsChildren() {
        String doc = "{\"a\":\"b\",\"b\":[{\"a\":2},{\"a\":5},{\"a\":\"c\"}]}";
        assertThat(matches("$..a", doc)).isEqualTo("[\"b\",2,5,\"c\"]");
        assertThat(matches("$..*", "{\"a\":{\"b\":1},\"c\":2}")).isEqualTo("[{\"b\":1},2,1]");
        assertThat(matches("$..[0]", "{\"x\":[[1,2],[3]],\"y\":[4]}")).isEqualTo("[[1,2],1,3,4]");
        assertThat(matches("$..b", "{\"a\":2,\"b\":3,\"nested\":{\"a\":4,\"b\":null}}")).isEqualTo("[3,null]");
        assertThat(matches("$..a", "{\"a\":{\"a\":{\"a\":1}}}")).isEqualTo("[{\"a\":{\"a\":1}},{\"a\":1},1]");
    }

    @Test
    void wildcardSelectsObjectValuesAndArrayElementsOnly() {
        assertThat(matches("$.*", "{\"a\":1,\"b\":[2]}")).isEqualTo("[1,[2]]");
        assertThat(matches("$[*]", "[1,\"x\",null]")).isEqualTo("[1,\"x\",null]");
        assertThat(matches("$.a.*", "{\"a\":7}")).isEqualTo("[]");
        assertThat(matches("$.*.*", "{\"a\":{\"x\":1},\"b\":[2,3],\"c\":4}")).isEqualTo("[1,2,3]");
    }

    @Test
    void indexesCountFromTheEndWhenNegativeAndMissOutOfRange() {
        String doc = "{\"arr\":[10,20,30]}";
        assertThat(matches("$.arr[0]", doc)).isEqualTo("[10]");
        assertThat(matches("$.arr[-1]", doc)).isEqualTo("[30]");
        assertThat(matches("$.arr[-3]", doc)).isEqualTo("[10]");
        assertThat(matches("$.arr[-4]", doc)).isEqualTo("[]");
        assertThat(matches("$.arr[3]", doc)).isEqualTo("[]");
        assertThat(matches("$.arr[9223372036854775807]", doc)).isEqualTo("[]");
    }

    @Test
    void unionsKeepTheirOrderAndRepeats() {
        assertThat(matches("$['b','a']", "{\"a\":1,\"b\":2}")).isEqualTo("[2,1]");
        assertThat(matches("$[2,0,2]", "[\"x\",\"y\",\"z\"]")).isEqualTo("[\"z\",\"x\",\"z\"]");
        assertThat(matches("$['a','zz']", "{\"a\":1}")).isEqualTo("[1]");
    }

    @Test
    void slicesClampTheirBounds() {
        String doc = "[0,1,2,3,4,5]";
        assertThat(matches("$[1:3]", doc)).isEqualTo("[1,2]");
        assertThat(matches("$[-2:]", doc)).isEqualTo("[4,5]");
        assertThat(matches("$[:-4]", doc)).isEqualTo("[0,1]");
        assertThat(matches("$[::2]", doc)).isEqualTo("[0,2,4]");
        assertThat(matches("$[1::3]", doc)).isEqualTo("[1,4]");
        assertThat(matches("$[4:100]", doc)).isEqualTo("[4,5]");
        assertThat(matches("$[-100:1]", doc)).isEqualTo("[0]");
        assertThat(matches("$[3:1]", doc)).isEqualTo("[]");
    }

    @Test
    void wrongKindsSelectNothing() {
        assertThat(matches("$.a", "[1]")).isEqualTo("[]");
        assertThat(matches("$[0]", "{\"0\":1}")).isEqualTo("[]");
        assertThat(matches("$['0']", "{\"0\":1}")).isEqualTo("[1]");
        assertThat(matches("$.a.b.c", "{\"a\":{\"b\":5}}")).isEqualTo("[]");
        assertThat(matches("$[1:2]", "\"string\"")).isEqualTo("[]");
    }

    @Test
    void legacyPathsEvaluateAsTheirDollarForm() {
        String doc = "{\"a\":{\"b\":[1,2]},\"x y\":3}";
        assertThat(matches(".a.b[0]", doc)).isEqualTo(matches("$.a.b[0]", doc)).isEqualTo("[1]");
        assertThat(matches("a.b", doc)).isEqualTo("[[1,2]]");
        assertThat(matches("[\"x y\"]", doc)).isEqualTo("[3]");
        assertThat(matches("a[\"b\"][-1]", doc)).isEqualTo("[2]");
        assertThat(matches("..b", doc)).isEqualTo("[[1,2]]");
    }

    @Test
    void matchesCarryTheirLocation() {
        JsonValue doc = JsonParser.parse("{\"a\":[{\"b\":1},{\"b\":2}]}");
        List<PathMatch> found = PathEvaluator.evaluate(JsonPath.parse("$..b"), doc);
        assertThat(found).extracting(m -> m.location().concretePath())
                .containsExactly("$[\"a\"][0][\"b\"]", "$[\"a\"][1][\"b\"]");
        assertThat(found).extracting(m -> m.location().depth()).containsExactly(3, 3);
        assertThat(found.get(1).location().read()).isEqualTo(JsonParser.parse("2"));
        assertThat(found.get(0).location()).isNotEqualTo(found.get(1).location());
        assertThat(PathEvaluator.evaluate(JsonPath.parse("$.a[0].b"), doc).getFirst().location())
                .isEqualTo(found.get(0).location());
    }

    @Test
    void equalContentInDifferentPlacesAreDifferentLocations() {
        JsonValue doc = JsonParser.parse("{\"x\":{\"v\":1},\"y\":{\"v\":1}}");
        List<PathMatch> found = PathEvaluator.evaluate(JsonPath.parse("$..v"), doc);
        assertThat(found).hasSize(2);
        assertThat(found.get(0).location()).isNotEqualTo(found.get(1).location());
    }

    @Test
    void aPathWithTooManyMatchesIsRefusedInsteadOfEvaluated() {
        JsonValue nested = JsonParser.parse("[[[[[[1]]]]]]");
        String twenty = "[" + String.join(",", java.util.Collections.nCopies(20, "0")) + "]";
        JsonPath path = JsonPath.parse("$" + twenty.repeat(5)); // 20^5 = 3.2 million matches
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> PathEvaluator.evaluate(path, nested))
                .isInstanceOf(io.cairn.common.InvalidRequestException.class)
                .hasMessage("ERR path matches more than 1000000 values");
        assertThat(PathEvaluator.evaluate(JsonPath.parse("$" + twenty.repeat(4)), nested)).hasSize(160_000);
    }
}
