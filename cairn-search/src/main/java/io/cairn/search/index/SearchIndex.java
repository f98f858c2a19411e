package io.cairn.search.index;

import io.cairn.common.InvalidRequestException;
import io.cairn.search.UnknownIndexException;
import io.cairn.search.analysis.DocumentLanguageAnalyzer;
import io.cairn.search.analysis.Languages;
import io.cairn.search.schema.IndexDefinition;
import io.cairn.storage.engine.Mutation;
import io.cairn.storage.engine.Store;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.search.IndexSearcher;

/**
 * One index: a Lucene index in its own directory ({@link LuceneIndex}), kept in step with the store
 * by indexer threads ({@link IndexerPartitions}) that turn the change stream's batches into
 * documents ({@link DocumentWriter}), with its counters for {@code FT.INFO} ({@link IndexCounters}).
 * This class holds the index's {@link State} and the visibility rule that ties them together.
 *
 * <h2>Visibility</h2>
 * The change listener hands every batch touching the index's prefixes to {@link #offer} on the
 * committing thread, under the store's lock, before the write is acknowledged; the batch's LSN is
 * recorded per partition it went to and as the index's last queued LSN. A search reads that LSN and
 * then each partition's last queued LSN, waits until every partition applied that far, and reopens
 * the searcher if it was opened before that point. So a search sees every write acknowledged before
 * it was received. While the index is being built over existing keys ({@link State#BUILDING})
 * searches do not wait: they see what is indexed so far, and {@code FT.INFO} says so, as in RediSearch.
 *
 * <h2>Durability</h2>
 * The Lucene index is committed with an LSN in the commit's user data, holding exactly the batches
 * through it: at every store checkpoint ({@link #offerCommit}, a barrier queued behind every batch
 * offered, before the checkpoint deletes the log before it; the commit waits until the log holds
 * its LSN durably), and at a clean close, when every indexer thread has stopped having applied
 * everything offered. On open ({@link Opening}), an index whose commit LSN equals the store's
 * recovered LSN (and whose definition is unchanged) is used as is; one whose commit is older
 * catches up: the batches after its LSN are read back from the store's log ({@link ChangeReplay})
 * and queued ahead of the live ones, through the same apply path; any other (a commit past the
 * store's LSN, or one whose log no longer reaches back) is rebuilt from the store's data, so an
 * index is never silently out of step after a crash.
 *
 * <p>Thread-safe. Callers guarantee: {@link #offer} from one thread at a time in LSN order (the
 * store's change listener, under the store's lock), and never once {@link #close} has begun — the
 * service removes an index from what the listener sees, under that same lock, before closing it;
 * {@link #start} once; every searcher acquired is released.
 */
public final class SearchIndex implements Closeable {
    private static final System.Logger LOG = System.getLogger(SearchIndex.class.getName());
    /**
     * For this long after a search, the indexer reopens the searcher itself when it runs out of
     * batches, so the next search finds it fresh; during a pure ingest nobody pays for reopens.
     */
    private static final long EAGER_REFRESH_NANOS = 1_000_000_000L;
    /** How long a commit waits for the log to be durable through its LSN before it gives up (a stuck disk). */
    private static final long COMMIT_DURABLE_WAIT_SECONDS = 30;

    /** How an index came up when it opened, for {@code FT.INFO}. */
    public enum Opening {
        /** New (FT.CREATE, FT.ALTER): built from the data, or empty with SKIPINITIALSCAN. */
        CREATED,
        /** Its commit was at the store's LSN (a clean shutdown): used as is. */
        REUSED,
        /** Its commit was older: the batches after it were read back from the log and applied. */
        CAUGHT_UP,
        /** No usable commit (a changed definition, a log that no longer reached back): built from the data again. */
        REBUILT
    }

    /** One batch read back from the log for a catch-up: this index's share of it. */
    private record Missed(long lsn, List<Mutation> mutations) {
    }

    /** Where an index is in its life. */
    public enum State {
        /** Indexing the keys that existed when it was created (or after a crash). */
        BUILDING,
        /** Following the change stream. */
        READY,
        /** The indexer stopped on an error; searches are refused. */
        FAILED,
        CLOSED
    }

