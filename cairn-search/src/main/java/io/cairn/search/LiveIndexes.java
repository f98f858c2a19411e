package io.cairn.search;

import io.cairn.common.StoreClosedException;
import io.cairn.search.index.SearchIndex;
import io.cairn.search.schema.IndexDefinition;
import io.cairn.storage.engine.ChangeListener;
import io.cairn.storage.engine.Mutation;
import io.cairn.storage.engine.Store;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongFunction;
import java.util.function.Supplier;

/**
 * The indexes that serve, by name, and the change listener that feeds them each committed batch's
 * mutations of their keys.
 *
 * <p>The listener runs under the store's lock, and this map changes only under that same lock
 * ({@link #openAll}, {@link #put}, {@link #remove}, {@link #removeAll}); checkpoint commits are
 * queued under it too ({@link #offerCommits}), in order with the batches. So once an index left the map no offer to
 * it is in progress and none will come: it may be closed at once, and its indexer threads never
 * wait at a FLUSHALL for a batch that is still to be queued ({@link SearchIndex}'s obligation on
 * its callers). An index put here receives every batch committed after the put.
 *
 * <p>Thread-safe: lookups take no lock (a concurrent map); changes take the store's lock, so a
 * caller must not hold a lock that a commit's listener could wait for.
 */
final class LiveIndexes {
    private final Store store;
    private final Map<String, SearchIndex> byName = new ConcurrentHashMap<>();

    LiveIndexes(Store store) {
        this.store = store;
    }

    /**
     * The change listener to subscribe: offers each index the mutations of database 0 under its
     * prefixes, and every flush of database 0. Indexes cover database 0 only, as RediSearch's do:
     * a MOVE out of it reaches them as a delete, a MOVE into it as the key's re-read, and a
     * FLUSHALL as a flush of database 0. (SWAPDB with database 0 is refused while indexes exist.)
     */
    ChangeListener listener() {
        return (lsn, batch) -> {
            if (byName.isEmpty()) {
                return;
            }
            List<Mutation> mutations = database0(batch);
            for (SearchIndex idx : byName.values()) {
                List<Mutation> mine = share(idx.definition(), mutations);
                if (mine != null) {
                    idx.offer(lsn, mine);
                }
            }
        };
    }

    /**
     * What the index defined by {@code d} is offered of a batch read back from the log (a catch-up
     * at open): exactly what {@link #listener} offers it of that batch live. Null when nothing.
     */
    static List<Mutation> shareOf(IndexDefinition d, List<Mutation> batch) {
        return share(d, database0(batch));
    }

    /** The mutations of a database-0 batch that concern {@code d} (its keys, and flushes), in order; null when none. */
    private static List<Mutation> share(IndexDefinition d, List<Mutation> mutations) {
        List<Mutation> mine = null;
        for (Mutation m : mutations) {
            if (m instanceof Mutation.Clear || d.covers(m.key())) {
                if (mine == null) {
                    mine = new ArrayList<>();
                }
                mine.add(m);
            }
        }
        return mine;
    }

    /** The batch as database 0 sees it (see {@link #listener}). */
    private static List<Mutation> database0(List<Mutation> batch) {
        List<Mutation> out = null;
        for (int i = 0; i < batch.size(); i++) {
            Mutation m = batch.get(i);
            Mutation seen = switch (m) {
                case Mutation.ClearAll c -> new Mutation.Clear(0);
                case Mutation.SwapDb w -> null;
                case Mutation.SetFunctions f -> null; // function libraries are no key of any index
                case Mutation.Move mv when mv.db() == 0 -> new Mutation.Delete(0, mv.key());
                case Mutation.Move mv -> mv.toDb() == 0 ? mv : null;
                default -> m.db() == 0 ? m : null;
            };
            if (seen != m && out == null) {
                out = new ArrayList<>(batch.subList(0, i));
            }
            if (out != null && seen != null) {
                out.add(seen);
            }
        }
        return out == null ? batch : out;
    }

    /** The serving index named {@code name}. */
    SearchIndex get(String name) {
        SearchIndex idx = byName.get(name);
        if (idx == null) {
            throw new UnknownIndexException();
        }
        return idx;
    }

    boolean contains(String name) {
        return byName.containsKey(name);
    }

    /** Whether {@code idx} still serves under its name (not dropped, nor replaced by FT.ALTER). */
    boolean serves(SearchIndex idx) {
        return byName.get(idx.definition().name()) == idx;
    }

    List<String> names() {
        return byName.keySet().stream().sorted().toList();
    }

    List<SearchIndex> all() {
        return List.copyOf(byName.values());
    }

    /**
     * Under the store's lock, opens indexes judged against the store's last LSN ({@code open} is
     * given it) and makes them serve, so no commit falls between that LSN and their first offer.
     */
    List<SearchIndex> openAll(LongFunction<List<SearchIndex>> open) {
        return underStoreLock(() -> {
            List<SearchIndex> opened = open.apply(store.lastLsn());
            opened.forEach(idx -> byName.put(idx.definition().name(), idx));
            return opened;
        });
    }

    /**
     * Under the store's lock: queues a commit at the store's last LSN on every serving index that is
     * ready ({@link SearchIndex#offerCommit}); returns each one's outcome.
     */
    Map<SearchIndex, CompletableFuture<Boolean>> offerCommits() {
        return underStoreLock(() -> {
            long lsn = store.lastLsn();
            Map<SearchIndex, CompletableFuture<Boolean>> out = new LinkedHashMap<>();
            for (SearchIndex idx : byName.values()) {
                CompletableFuture<Boolean> f = idx.offerCommit(lsn);
                if (f != null) {
                    out.put(idx, f);
                }
            }
            return out;
        });
    }

    /** Makes {@code idx} serve under its name, under the store's lock; returns the index it replaced, or null. */
    SearchIndex put(SearchIndex idx) {
        return underStoreLock(() -> byName.put(idx.definition().name(), idx));
    }

    /** Stops serving the index named {@code name}, under the store's lock; returns it, or null. */
    SearchIndex remove(String name) {
        return underStoreLock(() -> byName.remove(name));
    }

    /**
     * Under the store's lock, runs {@code alsoUnderLock} and stops serving every index; returns
     * them. With the store already closed no commit can race, and it runs without the lock.
     */
    List<SearchIndex> removeAll(Runnable alsoUnderLock) {
        return underStoreLock(() -> {
            alsoUnderLock.run();
            List<SearchIndex> all = List.copyOf(byName.values());
            byName.clear();
            return all;
        });
    }

    private <R> R underStoreLock(Supplier<R> change) {
        try {
            return store.read(t -> change.get());
        } catch (StoreClosedException closed) {
            return change.get(); // a closed store commits nothing, so no listener can run
        }
    }
}
