package io.cairn.document;

import static io.cairn.document.Fixtures.doc;
import static io.cairn.document.Fixtures.integer;
import static io.cairn.document.Fixtures.json;
import static io.cairn.document.Fixtures.nil;
import static io.cairn.document.Fixtures.path;
import static io.cairn.document.Fixtures.text;
import static io.cairn.document.SetCondition.ALWAYS;
import static io.cairn.document.SetCondition.IF_ABSENT;
import static io.cairn.document.SetCondition.IF_PRESENT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.common.InvalidRequestException;
import io.cairn.document.WriteResult.Effect;
import io.cairn.document.json.JsonLimits;
import io.cairn.document.json.JsonLong;
import io.cairn.document.json.JsonObject;
import io.cairn.document.json.JsonValue;
import org.junit.jupiter.api.Test;

/** JSON.SET and JSON.DEL, with the examples of RedisJSON's command pages. */
class DocumentStructureTest {
    private static final WriteResult OK = new WriteResult(JsonReply.OK, Effect.CHANGED);
    private static final WriteResult NIL_UNCHANGED = new WriteResult(JsonReply.NIL, Effect.UNCHANGED);

    // ---- JSON.SET ---------------------------------------------------------------------------

    @Test
    void setReplacesAnExistingValue() {
        Document d = Document.missing();
        assertThat(d.set(path("$"), json("{\"a\":2}"), ALWAYS)).isEqualTo(OK);
        assertThat(d.set(path("$.a"), json("3"), ALWAYS)).isEqualTo(OK);
        assertThat(text(d)).isEqualTo("{\"a\":3}");
    }

    @Test
    void setAddsANewMemberToAnExistingObject() {
        Document d = doc("{\"a\":2}");
        assertThat(d.set(path("$.b"), json("8"), ALWAYS)).isEqualTo(OK);
        assertThat(text(d)).isEqualTo("{\"a\":2,\"b\":8}");
        assertThat(d.set(path("nested"), json("{}"), ALWAYS)).isEqualTo(OK);
        assertThat(d.set(path(".nested.x"), json("[1]"), ALWAYS)).isEqualTo(OK);
        assertThat(text(d)).isEqualTo("{\"a\":2,\"b\":8,\"nested\":{\"x\":[1]}}");
    }

    @Test
    void setUpdatesEveryMatch() {
        Document d = doc("{\"f1\": {\"a\":1}, \"f2\":{\"a\":2}}");
        assertThat(d.set(path("$..a"), json("3"), ALWAYS)).isEqualTo(OK);
        assertThat(text(d)).isEqualTo("{\"f1\":{\"a\":3},\"f2\":{\"a\":3}}");
        Document k1 = doc("{\"a\":{\"a\":1, \"b\":2, \"c\":3}}");
        k1.set(path("$.a.*"), json("0"), ALWAYS);
        assertThat(text(k1)).isEqualTo("{\"a\":{\"a\":0,\"b\":0,\"c\":0}}");
        Document k2 = doc("{\"a\": [1,2,3,4,5]}");
        k2.set(path("$.a[*]"), json("0"), ALWAYS);
        assertThat(text(k2)).isEqualTo("{\"a\":[0,0,0,0,0]}");
    }

    @Test
    void everyPlaceSetGetsItsOwnCopy() {
        Document d = doc("{\"f1\":{\"a\":1},\"f2\":{\"a\":2}}");
        d.set(path("$..a"), json("{\"n\":1}"), ALWAYS);
        d.numIncrBy(path("$.f1.a.n"), new JsonLong(10));
        assertThat(text(d)).isEqualTo("{\"f1\":{\"a\":{\"n\":11}},\"f2\":{\"a\":{\"n\":1}}}");
    }

    @Test
    void setOnAMatchAndItsDescendantKeepsTheOuterReplacement() {
        Document d = doc("{\"a\":{\"a\":1},\"b\":2}");
        assertThat(d.set(path("$..a"), json("{\"a\":5}"), ALWAYS)).isEqualTo(OK);
        assertThat(text(d)).isEqualTo("{\"a\":{\"a\":5},\"b\":2}");
    }

