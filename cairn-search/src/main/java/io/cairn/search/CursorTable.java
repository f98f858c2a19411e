package io.cairn.search;

import io.cairn.common.InvalidRequestException;
import io.cairn.search.index.QueryRunner;
import io.cairn.search.index.SearchIndex;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;

/**
 * The open {@code FT.AGGREGATE ... WITHCURSOR} cursors of every index, by id. A cursor holds either
 * the remaining group rows, or a pinned searcher with the last hit read, so each read costs one
 * page whatever its depth ({@code searchAfter}). A cursor closes when read to the end, on
 * {@code FT.CURSOR DEL}, when its index is dropped or altered, or once idle past its
 * {@code MAXIDLE}; idle cursors are swept whenever a cursor is opened or looked up.
 *
 * <p>Thread-safe: the table is a concurrent map, and each cursor serialises its own reads. A pinned
 * searcher is released exactly once, by whoever removes the cursor from the table. Callers
 * guarantee that {@link #closeAll(SearchIndex)} runs after the index stopped serving, so no cursor
 * outlives it: one opened meanwhile sees that and closes itself.
 */
final class CursorTable {
    /** Open cursors per index, as RediSearch's {@code CURSOR_MAX_IDLE}... limits them. */
    static final int MAX_PER_INDEX = 128;

    private final Map<Long, Cursor> cursors = new ConcurrentHashMap<>();
    private final LiveIndexes indexes;
    private final FieldLoader loader;

    CursorTable(LiveIndexes indexes, FieldLoader loader) {
        this.indexes = indexes;
        this.loader = loader;
    }

    private final class Cursor {
        final long id;
        final SearchIndex index;
        final IndexSearcher searcher;
        final Query query;
        final Sort sort;
        final AggregateRequest request;
        final List<List<Map.Entry<String, byte[]>>> rows;
        // Guarded by this.
        int rowPos;
        ScoreDoc after;
        long total;
        volatile long lastUsedNanos = System.nanoTime();

        Cursor(long id, SearchIndex index, IndexSearcher searcher, Query query, Sort sort, AggregateRequest request,
                List<List<Map.Entry<String, byte[]>>> rows, long total) {
            this.id = id;
            this.index = index;
            this.searcher = searcher;
            this.query = query;
            this.sort = sort;
            this.request = request;
            this.rows = rows;
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
                out = loader.rows(index, QueryRunner.keys(searcher, page.hits()), request.load());
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

    /** Opens a cursor over an aggregate's group rows and reads its first page. */
    AggregateResult openOnRows(SearchIndex idx, AggregateRequest r, List<List<Map.Entry<String, byte[]>>> rows) {
        return open(idx, null, null, null, r, rows, rows.size()).read(r.cursorCount());
    }

    /**
     * Opens a cursor over the hits of {@code q} on the pinned searcher {@code s} and reads its first
     * page. The cursor owns {@code s} from here: it is released once, also when opening fails.
     */
    AggregateResult openOnHits(SearchIndex idx, IndexSearcher s, Query q, Sort sort, AggregateRequest r) {
        return open(idx, s, q, sort, r, null, -1).read(r.cursorCount());
    }

    private Cursor open(SearchIndex idx, IndexSearcher s, Query q, Sort sort, AggregateRequest r,
            List<List<Map.Entry<String, byte[]>>> rows, long total) {
        try {
            expireIdle();
            if (!indexes.serves(idx)) {
                throw new UnknownIndexException(); // dropped or altered during the aggregate
            }
            if (openOn(idx) >= MAX_PER_INDEX) {
                throw new InvalidRequestException("Too many cursors allocated for index");
            }
        } catch (RuntimeException e) {
            if (s != null) {
                idx.release(s);
            }
            throw e;
        }
        Cursor c;
        do {
            c = new Cursor(ThreadLocalRandom.current().nextLong(1, Long.MAX_VALUE), idx, s, q, sort, r, rows, total);
        } while (cursors.putIfAbsent(c.id, c) != null);
        if (!indexes.serves(idx)) {
            // Dropped between the check and the put, so its closeAll may have missed this cursor;
            // whichever of the two removes it releases the searcher.
            c.close();
            throw new UnknownIndexException();
        }
        return c;
    }

    /** {@code FT.CURSOR READ}: the next {@code count} rows (0: the cursor's own count). */
    AggregateResult read(SearchIndex idx, long id, int count) {
        Cursor c = find(idx, id);
        return c.read(count > 0 ? count : c.request.cursorCount());
    }

    /** {@code FT.CURSOR DEL}. */
    void delete(SearchIndex idx, long id) {
        find(idx, id).close();
    }

    private Cursor find(SearchIndex idx, long id) {
        expireIdle();
        Cursor c = cursors.get(id);
        if (c == null || c.index != idx) {
            throw new InvalidRequestException("Cursor not found, id: " + id);
        }
        return c;
    }

    /** Cursors open on {@code idx}. */
    int openOn(SearchIndex idx) {
        return (int) cursors.values().stream().filter(c -> c.index == idx).count();
    }

    private void expireIdle() {
        long now = System.nanoTime();
        for (Cursor c : cursors.values()) {
            if (now - c.lastUsedNanos > c.request.maxIdleMillis() * 1_000_000L) {
                c.close();
            }
        }
    }

    /** Closes the cursors of {@code idx}, which no longer serves. */
    void closeAll(SearchIndex idx) {
        for (Cursor c : cursors.values()) {
            if (c.index == idx) {
                c.close();
            }
        }
    }

    /** Closes every cursor (the service is closing). */
    void closeAll() {
        for (Cursor c : cursors.values()) {
            c.close();
        }
    }
}
