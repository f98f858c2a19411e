package io.cairn.server;

import io.cairn.storage.engine.ChangeListener;
import io.cairn.storage.engine.Mutation;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * Which sessions WATCH which keys. It follows the store's change stream, so any committed change
 * to a watched key (a write, a delete, an expiry, FLUSHALL) marks the watchers, and their EXEC
 * fails. Registration happens under the store's lock (inside a read), so no change can slip in
 * between reading a key and watching it.
 */
final class WatchRegistry implements ChangeListener {
    private final Map<ByteBuffer, Set<Session>> watchers = new ConcurrentHashMap<>();

    void watch(Session s, byte[] key) {
        ByteBuffer k = ByteBuffer.wrap(key.clone());
        if (s.watched().add(k)) {
            watchers.computeIfAbsent(k, x -> ConcurrentHashMap.newKeySet()).add(s);
        }
    }

    void unwatchAll(Session s) {
        for (ByteBuffer k : s.watched()) {
            watchers.computeIfPresent(k, (x, set) -> {
                set.remove(s);
                return set.isEmpty() ? null : set;
            });
        }
        s.clearWatchState();
    }

    /**
     * Before FLUSHALL/FLUSHDB: marks the watchers of keys that exist now, since the flush changes
     * them. Keys that do not exist are not changed by a flush, so their watchers are left alone, as
     * in Redis. Called under the store's lock, inside the flushing command.
     */
    void beforeFlush(Predicate<byte[]> exists) {
        watchers.forEach((key, set) -> {
            byte[] k = new byte[key.remaining()];
            key.duplicate().get(k);
            if (exists.test(k)) {
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
            if (m instanceof Mutation.Clear) {
                continue; // handled by beforeFlush, which knows which keys existed
            }
            Set<Session> set = watchers.get(ByteBuffer.wrap(m.key()));
            if (set != null) {
                set.forEach(Session::markWatchedKeyChanged);
            }
        }
    }
}
