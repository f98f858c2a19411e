package io.cairn.search;

import io.cairn.common.InvalidRequestException;
import io.cairn.document.codec.DocumentDecoder;
import io.cairn.document.json.JsonString;
import io.cairn.document.json.JsonValue;
import io.cairn.document.json.JsonWriter;
import io.cairn.document.path.JsonPath;
import io.cairn.document.path.PathEvaluator;
import io.cairn.document.path.PathMatch;
import io.cairn.search.index.DocumentMapper;
import io.cairn.search.index.LuceneQueries;
import io.cairn.search.index.PrefixScan;
import io.cairn.search.index.QueryRunner;
import io.cairn.search.index.SearchIndex;
import io.cairn.search.index.TermHighlighter;
import io.cairn.search.query.QueryNode;
import io.cairn.search.query.QueryParser;
import io.cairn.search.schema.CreateArguments;
import io.cairn.search.schema.FieldSpec;
import io.cairn.search.schema.FieldType;
import io.cairn.search.schema.IndexDefinition;
import io.cairn.search.schema.SourceType;
import io.cairn.storage.engine.ChangeListener;
import io.cairn.storage.engine.Mutation;
import io.cairn.storage.engine.ReadView;
import io.cairn.storage.engine.Result;
import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.ValueType;
import io.cairn.storage.engine.WrongTypeException;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.AbstractMap.SimpleImmutableEntry;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;

/**
 * The indexes of one store and every FT.* operation on them. Follows the store's change stream
 * (one listener for all indexes), keeps the catalog ({@code docs/format/search.md}), and runs
 * searches so that each sees every write acknowledged before it arrived ({@link SearchIndex}).
 *
 * <p>Thread-safe. Index creation, change and removal are serialised on this object; searches run
 * concurrently on {@link #executor()}. {@link #open} rebuilds, before it returns, any index that a
 * crash left out of step with the data, so a restarted server never answers from a stale index.
 */
public final class SearchService implements Closeable {
    private static final System.Logger LOG = System.getLogger(SearchService.class.getName());
    /** How long a search waits for the indexer to apply the writes acknowledged before it. */
    static final long VISIBILITY_TIMEOUT_MILLIS = 30_000;
    /** Open cursors per index, as RediSearch's CURSOR_MAX_IDLE... limits them. */
    static final int MAX_CURSORS_PER_INDEX = 128;
    private static final int DELETE_BATCH = 1_000;
    /** How long FT.CREATE and FT.ALTER wait for their build before leaving it to the background. */
    static final long SHORT_BUILD_MILLIS = 2_000;

    private final Store store;
    private final IndexCatalog catalog;
    private final Map<String, SearchIndex> indexes = new ConcurrentHashMap<>();
    private final Map<Long, Cursor> cursors = new ConcurrentHashMap<>();
    private final ExecutorService executor;
    private final Closeable subscription;
    private volatile boolean closed;

    private SearchService(Store store, Path dir, int threads) {
        this.store = store;
        this.catalog = IndexCatalog.open(dir);
        AtomicInteger n = new AtomicInteger();
        this.executor = Executors.newFixedThreadPool(threads,
                r -> Thread.ofPlatform().daemon().name("cairn-search-" + n.incrementAndGet()).unstarted(r));
        this.subscription = store.subscribe(listener());
    }

