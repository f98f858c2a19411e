package io.cairn.server;

import io.cairn.resp.RespValue;
import io.cairn.server.command.BlockingOperation;
import io.cairn.server.command.Errors;
import io.cairn.server.command.Outcome;
import io.cairn.storage.engine.ChangeListener;
import io.cairn.storage.engine.Mutation;
import io.cairn.storage.engine.Result;
import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.Txn;
import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/*
 * ============================================================================================
 * Blocked clients: the server side of BLPOP and every command that waits for data.
 *
 *   BLPOP k 0  --lock--> try (BlockingOperation.attempt) --nothing--> park: waiter at the tail
 *                        of k's queue (same lock, so no push can slip in between)
 *              <-------- Outcome.Deferred(reply future), holding the connection
 *   LPUSH k x  --lock--> commit --> onCommit: k has waiters --> k is ready
 *              then, after the commit, outside the lock: serveReady()
 *                --lock--> first waiter of k: key still a list? try again --answers--> unpark
 *                <-------- its reply future completes once the pop is durable, and its
 *                          connection (on its own event loop) sends it
 *                --lock--> next waiter of k, ... until no key is ready
 *   timeout    --> the waiter's event loop: --lock--> unpark --> the timeout reply
 *
 * Waiters on one key are served in the order they blocked; each try is a write transaction of
 * its own, so a served waiter's pop is logged and published like any command's (a BLMOVE's push
 * makes its destination ready in turn, served in the same round). A write inside MULTI commits at
 * EXEC, so the clients it wakes are served after EXEC.
 * ============================================================================================
 */

/**
 * Which clients wait on which keys, and the serving of them after writes. All its state is
 * guarded by the store's lock: changed only inside a store transaction or in {@link #onCommit},
 * which the store calls under its lock. {@link #serveReady} is called by the thread that
 * committed, after its commit, never under the lock; one thread serves at a time, and a thread
 * that finds another serving leaves the work to it (it never waits). Thread-safe.
 */
public final class BlockedClients implements ChangeListener {
    private static final System.Logger LOG = System.getLogger(BlockedClients.class.getName());
    /** CLIENT UNBLOCK ... ERROR's reply. */
    public static final String UNBLOCKED = "UNBLOCKED client unblocked via CLIENT UNBLOCK";

    private final Store store;
    // Guarded by the store's lock.
    private final Map<WaitKey, ArrayDeque<Waiter>> waiting = new HashMap<>();
    /** Written under the lock only; concurrent so that {@link #isBlocked} may read it without. */
    private final Map<Long, Waiter> bySession = new ConcurrentHashMap<>();
    private final LinkedHashSet<WaitKey> ready = new LinkedHashSet<>();
    /** The ready key being served and its waiters not yet tried; only the serving thread uses them. */
    private WaitKey serving;
    private final ArrayDeque<Waiter> toTry = new ArrayDeque<>();

    /** Hints read without the lock: whether there may be work, and how many clients wait. */
    private volatile boolean anyReady;
    private volatile int blockedCount;
    private final AtomicBoolean serveClaimed = new AtomicBoolean();

    BlockedClients(Store store) {
        this.store = store;
    }

    /** The key of a wait: a database and a key. */
    record WaitKey(int db, ByteBuffer key) {
        static WaitKey of(int db, byte[] key) {
            return new WaitKey(db, ByteBuffer.wrap(key));
        }

        byte[] bytes() {
            byte[] b = new byte[key.remaining()];
            key.duplicate().get(b);
            return b;
        }
    }

    /** One parked command. {@code done} is guarded by the store's lock. */
    private static final class Waiter {
        final Session session;
        final BlockingOperation op;
        final List<WaitKey> keys;
        final CompletableFuture<RespValue> reply = new CompletableFuture<>();
        boolean done;
        volatile ScheduledFuture<?> timer;

        Waiter(Session session, BlockingOperation op, List<WaitKey> keys) {
            this.session = session;
            this.op = op;
            this.keys = keys;
        }
    }

    /** Number of clients waiting now (INFO's {@code blocked_clients}). */
    public int blockedCount() {
        return blockedCount;
    }

