package io.cairn.search.index;

import io.cairn.common.InvalidRequestException;
import io.cairn.common.LatencyHistogram;
import io.cairn.document.codec.DocumentDecoder;
import io.cairn.document.json.JsonValue;
import io.cairn.search.analysis.DocumentLanguageAnalyzer;
import io.cairn.search.schema.IndexDefinition;
import io.cairn.search.schema.SourceType;
import io.cairn.storage.engine.Mutation;
import io.cairn.storage.engine.ReadView;
import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.Txn;
import io.cairn.storage.engine.ValueType;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.NRTCachingDirectory;
import org.apache.lucene.util.BytesRef;

/**
 * One index: a Lucene index in its own directory, kept in step with the store by indexer threads
 * (one per core, at most {@value #MAX_PARTITIONS}) that apply the change stream's batches: keys are
 * spread over the threads by hash, so each key's changes are applied in LSN order while different
 * keys are analysed in parallel, and a FLUSHALL is a barrier every thread reaches before the index
 * is emptied.
 *
 * <h2>Visibility</h2>
 * The change listener hands every batch touching the index's prefixes to {@link #offer} on the
 * committing thread, under the store's lock, before the write is acknowledged; {@link #offer}
 * records the batch's LSN per thread it went to and as {@code enqueuedLsn}. A search reads
 * {@code enqueuedLsn} and then each thread's last queued LSN, waits until every thread applied that
 * far, and reopens the searcher if it was opened before that point. So a search sees every write acknowledged before it was received.
 * While the index is being built over existing keys ({@link State#BUILDING}) searches do not wait:
 * they see what is indexed so far, and {@code FT.INFO} says so, as in RediSearch.
 *
 * <h2>Durability</h2>
 * The Lucene index is committed only at a clean close, with the LSN it reflects in the commit's
 * user data. On open, an index whose commit LSN equals the store's recovered LSN (and whose
 * definition is unchanged) is used as is; any other is rebuilt from the store's data, so an index
 * is never silently out of step after a crash. Thread-safe.
 */
public final class SearchIndex implements Closeable {
    private static final System.Logger LOG = System.getLogger(SearchIndex.class.getName());
    static final String COMMIT_LSN = "cairn.lsn";
    static final String COMMIT_DEFINITION = "cairn.definition";
    private static final int DRAIN_MAX = 4_096;
    /** Indexer threads per index, at most: one per core up to this. */
    private static final int MAX_PARTITIONS = 4;
    /** How long a partition waits at a FLUSHALL for the others before the index fails. */
    private static final long BARRIER_SECONDS = 300;
    /**
     * For this long after a search, the indexer reopens the searcher itself when it runs out of
     * batches, so the next search finds it fresh; during a pure ingest nobody pays for reopens.
     */
    private static final long EAGER_REFRESH_NANOS = 1_000_000_000L;

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

    /**
     * What one committed batch holds for one partition, in order: one per LSN and partition, so a
     * partition that applied an LSN applied all of it.
     */
    private record Batch(long lsn, List<Step> steps) {
    }

    /**
     * Mutations to apply, or (with {@code clear} set) a FLUSHALL, which every partition reaches
     * before one of them empties the index.
     */
    private record Step(List<Mutation> mutations, CyclicBarrier clear) {
    }

    /**
     * One indexer thread and its queue. Keys are spread over partitions by hash, so one key's
     * changes stay in log order on one thread while different keys are analysed in parallel.
     */
    private final class Partition {
        final LinkedBlockingQueue<Batch> queue = new LinkedBlockingQueue<>();
        /** The last LSN offered to this partition (written under the store's lock). */
        volatile long enqueued;
        /** The last LSN this partition applied. */
        volatile long applied;
        Thread thread;
    }

