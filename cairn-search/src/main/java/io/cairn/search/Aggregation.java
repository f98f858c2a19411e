package io.cairn.search;

import io.cairn.common.InvalidRequestException;
import io.cairn.search.index.QueryRunner;
import io.cairn.search.index.SearchIndex;
import java.nio.charset.StandardCharsets;
import java.util.AbstractMap.SimpleImmutableEntry;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.Sort;

/**
 * {@code FT.AGGREGATE}: with {@code GROUPBY}, groups the matches and reduces each group into a
 * row, then sorts and pages the rows; without it, returns a page of the matches with the fields
 * {@code LOAD} names. {@code WITHCURSOR} hands the rest to a cursor in the {@link CursorTable}.
 * Waits for visibility as a search does.
 *
 * <p>Stateless apart from its collaborators; thread-safe. Callers guarantee the index was looked
 * up among the serving ones.
 */
final class Aggregation {
    /** Rows without {@code LIMIT}, as RediSearch. */
    private static final int DEFAULT_LIMIT = 10;

    private final FieldLoader loader;
    private final CursorTable cursors;
    private final long visibilityTimeoutMillis;

    Aggregation(FieldLoader loader, CursorTable cursors, long visibilityTimeoutMillis) {
        this.loader = loader;
        this.cursors = cursors;
        this.visibilityTimeoutMillis = visibilityTimeoutMillis;
    }

    AggregateResult aggregate(SearchIndex idx, AggregateRequest r) {
        Query query = SearchExecution.query(idx, r.query(), r.language(), List.of());
        idx.awaitVisible(visibilityTimeoutMillis);
        if (!r.groupBy().isEmpty()) {
            List<QueryRunner.Group> groups;
            IndexSearcher s = idx.acquire();
            try {
                groups = QueryRunner.group(s, query, idx.definition(), r);
            } finally {
                idx.release(s);
            }
            List<List<Map.Entry<String, byte[]>>> rows = groupRows(r, groups);
            if (r.withCursor()) {
                return cursors.openOnRows(idx, r, rows);
            }
            return new AggregateResult(groups.size(), rows, 0);
        }
        Sort sort = r.sortBy().isEmpty() ? null : QueryRunner.sort(idx.definition(), r.sortBy());
        if (r.withCursor()) {
            return cursors.openOnHits(idx, idx.acquire(), query, sort, r);
        }
        IndexSearcher s = idx.acquire();
        QueryRunner.Page page;
        List<byte[]> keys;
        try {
            int limit = r.limit() < 0 ? DEFAULT_LIMIT : r.limit();
            if (r.sortMax() > 0) {
                limit = Math.min(limit, Math.max(0, r.sortMax() - r.offset()));
            }
            page = QueryRunner.page(s, query, sort, r.offset(), limit, false);
            keys = QueryRunner.keys(s, page.hits());
        } finally {
            idx.release(s);
        }
        return new AggregateResult(page.total(), loader.rows(idx, keys, r.load()), 0);
    }

    private static List<List<Map.Entry<String, byte[]>>> groupRows(AggregateRequest r, List<QueryRunner.Group> groups) {
        List<List<Map.Entry<String, byte[]>>> rows = new ArrayList<>(groups.size());
        for (QueryRunner.Group g : groups) {
            List<Map.Entry<String, byte[]>> row = new ArrayList<>();
            for (int i = 0; i < r.groupBy().size(); i++) {
                String v = g.key().get(i);
                row.add(new SimpleImmutableEntry<>(r.groupBy().get(i), v == null ? null : v.getBytes(StandardCharsets.UTF_8)));
            }
            for (int i = 0; i < r.reducers().size(); i++) {
                row.add(FieldLoader.entry(r.reducers().get(i).alias(), g.values().get(i)));
            }
            rows.add(row);
        }
        if (!r.sortBy().isEmpty()) {
            Set<String> known = new HashSet<>(r.groupBy());
            r.reducers().forEach(x -> known.add(x.alias()));
            for (AggregateRequest.SortKey k : r.sortBy()) {
                if (!known.contains(k.property())) {
                    throw new InvalidRequestException("Property `" + k.property() + "` not loaded nor in pipeline");
                }
            }
            rows.sort(rowOrder(r.sortBy()));
        }
        int from = Math.min(rows.size(), r.offset());
        int to = rows.size();
        if (r.sortMax() > 0) {
            to = Math.min(to, r.sortMax());
        }
        if (r.limit() >= 0) {
            to = (int) Math.min(to, (long) from + r.limit());
        }
        return new ArrayList<>(rows.subList(from, Math.max(from, to)));
    }

    private static Comparator<List<Map.Entry<String, byte[]>>> rowOrder(List<AggregateRequest.SortKey> keys) {
        return (a, b) -> {
            for (AggregateRequest.SortKey k : keys) {
                int c = compareValues(value(a, k.property()), value(b, k.property()));
                if (c != 0) {
                    return k.ascending() ? c : -c;
                }
            }
            return 0;
        };
    }

    private static String value(List<Map.Entry<String, byte[]>> row, String property) {
        for (Map.Entry<String, byte[]> e : row) {
            if (e.getKey().equals(property)) {
                return e.getValue() == null ? null : new String(e.getValue(), StandardCharsets.UTF_8);
            }
        }
        return null;
    }

    /** Numbers numerically, else strings; missing last. */
    private static int compareValues(String a, String b) {
        if (a == null || b == null) {
            return a == null ? (b == null ? 0 : 1) : -1;
        }
        try {
            return Double.compare(Double.parseDouble(a), Double.parseDouble(b));
        } catch (NumberFormatException e) {
            return a.compareTo(b);
        }
    }
}
