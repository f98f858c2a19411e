package io.cairn.bench.search;

import io.cairn.bench.corpus.Article;
import io.cairn.bench.corpus.Shape;
import java.io.IOException;
import java.util.List;

/**
 * One system the {@code ingest-query} scenario measures. The scenario creates the schema, ingests
 * articles from several threads (each with its own {@link Session}), waits until everything is
 * searchable, then runs queries. Implementations are thread-safe; sessions are not.
 */
public interface SearchSystem extends AutoCloseable {
    String label();

    String version();

    /** Creates the table or index for articles of {@code shape}, dropping what a previous shape left. */
    void create(Shape shape) throws IOException;

    /** A connection (or its in-process equivalent) for one thread. */
    Session session() throws IOException;

    /** Returns once every ingested article is searchable (for Cairn: its index caught up). */
    void awaitSearchable(long articles) throws IOException;

    /** Bytes on disk for the data and its indexes, or -1 if unknown. */
    long diskBytes() throws IOException;

    /**
     * Memory the system holds now, or -1: the Java heap after a full collection for Cairn and
     * embedded Lucene, the resident set of every server process for PostgreSQL (its shared buffers
     * count once they are touched). The scenario reports the growth over the ingest.
     */
    long memoryBytes() throws IOException;

    /** Forgets the system's own timings before a phase (Cairn: CONFIG RESETSTAT). */
    default void resetInternalStats() throws IOException {
    }

    /**
     * The system's own timings since {@link #resetInternalStats}, as rows beside the client's: for
     * Cairn the log's writes and fsyncs, the index's applies, reopens (flushes) and merges. Empty
     * when the system reports none.
     */
    default List<io.cairn.bench.report.OpStats> internalLatencies() throws IOException {
        return List.of();
    }

    /** Other figures of the system worth recording (merge bytes, ...), by name. */
    default java.util.Map<String, String> internalFigures() throws IOException {
        return java.util.Map.of();
    }

    @Override
    void close() throws IOException;

    /** One thread's access. */
    interface Session extends AutoCloseable {
        /** Writes the articles as one batch (one transaction, or one pipeline of writes). */
        void insert(List<Article> batch) throws IOException;

        /** Runs a query; returns the number of hits in the first page (or groups, for facets). */
        int query(BenchQuery q) throws IOException;

        /** Rewrites one article's document (an update in the query phase). */
        void update(Article a) throws IOException;

        void delete(String id) throws IOException;

        @Override
        void close() throws IOException;
    }
}
