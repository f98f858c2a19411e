package io.cairn.document;

import static io.cairn.document.Fixtures.array;
import static io.cairn.document.Fixtures.bulk;
import static io.cairn.document.Fixtures.doc;
import static io.cairn.document.Fixtures.integer;
import static io.cairn.document.Fixtures.nil;
import static io.cairn.document.Fixtures.path;
import static io.cairn.document.Fixtures.paths;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.common.InvalidRequestException;
import io.cairn.document.json.JsonFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/** JSON.GET, MGET, TYPE, ARRLEN and OBJKEYS, with the examples of RedisJSON's command pages. */
class DocumentQueriesTest {
    private static final JsonFormat COMPACT = JsonFormat.COMPACT;

    // ---- JSON.GET ---------------------------------------------------------------------------

    @Test
    void getWithOneJsonPathAnswersAnArrayOfMatches() {
        Document d = doc("{\"a\":2, \"b\": 3, \"nested\": {\"a\": 4, \"b\": null}}");
        assertThat(d.get(paths("$..b"), COMPACT)).isEqualTo(bulk("[3,null]"));
        assertThat(d.get(paths("$.nope"), COMPACT)).isEqualTo(bulk("[]"));
        assertThat(d.get(paths("$"), COMPACT)).isEqualTo(bulk("[{\"a\":2,\"b\":3,\"nested\":{\"a\":4,\"b\":null}}]"));
    }

    @Test
    void getWithSeveralPathsAndOneJsonPathAnswersAnObjectOfArrays() {
        Document d = doc("{\"a\":2, \"b\": 3, \"nested\": {\"a\": 4, \"b\": null}}");
        assertThat(d.get(paths("..a", "$..b"), COMPACT)).isEqualTo(bulk("{\"..a\":[2,4],\"$..b\":[3,null]}"));
        assertThat(d.get(paths("$.a", "$.zz", "$.a"), COMPACT)).isEqualTo(bulk("{\"$.a\":[2],\"$.zz\":[]}"));
    }

    @Test
    void getWithoutPathAnswersTheWholeDocument() {
        Document d = doc("{ \"a\" : [1, 2.0] }");
        assertThat(d.get(List.of(), COMPACT)).isEqualTo(bulk("{\"a\":[1,2.0]}"));
    }

    @Test
    void getWithOneLegacyPathAnswersTheFirstMatch() {
        Document d = doc("{\"a\":2, \"nested\": {\"a\": 4}}");
        assertThat(d.get(paths(".a"), COMPACT)).isEqualTo(bulk("2"));
        assertThat(d.get(paths("..a"), COMPACT)).isEqualTo(bulk("2"));
        assertThat(d.get(paths("nested"), COMPACT)).isEqualTo(bulk("{\"a\":4}"));
        assertThatThrownBy(() -> d.get(paths(".nope"), COMPACT))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessage("ERR Path '.nope' does not exist");
    }

    @Test
    void getWithSeveralLegacyPathsAnswersAnObjectOfFirstMatches() {
        Document d = doc("{\"a\":2, \"b\": [3]}");
        assertThat(d.get(paths(".b", ".a"), COMPACT)).isEqualTo(bulk("{\".b\":[3],\".a\":2}"));
        assertThatThrownBy(() -> d.get(paths(".a", "c"), COMPACT)).hasMessage("ERR Path 'c' does not exist");
    }

    @Test
    void getLaysOutTheAnswerWithIndentNewlineAndSpace() {
        Document d = doc("{\"a\":[1,{}],\"b\":\"x\"}");
        JsonFormat pretty = new JsonFormat("  ", "\n", " ");
        assertThat(d.get(List.of(), pretty)).isEqualTo(bulk("""
                {
                  "a": [
                    1,
                    {}
                  ],
                  "b": "x"
                }"""));
        assertThat(d.get(paths("$.b"), pretty)).isEqualTo(bulk("[\n  \"x\"\n]"));
        assertThat(d.get(paths("$.b", "$.a[0]"), pretty)).isEqualTo(bulk("{\n  \"$.b\": [\n    \"x\"\n  ],\n  \"$.a[0]\": [\n    1\n  ]\n}"));
    }

    @Test
    void getOnAMissingKeyIsNil() {
        assertThat(Document.missing().get(paths("$"), COMPACT)).isEqualTo(nil());
        assertThat(Document.missing().get(List.of(), COMPACT)).isEqualTo(nil());
    }

    // ---- JSON.MGET --------------------------------------------------------------------------

    @Test
    void mgetAnswersEachKeysMatches() {
        Document doc1 = doc("{\"a\":1, \"b\": 2, \"nested\": {\"a\": 3}, \"c\": null}");
        Document doc2 = doc("{\"a\":4, \"b\": 5, \"nested\": {\"a\": 6}, \"c\": null}");
        assertThat(doc1.mget(path("$..a"))).isEqualTo(bulk("[1,3]"));
        assertThat(doc2.mget(path("$..a"))).isEqualTo(bulk("[4,6]"));
        assertThat(doc1.mget(path(".nested"))).isEqualTo(bulk("{\"a\":3}"));
        assertThat(doc1.mget(path(".nope"))).isEqualTo(nil());
        assertThat(doc1.mget(path("$.nope"))).isEqualTo(bulk("[]"));
        assertThat(Document.missing().mget(path("$..a"))).isEqualTo(nil());
    }

