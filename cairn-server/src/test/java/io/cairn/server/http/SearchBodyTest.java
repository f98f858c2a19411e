package io.cairn.server.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.document.json.JsonParser;
import io.cairn.search.AggregateRequest;
import io.cairn.search.SearchRequest;
import java.util.List;
import org.junit.jupiter.api.Test;

class SearchBodyTest {
    private static SearchBody parse(String json) {
        return SearchBody.parse(JsonParser.parse(json));
    }

    @Test
    void onlyTheQueryIsRequired() {
        SearchBody b = parse("{\"query\":\"wizard\"}");
        assertThat(b.query()).isEqualTo("wizard");
        assertThat(b.searchArgs()).isEmpty();
        assertThat(b.facets()).isEmpty();
        assertThat(b.returnFields()).isNull();
    }

    @Test
    void everyMemberBecomesItsFtSearchOption() {
        SearchBody b = parse("""
                {"query":"@genres:{classic}", "return":["title","$.year"], "noContent":false, "withScores":true,
                 "sort":{"field":"year","order":"desc"}, "offset":5, "limit":20, "language":"french",
                 "highlight":{"fields":["title"],"open":"[","close":"]"}}""");
        assertThat(b.searchArgs()).containsExactly("WITHSCORES", "RETURN", "2", "title", "$.year",
                "SORTBY", "year", "DESC", "LIMIT", "5", "20", "LANGUAGE", "french",
                "HIGHLIGHT", "FIELDS", "1", "title", "TAGS", "[", "]");
        SearchRequest r = SearchRequest.parse(b.query(), b.searchArgs());
        assertThat(r.withScores()).isTrue();
        assertThat(r.noContent()).isFalse();
        assertThat(r.returnFields()).containsExactly("title", "$.year");
        assertThat(r.sortBy()).isEqualTo("year");
        assertThat(r.ascending()).isFalse();
        assertThat(r.offset()).isEqualTo(5);
        assertThat(r.limit()).isEqualTo(20);
        assertThat(r.language()).isEqualTo("french");
        assertThat(r.highlight()).isEqualTo(new SearchRequest.Highlight(List.of("title"), "[", "]"));
    }

    @Test
    void shortFormsAndDefaults() {
        SearchBody b = parse("{\"query\":\"*\",\"sort\":\"year\",\"limit\":3,\"highlight\":true,\"noContent\":true,"
                + "\"facets\":[\"@genres\",{\"field\":\"year\"}]}");
        assertThat(b.searchArgs()).containsExactly("NOCONTENT", "SORTBY", "year", "ASC", "LIMIT", "0", "3", "HIGHLIGHT");
        assertThat(b.facets()).containsExactly(new SearchBody.Facet("genres", 10), new SearchBody.Facet("year", 10));
        assertThat(parse("{\"query\":\"*\",\"return\":[]}").searchArgs()).containsExactly("RETURN", "0");
        assertThat(parse("{\"query\":\"*\",\"highlight\":{}}").searchArgs()).containsExactly("HIGHLIGHT");
        assertThat(parse("{\"query\":\"*\",\"offset\":10}").searchArgs()).containsExactly("LIMIT", "10", "10");
    }

    @Test
    void aFacetIsAGroupByCountSortedByCount() {
        SearchBody b = parse("{\"query\":\"*\",\"language\":\"german\",\"facets\":[{\"field\":\"genres\",\"limit\":3}]}");
        List<String> args = b.facets().getFirst().aggregateArgs(b.language());
        assertThat(args).containsExactly("GROUPBY", "1", "@genres", "REDUCE", "COUNT", "0", "AS", "count",
                "SORTBY", "2", "@count", "DESC", "MAX", "3", "LANGUAGE", "german");
        AggregateRequest r = AggregateRequest.parse(b.query(), args);
        assertThat(r.groupBy()).containsExactly("genres");
        assertThat(r.sortMax()).isEqualTo(3);
        assertThat(r.reducers().getFirst().alias()).isEqualTo("count");
    }

    @Test
    void badMembersAreNamedWithTheirValueAndWhatWasExpected() {
        assertThatThrownBy(() -> parse("[1]")).hasMessage("search body: [1] (expected: a JSON object with a \"query\")");
        assertThatThrownBy(() -> parse("{}")).hasMessageStartingWith("query: missing");
        assertThatThrownBy(() -> parse("{\"query\":7}")).hasMessage("query: 7 (expected: a string)");
        assertThatThrownBy(() -> parse("{\"query\":\"*\",\"limit\":\"10\"}"))
                .hasMessage("limit: \"10\" (expected: an integer)");
        assertThatThrownBy(() -> parse("{\"query\":\"*\",\"limit\":1.5}")).hasMessage("limit: 1.5 (expected: an integer)");
        assertThatThrownBy(() -> parse("{\"query\":\"*\",\"withScores\":1}"))
                .hasMessage("withScores: 1 (expected: true or false)");
        assertThatThrownBy(() -> parse("{\"query\":\"*\",\"return\":[\"a\",2]}"))
                .hasMessage("return: [\"a\",2] (expected: an array of strings)");
        assertThatThrownBy(() -> parse("{\"query\":\"*\",\"sort\":{\"field\":\"y\",\"order\":\"up\"}}"))
                .hasMessage("sort.order: \"up\" (expected: \"asc\" or \"desc\")");
        assertThatThrownBy(() -> parse("{\"query\":\"*\",\"sort\":{\"order\":\"asc\"}}")).hasMessageStartingWith("sort.field: missing");
        assertThatThrownBy(() -> parse("{\"query\":\"*\",\"facets\":[{\"field\":\"g\",\"limit\":0}]}"))
                .hasMessageStartingWith("facets[0].limit: 0 (expected: 1 <= limit");
        assertThatThrownBy(() -> parse("{\"query\":\"*\",\"facets\":{\"field\":\"g\"}}")).hasMessageStartingWith("facets: {");
        assertThatThrownBy(() -> parse("{\"query\":\"*\",\"size\":3}"))
                .hasMessageStartingWith("search body: unknown member \"size\" (expected one of: facets, highlight,");
        assertThatThrownBy(() -> parse("{\"query\":\"*\",\"highlight\":{\"tags\":1}}"))
                .hasMessage("highlight: unknown member \"tags\" (expected one of: close, fields, open)");
    }

    @Test
    void aFieldValueCannotBeReadAsAnOption() {
        // Every value is its own argument, counted where FT.SEARCH counts: a field named LIMIT stays a field.
        SearchBody b = parse("{\"query\":\"*\",\"return\":[\"LIMIT\",\"NOCONTENT\"],\"sort\":{\"field\":\"DESC\"}}");
        SearchRequest r = SearchRequest.parse(b.query(), b.searchArgs());
        assertThat(r.returnFields()).containsExactly("LIMIT", "NOCONTENT");
        assertThat(r.noContent()).isFalse();
        assertThat(r.sortBy()).isEqualTo("DESC");
        assertThat(r.limit()).isEqualTo(10);
    }
}
