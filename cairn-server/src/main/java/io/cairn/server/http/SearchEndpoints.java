package io.cairn.server.http;

import io.cairn.document.json.JsonDouble;
import io.cairn.document.json.JsonLimits;
import io.cairn.document.json.JsonParser;
import io.cairn.document.json.JsonWriter;
import io.cairn.search.AggregateRequest;
import io.cairn.search.AggregateResult;
import io.cairn.search.IndexInfo;
import io.cairn.search.SearchRequest;
import io.cairn.search.SearchResult;
import io.cairn.search.SearchService;
import io.cairn.storage.engine.Store;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * {@code POST /indexes/{idx}/search}, {@code GET /indexes} and {@code GET /indexes/{idx}}. The body
 * is checked and translated on the event loop ({@link SearchBody}, then {@code SearchRequest.parse}
 * and {@code AggregateRequest.parse}, so a bad option fails at once); the search itself runs on
 * {@link SearchService#executor()}, and the reply waits until every write committed before the
 * request arrived is durable, as FT.SEARCH's does. Stateless apart from its collaborators;
 * thread-safe.
 */
final class SearchEndpoints {
    private final Store store;
    private final SearchService search;
    private final JsonLimits limits;

    SearchEndpoints(Store store, SearchService search, JsonLimits limits) {
        this.store = store;
        this.search = search;
        this.limits = limits;
    }

    CompletableFuture<ApiResponse> search(String index, byte[] body) {
        SearchBody b = SearchBody.parse(JsonParser.parse(body, 0, body.length, limits));
        SearchRequest request = SearchRequest.parse(b.query(), b.searchArgs());
        List<AggregateRequest> facets = new ArrayList<>(b.facets().size());
        for (SearchBody.Facet f : b.facets()) {
            facets.add(AggregateRequest.parse(b.query(), f.aggregateArgs(b.language())));
        }
        return offLoop(() -> {
            SearchResult result = search.search(index, request);
            List<AggregateResult> counts = new ArrayList<>(facets.size());
            for (AggregateRequest f : facets) {
                counts.add(search.aggregate(index, f));
            }
            return ApiResponse.of(HttpResponseStatus.OK, render(result, request, b.facets(), counts));
        });
    }

    /** {@code {"indexes":["books",...]}}, sorted by name. */
    ApiResponse list() {
        StringBuilder sb = new StringBuilder("{\"indexes\":[");
        List<String> names = search.list();
        for (int i = 0; i < names.size(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            JsonWriter.writeString(names.get(i), sb);
        }
        return ApiResponse.of(HttpResponseStatus.OK, sb.append("]}").toString());
    }

    /** FT.INFO's main numbers. */
    CompletableFuture<ApiResponse> info(String index) {
        return offLoop(() -> {
            IndexInfo i = search.info(index);
            StringBuilder sb = new StringBuilder("{\"index\":");
            JsonWriter.writeString(index, sb);
            sb.append(",\"num_docs\":").append(i.numDocs())
                    .append(",\"indexing\":").append(i.indexing())
                    .append(",\"percent_indexed\":").append(number(i.percentIndexed()))
                    .append(",\"failures\":").append(i.indexingFailures())
                    .append(",\"last_failure\":");
            if (i.lastIndexingFailure() == null) {
                sb.append("null");
            } else {
                JsonWriter.writeString(i.lastIndexingFailure(), sb);
            }
            sb.append(",\"state\":");
            JsonWriter.writeString(i.state(), sb);
            return ApiResponse.of(HttpResponseStatus.OK, sb.append('}').toString());
        });
    }

    /** Runs {@code work} on the search executor; its reply then waits for what the request could see to be durable. */
    private CompletableFuture<ApiResponse> offLoop(Supplier<ApiResponse> work) {
        long lsn = store.lastLsn();
        return CompletableFuture.supplyAsync(work, search.executor())
                .thenCompose(r -> store.whenDurable(lsn).thenApply(v -> r));
    }

    /**
     * {@code {"total":N,"results":[...],"facets":{...}}}. A hit carries its key, its score under
     * withScores, and either {@code document} (the whole JSON document, embedded as JSON, with
     * {@code highlights} of its TEXT fields when asked) or {@code fields} (the returned fields, as
     * strings, as FT.SEARCH returns them); neither under noContent.
     */
    static String render(SearchResult r, SearchRequest req, List<SearchBody.Facet> facets, List<AggregateResult> counts) {
        StringBuilder sb = new StringBuilder(256).append("{\"total\":").append(r.total()).append(",\"results\":[");
        boolean firstHit = true;
        for (SearchResult.Hit h : r.hits()) {
            sb.append(firstHit ? "{\"key\":" : ",{\"key\":");
            firstHit = false;
            JsonWriter.writeString(new String(h.key(), StandardCharsets.UTF_8), sb);
            if (req.withScores()) {
                sb.append(",\"score\":").append(number(h.score()));
            }
            List<Map.Entry<String, byte[]>> fields = h.fields();
            if (fields != null) {
                if (req.returnFields() == null && !fields.isEmpty() && fields.getFirst().getKey().equals("$")) {
                    // The document text comes from the store's JSON writer: valid JSON, embedded as it is.
                    sb.append(",\"document\":").append(new String(fields.getFirst().getValue(), StandardCharsets.UTF_8));
                    if (fields.size() > 1) {
                        sb.append(",\"highlights\":");
                        strings(fields.subList(1, fields.size()), sb);
                    }
                } else {
                    sb.append(",\"fields\":");
                    strings(fields, sb);
                }
            }
            sb.append('}');
        }
        sb.append(']');
        if (!facets.isEmpty()) {
            sb.append(",\"facets\":{");
            for (int i = 0; i < facets.size(); i++) {
                if (i > 0) {
                    sb.append(',');
                }
                JsonWriter.writeString(facets.get(i).field(), sb);
                sb.append(':');
                facet(facets.get(i).field(), counts.get(i), sb);
            }
            sb.append('}');
        }
        return sb.append('}').toString();
    }

    /** {@code [{"value":"classic","count":2},...]} from rows of (field, value), (count, n). */
    private static void facet(String field, AggregateResult r, StringBuilder sb) {
        sb.append('[');
        boolean first = true;
        for (List<Map.Entry<String, byte[]>> row : r.rows()) {
            byte[] value = null;
            byte[] count = null;
            for (Map.Entry<String, byte[]> e : row) { // the group value comes first, the reducer last
                if (e.getKey().equals(field) && value == null) {
                    value = e.getValue();
                } else if (e.getKey().equals(SearchBody.COUNT)) {
                    count = e.getValue();
                }
            }
            sb.append(first ? "{\"value\":" : ",{\"value\":");
            first = false;
            if (value == null) {
                sb.append("null");
            } else {
                JsonWriter.writeString(new String(value, StandardCharsets.UTF_8), sb);
            }
            sb.append(",\"count\":").append(count == null ? "0" : integerText(new String(count, StandardCharsets.US_ASCII)));
            sb.append('}');
        }
        sb.append(']');
    }

    /** An object of name to string (null for a missing value); a repeated name keeps its first value. */
    private static void strings(List<Map.Entry<String, byte[]>> fields, StringBuilder sb) {
        sb.append('{');
        Set<String> seen = new HashSet<>();
        boolean first = true;
        for (Map.Entry<String, byte[]> e : fields) {
            if (!seen.add(e.getKey())) {
                continue;
            }
            if (!first) {
                sb.append(',');
            }
            first = false;
            JsonWriter.writeString(e.getKey(), sb);
            sb.append(':');
            if (e.getValue() == null) {
                sb.append("null");
            } else {
                JsonWriter.writeString(new String(e.getValue(), StandardCharsets.UTF_8), sb);
            }
        }
        sb.append('}');
    }

    private static String integerText(String s) {
        try {
            return Long.toString(Long.parseLong(s.strip()));
        } catch (NumberFormatException e) {
            StringBuilder sb = new StringBuilder();
            JsonWriter.writeString(s, sb);
            return sb.toString();
        }
    }

    /** A JSON number, or null where the double is not finite (JSON has no NaN). */
    private static String number(double d) {
        return Double.isFinite(d) ? JsonWriter.write(new JsonDouble(d)) : "null";
    }
}