    @Test
    void aMissingKeyIsCreatedOnlyAtTheRoot() {
        Document d = Document.missing();
        assertThatThrownBy(() -> d.set(path("$.a"), json("1"), ALWAYS))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessage("ERR new objects must be created at the root");
        assertThatThrownBy(() -> d.set(path("a"), json("1"), IF_ABSENT))
                .hasMessage("ERR new objects must be created at the root");
        assertThat(d.exists()).isFalse();
        assertThat(d.set(path("."), json("[1]"), IF_ABSENT)).isEqualTo(OK);
        assertThat(text(d)).isEqualTo("[1]");
    }

    @Test
    void xxOnAMissingKeyDoesNothing() {
        Document d = Document.missing();
        assertThat(d.set(path("$"), json("1"), IF_PRESENT)).isEqualTo(NIL_UNCHANGED);
        assertThat(d.set(path("$.a"), json("1"), IF_PRESENT)).isEqualTo(NIL_UNCHANGED);
        assertThat(d.exists()).isFalse();
    }

    @Test
    void nxAndXxAtTheRootOfAnExistingKey() {
        Document d = doc("{\"a\":1}");
        assertThat(d.set(path("$"), json("2"), IF_ABSENT)).isEqualTo(NIL_UNCHANGED);
        assertThat(text(d)).isEqualTo("{\"a\":1}");
        assertThat(d.set(path("$"), json("[2]"), IF_PRESENT)).isEqualTo(OK);
        assertThat(text(d)).isEqualTo("[2]");
    }

    @Test
    void nxAddsOnlyAbsentMembers() {
        Document d = doc("{\"a\":1}");
        assertThat(d.set(path("$.a"), json("2"), IF_ABSENT)).isEqualTo(NIL_UNCHANGED);
        assertThat(d.set(path("$.b"), json("2"), IF_ABSENT)).isEqualTo(OK);
        assertThat(text(d)).isEqualTo("{\"a\":1,\"b\":2}");
    }

    @Test
    void xxReplacesOnlyPresentValues() {
        Document d = doc("{\"a\":1}");
        assertThat(d.set(path("$.b"), json("2"), IF_PRESENT)).isEqualTo(NIL_UNCHANGED);
        assertThat(d.set(path("$.a"), json("2"), IF_PRESENT)).isEqualTo(OK);
        assertThat(text(d)).isEqualTo("{\"a\":2}");
    }

    @Test
    void deeperMissingPathsAreNotCreated() {
        Document d = doc("{\"a\":{},\"n\":1,\"arr\":[]}");
        assertThat(d.set(path("$.x.y"), json("1"), ALWAYS)).isEqualTo(NIL_UNCHANGED);
        assertThat(d.set(path("$.n.y"), json("1"), ALWAYS)).isEqualTo(NIL_UNCHANGED);
        assertThat(d.set(path("$.arr.y"), json("1"), ALWAYS)).isEqualTo(NIL_UNCHANGED);
        assertThat(d.set(path(".a.b.c"), json("1"), ALWAYS)).isEqualTo(NIL_UNCHANGED);
        assertThat(text(d)).isEqualTo("{\"a\":{},\"n\":1,\"arr\":[]}");
    }

    @Test
    void aNewMemberNeedsAStaticPath() {
        Document d = doc("{\"a\":{\"b\":1}}");
        assertThatThrownBy(() -> d.set(path("$..zz"), json("1"), ALWAYS)).hasMessage("ERR wrong static path");
        assertThatThrownBy(() -> d.set(path("$.*.zz"), json("1"), ALWAYS)).hasMessage("ERR wrong static path");
        assertThatThrownBy(() -> d.set(path("$..b"), json("1"), IF_ABSENT)).hasMessage("ERR wrong static path");
        assertThat(d.set(path("$..b"), json("2"), ALWAYS)).isEqualTo(OK);
    }