    private final IndexDefinition definition;
    private final Path path;
    private final DocumentMapper mapper;
    private final IndexCounters counters = new IndexCounters();
    private final LuceneIndex lucene;
    private final DocumentWriter documents;
    private final IndexerPartitions indexer;
    private final Store store;
    private final Opening opening;
    /** Batches of the log applied at open to catch up (those that concerned this index). */
    private final int caughtUpBatches;
    /** Guards state changes and the first failure; notified on progress, state changes and failure. */
    private final Object progress = new Object();
    private volatile State state;
    /** The first error that stopped an indexer thread; later ones (its consequences) are only logged. */
    private volatile String failure;
    /** When a search last asked for visibility; the indexer reopens eagerly while searches come. */
    private volatile long lastSearchNanos = System.nanoTime() - EAGER_REFRESH_NANOS;

    /** As {@link #SearchIndex(IndexDefinition, String, Path, Store, long, boolean, IndexerConfig)} with the default indexer. */
    public SearchIndex(IndexDefinition definition, String definitionText, Path path, Store store,
            long reuseIfCurrentAt, boolean buildFromStore) {
        this(definition, definitionText, path, store, reuseIfCurrentAt, buildFromStore, IndexerConfig.defaults());
    }

    /** As {@link #SearchIndex(IndexDefinition, String, Path, Store, long, boolean, IndexerConfig, ChangeReplay)} with no catch-up. */
    public SearchIndex(IndexDefinition definition, String definitionText, Path path, Store store,
            long reuseIfCurrentAt, boolean buildFromStore, IndexerConfig config) {
        this(definition, definitionText, path, store, reuseIfCurrentAt, buildFromStore, config, ChangeReplay.NONE);
    }

    /**
     * Opens (or creates) the index at {@code path}. With {@code reuseIfCurrentAt} ≥ 0 (the store's
     * last LSN) an existing commit with the same definition is kept if taken at that LSN, or caught
     * up through {@code log} if taken before it and the log still reaches back; otherwise the index
     * is emptied and built from the store when {@code buildFromStore}. Callers guarantee that no
     * batch is committed between reading {@code reuseIfCurrentAt} and the first {@link #offer} (both
     * under the store's lock). Call {@link #start} once the listener feeds {@link #offer}.
     */
    public SearchIndex(IndexDefinition definition, String definitionText, Path path, Store store,
            long reuseIfCurrentAt, boolean buildFromStore, IndexerConfig config, ChangeReplay log) {
        this.definition = definition;
        this.path = path;
        this.store = store;
        this.mapper = new DocumentMapper(definition);
        DocumentLanguageAnalyzer analyzer = new DocumentLanguageAnalyzer(definition.language());
        this.lucene = new LuceneIndex(definition.name(), definitionText, path, reuseIfCurrentAt, analyzer, counters);
        long committed = lucene.committedLsn();
        List<Missed> missed = committed >= 0 && committed < reuseIfCurrentAt ? readMissed(log, committed) : null;
        if (reuseIfCurrentAt < 0) {
            opening = Opening.CREATED;
        } else if (committed == reuseIfCurrentAt) {
            opening = Opening.REUSED;
        } else if (missed != null) {
            opening = Opening.CAUGHT_UP;
        } else {
            opening = Opening.REBUILT;
            if (committed >= 0) {
                discard();
            }
        }
        this.caughtUpBatches = missed == null ? 0 : missed.size();
        boolean build = (opening == Opening.CREATED || opening == Opening.REBUILT) && buildFromStore;
        if (opening == Opening.CAUGHT_UP) {
            LOG.log(System.Logger.Level.INFO, "index " + definition.name() + ": catching up from LSN " + committed
                    + " to " + reuseIfCurrentAt + " from the log (" + caughtUpBatches + " batches concern it)");
        } else if (opening != Opening.REUSED) {
            LOG.log(System.Logger.Level.INFO, "index " + definition.name() + ": "
                    + (buildFromStore ? "building from the data" : "starting empty"));
        }
        this.documents = new DocumentWriter(definition, store, mapper, analyzer, lucene.writer(), counters);
        this.state = build ? State.BUILDING : State.READY;
        this.indexer = new IndexerPartitions(definition.name(), config, build, new Work(), counters.applyLatency());
        if (missed != null) {
            for (Missed m : missed) {
                indexer.offer(m.lsn(), m.mutations()); // ahead of every live batch: the caller holds the store's lock
            }
        }
    }

    /** The log's batches after {@code lsn} that concern this index, or null when the log no longer holds them all. */
    private static List<Missed> readMissed(ChangeReplay log, long lsn) {
        List<Missed> out = new ArrayList<>();
        return log.replayAfter(lsn, (at, mutations) -> out.add(new Missed(at, mutations))) ? out : null;
    }

    private void discard() {
        try {
            lucene.discard();
        } catch (IOException e) {
            lucene.close(-1);
            throw new UncheckedIOException("emptying index " + definition.name() + " at " + path, e);
        }
    }