    /** Whether the session waits in a blocking command now (CLIENT LIST's {@code b} flag); without the lock. */
    public boolean isBlocked(long sessionId) {
        return blockedCount > 0 && bySession.containsKey(sessionId);
    }

    /**
     * Runs a blocking command for {@code session}: tries it once and answers, or parks it and
     * answers with a deferred reply that holds the connection until it completes. Not under the
     * store's lock.
     */
    public Outcome block(Session session, BlockingOperation op) {
        Waiter[] parked = {null};
        Result<RespValue> r = store.execute(session.db(), t -> {
            RespValue reply = op.attempt(t);
            if (reply == null) {
                parked[0] = park(session, op);
            }
            return reply;
        });
        Waiter w = parked[0];
        if (w == null) {
            return Outcome.of(r.value(), r.durable());
        }
        long timeout = op.timeoutMillis();
        if (timeout > 0) {
            w.timer = schedule(session, () -> expire(w), timeout);
        }
        return new Outcome.Deferred(w.reply, true);
    }

    /** Ends {@code sessionId}'s wait as CLIENT UNBLOCK does; returns whether it was waiting. */
    public boolean unblock(long sessionId, boolean error) {
        Waiter w = locked(() -> {
            Waiter x = bySession.get(sessionId);
            if (x != null) {
                unpark(x);
            }
            return x;
        });
        if (w == null) {
            return false;
        }
        cancelTimer(w);
        w.reply.complete(error ? RespValue.error(UNBLOCKED) : w.op.timedOut());
        return true;
    }

    /** Drops the wait of a client that left. */
    void cancel(Session session) {
        if (blockedCount == 0) {
            return;
        }
        Waiter w = locked(() -> {
            Waiter x = bySession.get(session.id());
            if (x != null) {
                unpark(x);
            }
            return x;
        });
        if (w != null) {
            cancelTimer(w);
        }
    }

    /** Marks the keys of this commit that clients wait on as ready. Under the store's lock. */
    @Override
    public void onCommit(long lsn, List<Mutation> mutations) {
        if (waiting.isEmpty()) {
            return;
        }
        for (Mutation m : mutations) {
            switch (m) {
                case Mutation.SwapDb w -> {
                    // every waited-on key of both databases may hold something new now
                    for (WaitKey k : waiting.keySet()) {
                        if (k.db() == w.db() || k.db() == w.other()) {
                            ready.add(k);
                        }
                    }
                }
                case Mutation.Move mv -> ready(WaitKey.of(mv.toDb(), mv.key()));
                default -> {
                    if (m.key() != null) { // a flush leaves nothing to serve
                        ready(WaitKey.of(m.db(), m.key()));
                    }
                }
            }
        }
        anyReady = !ready.isEmpty();
    }

    private void ready(WaitKey k) {
        if (waiting.containsKey(k)) {
            ready.add(k);
        }
    }