    @Test
    void arrayElementsAreReplacedButNeverCreated() {
        Document d = doc("{\"arr\":[1,2,3]}");
        assertThat(d.set(path("$.arr[-1]"), json("9"), ALWAYS)).isEqualTo(OK);
        assertThat(d.set(path("$.arr[0]"), json("7"), IF_ABSENT)).isEqualTo(NIL_UNCHANGED);
        assertThatThrownBy(() -> d.set(path("$.arr[3]"), json("1"), ALWAYS)).hasMessage("ERR array index out of range");
        assertThatThrownBy(() -> d.set(path(".arr[-4]"), json("1"), ALWAYS)).hasMessage("ERR array index out of range");
        assertThat(text(d)).isEqualTo("{\"arr\":[1,2,9]}");
    }

    @Test
    void setThatWouldNestTooDeepIsRefusedAndChangesNothing() {
        Document d = Document.of(json("{\"a\":{}}"), new JsonLimits(3, 1 << 20));
        assertThatThrownBy(() -> d.set(path("$.a.b"), json("[[1]]"), ALWAYS)).hasMessage("ERR recursion limit exceeded");
        assertThatThrownBy(() -> d.set(path("$.a"), json("[[[1]]]"), ALWAYS)).hasMessage("ERR recursion limit exceeded");
        assertThat(text(d)).isEqualTo("{\"a\":{}}");
        assertThat(d.set(path("$.a.b"), json("[1]"), ALWAYS)).isEqualTo(OK);
        assertThat(d.root().depth()).isEqualTo(3);
    }

    @Test
    void aValueWrittenAtManyMatchesIsRefusedBeforeItIsCopiedPastTheSizeLimit() {
        StringBuilder members = new StringBuilder("{");
        for (int i = 0; i < 100; i++) {
            members.append(i == 0 ? "" : ",").append("\"m").append(i).append("\":0");
        }
        Document d = Document.of(json(members.append("}").toString()), new JsonLimits(128, 4_000));
        String value = "\"" + "x".repeat(50) + "\""; // 100 copies of ~52 bytes > 4,000
        assertThatThrownBy(() -> d.set(path("$.*"), json(value), ALWAYS))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessage("ERR document size: more than 4000 bytes once stored (expected: <= 4000)");
        assertThat(text(d)).contains("\"m99\":0").doesNotContain("xxx");
        assertThat(d.set(path("$.*"), json("\"" + "y".repeat(10) + "\""), ALWAYS)).isEqualTo(OK);
    }

    @Test
    void documentedStoreUpdate() {
        Document store = doc("{\"inventory\":{\"headphones\":[{\"price\":99.98},{\"price\":64.99}]}}");
        assertThat(store.set(path("$..headphones[0].price"), json("78.99"), ALWAYS)).isEqualTo(OK);
        assertThat(store.get(Fixtures.paths("$..headphones[0].price"), io.cairn.document.json.JsonFormat.COMPACT))
                .isEqualTo(Fixtures.bulk("[78.99]"));
    }

    @Test
    void theGivenValueBecomesPartOfTheDocument() {
        JsonValue value = json("{\"x\":1}");
        Document d = doc("{}");
        d.set(path("$.v"), value, ALWAYS);
        assertThat(((JsonObject) d.root()).get("v")).isSameAs(value);
    }

    // ---- JSON.DEL ---------------------------------------------------------------------------

    @Test
    void delRemovesEveryMatchAndCountsThem() {
        Document d = doc("{\"a\": 1, \"nested\": {\"a\": 2, \"b\": 3}}");
        assertThat(d.del(path("$..a"))).isEqualTo(new WriteResult(integer(2), Effect.CHANGED));
        assertThat(text(d)).isEqualTo("{\"nested\":{\"b\":3}}");
    }

    @Test
    void delOfTheRootDeletesTheKey() {
        assertThat(doc("{\"a\":1}").del(path("$"))).isEqualTo(new WriteResult(integer(1), Effect.KEY_DELETED));
        Document d = doc("[1]");
        assertThat(d.del(path("."))).isEqualTo(new WriteResult(integer(1), Effect.KEY_DELETED));
        assertThat(d.exists()).isFalse();
    }