    /** What the indexer threads call back. */
    private final class Work implements IndexerPartitions.Work {
        @Override
        public long build(BooleanSupplier stop) throws IOException {
            long lsn = documents.build(stop);
            if (lsn >= 0) {
                LOG.log(System.Logger.Level.INFO, "index " + definition.name() + ": built, "
                        + lucene.docStats().numDocs + " documents");
            }
            return lsn;
        }

        @Override
        public void built() {
            synchronized (progress) {
                if (state == State.BUILDING) {
                    state = State.READY;
                }
                progress.notifyAll();
            }
        }

        @Override
        public void apply(List<Mutation> mutations) throws IOException {
            documents.apply(mutations);
        }

        @Override
        public void clearAll() throws IOException {
            lucene.deleteAll();
        }

        @Override
        public void applied(boolean idle) throws IOException {
            if (idle && System.nanoTime() - lastSearchNanos < EAGER_REFRESH_NANOS) {
                long target = indexer.enqueuedLsn();
                if (indexer.appliedUpTo(indexer.enqueuedSnapshot())) {
                    lucene.refreshTo(target); // searches are arriving: reopen now, off their path
                }
            }
            synchronized (progress) {
                progress.notifyAll();
            }
        }

        @Override
        public void failed(Throwable t) {
            boolean report;
            synchronized (progress) {
                boolean first = failure == null;
                if (first) {
                    failure = String.valueOf(t);
                }
                report = first && state != State.CLOSED; // after close: a thread an interrupted close left running
                if (state != State.CLOSED) {
                    state = State.FAILED;
                }
                progress.notifyAll();
            }
            if (report) {
                LOG.log(System.Logger.Level.ERROR, "indexer of " + definition.name() + " stopped", t);
            } else {
                LOG.log(System.Logger.Level.DEBUG, "indexer of " + definition.name() + " also stopped: " + t);
            }
        }

        @Override
        public boolean isFailed() {
            return failure != null;
        }
    }

    /** Starts the indexer threads (the first builds, when the index needs it, and the others wait). */
    public void start() {
        indexer.start();
    }

    public IndexDefinition definition() {
        return definition;
    }

    public DocumentMapper mapper() {
        return mapper;
    }

    public Path path() {
        return path;
    }

    /**
     * Queues a committed batch's mutations of this index's keys ({@code mutations} is kept: pass a
     * copy). Called on the committing thread under the store's lock; never blocks.
     */
    public void offer(long lsn, List<Mutation> mutations) {
        indexer.offer(lsn, mutations);
    }

    // ------------------------------------------------------------------ searching

    /**
     * Waits until every batch queued before this call is applied and visible to
     * {@link #acquire}; returns at once while building.
     *
     * @throws InvalidRequestException when the indexer failed, or did not catch up in {@code timeoutMillis}
     */
    public void awaitVisible(long timeoutMillis) {
        long target = indexer.enqueuedLsn();
        long[] want = indexer.enqueuedSnapshot(); // read after target: at least as new, so waiting on them suffices
        State s = state;
        checkServing(s);
        try {
            if (s == State.BUILDING) {
                lucene.maybeRefresh();
                return;
            }
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
            synchronized (progress) {
                while (!indexer.appliedUpTo(want) && state == State.READY) {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        throw new InvalidRequestException("Timeout waiting for index " + definition.name()
                                + " to catch up (" + backlog() + " batches behind)");
                    }
                    TimeUnit.NANOSECONDS.timedWait(progress, left);
                }
            }
            checkServing(state); // failed, or dropped or altered while waiting
            lastSearchNanos = System.nanoTime();
            if (lucene.visibleLsn() < target) {
                lucene.refreshTo(target);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InvalidRequestException("interrupted while waiting for the index");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void checkServing(State s) {
        if (s == State.FAILED) {
            throw new InvalidRequestException("index " + definition.name() + " failed: " + failure);
        }
        if (s == State.CLOSED) {
            throw new UnknownIndexException();
        }
    }

    /** A searcher; hand it back with {@link #release}. */
    public IndexSearcher acquire() {
        return lucene.acquire();
    }

    public void release(IndexSearcher s) {
        lucene.release(s);
    }

    /** The analyzer queries in {@code language} use (null: the index's language). */
    public Analyzer queryAnalyzer(String language) {
        return Languages.analyzer(language == null ? definition.language() : language);
    }

    // ------------------------------------------------------------------ state

    /**
     * Queues a commit of the Lucene index at {@code lsn}, the store's last LSN, behind every batch
     * offered: once the indexer applied them all, and the log holds {@code lsn} durably, the index
     * is committed holding exactly the batches through it, so that after a crash it catches up from
     * there rather than being rebuilt (a store checkpoint asks for this before it deletes the log
     * before it). Returns the commit's outcome (true once committed; false when it could not be: the
     * log failed, the index closed); null, queuing nothing, when the index is not ready (building,
     * failed, closed). The same obligations as {@link #offer}: under the store's lock.
     */
    public CompletableFuture<Boolean> offerCommit(long lsn) {
        if (state != State.READY) {
            return null;
        }
        CompletableFuture<Boolean> outcome = new CompletableFuture<>();
        indexer.offerCommit(lsn, () -> {
            boolean committed = false;
            try {
                // Tagged past what the log holds durably, a crash taking back the log's tail could
                // leave an index holding writes the store lost.
                store.whenDurable(lsn).get(COMMIT_DURABLE_WAIT_SECONDS, TimeUnit.SECONDS);
                committed = lucene.commit(lsn);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException | TimeoutException | IOException | RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "index " + definition.name() + ": not committed at LSN " + lsn + ": " + e);
            } finally {
                outcome.complete(committed);
                synchronized (progress) {
                    progress.notifyAll();
                }
            }
        });
        return outcome;
    }

    /**
     * Waits for a commit {@link #offerCommit} queued: true once it committed; false when it could
     * not, on timeout (it stays queued and commits later), or when the index stopped being ready.
     * Any thread that holds no lock the indexer might need (the store's).
     */
    public boolean awaitCommit(CompletableFuture<Boolean> commit, long timeoutMillis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        synchronized (progress) {
            while (!commit.isDone() && state == State.READY) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                TimeUnit.NANOSECONDS.timedWait(progress, left);
            }
        }
        return commit.isDone() && commit.join();
    }

