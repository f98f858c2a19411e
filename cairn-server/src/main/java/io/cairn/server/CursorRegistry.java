package io.cairn.server;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Maps the numeric cursors SCAN hands out to the key where the next page starts. Redis clients
 * (redis-cli among them) treat a cursor as a number, while Cairn's scan resumes after a key of the
 * ordered index; this keeps the most recent {@link #CAPACITY} cursors. A cursor that was evicted
 * or never issued is reported as invalid rather than silently restarting.
 */
final class CursorRegistry {
    static final int CAPACITY = 100_000;

    private long next = 1;
    private final LinkedHashMap<Long, byte[]> cursors = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, byte[]> eldest) {
            return size() > CAPACITY;
        }
    };

    /** Issues a cursor that resumes after {@code lastKey}. */
    synchronized long issue(byte[] lastKey) {
        long id = next++;
        cursors.put(id, lastKey);
        return id;
    }

    /** The key to resume after, or null when the cursor is unknown. */
    synchronized byte[] resume(long cursor) {
        return cursors.get(cursor);
    }
}
