package io.cairn.search.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.search.query.QueryNode.And;
import io.cairn.search.query.QueryNode.Not;
import io.cairn.search.query.QueryNode.Or;
import io.cairn.search.query.QueryNode.Phrase;
import io.cairn.search.query.QueryNode.Range;
import io.cairn.search.query.QueryNode.Tag;
import io.cairn.search.query.QueryNode.Tags;
import io.cairn.search.query.QueryNode.Term;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class QueryParserTest {

    private static Term term(String t) {
        return new Term(List.of(), t, false, 0);
    }

    @Test
    void wordsIntersectAndPipesUniteWithLowerPrecedence() {
        assertThat(QueryParser.parse("hello world")).isEqualTo(new And(List.of(term("hello"), term("world"))));
        assertThat(QueryParser.parse("a b | c d")).isEqualTo(new Or(List.of(
                new And(List.of(term("a"), term("b"))), new And(List.of(term("c"), term("d"))))));
        assertThat(QueryParser.parse("a (b | c)")).isEqualTo(new And(List.of(term("a"),
                new Or(List.of(term("b"), term("c"))))));
    }

    @Test
    void negationOptionalPrefixFuzzyAndPhrase() {
        assertThat(QueryParser.parse("wolf -sheep")).isEqualTo(new And(List.of(term("wolf"), new Not(term("sheep")))));
        assertThat(QueryParser.parse("~maybe")).isEqualTo(new QueryNode.Optional(term("maybe")));
        assertThat(QueryParser.parse("run*")).isEqualTo(new Term(List.of(), "run", true, 0));
        assertThat(QueryParser.parse("%%helo%%")).isEqualTo(new Term(List.of(), "helo", false, 2));
        assertThat(QueryParser.parse("\"the quick fox\"")).isEqualTo(new Phrase(List.of(), "the quick fox"));
        assertThat(QueryParser.parse("*")).isEqualTo(new QueryNode.All());
    }

    @Test
    void fieldsScopeTheirExpressionOnly() {
        assertThat(QueryParser.parse("@title:hello world")).isEqualTo(new And(List.of(
                new Term(List.of("title"), "hello", false, 0), term("world"))));
        assertThat(QueryParser.parse("@title|body:(a | b)")).isEqualTo(new Or(List.of(
                new Term(List.of("title", "body"), "a", false, 0), new Term(List.of("title", "body"), "b", false, 0))));
        assertThat(QueryParser.parse("@title:\"x y\"")).isEqualTo(new Phrase(List.of("title"), "x y"));
    }

    @Test
    void numericRangesWithExclusiveAndInfiniteBounds() {
        assertThat(QueryParser.parse("@year:[2000 (2010]")).isEqualTo(new Range("year", 2000, true, 2010, false));
        assertThat(QueryParser.parse("@p:[-inf +inf]")).isEqualTo(new Range("p", Double.NEGATIVE_INFINITY, true,
                Double.POSITIVE_INFINITY, true));
        assertThat(QueryParser.parse("@p:[(1.5 inf]")).isEqualTo(new Range("p", 1.5, false, Double.POSITIVE_INFINITY, true));
        assertThat(QueryParser.parse("@p:[-3, 4]")).isEqualTo(new Range("p", -3, true, 4, true));
    }

    @Test
    void tagsWithSpacesEscapesAndPrefixes() {
        assertThat(QueryParser.parse("@tags:{ new york | paris* }")).isEqualTo(new Tags("tags",
                List.of(new Tag("new york", false), new Tag("paris", true))));
        assertThat(QueryParser.parse("@tags:{a\\|b}")).isEqualTo(new Tags("tags", List.of(new Tag("a|b", false))));
        assertThat(QueryParser.parse("@tags:{star\\*}")).isEqualTo(new Tags("tags", List.of(new Tag("star*", false))));
    }

    @Test
    void escapedCharactersAreWordCharacters() {
        assertThat(QueryParser.parse("c\\+\\+")).isEqualTo(term("c++"));
        assertThat(QueryParser.parse("hello\\ world")).isEqualTo(term("hello world"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '#', value = {
            "\"unterminated phrase#Syntax error at offset 0 near \"unterminated",
            "(a b#Syntax error at offset 4 near the end of the query",
            "a b)#Syntax error at offset 3 near )",
            "@title:#Syntax error at offset 7 near the end of the query",
            "@title hello#Syntax error at offset 0 near @title",
            "@year:[1 x]#Syntax error at offset 9 near x]",
            "@year:[1 2#Syntax error at offset 6 near [1",
            "@tags:{}#Syntax error at offset 6 near {}",
            "@tags:{a#Syntax error at offset 6 near {a",
            "a*#Syntax error at offset 0 near a*",
            "%%%%a%%%%#Syntax error at offset 0 near %%%%a%%%%",
            "%a#Syntax error at offset 0 near %a",
            "a | | b#Syntax error at offset 4 near |",
            "'   '#Syntax error at offset 0 near the empty query; use * for every document",
    })
    void malformedQueriesSayWhere(String query, String message) {
        String q = query.equals("'   '") ? "   " : query;
        assertThatThrownBy(() -> QueryParser.parse(q)).isInstanceOf(QuerySyntaxException.class).hasMessage(message);
    }

    @Test
    void deepNestingIsRefusedNotAStackOverflow() {
        String q = "(".repeat(10_000) + "a" + ")".repeat(10_000);
        assertThatThrownBy(() -> QueryParser.parse(q)).isInstanceOf(QuerySyntaxException.class)
                .hasMessageContaining("nests deeper than 128");
        String negations = "-".repeat(10_000) + "a";
        assertThatThrownBy(() -> QueryParser.parse(negations)).isInstanceOf(QuerySyntaxException.class);
    }
}
