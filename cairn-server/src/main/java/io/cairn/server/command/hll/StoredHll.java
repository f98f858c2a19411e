package io.cairn.server.command.hll;

import io.cairn.storage.engine.Txn;
import java.util.Arrays;

/**
 * Writes a changed HLL back as a string, in place in Redis's sense (the key's expiry kept). A
 * dense HLL keeps its length, so only the byte runs that changed are written (a PFADD of a few
 * elements logs a few dozen bytes, not 12 KB); a value that changed length (sparse growth, a
 * conversion to dense) is written whole.
 */
final class StoredHll {
    /** Unchanged bytes between two changed runs up to which the runs are written as one. */
    private static final int JOIN_GAP = 16;

    private StoredHll() {
    }

    /** Stores {@code updated} at {@code key}, which held {@code old} (null: absent). */
    static void write(Txn t, byte[] key, byte[] old, byte[] updated) {
        if (old == null) {
            t.set(key, updated, 0);
            return;
        }
        if (old.length != updated.length) {
            long at = t.expireAt(key);
            t.set(key, updated, at > 0 ? at : 0);
            return;
        }
        int i = 0;
        while (i < updated.length) {
            if (old[i] == updated[i]) {
                i++;
                continue;
            }
            int start = i;
            int end = i + 1; // exclusive end of the run
            for (int j = end; j < updated.length && j - end < JOIN_GAP; j++) {
                if (old[j] != updated[j]) {
                    end = j + 1;
                }
            }
            t.strings().setRange(key, start, Arrays.copyOfRange(updated, start, end));
            i = end;
        }
    }
}
