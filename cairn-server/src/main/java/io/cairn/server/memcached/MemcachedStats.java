package io.cairn.server.memcached;

import java.util.concurrent.atomic.LongAdder;

/**
 * The counters {@code stats} reports, shared by every memcached connection of a server.
 * Thread-safe: each counter is a {@link LongAdder}, read without a lock (a {@code stats} reply may
 * mix counts from before and after a concurrent command, as memcached's may).
 */
final class MemcachedStats {
    final long startMillis = System.currentTimeMillis();
    final LongAdder currConnections = new LongAdder();
    final LongAdder totalConnections = new LongAdder();
    final LongAdder cmdGet = new LongAdder();
    final LongAdder getHits = new LongAdder();
    final LongAdder getMisses = new LongAdder();
    final LongAdder cmdSet = new LongAdder();
    final LongAdder totalItems = new LongAdder();
    final LongAdder cmdTouch = new LongAdder();
    final LongAdder touchHits = new LongAdder();
    final LongAdder touchMisses = new LongAdder();
    final LongAdder deleteHits = new LongAdder();
    final LongAdder deleteMisses = new LongAdder();
    final LongAdder incrHits = new LongAdder();
    final LongAdder incrMisses = new LongAdder();
    final LongAdder decrHits = new LongAdder();
    final LongAdder decrMisses = new LongAdder();
    final LongAdder casHits = new LongAdder();
    final LongAdder casMisses = new LongAdder();
    final LongAdder casBadval = new LongAdder();
    final LongAdder cmdFlush = new LongAdder();
    final LongAdder metaCmds = new LongAdder();

    /** {@code stats reset}: the counters memcached resets (not the connection gauges). */
    void reset() {
        for (LongAdder a : new LongAdder[] {cmdGet, getHits, getMisses, cmdSet, totalItems, cmdTouch, touchHits,
                touchMisses, deleteHits, deleteMisses, incrHits, incrMisses, decrHits, decrMisses, casHits, casMisses,
                casBadval, cmdFlush, metaCmds}) {
            a.reset();
        }
    }
}
