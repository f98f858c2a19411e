package io.cairn.server;

import io.cairn.storage.engine.ChangeListener;
import io.cairn.storage.engine.Mutation;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiPredicate;
import java.util.function.IntPredicate;

/**
 * Which sessions WATCH which keys. It follows the store's change stream, so any committed change
 * to a watched key (a write, a delete, an expiry, FLUSHALL) marks the watchers, and their EXEC
 * fails. Registration happens under the store's lock (inside a read), so no change can slip in
 * between reading a key and watching it.
 */
final class WatchRegistry implements ChangeListener {
    /** A watched key in its database. */
    record Watched(int db, ByteBuffer key) {
    }

    private final Map<Watched, Set<Session>> watchers = new ConcurrentHashMap<>();

    void watch(Session s, int db, byte[] key) {
        Watched k = new Watched(db, ByteBuffer.wrap(key.clone()));
        if (s.watched().add(k)) {
            watchers.computeIfAbsent(k, x -> ConcurrentHashMap.newKeySet()).add(s);
        }
    }

    void unwatchAll(Session s) {
        for (Watched k : s.watched()) {
            watchers.computeIfPresent(k, (x, set) -> {
                set.remove(s);
                return set.isEmpty() ? null : set;
            });
        }
        s.clearWatchState();
    }

    /**
     * Before a change of whole databases (FLUSHDB, FLUSHALL, SWAPDB): marks the watchers of keys in
     * {@code dbs} that {@code changes} says the change touches. A flush touches the keys that exist
     * now; a swap, those that exist in either of the two databases. Keys a change leaves alone keep
     * their watchers' transactions valid, as in Redis. Called under the store's lock, inside the
     * command.
     */
    void beforeDatabaseChange(IntPredicate dbs, BiPredicate<Integer, byte[]> changes) {
        watchers.forEach((w, set) -> {
            if (!dbs.test(w.db())) {
                return;
            }
            byte[] k = new byte[w.key().remaining()];
            w.key().duplicate().get(k);
            if (changes.test(w.db(), k)) {
                set.forEach(Session::markWatchedKeyChanged);
            }
        });
    }

    @Override
    public void onCommit(long lsn, List<Mutation> mutations) {
        if (watchers.isEmpty()) {
            return;
        }
        for (Mutation m : mutations) {
            switch (m) {
                case Mutation.Clear c -> {
                    // handled by beforeDatabaseChange, which knows which keys existed
                }
                case Mutation.ClearAll c -> {
                }
                case Mutation.SwapDb w -> {
                }
                case Mutation.SetFunctions f -> {
                    // functions are no key: WATCH does not see them, as in Redis
                }
                case Mutation.Move mv -> {
                    touched(mv.db(), mv.key());
                    touched(mv.toDb(), mv.key());
                }
                default -> touched(m.db(), m.key());
            }
        }
    }

    private void touched(int db, byte[] key) {
        Set<Session> set = watchers.get(new Watched(db, ByteBuffer.wrap(key)));
        if (set != null) {
            set.forEach(Session::markWatchedKeyChanged);
        }
    }
}
