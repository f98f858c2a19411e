package io.cairn.bench.search;

import io.cairn.bench.corpus.Article;
import io.cairn.bench.corpus.Shape;
import io.cairn.bench.peer.ProcessMemory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.IntPoint;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.SortedSetDocValuesField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.SortedSetDocValues;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.search.SimpleCollector;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.NRTCachingDirectory;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.QueryBuilder;

/**
 * Lucene in the bench's own JVM: the same articles indexed with the same kinds of field Cairn uses
 * (English analysis, title boosted 2, a point and doc values for the year, doc values for the
 * categories), with no log, no network and no durability: the limit a search server built on
 * Lucene can approach. Ingest threads call {@code updateDocument}; searches use a near-real-time
 * reader reopened once after ingest and after each update or delete. Thread-safe.
 */
final class EmbeddedLucene implements SearchSystem {
    private final Path dir;
    private final Analyzer analyzer = new EnglishAnalyzer();
    private IndexWriter writer;
    private SearcherManager searchers;
    private NRTCachingDirectory directory;

    EmbeddedLucene() throws IOException {
        this.dir = Files.createTempDirectory("cairn-bench-lucene-");
    }

    @Override
    public String label() {
        return "lucene";
    }

    @Override
    public String version() {
        return "Lucene " + org.apache.lucene.util.Version.LATEST + " (embedded)";
    }

    @Override
    public synchronized void create(Shape shape) throws IOException {
        closeIndex();
        deleteTree(dir);
        Files.createDirectories(dir);
        directory = new NRTCachingDirectory(FSDirectory.open(dir), 8.0, 64.0); // as Cairn's indexes
        writer = new IndexWriter(directory, new IndexWriterConfig(analyzer).setRAMBufferSizeMB(64));
        searchers = new SearcherManager(writer, null);
    }

    private static Document document(Article a) {
        Document d = new Document();
        d.add(new StringField("id", a.id(), Field.Store.YES));
        d.add(new StoredField("title", a.title()));
        d.add(new TextField("title", a.title(), Field.Store.NO));
        d.add(new TextField("body", a.summary() == null || a.body().equals(a.summary()) ? a.body()
                : a.summary() + "\n" + a.body(), Field.Store.NO));
        d.add(new IntPoint("year", a.year()));
        d.add(new NumericDocValuesField("year", a.year()));
        for (String c : a.categories()) {
            d.add(new StringField("categories", c, Field.Store.NO));
            d.add(new SortedSetDocValuesField("categories", new BytesRef(c)));
        }
        return d;
    }

    @Override
    public Session session() {
        QueryBuilder qb = new QueryBuilder(analyzer);
        return new Session() {
            @Override
            public void insert(List<Article> batch) throws IOException {
                for (Article a : batch) {
                    writer.updateDocument(new Term("id", a.id()), document(a));
                }
            }

            private Query text(String words, boolean phrase) {
                Query t = phrase ? qb.createPhraseQuery("title", words) : qb.createBooleanQuery("title", words, Occur.MUST);
                Query b = phrase ? qb.createPhraseQuery("body", words) : qb.createBooleanQuery("body", words, Occur.MUST);
                BooleanQuery.Builder q = new BooleanQuery.Builder().setMinimumNumberShouldMatch(1);
                if (t != null) {
                    q.add(new BoostQuery(t, 2), Occur.SHOULD);
                }
                if (b != null) {
                    q.add(b, Occur.SHOULD);
                }
                return q.build();
            }

            @Override
            public int query(BenchQuery q) throws IOException {
                IndexSearcher s = searchers.acquire();
                try {
                    return switch (q) {
                        case BenchQuery.Term t -> titles(s, s.search(text(t.word(), false), 10));
                        case BenchQuery.Phrase p -> titles(s, s.search(text(p.text(), true), 10));
                        case BenchQuery.TermInRange r -> titles(s, s.search(new BooleanQuery.Builder()
                                .add(text(r.word(), false), Occur.MUST)
                                .add(IntPoint.newRangeQuery("year", r.min(), r.max()), Occur.FILTER).build(), 10));
                        case BenchQuery.Facets f -> facets(s, text(f.word(), false));
                        case BenchQuery.DeepPage d -> {
                            TopDocs top = s.search(IntPoint.newRangeQuery("year", d.min(), Integer.MAX_VALUE),
                                    d.offset() + 10, new Sort(new SortField("year", SortField.Type.INT)));
                            ScoreDoc[] all = top.scoreDocs;
                            int from = Math.min(all.length, d.offset());
                            yield titles(s, new TopDocs(top.totalHits, java.util.Arrays.copyOfRange(all, from, all.length)));
                        }
                    };
                } finally {
                    searchers.release(s);
                }
            }

            @Override
            public void update(Article a) throws IOException {
                writer.updateDocument(new Term("id", a.id()), document(a));
                searchers.maybeRefreshBlocking(); // a search after the update sees it, as Cairn's does
            }

            @Override
            public void delete(String id) throws IOException {
                writer.deleteDocuments(new Term("id", id));
                searchers.maybeRefreshBlocking();
            }

            @Override
            public void close() {
            }
        };
    }