    /**
     * Waits until every batch queued before the call is applied (at open: the batches a catch-up
     * read back); true then, or when the index stopped being ready meanwhile; false on timeout.
     */
    public boolean awaitApplied(long timeoutMillis) throws InterruptedException {
        long[] want = indexer.enqueuedSnapshot();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        synchronized (progress) {
            while (!indexer.appliedUpTo(want) && state == State.READY) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                TimeUnit.NANOSECONDS.timedWait(progress, left);
            }
        }
        return true;
    }

    /** How the index came up when it opened. */
    public Opening opening() {
        return opening;
    }

    /** With {@link Opening#CAUGHT_UP}: the batches read back from the log that concerned this index. */
    public int caughtUpBatches() {
        return caughtUpBatches;
    }

    /** Waits until the build (if any) is over; false on timeout. */
    public boolean awaitBuilt(long timeoutMillis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        synchronized (progress) {
            while (state == State.BUILDING) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                TimeUnit.NANOSECONDS.timedWait(progress, left);
            }
        }
        return true;
    }

    public State state() {
        return state;
    }

    /** The first error that stopped the indexer, or null. */
    public String failure() {
        return failure;
    }

    /** Documents that failed to index, build progress and timings. */
    public IndexCounters counters() {
        return counters;
    }

    /** Fraction of the build done, 1 when not building. */
    public double percentIndexed() {
        return state == State.BUILDING ? counters.buildFraction() : 1.0;
    }

    /** Batches received and not yet applied. */
    public int backlog() {
        return indexer.backlog();
    }

    public IndexWriter.DocStats docStats() {
        return lucene.docStats();
    }

    /** Bytes of the index's files on disk. */
    public long diskBytes() {
        return lucene.diskBytes();
    }

    /**
     * Stops the indexer after it applied everything queued and, with {@code lsn} ≥ 0 (the store's
     * LSN, which the index then reflects), commits so the next open can reuse it. It commits only
     * when the index is ready and every indexer thread stopped having applied all it was offered;
     * when the caller is interrupted before the threads stopped, it closes without committing (the
     * next open rebuilds). {@code lsn} < 0 closes without committing (the index is dropped).
     */
    public void close(long lsn) {
        boolean stopped = indexer.stop();
        boolean commit;
        synchronized (progress) {
            commit = lsn >= 0 && stopped && state == State.READY && indexer.drained();
            state = State.CLOSED;
            progress.notifyAll();
        }
        if (!stopped) {
            Thread.interrupted(); // set again below: an interrupt would make Lucene's file channels close mid-rollback
        }
        try {
            lucene.close(commit ? lsn : -1);
        } finally {
            if (!stopped) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public void close() {
        close(-1);
    }
}
