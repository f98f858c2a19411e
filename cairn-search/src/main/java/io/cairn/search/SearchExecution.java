package io.cairn.search;

import io.cairn.common.InvalidRequestException;
import io.cairn.document.json.JsonParser;
import io.cairn.document.json.JsonString;
import io.cairn.document.json.JsonValue;
import io.cairn.search.index.LuceneQueries;
import io.cairn.search.index.QueryRunner;
import io.cairn.search.index.SearchIndex;
import io.cairn.search.index.TermHighlighter;
import io.cairn.search.query.QueryNode;
import io.cairn.search.query.QueryParser;
import io.cairn.search.schema.FieldSpec;
import io.cairn.search.schema.FieldType;
import io.cairn.search.schema.IndexDefinition;
import io.cairn.search.schema.SourceType;
import io.cairn.storage.engine.Store;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.Sort;

/**
 * {@code FT.SEARCH}: parses the query, waits until the index shows every write acknowledged before
 * the search ({@link SearchIndex#awaitVisible}), reads one page from a searcher, loads the hits'
 * content from the store and highlights it. Also builds the Lucene query that
 * {@link Aggregation} runs.
 *
 * <p>Stateless apart from its collaborators; thread-safe, so searches run concurrently on the
 * service's executor. Callers guarantee the index was looked up among the serving ones; one that
 * is dropped meanwhile answers {@link UnknownIndexException}.
 */
final class SearchExecution {
    private final Store store;
    private final FieldLoader loader;
    private final long visibilityTimeoutMillis;

    SearchExecution(Store store, FieldLoader loader, long visibilityTimeoutMillis) {
        this.store = store;
        this.loader = loader;
        this.visibilityTimeoutMillis = visibilityTimeoutMillis;
    }

    SearchResult search(SearchIndex idx, SearchRequest r) {
        Query query = query(idx, r.query(), r.language(), r.filters());
        Sort sort = r.sortBy() == null ? null : new Sort(QueryRunner.sortField(idx.definition(), r.sortBy(), r.ascending()));
        idx.awaitVisible(visibilityTimeoutMillis);
        IndexSearcher s = idx.acquire();
        QueryRunner.Page page;
        List<byte[]> keys;
        try {
            page = QueryRunner.page(s, query, sort, r.offset(), r.limit(), r.withScores());
            keys = QueryRunner.keys(s, page.hits());
        } finally {
            idx.release(s);
        }
        List<SearchResult.Hit> hits = new ArrayList<>(keys.size());
        if (r.noContent()) {
            // A key that expired and is not reclaimed yet is still indexed; it is gone for readers.
            List<Boolean> live = store.read(t -> keys.stream().map(t::exists).toList());
            for (int i = 0; i < keys.size(); i++) {
                if (live.get(i)) {
                    hits.add(new SearchResult.Hit(keys.get(i), page.hits()[i].score, null));
                }
            }
            return new SearchResult(page.total(), hits);
        }
        List<List<Map.Entry<String, byte[]>>> contents = loader.load(idx, keys, r.returnFields());
        Map<String, Set<String>> terms = r.highlight() == null ? Map.of() : termsByField(query);
        for (int i = 0; i < keys.size(); i++) {
            List<Map.Entry<String, byte[]>> fields = contents.get(i);
            if (fields == null) {
                continue; // deleted between the search and the load
            }
            if (r.highlight() != null) {
                fields = highlight(idx, fields, r, terms);
            }
            hits.add(new SearchResult.Hit(keys.get(i), page.hits()[i].score, fields));
        }
        return new SearchResult(page.total(), hits);
    }

    /** The Lucene query for {@code text} in {@code language} (null: the index's), with numeric {@code filters}. */
    static Query query(SearchIndex idx, String text, String language, List<SearchRequest.Filter> filters) {
        try {
            QueryNode node = QueryParser.parse(text);
            Query q = new LuceneQueries(idx.definition(), idx.queryAnalyzer(language)).translate(node);
            if (filters.isEmpty()) {
                return q;
            }
            BooleanQuery.Builder b = new BooleanQuery.Builder().add(q, Occur.MUST);
            for (SearchRequest.Filter f : filters) {
                QueryNode range = QueryParser.parse("@" + f.field() + ":[" + f.min() + " " + f.max() + "]");
                b.add(new LuceneQueries(idx.definition(), idx.queryAnalyzer(language)).translate(range), Occur.FILTER);
            }
            return b.build();
        } catch (IndexSearcher.TooManyClauses e) {
            throw new InvalidRequestException("Query has too many clauses (at most " + IndexSearcher.getMaxClauseCount() + ")");
        }
    }

    private static Map<String, Set<String>> termsByField(Query q) {
        Set<Term> terms = new HashSet<>();
        q.visit(QueryVisitor.termCollector(terms));
        Map<String, Set<String>> out = new HashMap<>();
        for (Term t : terms) {
            out.computeIfAbsent(t.field(), f -> new HashSet<>()).add(t.text());
        }
        return out;
    }

    private static List<Map.Entry<String, byte[]>> highlight(SearchIndex idx, List<Map.Entry<String, byte[]>> fields,
            SearchRequest r, Map<String, Set<String>> terms) {
        IndexDefinition d = idx.definition();
        Analyzer analyzer = idx.queryAnalyzer(r.language());
        SearchRequest.Highlight h = r.highlight();
        List<Map.Entry<String, byte[]>> out = new ArrayList<>(fields);
        if (r.returnFields() == null && d.source() == SourceType.JSON) {
            // The whole document was returned: add the highlighted TEXT fields after it.
            JsonValue root = JsonParser.parse(fields.getFirst().getValue());
            for (FieldSpec f : d.fields()) {
                if (f.type() == FieldType.TEXT && (h.fields().isEmpty() || h.fields().contains(f.name()))) {
                    List<JsonValue> vs = idx.mapper().values(f, root);
                    if (!vs.isEmpty() && vs.getFirst() instanceof JsonString s) {
                        out.add(FieldLoader.entry(f.name(), TermHighlighter.highlight(analyzer, f.name(), s.value(),
                                terms.getOrDefault(f.name(), Set.of()), h.open(), h.close())));
                    }
                }
            }
            return out;
        }
        for (int i = 0; i < out.size(); i++) {
            FieldSpec f = d.fieldByNameOrPath(out.get(i).getKey());
            if (f == null || f.type() != FieldType.TEXT) {
                continue;
            }
            if (!h.fields().isEmpty() && !h.fields().contains(f.name()) && !h.fields().contains(f.path())) {
                continue;
            }
            String text = new String(out.get(i).getValue(), StandardCharsets.UTF_8);
            out.set(i, FieldLoader.entry(out.get(i).getKey(), TermHighlighter.highlight(analyzer, f.name(), text,
                    terms.getOrDefault(f.name(), Set.of()), h.open(), h.close())));
        }
        return out;
    }
}