    private static int titles(IndexSearcher s, TopDocs top) throws IOException {
        var stored = s.storedFields();
        for (ScoreDoc d : top.scoreDocs) {
            stored.document(d.doc).get("title");
        }
        return top.scoreDocs.length;
    }

    /** Counts per category over the matches; the ten largest. */
    private static int facets(IndexSearcher s, Query q) throws IOException {
        Map<String, Integer> counts = new HashMap<>();
        s.search(q, new org.apache.lucene.search.CollectorManager<SimpleCollector, Void>() {
            @Override
            public SimpleCollector newCollector() {
                return new SimpleCollector() {
                    private SortedSetDocValues dv;

                    @Override
                    protected void doSetNextReader(LeafReaderContext context) throws IOException {
                        dv = DocValues.getSortedSet(context.reader(), "categories");
                    }

                    @Override
                    public void collect(int doc) throws IOException {
                        if (dv.advanceExact(doc)) {
                            for (int i = 0; i < dv.docValueCount(); i++) {
                                counts.merge(dv.lookupOrd(dv.nextOrd()).utf8ToString(), 1, Integer::sum);
                            }
                        }
                    }

                    @Override
                    public ScoreMode scoreMode() {
                        return ScoreMode.COMPLETE_NO_SCORES;
                    }
                };
            }

            @Override
            public Void reduce(java.util.Collection<SimpleCollector> collectors) {
                return null;
            }
        });
        return (int) counts.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
                .limit(10).count();
    }

    @Override
    public void awaitSearchable(long articles) throws IOException {
        searchers.maybeRefreshBlocking();
        IndexSearcher s = searchers.acquire();
        try {
            if (s.getIndexReader().numDocs() != articles) {
                throw new IOException("lucene: " + s.getIndexReader().numDocs() + " documents, " + articles + " written");
            }
        } finally {
            searchers.release(s);
        }
    }

    @Override
    public long diskBytes() throws IOException {
        writer.commit(); // so every segment is on disk to be counted (outside any timed phase)
        return ProcessMemory.du(dir);
    }

    @Override
    public long memoryBytes() {
        Runtime rt = Runtime.getRuntime();
        System.gc(); // heap in use by the index after a collection: what it holds, not garbage
        return rt.totalMemory() - rt.freeMemory();
    }

    private void closeIndex() throws IOException {
        if (searchers != null) {
            searchers.close();
            writer.rollback();
            directory.close();
        }
    }

    @Override
    public void close() throws IOException {
        closeIndex();
        deleteTree(dir);
    }

    private static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p)) {
            return;
        }
        try (Stream<Path> s = Files.walk(p)) {
            for (Path f : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(f);
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
