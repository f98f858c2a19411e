package io.cairn.search.index;

import io.cairn.common.InvalidRequestException;
import io.cairn.search.AggregateRequest;
import io.cairn.search.schema.FieldSpec;
import io.cairn.search.schema.FieldType;
import io.cairn.search.schema.IndexDefinition;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.index.SortedNumericDocValues;
import org.apache.lucene.index.SortedSetDocValues;
import org.apache.lucene.search.Collector;
import org.apache.lucene.search.CollectorManager;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.LeafCollector;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.Scorable;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.SortedNumericSortField;
import org.apache.lucene.search.SortedSetSortField;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TopFieldCollector;
import org.apache.lucene.search.TopFieldCollectorManager;
import org.apache.lucene.search.TopScoreDocCollectorManager;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.NumericUtils;

/**
 * Runs a query on one searcher: a page of hits (by BM25 or by a sortable field, with an exact
 * total), the keys of hits, and grouping with reducers over doc values (facet counts). Stateless;
 * thread-safe.
 */
public final class QueryRunner {
    private QueryRunner() {
    }

    /** A page of hits and the number of matches. */
    public record Page(long total, ScoreDoc[] hits) {
    }

    /**
     * Hits {@code offset..offset+limit} of {@code query}, ordered by {@code sort} (null: score).
     * The collector keeps only offset+limit hits, bounded by the documents in the index.
     */
    public static Page page(IndexSearcher s, Query query, Sort sort, int offset, int limit, boolean scores) {
        try {
            if (limit == 0) {
                return new Page(s.count(query), new ScoreDoc[0]);
            }
            int maxDoc = Math.max(1, s.getIndexReader().maxDoc());
            long wanted = (long) offset + limit;
            if (offset >= maxDoc) {
                return new Page(s.count(query), new ScoreDoc[0]);
            }
            int n = (int) Math.min(wanted, maxDoc);
            TopDocs top = sort == null
                    ? s.search(query, new TopScoreDocCollectorManager(n, null, Integer.MAX_VALUE))
                    : s.search(query, new TopFieldCollectorManager(sort, n, null, Integer.MAX_VALUE));
            if (sort != null && scores) {
                TopFieldCollector.populateScores(top.scoreDocs, s, query);
            }
            ScoreDoc[] all = top.scoreDocs;
            int from = Math.min(offset, all.length);
            ScoreDoc[] page = java.util.Arrays.copyOfRange(all, from, Math.min(all.length, from + limit));
            return new Page(top.totalHits.value(), page);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The next {@code count} hits after {@code after} (null: the first), for cursors. */
    public static Page after(IndexSearcher s, Query query, Sort sort, ScoreDoc after, int count) {
        try {
            int n = Math.max(1, Math.min(count, Math.max(1, s.getIndexReader().maxDoc())));
            TopDocs top = sort == null
                    ? s.search(query, new TopScoreDocCollectorManager(n, after, Integer.MAX_VALUE))
                    : s.search(query, new TopFieldCollectorManager(sort, n, (org.apache.lucene.search.FieldDoc) after,
                            Integer.MAX_VALUE));
            return new Page(top.totalHits.value(), top.scoreDocs);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The key of each hit, in order. */
    public static List<byte[]> keys(IndexSearcher s, ScoreDoc[] hits) {
        try {
            List<byte[]> keys = new ArrayList<>(hits.length);
            var stored = s.storedFields();
            Set<String> only = Set.of(DocumentMapper.KEY);
            for (ScoreDoc h : hits) {
                BytesRef b = stored.document(h.doc, only).getBinaryValue(DocumentMapper.KEY);
                keys.add(BytesRef.deepCopyOf(b).bytes);
            }
            return keys;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The Lucene sort for {@code property}; it must be NUMERIC, TAG or a SORTABLE TEXT field. */
    public static SortField sortField(IndexDefinition def, String property, boolean ascending) {
        FieldSpec f = def.field(property);
        if (f == null) {
            throw new InvalidRequestException("Property `" + property + "` not loaded nor in schema");
        }
        String dv = DocumentMapper.docValuesField(f.name());
        SortField sf = switch (f.type()) {
            case NUMERIC -> {
                SortedNumericSortField n = new SortedNumericSortField(dv, SortField.Type.DOUBLE, !ascending);
                n.setMissingValue(ascending ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY);
                yield n;
            }
            case TAG -> {
                SortedSetSortField t = new SortedSetSortField(dv, !ascending);
                t.setMissingValue(ascending ? SortField.STRING_LAST : SortField.STRING_FIRST);
                yield t;
            }
            case TEXT -> {
                if (!f.sortable()) {
                    throw new InvalidRequestException("Property `" + property + "` is not sortable: declare it SORTABLE");
                }
                SortField t = new SortField(dv, SortField.Type.STRING, !ascending);
                t.setMissingValue(ascending ? SortField.STRING_LAST : SortField.STRING_FIRST);
                yield t;
            }
        };
        return sf;
    }

    // ------------------------------------------------------------------ grouping

    /** One group: its key values (null for a missing value) and the reducers' results. */
    public record Group(List<String> key, List<String> values) {
    }

    /** Groups every match of {@code query} by the request's GROUPBY fields and runs its reducers. */
    public static List<Group> group(IndexSearcher s, Query query, IndexDefinition def, AggregateRequest request) {
        List<FieldSpec> groupFields = new ArrayList<>();
        for (String g : request.groupBy()) {
            groupFields.add(docValuesFieldOf(def, g, "GROUPBY"));
        }
        List<FieldSpec> reducerFields = new ArrayList<>();
        for (AggregateRequest.Reducer r : request.reducers()) {
            if (r.args().isEmpty()) {
                reducerFields.add(null);
                continue;
            }
            FieldSpec f = docValuesFieldOf(def, r.args().getFirst(), r.function());
            if (!r.function().equals("COUNT_DISTINCT") && f.type() != FieldType.NUMERIC) {
                throw new InvalidRequestException(r.function() + " needs a NUMERIC property; `" + f.name() + "` is " + f.type());
            }
            reducerFields.add(f);
        }
        Map<List<String>, Accumulator[]> groups;
        boolean countsOnly = request.reducers().stream().allMatch(r -> r.function().equals("COUNT"));
        if (groupFields.size() == 1 && groupFields.getFirst().type() == FieldType.TAG && countsOnly) {
            return tagCounts(s, query, groupFields.getFirst(), request.reducers().size());
        }
        try {
            groups = s.search(query, new GroupManager(groupFields, reducerFields, request.reducers()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Group> out = new ArrayList<>(groups.size());
        for (var e : groups.entrySet()) {
            List<String> values = new ArrayList<>();
            for (Accumulator a : e.getValue()) {
                values.add(a.result());
            }
            out.add(new Group(e.getKey(), values));
        }
        return out;
    }

    /**
     * Facet counts of one TAG field: per segment, a count per ordinal (no object per document),
     * then one string per ordinal that occurred. Documents without the field form the null group.
     */
    private static List<Group> tagCounts(IndexSearcher s, Query query, FieldSpec field, int reducers) {
        String dv = DocumentMapper.docValuesField(field.name());
        Map<String, Long> totals = new java.util.concurrent.ConcurrentHashMap<>(); // segments may run in parallel
        java.util.concurrent.atomic.AtomicLong missing = new java.util.concurrent.atomic.AtomicLong();
        try {
            s.search(query, new CollectorManager<Collector, Void>() {
                @Override
                public Collector newCollector() {
                    return new Collector() {
                        @Override
                        public ScoreMode scoreMode() {
                            return ScoreMode.COMPLETE_NO_SCORES;
                        }

                        @Override
                        public LeafCollector getLeafCollector(LeafReaderContext context) throws IOException {
                            SortedSetDocValues values = DocValues.getSortedSet(context.reader(), dv);
                            long valueCount = values.getValueCount();
                            if (valueCount > Integer.MAX_VALUE - 8) {
                                throw new IllegalStateException("too many distinct tags in one segment: " + valueCount);
                            }
                            int[] counts = new int[(int) valueCount];
                            return new LeafCollector() {
                                @Override
                                public void setScorer(Scorable scorer) {
                                }

                                @Override
                                public void collect(int doc) throws IOException {
                                    if (!values.advanceExact(doc)) {
                                        missing.incrementAndGet();
                                        return;
                                    }
                                    for (int i = values.docValueCount(); i > 0; i--) {
                                        counts[(int) values.nextOrd()]++;
                                    }
                                }

                                @Override
                                public void finish() throws IOException {
                                    for (int ord = 0; ord < counts.length; ord++) {
                                        if (counts[ord] > 0) {
                                            totals.merge(values.lookupOrd(ord).utf8ToString(), (long) counts[ord], Long::sum);
                                        }
                                    }
                                }
                            };
                        }
                    };
                }

                @Override
                public Void reduce(Collection<Collector> collectors) {
                    return null;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Group> out = new ArrayList<>(totals.size() + 1);
        for (var e : new java.util.TreeMap<>(totals).entrySet()) {
            out.add(new Group(java.util.Collections.singletonList(e.getKey()),
                    java.util.Collections.nCopies(reducers, Long.toString(e.getValue()))));
        }
        if (missing.get() > 0) {
            out.add(new Group(java.util.Collections.singletonList(null),
                    java.util.Collections.nCopies(reducers, Long.toString(missing.get()))));
        }
        return out;
    }

    private static FieldSpec docValuesFieldOf(IndexDefinition def, String property, String where) {
        FieldSpec f = def.field(property);
        if (f == null) {
            throw new InvalidRequestException("Bad arguments for " + where + ": Unknown property `" + property
                    + "`. Did you mean `@" + property + "`?");
        }
        if (f.type() == FieldType.TEXT && !f.sortable()) {
            throw new InvalidRequestException("Property `" + property + "` is a TEXT field without SORTABLE: it cannot be grouped");
        }
        return f;
    }

    /** Formats a number as RediSearch prints reducer results: no exponent, no trailing zeros. */
    public static String format(double d) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            return d > 0 ? "inf" : d < 0 ? "-inf" : "nan";
        }
        if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString((long) d);
        }
        return BigDecimal.valueOf(d).stripTrailingZeros().toPlainString();
    }

    private static final class Accumulator {
        private final String function;
        private long count;
        private double sum;
        private double min = Double.POSITIVE_INFINITY;
        private double max = Double.NEGATIVE_INFINITY;
        private Set<String> distinct;

        Accumulator(String function) {
            this.function = function;
        }

        void add(double v) {
            count++;
            sum += v;
            min = Math.min(min, v);
            max = Math.max(max, v);
        }

        void addDistinct(String v) {
            if (distinct == null) {
                distinct = new HashSet<>();
            }
            distinct.add(v);
        }

        void merge(Accumulator o) {
            count += o.count;
            sum += o.sum;
            min = Math.min(min, o.min);
            max = Math.max(max, o.max);
            if (o.distinct != null) {
                if (distinct == null) {
                    distinct = new HashSet<>();
                }
                distinct.addAll(o.distinct);
            }
        }

        String result() {
            return switch (function) {
                case "COUNT" -> Long.toString(count);
                case "COUNT_DISTINCT" -> Integer.toString(distinct == null ? 0 : distinct.size());
                case "SUM" -> format(sum);
                case "MIN" -> count == 0 ? "inf" : format(min);
                case "MAX" -> count == 0 ? "-inf" : format(max);
                case "AVG" -> count == 0 ? "nan" : format(sum / count);
                default -> throw new IllegalStateException(function);
            };
        }
    }

    private static final class GroupManager implements CollectorManager<GroupCollector, Map<List<String>, Accumulator[]>> {
        private final List<FieldSpec> groupFields;
        private final List<FieldSpec> reducerFields;
        private final List<AggregateRequest.Reducer> reducers;

        GroupManager(List<FieldSpec> groupFields, List<FieldSpec> reducerFields, List<AggregateRequest.Reducer> reducers) {
            this.groupFields = groupFields;
            this.reducerFields = reducerFields;
            this.reducers = reducers;
        }

        @Override
        public GroupCollector newCollector() {
            return new GroupCollector(this);
        }

        @Override
        public Map<List<String>, Accumulator[]> reduce(Collection<GroupCollector> collectors) {
            Map<List<String>, Accumulator[]> all = new LinkedHashMap<>();
            for (GroupCollector c : collectors) {
                for (var e : c.groups.entrySet()) {
                    Accumulator[] have = all.get(e.getKey());
                    if (have == null) {
                        all.put(e.getKey(), e.getValue());
                    } else {
                        for (int i = 0; i < have.length; i++) {
                            have[i].merge(e.getValue()[i]);
                        }
                    }
                }
            }
            return all;
        }

        Accumulator[] fresh() {
            Accumulator[] a = new Accumulator[reducers.size()];
            for (int i = 0; i < a.length; i++) {
                a[i] = new Accumulator(reducers.get(i).function());
            }
            return a;
        }
    }

    /** Reads one field's values of one document from a leaf's doc values. */
    private static final class LeafValues {
        private final FieldSpec field;
        private SortedSetDocValues set;
        private SortedNumericDocValues numbers;
        private SortedDocValues sorted;
        private final Map<Long, String> ordNames = new HashMap<>();

        LeafValues(FieldSpec field, LeafReader reader) throws IOException {
            this.field = field;
            String dv = DocumentMapper.docValuesField(field.name());
            switch (field.type()) {
                case TAG -> set = DocValues.getSortedSet(reader, dv);
                case NUMERIC -> numbers = DocValues.getSortedNumeric(reader, dv);
                case TEXT -> sorted = DocValues.getSorted(reader, dv);
            }
        }

        /** Values as strings (empty when missing). */
        List<String> strings(int doc) throws IOException {
            switch (field.type()) {
                case TAG -> {
                    if (!set.advanceExact(doc)) {
                        return List.of();
                    }
                    int n = set.docValueCount();
                    List<String> out = new ArrayList<>(n);
                    for (int i = 0; i < n; i++) {
                        long ord = set.nextOrd();
                        String name = ordNames.get(ord);
                        if (name == null) {
                            name = set.lookupOrd(ord).utf8ToString();
                            ordNames.put(ord, name);
                        }
                        out.add(name);
                    }
                    return out;
                }
                case NUMERIC -> {
                    if (!numbers.advanceExact(doc)) {
                        return List.of();
                    }
                    return List.of(format(NumericUtils.sortableLongToDouble(numbers.nextValue())));
                }
                default -> {
                    if (!sorted.advanceExact(doc)) {
                        return List.of();
                    }
                    return List.of(sorted.lookupOrd(sorted.ordValue()).utf8ToString());
                }
            }
        }

        /** The first numeric value, or NaN when missing. */
        double number(int doc) throws IOException {
            if (numbers == null || !numbers.advanceExact(doc)) {
                return Double.NaN;
            }
            return NumericUtils.sortableLongToDouble(numbers.nextValue());
        }
    }

    private static final class GroupCollector implements Collector {
        private final GroupManager m;
        final Map<List<String>, Accumulator[]> groups = new HashMap<>();

        GroupCollector(GroupManager m) {
            this.m = m;
        }

        @Override
        public ScoreMode scoreMode() {
            return ScoreMode.COMPLETE_NO_SCORES;
        }

        @Override
        public LeafCollector getLeafCollector(LeafReaderContext context) throws IOException {
            LeafReader reader = context.reader();
            List<LeafValues> keys = new ArrayList<>();
            for (FieldSpec f : m.groupFields) {
                keys.add(new LeafValues(f, reader));
            }
            List<LeafValues> inputs = new ArrayList<>();
            for (FieldSpec f : m.reducerFields) {
                inputs.add(f == null ? null : new LeafValues(f, reader));
            }
            return new LeafCollector() {
                @Override
                public void setScorer(Scorable scorer) {
                }

                @Override
                public void collect(int doc) throws IOException {
                    List<List<String>> combos = new ArrayList<>();
                    combos.add(new ArrayList<>());
                    for (LeafValues k : keys) {
                        List<String> vs = k.strings(doc);
                        List<List<String>> next = new ArrayList<>();
                        for (List<String> c : combos) {
                            if (vs.isEmpty()) {
                                List<String> copy = new ArrayList<>(c);
                                copy.add(null);
                                next.add(copy);
                            } else {
                                for (String v : vs) {
                                    List<String> copy = new ArrayList<>(c);
                                    copy.add(v);
                                    next.add(copy);
                                }
                            }
                        }
                        combos = next;
                    }
                    for (List<String> key : combos) {
                        Accumulator[] acc = groups.computeIfAbsent(key, k -> m.fresh());
                        for (int i = 0; i < acc.length; i++) {
                            LeafValues in = inputs.get(i);
                            if (in == null) {
                                acc[i].count++;
                            } else if (acc[i].function.equals("COUNT_DISTINCT")) {
                                for (String v : in.strings(doc)) {
                                    acc[i].addDistinct(v);
                                }
                            } else {
                                double v = in.number(doc);
                                if (!Double.isNaN(v)) {
                                    acc[i].add(v);
                                }
                            }
                        }
                    }
                }
            };
        }
    }

    /** Sort for the given keys (for SORTBY in FT.AGGREGATE without GROUPBY). */
    public static Sort sort(IndexDefinition def, List<AggregateRequest.SortKey> keys) {
        SortField[] fields = new SortField[keys.size()];
        for (int i = 0; i < fields.length; i++) {
            fields[i] = sortField(def, keys.get(i).property(), keys.get(i).ascending());
        }
        return new Sort(fields);
    }
}
