package io.cairn.document.path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.cairn.document.path.Selector.Index;
import io.cairn.document.path.Selector.Name;
import io.cairn.document.path.Selector.Slice;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class PathParserTest {
    private static Segment child(Selector... selectors) {
        return new Segment(false, List.of(selectors));
    }

    private static Segment descendant(Selector... selectors) {
        return new Segment(true, List.of(selectors));
    }

    private static Name name(String key) {
        return new Name(key);
    }

    private static Index index(long i) {
        return new Index(i);
    }

    static Stream<Arguments> jsonPaths() {
        return Stream.of(
                arguments("$", List.of()),
                arguments("$.a.b", List.of(child(name("a")), child(name("b")))),
                arguments("$['a']['b c']", List.of(child(name("a")), child(name("b c")))),
                arguments("$[\"x\"][\"it's\"]", List.of(child(name("x")), child(name("it's")))),
                arguments("$['it\\'s']", List.of(child(name("it's")))),
                arguments("$['\\u00e9\\n']", List.of(child(name("é\n")))),
                arguments("$.free-shipping", List.of(child(name("free-shipping")))),
                arguments("$.a$b_c9", List.of(child(name("a$b_c9")))),
                arguments("$.é", List.of(child(name("é")))),
                arguments("$[0]", List.of(child(index(0)))),
                arguments("$.a[-1]", List.of(child(name("a")), child(index(-1)))),
                arguments("$[*]", List.of(child(Selector.WILDCARD))),
                arguments("$.*", List.of(child(Selector.WILDCARD))),
                arguments("$..a", List.of(descendant(name("a")))),
                arguments("$..*", List.of(descendant(Selector.WILDCARD))),
                arguments("$..[0]", List.of(descendant(index(0)))),
                arguments("$.[0]", List.of(child(index(0)))),
                arguments("$[0,1]", List.of(child(index(0), index(1)))),
                arguments("$[ 'a' , 'b' ]", List.of(child(name("a"), name("b")))),
                arguments("$['a',0,*]", List.of(child(name("a"), index(0), Selector.WILDCARD))),
                arguments("$[1:3]", List.of(child(new Slice(1L, 3L, 1)))),
                arguments("$[::2]", List.of(child(new Slice(null, null, 2)))),
                arguments("$[:-1]", List.of(child(new Slice(null, -1L, 1)))),
                arguments("$[-2:]", List.of(child(new Slice(-2L, null, 1)))),
                arguments("$..headphones[0:2].name",
                        List.of(descendant(name("headphones")), child(new Slice(0L, 2L, 1)), child(name("name")))));
    }

    @ParameterizedTest
    @MethodSource("jsonPaths")
    void parsesJsonPath(String text, List<Segment> segments) {
        JsonPath path = JsonPath.parse(text);
        assertThat(path.isLegacy()).isFalse();
        assertThat(path.segments()).isEqualTo(segments);
        assertThat(path.text()).isEqualTo(text);
    }

    static Stream<Arguments> legacyPaths() {
        return Stream.of(
                arguments(".", List.of()),
                arguments(".a", List.of(child(name("a")))),
                arguments("a", List.of(child(name("a")))),
                arguments("a.b", List.of(child(name("a")), child(name("b")))),
                arguments(".a[0]", List.of(child(name("a")), child(index(0)))),
                arguments("[\"x\"]", List.of(child(name("x")))),
                arguments("['inventory'][\"headphones\"]", List.of(child(name("inventory")), child(name("headphones")))),
                arguments("inventory[\"headphones\"]", List.of(child(name("inventory")), child(name("headphones")))),
                arguments("$foo", List.of(child(name("$foo")))),
                arguments("..a", List.of(descendant(name("a")))),
                arguments("a..b", List.of(child(name("a")), descendant(name("b")))),
                arguments("*", List.of(child(Selector.WILDCARD))),
                arguments(".a.*", List.of(child(name("a")), child(Selector.WILDCARD))));
    }

    @ParameterizedTest
    @MethodSource("legacyPaths")
    void parsesLegacyPath(String text, List<Segment> segments) {
        JsonPath path = JsonPath.parse(text);
        assertThat(path.isLegacy()).isTrue();
        assertThat(path.segments()).isEqualTo(segments);
    }

    @Test
    void rootIsDollarOrDot() {
        assertThat(JsonPath.parse("$").isRoot()).isTrue();
        assertThat(JsonPath.parse(".").isRoot()).isTrue();
        assertThat(JsonPath.parse("$.a").isRoot()).isFalse();
        assertThat(JsonPath.ROOT.isLegacy()).isFalse();
        assertThat(JsonPath.LEGACY_ROOT.isLegacy()).isTrue();
    }

    @Test
    void onlyNamesAndIndexesAreStatic() {
        assertThat(JsonPath.parse("$.a[0].b").isStatic()).isTrue();
        assertThat(JsonPath.parse("a[-1]").isStatic()).isTrue();
        assertThat(JsonPath.parse("$").isStatic()).isTrue();
        assertThat(JsonPath.parse("$..a").isStatic()).isFalse();
        assertThat(JsonPath.parse("$.a[*]").isStatic()).isFalse();
        assertThat(JsonPath.parse("$['a','b']").isStatic()).isFalse();
        assertThat(JsonPath.parse("$[1:2]").isStatic()).isFalse();
    }

    @Test
    void parentDropsTheLastStep() {
        JsonPath path = JsonPath.parse("$.a[0].b");
        assertThat(path.parent().segments()).isEqualTo(List.of(child(name("a")), child(index(0))));
        assertThat(path.lastSelector()).isEqualTo(name("b"));
        assertThat(JsonPath.ROOT.parent().isRoot()).isTrue();
        assertThat(JsonPath.ROOT.lastSelector()).isNull();
    }

    static Stream<Arguments> malformed() {
        return Stream.of(
                arguments("", 0, "path is empty, expected '$' or a legacy path"),
                arguments("$.", 2, "unexpected end of path, expected a name, '*' or '[' after '.'"),
                arguments("$..", 3, "unexpected end of path, expected a name, '*' or '[' after '..'"),
                arguments("$...a", 3, "expected a name, '*' or '[' after '..'"),
                arguments("$.a b", 3, "expected '.' or '['"),
                arguments("$.a[", 4, "unexpected end of path, expected a quoted name, an index, a slice or '*'"),
                arguments("$.a[0", 5, "unexpected end of path, expected ',' or ']'"),
                arguments("$['a'x]", 5, "expected ',' or ']'"),
                arguments("$[a]", 2, "expected a quoted name, an index, a slice or '*'"),
                arguments("$['a]", 5, "unexpected end of path, unterminated name, expected '"),
                arguments("$['a\\x']", 5, "invalid escape in name"),
                arguments("$['\\u12']", 7, "invalid \\u escape, expected 4 hex digits"),
                arguments("$[-]", 3, "expected a digit after '-'"),
                arguments("$[99999999999999999999]", 2, "index out of range"),
                arguments("$[1:2:0]", 6, "slice step: 0 (expected: >= 1)"),
                arguments("$[::-1]", 4, "slice step: -1 (expected: >= 1)"),
                arguments("$[?(@.price<10)]", 2, "filter and script expressions are not supported"),
                arguments("$.a[(@.length-1)]", 4, "filter and script expressions are not supported"),
                arguments(".a..", 4, "unexpected end of path, expected a name, '*' or '[' after '..'"),
                arguments("a b", 1, "expected '.' or '['"),
                arguments("]", 0, "expected a name, '*' or '['"));
    }

    @ParameterizedTest
    @MethodSource("malformed")
    void refusesMalformedPathsNamingTheOffset(String text, int offset, String problem) {
        assertThatThrownBy(() -> JsonPath.parse(text))
                .isInstanceOf(PathSyntaxException.class)
                .hasMessage("JSON Path error: " + problem + " at offset " + offset + " in '" + text + "'")
                .satisfies(e -> assertThat(((PathSyntaxException) e).offset()).isEqualTo(offset));
    }

    @Test
    void refusesUnpairedSurrogatesInQuotedNamesButAcceptsPairs() {
        for (String path : List.of("$[\"\\udc00\"]", "$['\\ud800x']", "$['\\ud800']")) {
            assertThatThrownBy(() -> JsonPath.parse(path)).as(path)
                    .isInstanceOf(PathSyntaxException.class)
                    .hasMessageContaining("unpaired surrogate");
        }
        assertThat(JsonPath.parse("$['\\ud83d\\ude00']").toString()).isNotEmpty();
    }
}