    private final IndexDefinition definition;
    private final String definitionText;
    private final Path path;
    private final Store store;
    private final DocumentMapper mapper;
    private final DocumentLanguageAnalyzer analyzer;
    private final Directory directory;
    private final IndexWriter writer;
    private final SearcherManager searchers;
    private final Partition[] partitions;
    private final java.util.concurrent.CountDownLatch built = new java.util.concurrent.CountDownLatch(1);
    private final Object progress = new Object();
    private final Object refreshLock = new Object();
    private final AtomicLong failures = new AtomicLong();
    private final LatencyHistogram applyLatency = new LatencyHistogram();
    private final LatencyHistogram refreshLatency = new LatencyHistogram();
    private final LatencyHistogram mergeLatency = new LatencyHistogram();
    private final AtomicLong mergeBytesRead = new AtomicLong();
    private final AtomicLong mergeBytesWritten = new AtomicLong();
    private final boolean build;
    private volatile long enqueuedLsn;
    private volatile long visibleLsn = -1;
    /** When a search last asked for visibility; the indexer reopens eagerly while searches come. */
    private volatile long lastSearchNanos = System.nanoTime() - EAGER_REFRESH_NANOS;
    private volatile State state;
    private volatile String failure;
    private volatile String lastIndexingFailure;
    private volatile long buildTotal;
    private volatile long buildDone;
    private volatile boolean stopping;
    /** The LSN of the view the build read; batches up to it are already indexed. Set before {@code built} opens. */
    private volatile long skipUpTo = -1;
    /** Set before {@code built} opens when the build stopped early: then no partition runs. */
    private volatile boolean buildAborted;

