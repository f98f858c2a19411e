package io.cairn.storage.engine;

import java.util.concurrent.CompletableFuture;

/**
 * What {@link Store#execute} returns: the body's value, the LSN of the batch it committed (or
 * the store's last LSN when it changed nothing), and a future that completes once that batch and
 * everything before it reached the configured durability. Acknowledge a write to a client only
 * when {@code durable} completes; if it fails, the write must be reported as failed.
 */
public record Result<R>(R value, long lsn, CompletableFuture<Void> durable) {
    /** Waits for durability and returns the value; rethrows a log failure unwrapped. */
    public R await() {
        try {
            durable.join();
        } catch (java.util.concurrent.CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw e;
        }
        return value;
    }
}
