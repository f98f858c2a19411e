package io.cairn.document;

import java.util.Objects;

/**
 * What a writing operation answers and what the store must do with the document afterwards.
 *
 * @param reply the reply to send
 * @param effect whether to store the document again, delete the key, or do nothing
 */
public record WriteResult(JsonReply reply, Effect effect) {

    /** What happened to the document. */
    public enum Effect {
        /** Nothing changed: do not write (an {@code NX} that found the path, a path with no match...). */
        UNCHANGED,
        /** The document changed: store its new encoding. */
        CHANGED,
        /** The key must go: the root was deleted, or a delete left the root an empty container. */
        KEY_DELETED
    }

    public WriteResult {
        Objects.requireNonNull(reply, "reply");
        Objects.requireNonNull(effect, "effect");
    }

    static WriteResult changed(JsonReply reply) {
        return new WriteResult(reply, Effect.CHANGED);
    }

    static WriteResult unchanged(JsonReply reply) {
        return new WriteResult(reply, Effect.UNCHANGED);
    }
}