    /**
     * Serves the waiters of every ready key, each in a transaction of its own, until no key is
     * ready. Call after a commit, outside the store's lock. Returns at once when nothing is ready
     * or another thread is serving (which then sees this thread's ready keys too).
     */
    public void serveReady() {
        while (anyReady && serveClaimed.compareAndSet(false, true)) {
            try {
                serveAll();
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "serving blocked clients stopped: " + e);
                return; // the store refuses writes; waiters keep waiting until their timeouts
            } finally {
                serveClaimed.set(false);
            }
        }
    }

    private record Served(Waiter waiter, RespValue reply) {
    }

    private void serveAll() {
        while (true) {
            Result<Served> r = store.execute(this::serveNext);
            Served s = r.value();
            if (s == null) {
                return;
            }
            cancelTimer(s.waiter());
            CompletableFuture<?> durable = r.durable();
            if (durable == null || s.reply() instanceof RespValue.ErrorReply) {
                s.waiter().reply.complete(s.reply());
            } else {
                durable.whenComplete((v, e) -> {
                    if (e != null) {
                        s.waiter().reply.completeExceptionally(e);
                    } else {
                        s.waiter().reply.complete(s.reply());
                    }
                });
            }
        }
    }

    /** Under the lock: tries waiters of ready keys in order until one answers; null when none is left. */
    private Served serveNext(Txn t) {
        while (true) {
            Waiter w = toTry.poll();
            if (w == null) {
                serving = ready.isEmpty() ? null : ready.removeFirst();
                anyReady = !ready.isEmpty();
                if (serving == null) {
                    return null;
                }
                ArrayDeque<Waiter> q = waiting.get(serving);
                if (q != null) {
                    toTry.addAll(q); // those who blocked on it by now, in the order they did
                }
                continue;
            }
            if (w.done) {
                continue;
            }
            t.select(serving.db());
            if (t.type(serving.bytes()) != w.op.wakesOn()) {
                continue; // deleted or retyped since the write that made it ready: keep waiting
            }
            RespValue reply;
            try {
                reply = w.op.attempt(t);
            } catch (RuntimeException e) {
                reply = Errors.toReply(e); // a key named before it became the wrong type, say
            }
            if (reply != null) {
                unpark(w);
                return new Served(w, reply);
            }
        }
    }

    /** A waiter's timeout, on its event loop. */
    private void expire(Waiter w) {
        Boolean mine;
        try {
            mine = locked(() -> {
                if (w.done) {
                    return false;
                }
                unpark(w);
                return true;
            });
        } catch (RuntimeException e) {
            mine = true; // the store is closed: nothing will serve this waiter any more
        }
        if (mine) {
            w.reply.complete(w.op.timedOut());
        }
    }

    /** Under the lock: queues a new waiter at the tail of each of its keys. */
    private Waiter park(Session session, BlockingOperation op) {
        List<WaitKey> keys = new ArrayList<>();
        for (byte[] key : op.keys()) {
            WaitKey k = WaitKey.of(session.db(), key.clone());
            if (!keys.contains(k)) {
                keys.add(k);
            }
        }
        Waiter w = new Waiter(session, op, keys);
        for (WaitKey k : keys) {
            waiting.computeIfAbsent(k, x -> new ArrayDeque<>()).addLast(w);
        }
        Waiter old = bySession.put(session.id(), w);
        if (old != null) {
            bySession.put(session.id(), old);
            throw new IllegalStateException("client " + session.id() + " is already blocked");
        }
        blockedCount = bySession.size();
        return w;
    }

    /** Under the lock: removes a waiter from every queue. */
    private void unpark(Waiter w) {
        w.done = true;
        for (WaitKey k : w.keys) {
            ArrayDeque<Waiter> q = waiting.get(k);
            if (q != null) {
                q.remove(w);
                if (q.isEmpty()) {
                    waiting.remove(k);
                }
            }
        }
        bySession.remove(w.session.id(), w);
        blockedCount = bySession.size();
    }

    private <R> R locked(java.util.function.Supplier<R> body) {
        return store.read(t -> body.get());
    }

    private static void cancelTimer(Waiter w) {
        ScheduledFuture<?> f = w.timer;
        if (f != null) {
            f.cancel(false);
        }
    }

    /** Schedules on the session's event loop; a session without a channel (a test's) on a shared timer. */
    private static ScheduledFuture<?> schedule(Session session, Runnable task, long millis) {
        if (session.channel() != null) {
            return session.channel().eventLoop().schedule(task, millis, TimeUnit.MILLISECONDS);
        }
        Executor later = CompletableFuture.delayedExecutor(millis, TimeUnit.MILLISECONDS);
        CompletableFuture<Void> f = CompletableFuture.runAsync(task, later);
        return new CancelOnly(f);
    }

    /** A scheduled future over a plain one, for the timer of a session without a channel. */
    private record CancelOnly(CompletableFuture<Void> f) implements ScheduledFuture<Void> {
        @Override
        public long getDelay(TimeUnit unit) {
            return 0;
        }

        @Override
        public int compareTo(java.util.concurrent.Delayed o) {
            return 0;
        }

        @Override
        public boolean cancel(boolean mayInterrupt) {
            return f.cancel(mayInterrupt);
        }

        @Override
        public boolean isCancelled() {
            return f.isCancelled();
        }

        @Override
        public boolean isDone() {
            return f.isDone();
        }

        @Override
        public Void get() {
            return f.join();
        }

        @Override
        public Void get(long timeout, TimeUnit unit) {
            return f.join();
        }
    }
}
