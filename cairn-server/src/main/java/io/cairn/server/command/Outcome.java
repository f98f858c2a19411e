package io.cairn.server.command;

import io.cairn.resp.RespValue;
import java.util.concurrent.CompletableFuture;

/**
 * What the connection does with one request once it ran: which reply it sends, and what must
 * complete before it may (the write's durability, or the reply itself when it is computed on
 * another thread). Replies leave in request order: an outcome whose {@link #ready()} future is
 * not done holds back every outcome after it on the same connection.
 */
public sealed interface Outcome {
    /** Completes when the reply may be sent; null when it may be sent at once. */
    CompletableFuture<?> ready();

    /** A reply that may be sent at once (errors, replies that saw nothing unsynced). */
    record Now(RespValue reply) implements Outcome {
        @Override
        public CompletableFuture<?> ready() {
            return null;
        }
    }

    /**
     * A reply that may be sent once {@code durable} completes: after the write it acknowledges,
     * or every write the read saw, reached the log's durability. If that future fails, the
     * connection sends the failure (MISCONF ...) instead.
     */
    record AfterDurable(RespValue reply, CompletableFuture<?> durable) implements Outcome {
        @Override
        public CompletableFuture<?> ready() {
            return durable;
        }
    }

    /**
     * A reply computed elsewhere (a search on its executor, a blocked command's answer); sent when
     * the future completes. With {@code holdsConnection}, as for a blocked command, the connection
     * reads no further request until this reply is sent, as Redis does not process a blocked
     * client's next commands.
     */
    record Deferred(CompletableFuture<RespValue> reply, boolean holdsConnection) implements Outcome {
        public Deferred(CompletableFuture<RespValue> reply) {
            this(reply, false);
        }

        @Override
        public CompletableFuture<?> ready() {
            return reply;
        }
    }

    /** No reply: the connection closes once the replies before it are sent (SHUTDOWN, QUIT). */
    record Close() implements Outcome {
        @Override
        public CompletableFuture<?> ready() {
            return null;
        }
    }

    /** A reply sent once {@code durable} completes (at once when null); a null reply closes. */
    static Outcome of(RespValue reply, CompletableFuture<?> durable) {
        if (reply == null) {
            return new Close();
        }
        return durable == null ? new Now(reply) : new AfterDurable(reply, durable);
    }

    static Outcome now(RespValue reply) {
        return of(reply, null);
    }
}
