package io.cairn.search;

import io.cairn.common.InvalidRequestException;
import io.cairn.search.index.DocumentMapper;
import io.cairn.search.index.IndexCounters;
import io.cairn.search.index.IndexerConfig;
import io.cairn.search.index.SearchIndex;
import io.cairn.search.schema.CreateArguments;
import io.cairn.search.schema.IndexDefinition;
import io.cairn.storage.engine.Mutation;
import io.cairn.storage.engine.Store;
import io.cairn.storage.io.FileSystem;
import io.cairn.storage.io.LocalFileSystem;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The indexes of one store and every FT.* operation on them. This class owns their life: the
 * catalog ({@link IndexCatalog}, {@code docs/format/search.md}), opening and rebuilding at start,
 * {@code FT.CREATE}, {@code FT.ALTER}, {@code FT.DROPINDEX}, and the clean close. Searches run in
 * {@link SearchExecution}, aggregations in {@link Aggregation} with their cursors in
 * {@link CursorTable}; one listener on the store's change stream feeds every serving index
 * ({@link LiveIndexes}), so each search sees every write acknowledged before it arrived.
 *
 * <p>Thread-safe. Creation, change, removal and close are serialised on this object, and the set
 * of serving indexes changes under the store's lock; searches run concurrently on
 * {@link #executor()}. {@link #open} brings every index in step with the data before it returns:
 * one a crash left behind catches up from the store's log after its last commit, or is rebuilt
 * when the log no longer reaches back, so a restarted server never answers from a stale index.
 * Each index commits at every store checkpoint, before the log before it is deleted
 * ({@link SearchIndex#commit}), so that log normally does reach back. Callers guarantee
 * that {@link #close} comes after the server stopped taking writes and before the store closes.
 */
public final class SearchService implements Closeable {
    private static final System.Logger LOG = System.getLogger(SearchService.class.getName());
    /** How long a search waits for the indexer to apply the writes acknowledged before it. */
    static final long VISIBILITY_TIMEOUT_MILLIS = 30_000;
    /** How long FT.CREATE and FT.ALTER wait for their build before leaving it to the background. */
    static final long SHORT_BUILD_MILLIS = 2_000;

    private final Store store;
    private final IndexCatalog catalog;
    private final IndexerConfig indexer;
    private final LiveIndexes indexes;
    private final CursorTable cursors;
    private final SearchExecution searches;
    private final Aggregation aggregations;
    private final ExecutorService executor;
    private final Closeable subscription;
    /** The store's checkpoints telling every index to commit; set once {@link #open} is done. Guarded by this. */
    private Closeable checkpointCommits;
    private volatile boolean closed;

    private SearchService(Store store, Path dir, FileSystem fs, IndexerConfig indexer, int threads) {
        this.store = store;
        this.catalog = IndexCatalog.open(fs, dir);
        this.indexer = indexer;
        this.indexes = new LiveIndexes(store);
        FieldLoader loader = new FieldLoader(store);
        this.cursors = new CursorTable(indexes, loader);
        this.searches = new SearchExecution(store, loader, VISIBILITY_TIMEOUT_MILLIS);
        this.aggregations = new Aggregation(loader, cursors, VISIBILITY_TIMEOUT_MILLIS);
        AtomicInteger n = new AtomicInteger();
        this.executor = Executors.newFixedThreadPool(threads,
                r -> Thread.ofPlatform().daemon().name("cairn-search-" + n.incrementAndGet()).unstarted(r));
        this.subscription = store.subscribe(indexes.listener());
    }

    /**
     * Opens the indexes kept in {@code dir} for {@code store} (recovered, not yet serving), rebuilding
     * those a crash left out of step; returns once all of them are in step with the data.
     */
    public static SearchService open(Store store, Path dir) {
        return open(store, dir, LocalFileSystem.INSTANCE, IndexerConfig.defaults());
    }

    /**
     * As {@link #open(Store, Path)}, with the catalog read and written through {@code fs} (the Lucene
     * directories stay on the local disk under {@code dir}) and each index's indexer set by {@code indexer}.
     */
    public static SearchService open(Store store, Path dir, FileSystem fs, IndexerConfig indexer) {
        // Twice the cores: a long search (a deep page, a large facet count) must not queue the short
        // ones behind it; the work itself is bounded by the cores anyway.
        SearchService s = new SearchService(store, dir, fs, indexer, Math.max(4, 2 * Runtime.getRuntime().availableProcessors()));
        // Under the store's lock, so no commit (the expiry cycle runs already) falls between the
        // LSN an index is judged against and the moment it receives the change stream.
        List<SearchIndex> opened = s.indexes.openAll(lsn -> {
            List<SearchIndex> out = new ArrayList<>();
            for (IndexCatalog.Entry e : s.catalog.entries()) {
                out.add(s.newIndex(e, lsn, true));
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
                while (!idx.awaitApplied(10_000)) {
                    LOG.log(System.Logger.Level.INFO, "catching up index " + idx.definition().name() + ": "
                            + idx.backlog() + " batches to apply");
                }
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        s.followCheckpoints();
        return s;
    }

    private synchronized void followCheckpoints() {
        checkpointCommits = store.onCheckpoint(lsn -> commitAll());
    }

    /**
     * At a store checkpoint, before the log before it is deleted: commits every serving index at the
     * store's LSN, waiting at most {@link #VISIBILITY_TIMEOUT_MILLIS} for all of them (the
     * checkpoint waits meanwhile). An index building or failed keeps its older commit, and after a
     * crash is rebuilt if the log no longer reaches back to it; one too far behind to get there in
     * time commits later, when its indexer reaches the commit (the log after this checkpoint is kept
     * at least until the next one).
     */
    private void commitAll() {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(VISIBILITY_TIMEOUT_MILLIS);
        try {
            for (var e : indexes.offerCommits().entrySet()) {
                SearchIndex idx = e.getKey();
                long left = Math.max(0, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()));
                if (!idx.awaitCommit(e.getValue(), left) && idx.state() == SearchIndex.State.READY && !e.getValue().isDone()) {
                    LOG.log(System.Logger.Level.WARNING, "index " + idx.definition().name()
                            + ": not yet committed at the checkpoint (" + idx.backlog() + " batches behind)");
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "indexes not committed at the checkpoint: " + e);
        }
    }

    /** Where searches run; the server hands FT.* commands here so its event loops never wait. */
    public ExecutorService executor() {
        return executor;
    }

    private SearchIndex newIndex(IndexCatalog.Entry e, long reuseIfCurrentAt, boolean build) {
        IndexDefinition d = e.definition();
        return new SearchIndex(d, e.definitionText(), indexPath(e.id()), store, reuseIfCurrentAt, build, indexer,
                (afterLsn, sink) -> store.replayLog(afterLsn, (lsn, batch) -> {
                    List<Mutation> mine = LiveIndexes.shareOf(d, batch);
                    if (mine != null) {
                        sink.accept(lsn, mine);
                    }
                }));
    }

    private Path indexPath(long id) {
        return catalog.dir().resolve("index-" + id);
    }

    // ------------------------------------------------------------------ managing indexes

    /** {@code FT.CREATE}: {@code args} starts with the index name. */
    public synchronized void create(List<String> args) {
        checkOpen();
        CreateArguments.Create c = CreateArguments.parseCreate(args);
        IndexDefinition d = c.definition();
        if (indexes.contains(d.name())) {
            throw new InvalidRequestException("Index already exists");
        }
        new DocumentMapper(d); // checks the JSON paths before anything is created
        SearchIndex idx = saveNew(d, !c.skipInitialScan());
        indexes.put(idx);
        idx.start();
        awaitShortBuild(idx);
    }

    /** {@code FT.ALTER idx SCHEMA ADD ...}: the index is rebuilt with the new fields in the background. */
    public synchronized void alter(List<String> args) {
        checkOpen();
        SearchIndex old = indexes.get(args.isEmpty() ? "" : args.getFirst());
        CreateArguments.Alter a = CreateArguments.parseAlter(args, old.definition());
        if (a.skipInitialScan()) {
            throw new InvalidRequestException("FT.ALTER SKIPINITIALSCAN is not supported by Cairn: the index is rebuilt");
        }
        IndexDefinition d = old.definition().withFields(a.added());
        new DocumentMapper(d);
        SearchIndex idx = saveNew(d, true);
        indexes.put(idx); // replaces old: no offer reaches old from here
        cursors.closeAll(old);
        old.close();
        deleteTree(old.path());
        idx.start();
        awaitShortBuild(idx);
    }

    /**
     * Opens a new, empty index for {@code d} in a fresh directory and saves it in the catalog; when
     * the save fails, the index is closed and its directory removed, and nothing has changed.
     */
    private SearchIndex saveNew(IndexDefinition d, boolean build) {
        IndexCatalog.Entry entry = new IndexCatalog.Entry(catalog.nextId(), d);
        Path path = indexPath(entry.id());
        deleteTree(path);
        SearchIndex idx = newIndex(entry, -1, build);
        try {
            catalog.put(entry);
        } catch (RuntimeException e) {
            idx.close();
            deleteTree(path);
            throw e;
        }
        return idx;
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

    /** {@code FT.DROPINDEX idx [DD]}: removes the index, and with {@code deleteDocuments} its keys. */
    public synchronized void drop(String name, boolean deleteDocuments) {
        checkOpen();
        SearchIndex idx = indexes.get(name);
        catalog.remove(name); // first: when the save fails, the index still serves
        indexes.remove(name);
        cursors.closeAll(idx);
        idx.close();
        deleteTree(idx.path());
        if (deleteDocuments) {
            IndexedKeys.delete(store, idx.definition());
        }
    }

    /** Forgets every index's timings (CONFIG RESETSTAT). */
    public void resetStats() {
        indexes.all().forEach(idx -> idx.counters().reset());
    }

    /** {@code FT._LIST}. */
    public List<String> list() {
        return indexes.names();
    }

    /** {@code FT.INFO}. */
    public IndexInfo info(String name) {
        SearchIndex idx = indexes.get(name);
        if (idx.state() == SearchIndex.State.READY) {
            idx.awaitVisible(VISIBILITY_TIMEOUT_MILLIS); // counts include every acknowledged write
        }
        var stats = idx.docStats();
        IndexCounters k = idx.counters();
        return new IndexInfo(idx.definition(), stats.numDocs, stats.maxDoc, idx.state() == SearchIndex.State.BUILDING,
                idx.percentIndexed(), k.documentFailures(), k.lastDocumentFailure(), idx.backlog(), idx.diskBytes(),
                idx.state().name().toLowerCase(Locale.ROOT), cursors.openOn(idx), k.applyLatency(), k.refreshLatency(),
                k.mergeLatency(), k.mergeBytesRead(), k.mergeBytesWritten(),
                idx.opening().name().toLowerCase(Locale.ROOT), idx.caughtUpBatches());
    }

    // ------------------------------------------------------------------ searching

    /** {@code FT.SEARCH}. */
    public SearchResult search(String name, SearchRequest r) {
        return searches.search(indexes.get(name), r);
    }

    /** {@code FT.AGGREGATE}. */
    public AggregateResult aggregate(String name, AggregateRequest r) {
        return aggregations.aggregate(indexes.get(name), r);
    }

    /** {@code FT.CURSOR READ}. */
    public AggregateResult cursorRead(String name, long id, int count) {
        return cursors.read(indexes.get(name), id, count);
    }

    /** {@code FT.CURSOR DEL}. */
    public void cursorDelete(String name, long id) {
        cursors.delete(indexes.get(name), id);
    }

    /** {@code FT.CHECK}: the index against the data ({@link ConsistencyCheck}). */
    public CheckReport check(String name) {
        return ConsistencyCheck.run(store, indexes.get(name), VISIBILITY_TIMEOUT_MILLIS);
    }

    // ------------------------------------------------------------------ lifecycle

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
        if (checkpointCommits != null) {
            try {
                checkpointCommits.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        executor.shutdown();
        try {
            executor.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        cursors.closeAll();
        long[] lsn = {-1};
        // Under the store's lock: the LSN read is the last batch any index was offered.
        List<SearchIndex> all = indexes.removeAll(() -> {
            lsn[0] = store.lastLsn();
            try {
                subscription.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        for (SearchIndex idx : all) {
            idx.close(lsn[0]);
        }
    }
}