    /**
     * Opens (or creates) the index at {@code path}. With {@code reuseIfCurrentAt} ≥ 0 an existing
     * commit taken at that LSN with the same definition is kept; otherwise the index is emptied and
     * built from the store when {@code buildFromStore}. Call {@link #start} once the listener
     * feeds {@link #offer}.
     */
    public SearchIndex(IndexDefinition definition, String definitionText, Path path, Store store,
            long reuseIfCurrentAt, boolean buildFromStore) {
        this.definition = definition;
        this.definitionText = definitionText;
        this.path = path;
        this.store = store;
        this.mapper = new DocumentMapper(definition);
        this.analyzer = new DocumentLanguageAnalyzer(definition.language());
        try {
            // Small segments flushed by frequent reopens (a search after each write) stay in memory
            // until merged or committed: the NRT reopen then costs no file writes.
            this.directory = new NRTCachingDirectory(FSDirectory.open(path), 8.0, 64.0);
            boolean reuse = false;
            if (reuseIfCurrentAt >= 0 && DirectoryReader.indexExists(directory)) {
                Map<String, String> data = SegmentInfos.readLatestCommit(directory).getUserData();
                reuse = String.valueOf(reuseIfCurrentAt).equals(data.get(COMMIT_LSN))
                        && definitionText.equals(data.get(COMMIT_DEFINITION));
            }
            IndexWriterConfig config = new IndexWriterConfig(analyzer)
                    .setMergeScheduler(new TimedMergeScheduler(mergeLatency, mergeBytesRead, mergeBytesWritten))
                    .setOpenMode(reuse ? IndexWriterConfig.OpenMode.CREATE_OR_APPEND : IndexWriterConfig.OpenMode.CREATE)
                    .setRAMBufferSizeMB(64);
            this.writer = new IndexWriter(directory, config);
            if (!reuse) {
                // Replace the old commit (and its cairn.lsn) by an empty one at once: a crash before
                // the next clean close must find nothing it could mistake for an index in step.
                writer.commit();
            }
            this.searchers = new SearcherManager(writer, null);
            this.build = !reuse && buildFromStore;
            if (!reuse) {
                LOG.log(System.Logger.Level.INFO, "index " + definition.name() + ": "
                        + (buildFromStore ? "building from the data" : "starting empty"));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("opening index " + definition.name() + " at " + path, e);
        }
        this.state = build ? State.BUILDING : State.READY;
        this.partitions = new Partition[Math.max(1, Math.min(MAX_PARTITIONS, Runtime.getRuntime().availableProcessors()))];
        for (int i = 0; i < partitions.length; i++) {
            Partition part = new Partition();
            int id = i;
            part.thread = Thread.ofPlatform().daemon().name("cairn-indexer-" + definition.name() + "-" + i)
                    .unstarted(() -> run(part, id == 0));
            partitions[i] = part;
        }
    }

    /** Starts the indexer threads (the first builds, when the index needs it, and the others wait). */
    public void start() {
        for (Partition part : partitions) {
            part.thread.start();
        }
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

    // ------------------------------------------------------------------ change stream

    /**
     * Queues a committed batch's mutations of this index's keys ({@code mutations} is kept: pass a
     * copy). Called on the committing thread under the store's lock; never blocks.
     */
    public void offer(long lsn, List<Mutation> mutations) {
        int n = partitions.length;
        List<List<Step>> steps = new ArrayList<>(java.util.Collections.nCopies(n, (List<Step>) null));
        List<List<Mutation>> pending = new ArrayList<>(java.util.Collections.nCopies(n, (List<Mutation>) null));
        for (Mutation m : mutations) {
            if (m instanceof Mutation.Clear) {
                CyclicBarrier barrier = new CyclicBarrier(n, this::clearAll);
                for (int p = 0; p < n; p++) {
                    step(steps, p, pending.get(p), null);
                    pending.set(p, null);
                    step(steps, p, null, barrier);
                }
                continue;
            }
            int p = n == 1 ? 0 : Math.floorMod(java.util.Arrays.hashCode(m.key()), n);
            if (pending.get(p) == null) {
                pending.set(p, new ArrayList<>());
            }
            pending.get(p).add(m);
        }
        for (int p = 0; p < n; p++) {
            step(steps, p, pending.get(p), null);
            if (steps.get(p) != null) {
                partitions[p].queue.add(new Batch(lsn, steps.get(p)));
                partitions[p].enqueued = lsn;
            }
        }
        enqueuedLsn = lsn;
    }

    private static void step(List<List<Step>> steps, int p, List<Mutation> mutations, CyclicBarrier clear) {
        if (mutations == null && clear == null) {
            return;
        }
        if (steps.get(p) == null) {
            steps.set(p, new ArrayList<>());
        }
        steps.get(p).add(new Step(mutations, clear));
    }

    /** The barrier action of a FLUSHALL: every partition has applied everything before it. */
    private void clearAll() {
        try {
            writer.deleteAll();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private void run(Partition part, boolean builder) {
        try {
            if (builder) {
                boolean complete = false;
                try {
                    complete = !build || buildFromStore();
                } finally {
                    buildAborted = !complete; // the other partitions must not wait at barriers for this one
                    built.countDown();
                }
                if (!complete) {
                    return; // stopped mid-build: stays BUILDING, so close() does not commit it
                }
                state = State.READY;
                synchronized (progress) {
                    progress.notifyAll();
                }
            } else {
                built.await();
                if (buildAborted) {
                    return;
                }
            }
            List<Batch> batches = new ArrayList<>();
            while (true) {
                Batch first = part.queue.poll(50, TimeUnit.MILLISECONDS);
                if (first == null) {
                    if (stopping || state == State.FAILED) {
                        break;
                    }
                    continue;
                }
                batches.add(first);
                part.queue.drainTo(batches, DRAIN_MAX);
                long t0 = System.nanoTime();
                apply(part, batches);
                applyLatency.recordSince(t0);
                batches.clear();
                if (part.queue.isEmpty() && System.nanoTime() - lastSearchNanos < EAGER_REFRESH_NANOS) {
                    long target = enqueuedLsn;
                    if (caughtUp(snapshotEnqueued())) {
                        refreshTo(target); // searches are arriving: reopen now, off their path
                    }
                }
                synchronized (progress) {
                    progress.notifyAll();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Throwable t) {
            failure = String.valueOf(t);
            state = State.FAILED;
            LOG.log(System.Logger.Level.ERROR, "indexer of " + definition.name() + " stopped", t);
            for (Partition p : partitions) {
                p.thread.interrupt(); // the others may wait at a FLUSHALL barrier for this one
            }
            synchronized (progress) {
                progress.notifyAll();
            }
        }
    }

    private long[] snapshotEnqueued() {
        long[] want = new long[partitions.length];
        for (int i = 0; i < want.length; i++) {
            want[i] = partitions[i].enqueued;
        }
        return want;
    }

    private boolean caughtUp(long[] want) {
        for (int i = 0; i < want.length; i++) {
            if (partitions[i].applied < want[i]) {
                return false;
            }
        }
        return true;
    }

    /** Applies a partition's drained batches in order; a FLUSHALL waits for every partition. */
    private void apply(Partition part, List<Batch> batches) throws IOException, InterruptedException {
        List<Mutation> run = new ArrayList<>();
        for (Batch b : batches) {
            if (b.lsn() <= skipUpTo) {
                continue; // already in the view the build read (every partition skips it alike)
            }
            for (Step step : b.steps()) {
                if (step.clear() == null) {
                    run.addAll(step.mutations());
                    continue;
                }
                apply(run);
                run.clear();
                try {
                    step.clear().await(BARRIER_SECONDS, TimeUnit.SECONDS);
                } catch (java.util.concurrent.BrokenBarrierException | java.util.concurrent.TimeoutException e) {
                    throw new IOException("FLUSHALL: the index's other indexer threads did not arrive", e);
                }
            }
        }
        apply(run);
        part.applied = batches.getLast().lsn(); // only now: every step of every drained LSN is done
    }

    private void apply(List<Mutation> mutations) throws IOException {
        Set<BytesRef> dirtyHashes = new LinkedHashSet<>();
        for (Mutation m : mutations) {
            switch (m) {
                case Mutation.Clear c -> throw new IllegalStateException("FLUSHALL goes through the barrier");
                case Mutation.ExpireAt e -> {
                }
                case Mutation.PutDocument d when definition.source() == SourceType.JSON ->
                        indexJson(d.key(), d.document());
                case Mutation.HashPut h when definition.source() == SourceType.HASH ->
                        dirtyHashes.add(new BytesRef(h.key()));
                case Mutation.HashDelete h when definition.source() == SourceType.HASH ->
                        dirtyHashes.add(new BytesRef(h.key()));
                default -> {
                    // deleted, expired, or now of a type this index does not read
                    writer.deleteDocuments(new Term(DocumentMapper.KEY, new BytesRef(m.key())));
                    dirtyHashes.remove(new BytesRef(m.key()));
                }
            }
        }
        if (!dirtyHashes.isEmpty()) {
            // A hash mutation names one field; index the whole hash as it is now (at least as new
            // as the batch, so the index still never runs behind).
            List<byte[]> keys = dirtyHashes.stream().map(b -> b.bytes).toList();
            List<Map<String, byte[]>> states = store.read(t -> {
                List<Map<String, byte[]>> out = new ArrayList<>(keys.size());
                for (byte[] k : keys) {
                    out.add(t.type(k) == ValueType.HASH ? hashMap(t.hashFields(k)) : null);
                }
                return out;
            });
            for (int i = 0; i < keys.size(); i++) {
                indexHash(keys.get(i), states.get(i));
            }
        }
    }

    private void indexJson(byte[] key, byte[] stored) throws IOException {
        Term id = new Term(DocumentMapper.KEY, new BytesRef(key));
        try {
            JsonValue root = DocumentDecoder.decode(stored);
            DocumentMapper.Mapped m = mapper.mapJson(key, root, DocumentMapper.fnv(DocumentMapper.FNV_START, stored));
            add(id, m);
        } catch (MappingException | IllegalArgumentException e) {
            failed(id, key, e);
        }
    }

    private void indexHash(byte[] key, Map<String, byte[]> fields) throws IOException {
        Term id = new Term(DocumentMapper.KEY, new BytesRef(key));
        if (fields == null || fields.isEmpty()) {
            writer.deleteDocuments(id);
            return;
        }
        try {
            add(id, mapper.mapHash(key, fields, DocumentMapper.hashOf(fields)));
        } catch (MappingException | IllegalArgumentException e) {
            failed(id, key, e);
        }
    }

    private void add(Term id, DocumentMapper.Mapped m) throws IOException {
        analyzer.use(m.language());
        try {
            writer.updateDocument(id, m.document());
        } finally {
            analyzer.use(null);
        }
    }

    private void failed(Term id, byte[] key, RuntimeException e) throws IOException {
        writer.deleteDocuments(id);
        failures.incrementAndGet();
        lastIndexingFailure = new String(key, StandardCharsets.UTF_8) + ": " + e.getMessage();
    }

    static Map<String, byte[]> hashMap(Txn.HashFields h) {
        Map<String, byte[]> m = new LinkedHashMap<>(h.names().length * 2);
        for (int i = 0; i < h.names().length; i++) {
            m.put(new String(h.names()[i].getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8), h.values()[i]);
        }
        return m;
    }

    /** Indexes every key under the prefixes from a view; false when stopped before the end. */
    private boolean buildFromStore() throws IOException {
        try (ReadView view = store.openReadView()) {
            buildTotal = view.size();
            for (byte[] prefix : definition.prefixBytes()) {
                PrefixScan.forEach(view, prefix, () -> !stopping, k -> {
                    indexFromView(view, k);
                    buildDone++;
                });
            }
            skipUpTo = view.lsn();
        }
        if (stopping) {
            return false;
        }
        LOG.log(System.Logger.Level.INFO, "index " + definition.name() + ": built, " + writer.getDocStats().numDocs + " documents");
        return true;
    }

    private void indexFromView(ReadView view, byte[] key) throws IOException {
        ValueType type = view.type(key);
        if (definition.source() == SourceType.JSON && type == ValueType.JSON) {
            indexJson(key, view.document(key));
        } else if (definition.source() == SourceType.HASH && type == ValueType.HASH) {
            Map<String, byte[]> m = new LinkedHashMap<>();
            for (var e : view.hgetAll(key)) {
                m.put(new String(e.getKey(), StandardCharsets.UTF_8), e.getValue());
            }
            indexHash(key, m);
        }
    }

    // ------------------------------------------------------------------ searching

    /**
     * Waits until every batch queued before this call is applied and visible to
     * {@link #acquire}; returns at once while building.
     *
     * @throws InvalidRequestException when the indexer failed, or did not catch up in {@code timeoutMillis}
     */
    public void awaitVisible(long timeoutMillis) {
        long target = enqueuedLsn;
        long[] want = snapshotEnqueued(); // read after target: at least as new, so waiting on them suffices
        State s = state;
        if (s == State.FAILED) {
            throw new InvalidRequestException("index " + definition.name() + " failed: " + failure);
        }
        if (s == State.CLOSED) {
            throw new io.cairn.search.UnknownIndexException();
        }
        try {
            if (s == State.BUILDING) {
                searchers.maybeRefresh();
                return;
            }
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
            synchronized (progress) {
                while (!caughtUp(want) && state == State.READY) {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        throw new InvalidRequestException("Timeout waiting for index " + definition.name()
                                + " to catch up (" + backlog() + " batches behind)");
                    }
                    TimeUnit.NANOSECONDS.timedWait(progress, left);
                }
            }
            if (state == State.FAILED) {
                throw new InvalidRequestException("index " + definition.name() + " failed: " + failure);
            }
            if (state == State.CLOSED) {
                throw new io.cairn.search.UnknownIndexException(); // dropped or altered while waiting
            }
            lastSearchNanos = System.nanoTime();
            if (visibleLsn < target) {
                refreshTo(target);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InvalidRequestException("interrupted while waiting for the index");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Reopens the searcher unless one opened after {@code lsn} was applied is already there.
     * Callers guarantee every batch up to {@code lsn} is applied.
     */
    private void refreshTo(long lsn) throws IOException {
        synchronized (refreshLock) {
            if (visibleLsn < lsn) {
                long t0 = System.nanoTime();
                searchers.maybeRefreshBlocking();
                refreshLatency.recordSince(t0);
                visibleLsn = lsn;
            }
        }
    }

    /** A searcher; hand it back with {@link #release}. */
    public IndexSearcher acquire() {
        try {
            return searchers.acquire();
        } catch (org.apache.lucene.store.AlreadyClosedException e) {
            throw new io.cairn.search.UnknownIndexException(); // dropped or altered meanwhile
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public void release(IndexSearcher s) {
        try {
            searchers.release(s);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The analyzer queries in {@code language} use (null: the index's language). */
    public org.apache.lucene.analysis.Analyzer queryAnalyzer(String language) {
        return io.cairn.search.analysis.Languages.analyzer(language == null ? definition.language() : language);
    }

    // ------------------------------------------------------------------ state

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

    public String failure() {
        return failure;
    }

    /** Documents that failed to index (wrong types), since the index opened. */
    public long indexingFailures() {
        return failures.get();
    }

    public String lastIndexingFailure() {
        return lastIndexingFailure;
    }

    /** Fraction of the build done, 1 when not building. */
    public double percentIndexed() {
        if (state != State.BUILDING) {
            return 1.0;
        }
        long total = buildTotal;
        return total == 0 ? 0.0 : Math.min(0.99, (double) buildDone / total);
    }

    /** Time to apply one drained group of batches to the writer (analysis, and Lucene's own RAM flushes). */
    public LatencyHistogram applyLatency() {
        return applyLatency;
    }

    /** Time to reopen the searcher so it sees applied changes (an NRT flush of the new segment). */
    public LatencyHistogram refreshLatency() {
        return refreshLatency;
    }

    /** Time of each segment merge. */
    public LatencyHistogram mergeLatency() {
        return mergeLatency;
    }

    /** Bytes merges read (the merged segments) and wrote (the new ones), since open or reset. */
    public long mergeBytesRead() {
        return mergeBytesRead.get();
    }

    public long mergeBytesWritten() {
        return mergeBytesWritten.get();
    }

    /** Forgets the timings (CONFIG RESETSTAT). */
    public void resetStats() {
        applyLatency.reset();
        refreshLatency.reset();
        mergeLatency.reset();
        mergeBytesRead.set(0);
        mergeBytesWritten.set(0);
    }

    /** Batches received and not yet applied. */
    public int backlog() {
        int n = 0;
        for (Partition p : partitions) {
            n += p.queue.size();
        }
        return n;
    }

    public IndexWriter.DocStats docStats() {
        return writer.getDocStats();
    }

    /** Bytes of the index's files on disk. */
    public long diskBytes() {
        long n = 0;
        try {
            for (String f : directory.listAll()) {
                try {
                    n += directory.fileLength(f);
                } catch (IOException e) {
                    // a file merged away while listing
                }
            }
        } catch (IOException e) {
            return -1;
        }
        return n;
    }

    /**
     * Stops the indexer after it applied everything queued and commits with {@code lsn} (the
     * store's LSN, which the index now reflects) so the next open can reuse it; {@code lsn} < 0
     * closes without committing (the index is dropped, or was not in step).
     */
    public void close(long lsn) {
        stopping = true;
        try {
            for (Partition p : partitions) {
                p.thread.join();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        boolean commit = lsn >= 0 && state == State.READY && backlog() == 0;
        state = State.CLOSED;
        synchronized (progress) {
            progress.notifyAll();
        }
        try {
            searchers.close();
            if (commit) {
                writer.setLiveCommitData(Map.of(COMMIT_LSN, String.valueOf(lsn), COMMIT_DEFINITION, definitionText).entrySet());
                writer.commit();
            }
            writer.rollback(); // closes; after a commit there is nothing left to roll back
            directory.close();
        } catch (IOException e) {
            LOG.log(System.Logger.Level.WARNING, "closing index " + definition.name() + ": " + e);
        }
    }

    @Override
    public void close() {
        close(-1);
    }
}
