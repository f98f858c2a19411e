package io.cairn.replication;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/**
 * Batched ReadIndex rounds: a caller gets the next round, one that starts after its call, so a
 * read run before the call and answered after the round is linearizable; every caller that
 * arrives while a round runs shares the following one. One round at a time, each started on this
 * class's own thread: Ratis completes a round on its log appender's thread, and a request
 * submitted from there would wait on that very thread.
 */
final class ReadRounds implements AutoCloseable {
    private final Supplier<CompletableFuture<Boolean>> round;
    private final Supplier<RuntimeException> refusal;
    private final ExecutorService thread = Executors.newSingleThreadExecutor(
            Thread.ofPlatform().name("cairn-raft-reads").daemon(true).factory());

    // Guarded by this.
    private CompletableFuture<Void> running;
    private CompletableFuture<Void> next;

    /**
     * @param round   sends one ReadIndex request; completes true once it was confirmed
     * @param refusal what a round that was not confirmed fails with
     */
    ReadRounds(Supplier<CompletableFuture<Boolean>> round, Supplier<RuntimeException> refusal) {
        this.round = round;
        this.refusal = refusal;
    }

    /** The next round's future. */
    synchronized CompletableFuture<Void> next() {
        if (next == null) {
            next = new CompletableFuture<>();
        }
        CompletableFuture<Void> mine = next;
        if (running == null) {
            startNext();
        }
        return mine;
    }

    /** Under this: the waiting round becomes the running one, started on the rounds' thread. */
    private void startNext() {
        running = next;
        next = null;
        if (running != null) {
            CompletableFuture<Void> r = running;
            thread.execute(() -> run(r));
        }
    }

    private void run(CompletableFuture<Void> r) {
        CompletableFuture<Boolean> confirmed;
        try {
            confirmed = round.get();
        } catch (RuntimeException e) {
            confirmed = CompletableFuture.failedFuture(e);
        }
        confirmed.whenCompleteAsync((ok, e) -> {
            if (e == null && ok) {
                r.complete(null);
            } else {
                r.completeExceptionally(refusal.get());
            }
            synchronized (this) {
                startNext();
            }
        }, thread);
    }

    @Override
    public void close() {
        thread.shutdown();
    }
}
