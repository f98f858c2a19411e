package io.cairn.server.command.tracking;

import io.cairn.resp.CommandKeys;
import io.cairn.resp.CommandSpec;
import io.cairn.resp.RespValue;
import io.cairn.server.Session;
import io.cairn.server.command.Operation;
import io.cairn.storage.engine.ChangeListener;
import io.cairn.storage.engine.Mutation;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongFunction;

/*
 * ============================================================================================
 * Client-side caching, as Redis 7.2's tracking.c does it.
 *
 *   GET k (tracking on)  --lock--> run, then remember: readers[k] += client   (same lock, so no
 *                                   write can slip between the read and the remembering)
 *   SET k v (anyone)     --lock--> commit --> onCommit: readers[k] -> one invalidate each, then
 *                                   forget k; every BCAST prefix of k -> one message per prefix
 *   expiry, FLUSHDB/ALL  --lock--> the same, from the change stream (a flush: invalidate null to
 *                                   every tracking client, and the table is emptied)
 *
 * A message goes to the client itself (RESP3: >2 invalidate [keys]) or to its REDIRECT client
 * (RESP3 the same; RESP2 only when subscribed: message __redis__:invalidate [keys]), handed to
 * that client's event loop as pub/sub messages are, so a writer never waits for a reader. Keys are
 * names without their database, as in Redis. The writer of a commit (NOLOOP) is named by the
 * wrapped operation, under the same lock.
 * ============================================================================================
 */

/**
 * The tracking table (which clients read which keys), the BCAST prefixes, and the sending of
 * invalidations from the store's change stream. The table and {@link #writer} are guarded by the
 * store's lock (written in wrapped operations and in {@link #onCommit}, both under it); the prefix
 * table and the set of tracking clients are concurrent, changed on the clients' event loops.
 * Thread-safe.
 */
public final class ClientTracking implements ChangeListener {
    /** Unsigned byte order, as Redis's radix trees keep keys and prefixes. */
    static final Comparator<ByteBuffer> BYTE_ORDER = (a, b) -> java.util.Arrays.compareUnsigned(bytes(a), bytes(b));
    static final RespValue INVALIDATE = RespValue.bulk("invalidate");
    static final RespValue MESSAGE = RespValue.bulk("message");
    static final RespValue CHANNEL = RespValue.bulk("__redis__:invalidate");
    /** Read-only scripts are not tracked themselves; the commands they run are (as Redis). */
    private static final Set<String> UNTRACKED_READS = Set.of("eval_ro", "evalsha_ro", "fcall_ro");

    private final LongFunction<Session> sessions;
    // Guarded by the store's lock.
    // Oldest first: past maxKeys the longest remembered goes (Redis picks at random).
    private final Map<ByteBuffer, Set<Long>> readers = new LinkedHashMap<>();
    private long items;
    private Session writer;
    /** Written under the lock, read anywhere (INFO). */
    private volatile int keyCount;
    private volatile long itemCount;
    /** {@code tracking-table-max-keys}; 0 no bound. */
    private volatile long maxKeys;

    private final Map<ByteBuffer, Set<Session>> prefixes = new ConcurrentHashMap<>();
    private final Set<Session> tracking = ConcurrentHashMap.newKeySet();

    public ClientTracking(LongFunction<Session> sessions) {
        this.sessions = sessions;
    }

    /** INFO's {@code tracking_clients}. */
    public int clients() {
        return tracking.size();
    }

    /** INFO's {@code tracking_total_keys}: keys some client may cache. */
    public int totalKeys() {
        return keyCount;
    }

    /** INFO's {@code tracking_total_items}: (key, client) pairs remembered. */
    public long totalItems() {
        return itemCount;
    }

    /** INFO's {@code tracking_total_prefixes}. */
    public int totalPrefixes() {
        return prefixes.size();
    }