    // ---- JSON.TYPE --------------------------------------------------------------------------

    @Test
    void typeNamesEachMatch() {
        Document d = doc("{\"a\":2, \"nested\": {\"a\": true}, \"foo\": \"bar\"}");
        assertThat(d.type(path("$..foo"))).isEqualTo(array(bulk("string")));
        assertThat(d.type(path("$..a"))).isEqualTo(array(bulk("integer"), bulk("boolean")));
        assertThat(d.type(path("$..dummy"))).isEqualTo(array());
    }

    @Test
    void typeDistinguishesEveryKind() {
        Document d = doc("{\"o\":{},\"a\":[],\"s\":\"\",\"i\":1,\"n\":1.5,\"b\":false,\"z\":null}");
        assertThat(d.type(path("$.*"))).isEqualTo(array(bulk("object"), bulk("array"), bulk("string"),
                bulk("integer"), bulk("number"), bulk("boolean"), bulk("null")));
        assertThat(d.type(path("."))).isEqualTo(bulk("object"));
    }

    @Test
    void typeWithALegacyPathAnswersTheFirstOrNil() {
        Document d = doc("{\"a\":2, \"nested\": {\"a\": true}}");
        assertThat(d.type(path("..a"))).isEqualTo(bulk("integer"));
        assertThat(d.type(path(".dummy"))).isEqualTo(nil());
        assertThat(Document.missing().type(path("$"))).isEqualTo(nil());
    }

    // ---- JSON.ARRLEN ------------------------------------------------------------------------

    @Test
    void arrLenAnswersEachArraysLengthAndNilForOthers() {
        assertThat(doc("{\"a\":[3], \"nested\": {\"a\": [3,4]}}").arrLen(path("$..a")))
                .isEqualTo(array(integer(1), integer(2)));
        assertThat(doc("{\"a\":[1,2,3,2], \"nested\": {\"a\": false}}").arrLen(path("$..a")))
                .isEqualTo(array(integer(4), nil()));
        assertThat(doc("[1,2]").arrLen(path("$"))).isEqualTo(array(integer(2)));
    }

    @Test
    void arrLenWithALegacyPathAnswersTheFirstMatchOrFails() {
        Document d = doc("{\"a\":[1,2,3,2], \"nested\": {\"a\": false}}");
        assertThat(d.arrLen(path(".a"))).isEqualTo(integer(4));
        assertThat(d.arrLen(path("..a"))).isEqualTo(integer(4));
        assertThatThrownBy(() -> d.arrLen(path(".nested.a")))
                .hasMessage("ERR Path '.nested.a' does not exist or not an array");
        assertThatThrownBy(() -> d.arrLen(path(".zz"))).hasMessage("ERR Path '.zz' does not exist");
    }

    @Test
    void arrLenOnAMissingKey() {
        assertThat(Document.missing().arrLen(path("."))).isEqualTo(nil());
        assertThatThrownBy(() -> Document.missing().arrLen(path("$")))
                .hasMessage("ERR could not perform this operation on a key that doesn't exist");
    }

    // ---- JSON.OBJKEYS -----------------------------------------------------------------------

    @Test
    void objKeysAnswersEachObjectsKeysAndNilForOthers() {
        Document d = doc("{\"a\":[3], \"nested\": {\"a\": {\"b\":2, \"c\": 1}}}");
        assertThat(d.objKeys(path("$..a"))).isEqualTo(array(nil(), array(bulk("b"), bulk("c"))));
        assertThat(d.objKeys(path("$"))).isEqualTo(array(array(bulk("a"), bulk("nested"))));
        assertThat(d.objKeys(path("$.zz"))).isEqualTo(array());
        assertThat(doc("{\"e\":{}}").objKeys(path("$.e"))).isEqualTo(array(array()));
    }

    @Test
    void objKeysWithALegacyPath() {
        Document d = doc("{\"a\":[3], \"nested\": {\"a\": {\"b\":2, \"c\": 1}}}");
        assertThat(d.objKeys(path(".nested.a"))).isEqualTo(array(bulk("b"), bulk("c")));
        assertThat(d.objKeys(path("."))).isEqualTo(array(bulk("a"), bulk("nested")));
        assertThat(d.objKeys(path(".zz"))).isEqualTo(nil());
        assertThatThrownBy(() -> d.objKeys(path(".a"))).hasMessage("ERR Path '.a' does not exist or not an object");
    }

    @Test
    void objKeysOnAMissingKey() {
        assertThat(Document.missing().objKeys(path("."))).isEqualTo(nil());
        assertThatThrownBy(() -> Document.missing().objKeys(path("$..a")))
                .hasMessage(DocumentErrors.NONEXISTENT_KEY);
    }

    @Test
    void readsDoNotChangeTheDocument() {
        Document d = doc("{\"a\":[1,{\"b\":2}]}");
        d.get(paths("$..b", ".a"), COMPACT);
        d.type(path("$..*"));
        d.arrLen(path("$..*"));
        d.objKeys(path("$..*"));
        d.mget(path("$.a"));
        assertThat(Fixtures.text(d)).isEqualTo("{\"a\":[1,{\"b\":2}]}");
    }
}
