package io.cairn.server.memcached;

import io.cairn.server.ServerContext;
import io.cairn.storage.engine.Result;
import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.Txn;
import java.util.function.Function;

/**
 * What every memcached connection of a server shares: the store and the database it serves, the
 * limits, the counters. Runs one request as one store transaction ({@link #run}); thread-safe
 * (the store serializes transactions).
 */
final class MemcachedService {
    /** What {@code version} answers: the memcached release whose protocol Cairn follows. */
    static final String VERSION = "1.6.18";

    final ServerContext server;
    final Store store;
    final int db;
    final long itemSizeMax;
    final MemcachedStats stats = new MemcachedStats();
    /** Runs delayed flush_all's. */
    final java.util.concurrent.ScheduledExecutorService timer;
    private final TextCommands text = new TextCommands(this);
    private final MetaCommands meta = new MetaCommands(this);

    MemcachedService(ServerContext server, int db, long itemSizeMax, java.util.concurrent.ScheduledExecutorService timer) {
        this.server = server;
        this.timer = timer;
        this.store = server.store();
        this.db = db;
        this.itemSizeMax = itemSizeMax;
    }

    /** Answers one decoded request (on the connection's event loop). */
    Reply run(MemcachedRequest request) {
        return switch (request) {
            case MemcachedRequest.Refused r -> refused(r);
            case MemcachedRequest.Storage s -> s.header().meta() == null ? text.store(s) : meta.store(s);
            case MemcachedRequest.Line l -> dispatch(l.tokens());
        };
    }

    private Reply refused(MemcachedRequest.Refused r) {
        if (r.dropKey() != null) { // memcached drops the stale value a too-large set leaves behind
            Result<Boolean> done = store.execute(db, t -> t.delete(r.dropKey()));
            return Reply.line(r.error(), r.quiet()).after(done.durable());
        }
        return Reply.line(r.error(), r.quiet());
    }

    private Reply dispatch(byte[][] t) {
        int n = MemcachedDecoder.ntokens(t.length);
        if (n < 2 || t[0].length < 2) {
            return Reply.line("ERROR");
        }
        if (t[0][0] == 'm' && t[0].length == 2) {
            return meta.run(t, n);
        }
        Reply r = text.run(t, n);
        if (r != null) {
            return r;
        }
        if (startsWith(t[t.length - 1], "HTTP/")) {
            return new Reply(null, Reply.DONE, true); // as memcached: an HTTP request closes the connection
        }
        return Reply.line("ERROR");
    }

    private static boolean startsWith(byte[] token, String prefix) {
        if (token.length < prefix.length()) {
            return false;
        }
        for (int i = 0; i < prefix.length(); i++) {
            if (token[i] != prefix.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** A write transaction on the memcached database. */
    <R> Result<R> write(Function<Txn, R> body) {
        return store.execute(db, body);
    }

    /** A read on the memcached database, durable once everything it may have seen is. */
    <R> Result<R> read(Function<Txn, R> body) {
        return store.query(db, body);
    }

    /**
     * maxmemory before a command that adds data, as Redis's gate: evicts by the policy first;
     * false when nothing could go and the store is still over its limit.
     */
    boolean roomForWrite() {
        if (!store.overMemoryLimit()) {
            return true;
        }
        Store.Evictions e;
        try {
            e = store.makeRoom();
        } catch (RuntimeException ex) {
            return true; // a store that refuses writes: the write meets that itself
        }
        server.notifier().evicted(e.keys());
        return e.roomMade();
    }
}
