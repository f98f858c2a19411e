package io.cairn.server.command.connection;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * CLIENT PAUSE and UNPAUSE: whether commands are held now, and the future a held command waits on.
 * A held command is parked like a blocked client (the dispatcher runs it again, on its own event
 * loop, once {@link #ended()} completes), so no thread waits for the pause. As in Redis, a second
 * PAUSE keeps the later end and the stricter mode, and the pause ends at its time or at UNPAUSE.
 * Thread-safe: the state changes under this object's monitor; {@link #holds} reads volatiles.
 */
public final class ClientPause {
    private static final CompletableFuture<Void> NOT_PAUSED = CompletableFuture.completedFuture(null);

    private volatile long endMillis;
    private volatile boolean all;
    private volatile CompletableFuture<Void> ended = NOT_PAUSED;
    private ScheduledFuture<?> timer;

    /**
     * Pauses until {@code end} (epoch millis; 0 or a past time pauses nothing new), holding every
     * command ({@code allMode}) or only those that may write; the end timer runs on {@code timers}.
     */
    public synchronized void pause(long end, boolean allMode, long now, ScheduledExecutorService timers) {
        boolean active = endMillis > now;
        boolean newAll = allMode || active && all;
        long newEnd = Math.max(active ? endMillis : 0, end);
        if (newEnd <= now) {
            return;
        }
        all = newAll;
        endMillis = newEnd;
        if (ended.isDone()) {
            ended = new CompletableFuture<>();
        }
        if (timer != null) {
            timer.cancel(false);
        }
        CompletableFuture<Void> f = ended;
        Runnable expire = () -> {
            synchronized (this) {
                if (ended == f) {
                    release();
                }
            }
        };
        long delay = newEnd - now;
        if (timers != null) {
            timer = timers.schedule(expire, delay, TimeUnit.MILLISECONDS);
        } else { // a session without a channel (a unit test's)
            timer = null;
            CompletableFuture.runAsync(expire, CompletableFuture.delayedExecutor(delay, TimeUnit.MILLISECONDS));
        }
    }

    /** CLIENT UNPAUSE: held commands run now, in the order they were held per connection. */
    public synchronized void unpause() {
        if (timer != null) {
            timer.cancel(false);
            timer = null;
        }
        release();
    }

    private void release() {
        endMillis = 0;
        all = false;
        CompletableFuture<Void> f = ended;
        ended = NOT_PAUSED;
        f.complete(null);
    }

    /**
     * The future to wait on when a command must be held now, else null: every command in ALL mode,
     * in WRITE mode those that may write ({@code mayWrite}: write commands, EVAL, EVALSHA, FCALL,
     * PUBLISH, SPUBLISH, PFCOUNT, an EXEC of any of them), as Redis's {@code is_may_replicate_command}.
     */
    public CompletableFuture<Void> holds(boolean mayWrite, long now) {
        CompletableFuture<Void> f = ended;
        if (f.isDone() || endMillis <= now) {
            return null;
        }
        return all || mayWrite ? f : null;
    }

    /** Whether a pause may be in force: one volatile read, for the dispatcher's fast path. */
    public boolean mayHold() {
        return !ended.isDone();
    }
}
