package io.cairn.server.command.script;

import io.cairn.resp.RespValue;
import io.cairn.server.ServerContext;
import io.cairn.server.Session;
import io.cairn.server.command.Errors;
import io.cairn.server.command.Operation;
import io.cairn.server.command.Outcome;
import io.cairn.storage.engine.Result;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The one thread scripts run on (EVAL, FCALL, an EXEC holding one), in the order they were
 * submitted, and how event loops wait on it without ever sitting behind a script that runs past
 * {@code busy-reply-threshold}: they wait as Redis's clients wait for its single thread, then get
 * BUSY. Thread-safe.
 */
public final class ScriptThread {
    private final ServerContext server;
    private final ExecutorService runner = Executors.newSingleThreadExecutor(
            Thread.ofPlatform().name("cairn-script").daemon().factory());
    private final AtomicInteger queued = new AtomicInteger();
    private volatile long taskStart; // System.nanoTime() | 1 while a script task runs, else 0
    private volatile CompletableFuture<Void> taskDone;

    ScriptThread(ServerContext server) {
        this.server = server;
    }

    /**
     * Runs a script's operation (EVAL, or an EXEC whose queue holds one) on the script thread, so
     * the event loop stays free to answer BUSY and SCRIPT KILL if it runs long. Scripts run in the
     * order they are submitted; the reply comes once the script ran and its writes are durable.
     * The connection's next commands wait for it to have run ({@link Session#pendingScript}), so a
     * pipeline of scripts flows to the script thread without a hand-off wait for each.
     */
    public Outcome submit(Session session, int db, Operation op, boolean write) {
        CompletableFuture<RespValue> reply = new CompletableFuture<>();
        CompletableFuture<Void> ran = new CompletableFuture<>();
        queued.incrementAndGet();
        runner.execute(() -> {
            taskDone = ran;
            taskStart = System.nanoTime() | 1; // never 0, which means no task
            try {
                Result<RespValue> r = write ? server.store().execute(db, op::run) : server.store().query(db, op::run);
                if (r.durable() == null) {
                    reply.complete(r.value());
                } else {
                    r.durable().whenComplete((v, e) -> {
                        if (e == null) {
                            reply.complete(r.value());
                        } else {
                            reply.completeExceptionally(e);
                        }
                    });
                }
            } catch (Throwable t) {
                reply.complete(Errors.toReply(t));
            } finally {
                if (write) {
                    server.blocked().serveReady(); // clients waiting on what it wrote, before its caller's next command
                }
                taskStart = 0;
                queued.decrementAndGet();
                ran.complete(null);
            }
        });
        session.pendingScript(ran);
        return new Outcome.Deferred(reply);
    }

    /**
     * Before a command of a connection whose script may not have run yet: waits for it, as
     * Redis's client waits for its own EVAL, up to the busy threshold. True when it ran; false
     * when it is a long script, and the command is to run after it ({@code later}).
     */
    public boolean awaitOwn(CompletableFuture<?> ran) {
        return awaitUnlessBusy(ran);
    }

    /** Whether a script task is running now (from before it takes the store's lock). */
    public boolean running() {
        return taskStart != 0;
    }

    /** Whether a script is queued or running: event loops then take the store's lock only for a while at a time. */
    public boolean mayRun() {
        return queued.get() > 0;
    }

    /** Whether the running script task has run past {@code busy-reply-threshold}. */
    public boolean busy() {
        long start = taskStart;
        return start != 0 && System.nanoTime() - start > TimeUnit.MILLISECONDS.toNanos(server.busyReplyThreshold());
    }

    /** One try at the store's lock for at most a given time: a result, or null when it was not had in time. */
    @FunctionalInterface
    public interface TimedAttempt<T> {
        T within(long nanos) throws InterruptedException;
    }

    /**
     * A command while scripts are queued or run: tries for the store's lock in slices, so an event
     * loop never sits behind a script that passes the busy threshold; null then (the caller answers
     * BUSY), else what the attempt gave.
     */
    public <T> T whileScripts(TimedAttempt<T> attempt) {
        try {
            while (true) {
                T r = attempt.within(TimeUnit.MILLISECONDS.toNanos(10));
                if (r != null) {
                    return r;
                }
                if (busy()) {
                    return null;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /**
     * Before another command runs: waits while a script runs, as Redis's clients wait for its one
     * thread. True when none runs (any more), false once the running one has passed
     * {@code busy-reply-threshold} (the caller answers BUSY).
     */
    public boolean awaitIdle() {
        while (true) {
            CompletableFuture<Void> done = taskDone;
            if (taskStart == 0 || done == null) {
                return true;
            }
            if (!awaitUnlessBusy(done)) {
                return false;
            }
        }
    }

    /** Waits for {@code f}; false if, first, the running script passed the busy threshold. */
    private boolean awaitUnlessBusy(CompletableFuture<?> f) {
        while (!f.isDone()) {
            long start = taskStart;
            long waitNanos = TimeUnit.MILLISECONDS.toNanos(10); // queued behind another script, or starting
            if (start != 0) {
                long left = TimeUnit.MILLISECONDS.toNanos(server.busyReplyThreshold()) - (System.nanoTime() - start);
                if (left <= 0) {
                    return f.isDone();
                }
                waitNanos = left;
            }
            try {
                f.get(waitNanos, TimeUnit.NANOSECONDS);
            } catch (TimeoutException | ExecutionException e) {
                // loop: done, or look at the running script again
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return f.isDone();
            }
        }
        return true;
    }

    /** Stops the thread, waiting a little for the script it runs (which the engine has asked to stop). */
    void close() {
        runner.shutdownNow();
        try {
            runner.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