    @Test
    void delOnAMissingKeyOrPathCountsZero() {
        assertThat(Document.missing().del(path("$"))).isEqualTo(new WriteResult(integer(0), Effect.UNCHANGED));
        Document d = doc("{\"a\":1}");
        assertThat(d.del(path("$.zz"))).isEqualTo(new WriteResult(integer(0), Effect.UNCHANGED));
        assertThat(d.del(path(".zz"))).isEqualTo(new WriteResult(integer(0), Effect.UNCHANGED));
        assertThat(text(d)).isEqualTo("{\"a\":1}");
    }

    @Test
    void aMatchInsideAnotherMatchGoesWithItAndIsNotCounted() {
        Document d = doc("{\"a\":{\"a\":{\"a\":1}},\"b\":2}");
        assertThat(d.del(path("$..a")).reply()).isEqualTo(integer(1));
        assertThat(text(d)).isEqualTo("{\"b\":2}");
        Document arrays = doc("{\"x\":[[1,2],[3]],\"y\":0}");
        assertThat(arrays.del(path("$..[0]")).reply()).isEqualTo(integer(2)); // [1,2] (with its 1) and 3
        assertThat(text(arrays)).isEqualTo("{\"x\":[[]],\"y\":0}");
    }

    @Test
    void arrayElementsAreRemovedFromTheHighestIndexDown() {
        Document d = doc("{\"arr\":[0,1,2,3,4],\"k\":1}");
        assertThat(d.del(path("$.arr[1,3]")).reply()).isEqualTo(integer(2));
        assertThat(text(d)).isEqualTo("{\"arr\":[0,2,4],\"k\":1}");
        assertThat(d.del(path("$.arr[0,0,-3]")).reply()).isEqualTo(integer(1));
        assertThat(text(d)).isEqualTo("{\"arr\":[2,4],\"k\":1}");
        assertThat(d.del(path("$.arr[*]")).reply()).isEqualTo(integer(2));
        assertThat(text(d)).isEqualTo("{\"arr\":[],\"k\":1}");
    }

    @Test
    void deletingTheLastValueOfTheRootDeletesTheKey() {
        Document d = doc("{\"a\":1}");
        assertThat(d.del(path("$.a"))).isEqualTo(new WriteResult(integer(1), Effect.KEY_DELETED));
        assertThat(d.exists()).isFalse();
        Document array = doc("[1,2]");
        assertThat(array.del(path("$[*]"))).isEqualTo(new WriteResult(integer(2), Effect.KEY_DELETED));
        Document stays = doc("{\"a\":{\"b\":1}}");
        assertThat(stays.del(path("$.a.b"))).isEqualTo(new WriteResult(integer(1), Effect.CHANGED));
        assertThat(text(stays)).isEqualTo("{\"a\":{}}");
    }

    @Test
    void delWithALegacyPathRemovesEveryMatchToo() {
        Document d = doc("{\"a\":1,\"n\":{\"a\":2},\"z\":0}");
        assertThat(d.del(path("..a")).reply()).isEqualTo(integer(2));
        assertThat(text(d)).isEqualTo("{\"n\":{},\"z\":0}");
    }

    @Test
    void setThenGetRoundTripsThroughTheStoredForm() {
        Document d = Document.missing();
        d.set(path("$"), json("{\"a\":[1,2.5,\"x\"]}"), ALWAYS);
        d.set(path("$.b"), json("null"), ALWAYS);
        Document reread = Document.decode(d.encode(), "k", JsonLimits.DEFAULT);
        assertThat(reread.root()).isEqualTo(d.root());
        assertThat(reread.get(java.util.List.of(), io.cairn.document.json.JsonFormat.COMPACT))
                .isEqualTo(Fixtures.bulk("{\"a\":[1,2.5,\"x\"],\"b\":null}"));
        assertThat(nil()).isEqualTo(JsonReply.NIL);
    }
}