    /**
     * Opens the indexes kept in {@code dir} for {@code store} (recovered, not yet serving), rebuilding
     * those a crash left out of step; returns once all of them are in step with the data.
     */
    public static SearchService open(Store store, Path dir) {
        // Twice the cores: a long search (a deep page, a large facet count) must not queue the short
        // ones behind it; the work itself is bounded by the cores anyway.
        SearchService s = new SearchService(store, dir, Math.max(4, 2 * Runtime.getRuntime().availableProcessors()));
        // Under the store's lock, so no commit (the expiry cycle runs already) falls between the
        // LSN an index is judged against and the moment it receives the change stream.
        List<SearchIndex> opened = store.read(t -> {
            long lsn = store.lastLsn();
            List<SearchIndex> out = new ArrayList<>();
            for (IndexCatalog.Entry e : s.catalog.entries()) {
                SearchIndex idx = new SearchIndex(e.definition(), e.definitionText(), s.indexPath(e.id()), store, lsn, true);
                s.indexes.put(e.definition().name(), idx);
                out.add(idx);
            }
            return out;
        });
        opened.forEach(SearchIndex::start);
        for (SearchIndex idx : opened) {
            try {
                while (!idx.awaitBuilt(10_000)) {
                    LOG.log(System.Logger.Level.INFO, "rebuilding index " + idx.definition().name() + ": "
                            + Math.round(idx.percentIndexed() * 100) + "%");
                }
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return s;
    }

    /** Where searches run; the server hands FT.* commands here so its event loops never wait. */
    public ExecutorService executor() {
        return executor;
    }

    private Path indexPath(long id) {
        return catalog.dir().resolve("index-" + id);
    }

    private ChangeListener listener() {
        return (lsn, mutations) -> {
            for (SearchIndex idx : indexes.values()) {
                List<Mutation> mine = null;
                IndexDefinition d = idx.definition();
                for (Mutation m : mutations) {
                    if (m instanceof Mutation.Clear || d.covers(m.key())) {
                        if (mine == null) {
                            mine = new ArrayList<>();
                        }
                        mine.add(m);
                    }
                }
                if (mine != null) {
                    idx.offer(lsn, mine);
                }
            }
        };
    }

    // ------------------------------------------------------------------ managing indexes

    /** {@code FT.CREATE}: {@code args} starts with the index name. */
    public synchronized void create(List<String> args) {
        checkOpen();
        CreateArguments.Create c = CreateArguments.parseCreate(args);
        IndexDefinition d = c.definition();
        if (indexes.containsKey(d.name())) {
            throw new InvalidRequestException("Index already exists");
        }
        new DocumentMapper(d); // checks the JSON paths before anything is created
        long id = catalog.allocateId();
        Path path = indexPath(id);
        deleteTree(path);
        IndexCatalog.Entry entry = new IndexCatalog.Entry(id, d);
        SearchIndex idx = new SearchIndex(d, entry.definitionText(), path, store, -1, !c.skipInitialScan());
        indexes.put(d.name(), idx);
        try {
            catalog.put(entry);
        } catch (RuntimeException e) {
            indexes.remove(d.name());
            idx.close();
            deleteTree(path);
            throw e;
        }
        idx.start();
        awaitShortBuild(idx);
    }

    /**
     * Waits a moment for a new index's build: over few existing keys it is done at once, and the
     * caller's next search then sees every acknowledged write. A longer build goes on in the
     * background, with progress in FT.INFO, and searches see partial results until it ends.
     */
    private static void awaitShortBuild(SearchIndex idx) {
        try {
            idx.awaitBuilt(SHORT_BUILD_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** {@code FT.ALTER idx SCHEMA ADD ...}: the index is rebuilt with the new fields in the background. */
    public synchronized void alter(List<String> args) {
        checkOpen();
        SearchIndex old = index(args.isEmpty() ? "" : args.getFirst());
        CreateArguments.Alter a = CreateArguments.parseAlter(args, old.definition());
        if (a.skipInitialScan()) {
            throw new InvalidRequestException("FT.ALTER SKIPINITIALSCAN is not supported by Cairn: the index is rebuilt");
        }
        IndexDefinition d = old.definition().withFields(a.added());
        new DocumentMapper(d);
        long id = catalog.allocateId();
        Path path = indexPath(id);
        deleteTree(path);
        IndexCatalog.Entry entry = new IndexCatalog.Entry(id, d);
        SearchIndex idx = new SearchIndex(d, entry.definitionText(), path, store, -1, true);
        indexes.put(d.name(), idx);
        catalog.put(entry);
        closeCursorsOf(old);
        old.close();
        deleteTree(old.path());
        idx.start();
        awaitShortBuild(idx);
    }

    /** {@code FT.DROPINDEX idx [DD]}: removes the index, and with {@code deleteDocuments} its keys. */
    public synchronized void drop(String name, boolean deleteDocuments) {
        checkOpen();
        SearchIndex idx = index(name);
        indexes.remove(name);
        catalog.remove(name);
        closeCursorsOf(idx);
        idx.close();
        deleteTree(idx.path());
        if (deleteDocuments) {
            deleteKeys(idx.definition());
        }
    }

    private void deleteKeys(IndexDefinition d) {
        List<byte[]> doomed = new ArrayList<>();
        ValueType want = d.source() == SourceType.JSON ? ValueType.JSON : ValueType.HASH;
        try (ReadView view = store.openReadView()) {
            for (byte[] prefix : d.prefixBytes()) {
                PrefixScan.forEach(view, prefix, () -> true, k -> {
                    if (view.type(k) == want) {
                        doomed.add(k);
                    }
                });
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        CompletableFuture<Void> last = CompletableFuture.completedFuture(null);
        for (int i = 0; i < doomed.size(); i += DELETE_BATCH) {
            List<byte[]> batch = doomed.subList(i, Math.min(doomed.size(), i + DELETE_BATCH));
            Result<Void> r = store.execute(t -> {
                for (byte[] k : batch) {
                    if (t.type(k) == want) {
                        t.delete(k);
                    }
                }
                return null;
            });
            last = r.durable();
        }
        last.join();
    }

    /** Forgets every index's timings (CONFIG RESETSTAT). */
    public void resetStats() {
        indexes.values().forEach(SearchIndex::resetStats);
    }

    /** {@code FT._LIST}. */
    public List<String> list() {
        return indexes.keySet().stream().sorted().toList();
    }

    /** {@code FT.INFO}. */
    public IndexInfo info(String name) {
        SearchIndex idx = index(name);
        if (idx.state() == SearchIndex.State.READY) {
            idx.awaitVisible(VISIBILITY_TIMEOUT_MILLIS); // counts include every acknowledged write
        }
        var stats = idx.docStats();
        int open = (int) cursors.values().stream().filter(c -> c.index == idx).count();
        return new IndexInfo(idx.definition(), stats.numDocs, stats.maxDoc, idx.state() == SearchIndex.State.BUILDING,
                idx.percentIndexed(), idx.indexingFailures(), idx.lastIndexingFailure(), idx.backlog(), idx.diskBytes(),
                idx.state().name().toLowerCase(java.util.Locale.ROOT), open, idx.applyLatency(), idx.refreshLatency(),
                idx.mergeLatency(), idx.mergeBytesRead(), idx.mergeBytesWritten());
    }

    // ------------------------------------------------------------------ searching

    /** {@code FT.SEARCH}. */
    public SearchResult search(String name, SearchRequest r) {
        SearchIndex idx = index(name);
        Query query = query(idx, r.query(), r.language(), r.filters());
        Sort sort = r.sortBy() == null ? null : new Sort(QueryRunner.sortField(idx.definition(), r.sortBy(), r.ascending()));
        idx.awaitVisible(VISIBILITY_TIMEOUT_MILLIS);
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
        List<List<Map.Entry<String, byte[]>>> contents = load(idx, keys, r.returnFields());
        Map<String, Set<String>> terms = r.highlight() == null ? Map.of() : termsByField(query);
        for (int i = 0; i < keys.size(); i++) {
            List<Map.Entry<String, byte[]>> fields = contents.get(i);
            if (fields == null) {
                continue; // deleted between the search and the load
            }
            if (r.highlight() != null) {
                fields = highlight(idx, fields, r, terms, keys.get(i));
            }
            hits.add(new SearchResult.Hit(keys.get(i), page.hits()[i].score, fields));
        }
        return new SearchResult(page.total(), hits);
    }

    /** {@code FT.AGGREGATE}. */
    public AggregateResult aggregate(String name, AggregateRequest r) {
        SearchIndex idx = index(name);
        Query query = query(idx, r.query(), r.language(), List.of());
        idx.awaitVisible(VISIBILITY_TIMEOUT_MILLIS);
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
                Cursor c = newCursor(idx, null, null, null, r, rows.size());
                c.rows = rows;
                return c.read(r.cursorCount());
            }
            return new AggregateResult(groups.size(), rows, 0);
        }
        Sort sort = r.sortBy().isEmpty() ? null : QueryRunner.sort(idx.definition(), r.sortBy());
        if (r.withCursor()) {
            IndexSearcher s = idx.acquire();
            Cursor c;
            try {
                c = newCursor(idx, s, query, sort, r, -1);
            } catch (RuntimeException e) {
                idx.release(s);
                throw e;
            }
            return c.read(r.cursorCount());
        }
        IndexSearcher s = idx.acquire();
        QueryRunner.Page page;
        List<byte[]> keys;
        try {
            int limit = r.limit() < 0 ? 10 : r.limit();
            if (r.sortMax() > 0) {
                limit = Math.min(limit, Math.max(0, r.sortMax() - r.offset()));
            }
            page = QueryRunner.page(s, query, sort, r.offset(), limit, false);
            keys = QueryRunner.keys(s, page.hits());
        } finally {
            idx.release(s);
        }
        return new AggregateResult(page.total(), documentRows(idx, keys, r.load()), 0);
    }

    /** {@code FT.CURSOR READ}. */
    public AggregateResult cursorRead(String name, long id, int count) {
        Cursor c = cursor(name, id);
        return c.read(count > 0 ? count : c.request.cursorCount());
    }

    /** {@code FT.CURSOR DEL}. */
    public void cursorDelete(String name, long id) {
        cursor(name, id).close();
    }

    private Cursor cursor(String name, long id) {
        SearchIndex idx = index(name);
        expireCursors();
        Cursor c = cursors.get(id);
        if (c == null || c.index != idx) {
            throw new InvalidRequestException("Cursor not found, id: " + id);
        }
        return c;
    }

    private Query query(SearchIndex idx, String text, String language, List<SearchRequest.Filter> filters) {
        try {
            return buildQuery(idx, text, language, filters);
        } catch (IndexSearcher.TooManyClauses e) {
            throw new InvalidRequestException("Query has too many clauses (at most " + IndexSearcher.getMaxClauseCount() + ")");
        }
    }

    private Query buildQuery(SearchIndex idx, String text, String language, List<SearchRequest.Filter> filters) {
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
    }

    // ------------------------------------------------------------------ loading content

    /** Loads the returned fields of each key from the store; null for a key that is gone. */
    private List<List<Map.Entry<String, byte[]>>> load(SearchIndex idx, List<byte[]> keys, List<String> fields) {
        IndexDefinition d = idx.definition();
        boolean json = d.source() == SourceType.JSON;
        List<Object> raw = store.read(t -> {
            List<Object> out = new ArrayList<>(keys.size());
            for (byte[] k : keys) {
                try {
                    out.add(json ? t.document(k) : (t.type(k) == ValueType.HASH ? t.hashFields(k) : null));
                } catch (WrongTypeException e) {
                    out.add(null);
                }
            }
            return out;
        });
        List<List<Map.Entry<String, byte[]>>> result = new ArrayList<>(keys.size());
        for (Object o : raw) {
            if (o == null) {
                result.add(null);
            } else if (json) {
                result.add(jsonFields(idx, DocumentDecoder.decode((byte[]) o), fields));
            } else {
                result.add(hashFields(d, (io.cairn.storage.engine.Txn.HashFields) o, fields));
            }
        }
        return result;
    }

    private static List<Map.Entry<String, byte[]>> jsonFields(SearchIndex idx, JsonValue root, List<String> fields) {
        List<Map.Entry<String, byte[]>> out = new ArrayList<>();
        if (fields == null) {
            out.add(entry("$", JsonWriter.write(root)));
            return out;
        }
        for (String f : fields) {
            List<JsonValue> values;
            FieldSpec spec = idx.definition().fieldByNameOrPath(f);
            if (spec != null) {
                values = idx.mapper().values(spec, root);
            } else if (f.startsWith("$")) {
                values = new ArrayList<>();
                try {
                    for (PathMatch m : PathEvaluator.evaluate(JsonPath.parse(f), root)) {
                        values.add(m.value());
                    }
                } catch (RuntimeException e) {
                    throw new InvalidRequestException("Invalid JSONPath `" + f + "` in RETURN: " + e.getMessage());
                }
            } else {
                continue;
            }
            if (values.isEmpty()) {
                continue;
            }
            JsonValue v = values.getFirst();
            out.add(entry(f, v instanceof JsonString s ? s.value() : JsonWriter.write(v)));
        }
        return out;
    }

    private static List<Map.Entry<String, byte[]>> hashFields(IndexDefinition d, io.cairn.storage.engine.Txn.HashFields h,
            List<String> fields) {
        Map<String, byte[]> all = new LinkedHashMap<>();
        for (int i = 0; i < h.names().length; i++) {
            all.put(new String(h.names()[i].getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8), h.values()[i]);
        }
        if (all.isEmpty()) {
            return null;
        }
        List<Map.Entry<String, byte[]>> out = new ArrayList<>();
        if (fields == null) {
            all.forEach((k, v) -> out.add(new SimpleImmutableEntry<>(k, v)));
            return out;
        }
        for (String f : fields) {
            FieldSpec spec = d.field(f);
            byte[] v = all.get(spec != null ? spec.path() : f);
            if (v != null) {
                out.add(new SimpleImmutableEntry<>(f, v));
            }
        }
        return out;
    }

    private static Map.Entry<String, byte[]> entry(String k, String v) {
        return new SimpleImmutableEntry<>(k, v.getBytes(StandardCharsets.UTF_8));
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

    private List<Map.Entry<String, byte[]>> highlight(SearchIndex idx, List<Map.Entry<String, byte[]>> fields,
            SearchRequest r, Map<String, Set<String>> terms, byte[] key) {
        IndexDefinition d = idx.definition();
        var analyzer = idx.queryAnalyzer(r.language());
        List<Map.Entry<String, byte[]>> out = new ArrayList<>(fields);
        if (r.returnFields() == null && d.source() == SourceType.JSON) {
            // The whole document was returned: add the highlighted TEXT fields after it.
            JsonValue root = io.cairn.document.json.JsonParser.parse(fields.getFirst().getValue());
            for (FieldSpec f : d.fields()) {
                if (f.type() == FieldType.TEXT && (r.highlight().fields().isEmpty() || r.highlight().fields().contains(f.name()))) {
                    List<JsonValue> vs = idx.mapper().values(f, root);
                    if (!vs.isEmpty() && vs.getFirst() instanceof JsonString s) {
                        out.add(entry(f.name(), TermHighlighter.highlight(analyzer, f.name(), s.value(),
                                terms.getOrDefault(f.name(), Set.of()), r.highlight().open(), r.highlight().close())));
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
            if (!r.highlight().fields().isEmpty() && !r.highlight().fields().contains(f.name())
                    && !r.highlight().fields().contains(f.path())) {
                continue;
            }
            String text = new String(out.get(i).getValue(), StandardCharsets.UTF_8);
            out.set(i, entry(out.get(i).getKey(), TermHighlighter.highlight(analyzer, f.name(), text,
                    terms.getOrDefault(f.name(), Set.of()), r.highlight().open(), r.highlight().close())));
        }
        return out;
    }

    // ------------------------------------------------------------------ aggregation rows

    private List<List<Map.Entry<String, byte[]>>> groupRows(AggregateRequest r, List<QueryRunner.Group> groups) {
        List<List<Map.Entry<String, byte[]>>> rows = new ArrayList<>(groups.size());
        for (QueryRunner.Group g : groups) {
            List<Map.Entry<String, byte[]>> row = new ArrayList<>();
            for (int i = 0; i < r.groupBy().size(); i++) {
                String v = g.key().get(i);
                row.add(new SimpleImmutableEntry<>(r.groupBy().get(i), v == null ? null : v.getBytes(StandardCharsets.UTF_8)));
            }
            for (int i = 0; i < r.reducers().size(); i++) {
                row.add(entry(r.reducers().get(i).alias(), g.values().get(i)));
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

    private List<List<Map.Entry<String, byte[]>>> documentRows(SearchIndex idx, List<byte[]> keys, List<String> load) {
        List<List<Map.Entry<String, byte[]>>> rows = new ArrayList<>(keys.size());
        if (load == null) {
            for (int i = 0; i < keys.size(); i++) {
                rows.add(List.of());
            }
            return rows;
        }
        List<String> fields = load.equals(List.of("*")) ? null : load;
        for (List<Map.Entry<String, byte[]>> row : load(idx, keys, fields)) {
            if (row != null) {
                rows.add(row);
            }
        }
        return rows;
    }

    // ------------------------------------------------------------------ cursors

    /**
     * An open FT.AGGREGATE cursor: either the remaining group rows, or a pinned searcher with the
     * last hit read, so each read costs one page whatever its depth ({@code searchAfter}).
     */
    private final class Cursor {
        final long id;
        final SearchIndex index;
        final IndexSearcher searcher;
        final Query query;
        final Sort sort;
        final AggregateRequest request;
        List<List<Map.Entry<String, byte[]>>> rows;
        int rowPos;
        ScoreDoc after;
        long total;
        long lastUsedNanos = System.nanoTime();

        Cursor(long id, SearchIndex index, IndexSearcher searcher, Query query, Sort sort, AggregateRequest request, long total) {
            this.id = id;
            this.index = index;
            this.searcher = searcher;
            this.query = query;
            this.sort = sort;
            this.request = request;
            this.total = total;
        }

        synchronized AggregateResult read(int count) {
            lastUsedNanos = System.nanoTime();
            List<List<Map.Entry<String, byte[]>>> out;
            boolean done;
            if (rows != null) {
                int to = Math.min(rows.size(), rowPos + count);
                out = new ArrayList<>(rows.subList(rowPos, to));
                rowPos = to;
                done = rowPos >= rows.size();
            } else {
                QueryRunner.Page page = QueryRunner.after(searcher, query, sort, after, count);
                total = page.total();
                if (page.hits().length > 0) {
                    after = page.hits()[page.hits().length - 1];
                }
                out = documentRows(index, QueryRunner.keys(searcher, page.hits()), request.load());
                done = page.hits().length < count;
            }
            if (done) {
                close();
            }
            return new AggregateResult(total, out, done ? 0 : id);
        }

        void close() {
            if (cursors.remove(id, this) && searcher != null) {
                index.release(searcher);
            }
        }
    }

    private Cursor newCursor(SearchIndex idx, IndexSearcher s, Query q, Sort sort, AggregateRequest r, long total) {
        expireCursors();
        if (indexes.get(idx.definition().name()) != idx) {
            throw new UnknownIndexException(); // dropped or altered during the aggregate
        }
        long open = cursors.values().stream().filter(c -> c.index == idx).count();
        if (open >= MAX_CURSORS_PER_INDEX) {
            throw new InvalidRequestException("Too many cursors allocated for index");
        }
        long id;
        Cursor c;
        do {
            id = ThreadLocalRandom.current().nextLong(1, Long.MAX_VALUE);
            c = new Cursor(id, idx, s, q, sort, r, total);
        } while (cursors.putIfAbsent(id, c) != null);
        return c;
    }

    private void expireCursors() {
        long now = System.nanoTime();
        for (Cursor c : cursors.values()) {
            if (now - c.lastUsedNanos > c.request.maxIdleMillis() * 1_000_000L) {
                c.close();
            }
        }
    }

    private void closeCursorsOf(SearchIndex idx) {
        for (Cursor c : cursors.values()) {
            if (c.index == idx) {
                c.close();
            }
        }
    }

    // ------------------------------------------------------------------ consistency check

    /** {@code FT.CHECK}: the index against the data ({@link ConsistencyCheck}). */
    public CheckReport check(String name) {
        return ConsistencyCheck.run(store, index(name), VISIBILITY_TIMEOUT_MILLIS);
    }

    // ------------------------------------------------------------------ lifecycle

    private SearchIndex index(String name) {
        SearchIndex idx = indexes.get(name);
        if (idx == null) {
            throw new UnknownIndexException();
        }
        return idx;
    }

    private void checkOpen() {
        if (closed) {
            throw new InvalidRequestException("search is shutting down");
        }
    }

    private static void deleteTree(Path p) {
        if (!Files.exists(p)) {
            return;
        }
        try (var walk = Files.walk(p)) {
            for (Path f : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(f);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("deleting " + p, e);
        }
    }

    /**
     * Stops following the store and closes every index, committing each with the store's LSN so the
     * next {@link #open} reuses it. Call after the server stopped taking writes, before the store closes.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        executor.shutdown();
        try {
            executor.awaitTermination(10, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (Cursor c : cursors.values()) {
            c.close();
        }
        long lsn = store.lastLsn();
        try {
            subscription.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (SearchIndex idx : indexes.values()) {
            idx.close(lsn);
        }
        indexes.clear();
    }
}
