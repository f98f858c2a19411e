package io.cairn.search.index;

import io.cairn.search.UnknownIndexException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Map;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.store.AlreadyClosedException;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.NRTCachingDirectory;

/**
 * One index's Lucene side: its directory on disk, the {@link IndexWriter} the indexer threads add
 * to, the near-real-time {@link SearcherManager} searches acquire from, and its commits
 * ({@code docs/format/search.md}: the LSN and definition in the commit's user data), taken at each
 * store checkpoint and at a clean close.
 *
 * <p>Thread-safe as Lucene's writer and searcher manager are: any thread may add, acquire or
 * release. {@link #refreshTo} serialises reopens on its own lock and remembers up to which LSN the
 * current searcher is known to be fresh; {@link #commit} and {@link #close} are serialised on
 * another, so a commit after the close does nothing. Callers guarantee that {@link #close} runs
 * once, after the last add (an add after it fails with {@link AlreadyClosedException}), and that a
 * searcher acquired is released to this index.
 */
final class LuceneIndex {
    static final String COMMIT_LSN = "cairn.lsn";
    static final String COMMIT_DEFINITION = "cairn.definition";
    private static final System.Logger LOG = System.getLogger(LuceneIndex.class.getName());

    private final String name;
    private final String definitionText;
    private final Directory directory;
    private final IndexWriter writer;
    private final SearcherManager searchers;
    private final Object refreshLock = new Object();
    /** Serialises commits with the close; guards {@code closed}. */
    private final Object commitLock = new Object();
    private boolean closed;
    /** The LSN of the commit kept at open, or -1 when the index started empty. */
    private volatile long committedLsn = -1;
    private final IndexCounters counters;
    /** The LSN up to which the current searcher shows every applied batch; written under refreshLock. */
    private volatile long visibleLsn = -1;

    /**
     * Opens (or creates) the index at {@code path}. With {@code storeLsn} ≥ 0 (the store's last LSN)
     * an existing commit with the same {@code definitionText}, taken at an LSN no later than that, is
     * kept ({@link #committedLsn}: the caller reuses it as is or catches it up, else
     * {@link #discard}s it); any other (a changed schema, a commit ahead of a log that lost its tail,
     * a commit taken without an LSN) is replaced at once by an empty commit, so a crash before the
     * next commit finds nothing it could mistake for an index in step.
     */
    LuceneIndex(String name, String definitionText, Path path, long storeLsn, Analyzer analyzer,
            IndexCounters counters) {
        this.name = name;
        this.definitionText = definitionText;
        this.counters = counters;
        try {
            // Small segments flushed by frequent reopens (a search after each write) stay in memory
            // until merged or committed: the NRT reopen then costs no file writes.
            this.directory = new NRTCachingDirectory(FSDirectory.open(path), 8.0, 64.0);
            long kept = -1;
            if (storeLsn >= 0 && DirectoryReader.indexExists(directory)) {
                Map<String, String> data = SegmentInfos.readLatestCommit(directory).getUserData();
                long at = parseLsn(data.get(COMMIT_LSN));
                if (at >= 0 && at <= storeLsn && definitionText.equals(data.get(COMMIT_DEFINITION))) {
                    kept = at;
                }
            }
            IndexWriterConfig config = new IndexWriterConfig(analyzer)
                    .setMergeScheduler(new TimedMergeScheduler(counters))
                    .setOpenMode(kept >= 0 ? IndexWriterConfig.OpenMode.CREATE_OR_APPEND : IndexWriterConfig.OpenMode.CREATE)
                    .setRAMBufferSizeMB(64);
            this.writer = new IndexWriter(directory, config);
            if (kept < 0) {
                writer.commit();
            }
            this.searchers = new SearcherManager(writer, null);
            this.committedLsn = kept;
        } catch (IOException e) {
            throw new UncheckedIOException("opening index " + name + " at " + path, e);
        }
    }

    private static long parseLsn(String s) {
        try {
            return s == null ? -1 : Long.parseLong(s);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** The LSN of the commit kept at open (every batch through it is in the index), or -1 when it started empty. */
    long committedLsn() {
        return committedLsn;
    }

    /**
     * Empties an index whose kept commit cannot be caught up, and commits that (with no LSN), so a
     * crash during the rebuild that follows does not find the old commit again.
     */
    void discard() throws IOException {
        writer.deleteAll();
        writer.setLiveCommitData(Map.<String, String>of().entrySet());
        writer.commit();
        searchers.maybeRefreshBlocking();
        committedLsn = -1;
    }

    /** The writer indexer threads add to; see the class comment for when it may be used. */
    IndexWriter writer() {
        return writer;
    }

    /** Empties the index (a FLUSHALL, once every indexer thread applied what came before it). */
    void deleteAll() throws IOException {
        writer.deleteAll();
    }

    long visibleLsn() {
        return visibleLsn;
    }

    /**
     * Reopens the searcher unless one opened after {@code lsn} was applied is already there.
     * Callers guarantee every batch up to {@code lsn} is applied.
     */
    void refreshTo(long lsn) throws IOException {
        synchronized (refreshLock) {
            if (visibleLsn < lsn) {
                long t0 = System.nanoTime();
                searchers.maybeRefreshBlocking();
                counters.refreshLatency().recordSince(t0);
                visibleLsn = lsn;
            }
        }
    }

    /** Reopens the searcher if nobody else is; it shows at least what was applied before the call. */
    void maybeRefresh() throws IOException {
        searchers.maybeRefresh();
    }

    /** A searcher; hand it back with {@link #release}. */
    IndexSearcher acquire() {
        try {
            return searchers.acquire();
        } catch (AlreadyClosedException e) {
            throw new UnknownIndexException(); // dropped or altered meanwhile
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void release(IndexSearcher s) {
        try {
            searchers.release(s);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    IndexWriter.DocStats docStats() {
        return writer.getDocStats();
    }

    /** Bytes of the index's files on disk, or -1 when they cannot be listed. */
    long diskBytes() {
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
     * Commits with {@code lsn} and the definition in the user data, so an open after a crash keeps
     * the index and catches it up from the log after {@code lsn}; returns false, doing nothing, once
     * the index is closed. Callers guarantee the index holds exactly the batches through {@code lsn}
     * (the indexer threads wait at a barrier meanwhile) and that the log holds them durably.
     */
    boolean commit(long lsn) throws IOException {
        synchronized (commitLock) {
            if (closed) {
                return false;
            }
            writer.setLiveCommitData(Map.of(COMMIT_LSN, String.valueOf(lsn), COMMIT_DEFINITION, definitionText).entrySet());
            writer.commit();
            return true;
        }
    }

    /**
     * Closes the searchers, the writer and the directory; with {@code commitLsn} ≥ 0 first commits
     * with that LSN and the definition, so the next open can reuse the index. Callers that pass a
     * {@code commitLsn} guarantee that every indexer thread has stopped and that the index reflects
     * exactly the store at that LSN; without one, a thread still adding fails harmlessly, and the
     * last commit taken (at a checkpoint) stays what the next open finds.
     */
    void close(long commitLsn) {
        synchronized (commitLock) {
            closed = true;
            try {
                searchers.close();
                if (commitLsn >= 0) {
                    writer.setLiveCommitData(Map.of(COMMIT_LSN, String.valueOf(commitLsn),
                            COMMIT_DEFINITION, definitionText).entrySet());
                    writer.commit();
                }
                writer.rollback(); // closes; after a commit there is nothing left to roll back
                directory.close();
            } catch (IOException e) {
                LOG.log(System.Logger.Level.WARNING, "closing index " + name + ": " + e);
            }
        }
    }
}
