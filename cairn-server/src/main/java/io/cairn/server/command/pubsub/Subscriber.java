package io.cairn.server.command.pubsub;

import io.cairn.resp.RespValue;
import java.util.function.BooleanSupplier;

/**
 * Where a client's pub/sub messages go: its connection, or a test's recorder. Called by the
 * publisher's thread, which must never wait for the subscriber.
 */
@FunctionalInterface
public interface Subscriber {
    /**
     * Hands one message over, from any thread, without blocking. The client sends it on its own
     * thread, messages from one publishing thread in the order they were handed over, and only if
     * {@code stillWanted} is still true there (the client did not unsubscribe in the meantime);
     * it may drop the message instead when the client is over its output limit or gone.
     */
    void push(RespValue.PushReply message, BooleanSupplier stillWanted);
}