    /**
     * {@code op} as it must run for {@code session}: a read command of a client that tracks
     * remembers its keys; a write names its client as the writer of the commit (NOLOOP). Unchanged
     * when nobody tracks. Decided now, so CLIENT CACHING's switch applies to this command.
     */
    public Operation wrap(Session session, CommandSpec spec, byte[][] args, Operation op, boolean write) {
        if (tracking.isEmpty()) {
            return op;
        }
        if (write) {
            return txn -> {
                bound();
                writer = session;
                try {
                    return op.run(txn);
                } finally {
                    if (txn.mutationCount() == 0) {
                        writer = null; // nothing to commit: no onCommit will clear it
                    }
                }
            };
        }
        if (!session.tracking().remembersReads() || !spec.flags().contains("readonly")
                || spec.flags().contains("pubsub") || UNTRACKED_READS.contains(spec.name())) {
            return op;
        }
        List<CommandKeys.KeyRef> refs = CommandKeys.find(spec, args);
        if (refs.isEmpty()) {
            return op;
        }
        List<ByteBuffer> keys = new ArrayList<>(refs.size());
        for (CommandKeys.KeyRef r : refs) {
            keys.add(ByteBuffer.wrap(args[r.position()].clone()));
        }
        long id = session.id();
        return txn -> {
            bound();
            try {
                return op.run(txn);
            } finally {
                remember(id, keys); // as Redis, even when the command failed (WRONGTYPE)
            }
        };
    }

    /** Under the store's lock. */
    private void remember(long id, List<ByteBuffer> keys) {
        for (ByteBuffer k : keys) {
            if (readers.computeIfAbsent(k, x -> new HashSet<>()).add(id)) {
                items++;
            }
        }
        keyCount = readers.size();
        itemCount = items;
    }

    /**
     * Before a command that tracking sees, under the store's lock: down to {@code
     * tracking-table-max-keys}, as Redis before each command (so a command's own keys may take the
     * table past it until the next).
     */
    private void bound() {
        long max = maxKeys;
        if (max > 0 && readers.size() > max) {
            forgetOldest(readers.size() - max);
            keyCount = readers.size();
            itemCount = items;
        }
    }

    /** {@code tracking-table-max-keys}: a lower bound applies before the next data command while a client tracks. */
    public void maxKeys(long max) {
        maxKeys = max;
    }

    public long maxKeys() {
        return maxKeys;
    }

    /**
     * Forgets the {@code n} longest-remembered keys, telling their clients to drop them, as Redis's
     * {@code trackingLimitUsedSlots} does: the clients can no longer be told when they change.
     */
    private void forgetOldest(long n) {
        var it = readers.entrySet().iterator();
        for (long i = 0; i < n && it.hasNext(); i++) {
            Map.Entry<ByteBuffer, Set<Long>> e = it.next();
            it.remove();
            items -= e.getValue().size();
            RespValue keys = RespValue.array(List.of(RespValue.bulk(bytes(e.getKey()))));
            for (long id : e.getValue()) {
                Session t = sessions.apply(id);
                if (t != null && t.tracking().on() && !t.tracking().bcast()) {
                    send(t, keys);
                }
            }
        }
    }

    /** CLIENT TRACKING ON: the mode checked by the caller, and the BCAST prefixes to add. */
    void enable(Session s, long redirect, boolean bcast, boolean optIn, boolean optOut, boolean noLoop,
            List<byte[]> newPrefixes) {
        TrackingState st = s.tracking();
        st.enable(redirect, bcast, optIn, optOut, noLoop);
        tracking.add(s);
        if (bcast) {
            if (newPrefixes.isEmpty()) {
                addPrefix(s, new byte[0]);
            }
            for (byte[] p : newPrefixes) {
                addPrefix(s, p);
            }
        }
    }

    private void addPrefix(Session s, byte[] p) {
        ByteBuffer key = ByteBuffer.wrap(p.clone());
        prefixes.compute(key, (k, set) -> {
            Set<Session> clients = set == null ? ConcurrentHashMap.newKeySet() : set;
            clients.add(s);
            return clients;
        });
        s.tracking().addPrefix(key);
    }

    /** CLIENT TRACKING OFF, RESET, and a client that left. */
    public void disable(Session s) {
        TrackingState st = s.tracking();
        for (ByteBuffer p : st.prefixes()) {
            prefixes.computeIfPresent(p, (k, set) -> {
                set.remove(s);
                return set.isEmpty() ? null : set;
            });
        }
        st.disable();
        tracking.remove(s);
    }

