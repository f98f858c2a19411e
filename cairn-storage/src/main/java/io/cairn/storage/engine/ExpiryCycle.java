package io.cairn.storage.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * Reclaims expired keys a slice at a time, as Redis's active expire cycle: each call walks the
 * ordered index from where the previous one stopped, for at most a budget of entries, deletes the
 * expired ones and commits them as one batch of {@link Mutation.Expired}. Databases take turns: a
 * call works in one database, and moves to the next when its walk wraps around (databases without
 * keys that expire are skipped at once). A read never returns an
 * expired key whether or not this ran; it only frees their memory and tells the change stream.
 *
 * <p>Not thread-safe: every call must hold the store's lock (the cursor and the counter are
 * guarded by it).
 */
final class ExpiryCycle {
    private final Databases dbs;
    private final CommitLog log;

    // Guarded by the store's lock.
    private int db;
    private byte[] cursor;
    private long reclaimed;

    ExpiryCycle(Databases dbs, CommitLog log) {
        this.dbs = dbs;
        this.log = log;
    }

    /** Walks at most {@code budget} entries and reclaims those expired at {@code nowMillis}; returns how many. */
    int run(int budget, long nowMillis) {
        for (int tried = 0; dbs.get(db % dbs.count()).volatileKeys() == 0; tried++) {
            if (tried == dbs.count()) {
                return 0;
            }
            db = (db + 1) % dbs.count();
            cursor = null;
        }
        db %= dbs.count();
        int here = db;
        Keyspace keyspace = dbs.get(here);
        log.checkWritable();
        List<byte[]> expired = new ArrayList<>();
        int[] seen = new int[1];
        byte[][] stop = new byte[1][];
        keyspace.scanKeys(cursor, true, (k, expireAt) -> {
            if (expireAt > 0 && expireAt <= nowMillis) {
                expired.add(k);
            }
            if (++seen[0] >= budget) {
                stop[0] = k;
                return false;
            }
            return true;
        });
        cursor = stop[0];
        if (cursor == null) { // wrapped around: the next database's turn
            db = (db + 1) % dbs.count();
        }
        if (!expired.isEmpty()) {
            List<Mutation> ms = new ArrayList<>(expired.size());
            for (byte[] k : expired) {
                Mutation m = new Mutation.Expired(here, k);
                MutationApplier.apply(keyspace, m);
                ms.add(m);
            }
            log.commit(ms);
            reclaimed += expired.size();
        }
        return expired.size();
    }

    /** Keys reclaimed since open. */
    long reclaimed() {
        return reclaimed;
    }
}