    @Override
    public void onCommit(long lsn, List<Mutation> mutations) {
        Session w = writer;
        writer = null;
        if (tracking.isEmpty() && readers.isEmpty()) {
            return;
        }
        Map<ByteBuffer, Session> written = new LinkedHashMap<>();
        for (Mutation m : mutations) {
            switch (m) {
                case Mutation.Clear c -> flush();
                case Mutation.ClearAll c -> flush();
                case Mutation.SwapDb s -> {
                    // SWAPDB invalidates nothing in Redis either
                }
                case Mutation.SetFunctions f -> {
                }
                case Mutation.Rename r -> {
                    written(written, r.source(), w);
                    written(written, r.key(), w);
                }
                case Mutation.Expired x -> written(written, x.key(), null); // Redis signals these with no client
                default -> {
                    if (m.key() != null) { // a keyless change some later mutation may be
                        written(written, m.key(), w);
                    }
                }
            }
        }
        if (!written.isEmpty() && !prefixes.isEmpty()) {
            broadcast(written);
        }
        keyCount = readers.size();
        itemCount = items;
    }

    private void written(Map<ByteBuffer, Session> written, byte[] key, Session by) {
        ByteBuffer k = ByteBuffer.wrap(key);
        written.put(k, by);
        Set<Long> ids = readers.remove(k);
        if (ids == null) {
            return;
        }
        items -= ids.size();
        RespValue keys = RespValue.array(List.of(RespValue.bulk(key)));
        for (long id : ids) {
            Session t = sessions.apply(id);
            if (t == null || !t.tracking().on() || t.tracking().bcast() || t.tracking().noLoop() && t == by) {
                continue;
            }
            send(t, keys);
        }
    }

    /** FLUSHDB, FLUSHALL: invalidate with a null to every tracking client, and forget every key. */
    private void flush() {
        for (Session t : tracking) {
            if (t.tracking().on()) {
                send(t, RespValue.NULL);
            }
        }
        readers.clear();
        items = 0;
    }

    /** For each prefix, one message with every written key under it (without a NOLOOP client's own). */
    private void broadcast(Map<ByteBuffer, Session> written) {
        for (Map.Entry<ByteBuffer, Set<Session>> e : prefixes.entrySet()) {
            ByteBuffer prefix = e.getKey();
            TreeMap<ByteBuffer, Session> under = new TreeMap<>(BYTE_ORDER);
            for (Map.Entry<ByteBuffer, Session> k : written.entrySet()) {
                if (startsWith(k.getKey(), prefix)) {
                    under.put(k.getKey(), k.getValue());
                }
            }
            if (under.isEmpty()) {
                continue;
            }
            for (Session t : e.getValue()) {
                List<RespValue> keys = new ArrayList<>(under.size());
                for (Map.Entry<ByteBuffer, Session> k : under.entrySet()) {
                    if (!(t.tracking().noLoop() && k.getValue() == t)) {
                        keys.add(RespValue.bulk(bytes(k.getKey())));
                    }
                }
                if (!keys.isEmpty()) {
                    send(t, RespValue.array(keys));
                }
            }
        }
    }

    /** One invalidation for {@code t}: to itself or to its redirect client, as Redis's sendTrackingMessage. */
    private void send(Session t, RespValue keys) {
        TrackingState st = t.tracking();
        long redirect = st.redirect();
        if (redirect != 0) {
            Session r = sessions.apply(redirect);
            if (r == null) {
                st.brokenRedirect(true);
                if (t.protocol() == 3) {
                    t.push(new RespValue.PushReply(List.of(RespValue.bulk("tracking-redir-broken"),
                            RespValue.integer(redirect))));
                }
                return;
            }
            if (r.protocol() == 3) {
                r.push(new RespValue.PushReply(List.of(INVALIDATE, keys)));
            } else if (r.subscriptions().subscribed()) {
                r.push(new RespValue.PushReply(List.of(MESSAGE, CHANNEL, keys)));
            }
            return;
        }
        if (t.protocol() == 3) {
            t.push(new RespValue.PushReply(List.of(INVALIDATE, keys)));
        }
        // RESP2 without a redirect: nowhere to send it, as in Redis
    }

    private static boolean startsWith(ByteBuffer key, ByteBuffer prefix) {
        int n = prefix.remaining();
        return key.remaining() >= n && key.slice(key.position(), n).equals(prefix);
    }

    static byte[] bytes(ByteBuffer b) {
        byte[] out = new byte[b.remaining()];
        b.duplicate().get(out);
        return out;
    }

    static String text(ByteBuffer b) {
        return new String(bytes(b), StandardCharsets.UTF_8);
    }
}
