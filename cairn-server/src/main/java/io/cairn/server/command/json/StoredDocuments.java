package io.cairn.server.command.json;

import io.cairn.common.InvalidRequestException;
import io.cairn.document.Document;
import io.cairn.document.JsonReply;
import io.cairn.document.WriteResult;
import io.cairn.document.json.JsonLimits;
import io.cairn.storage.engine.Txn;
import java.nio.charset.StandardCharsets;

/**
 * Moves documents between the engine, which keeps each one as opaque bytes under a JSON-typed
 * key, and {@link Document}, which reads and changes them. A handler loads the key's document
 * (a missing one for an absent key), runs one operation on it, and hands the
 * {@link WriteResult} back here to be written: the new encoding, a delete, or nothing. Stateless.
 * Public for the HTTP API ({@code io.cairn.server.http}), which stores documents the same way.
 */
public final class StoredDocuments {
    private StoredDocuments() {
    }

    /**
     * The document at {@code key}, or {@link Document#missing} when the key is absent.
     *
     * @throws io.cairn.storage.engine.WrongTypeException when the key holds another type
     */
    public static Document load(Txn t, byte[] key, JsonLimits limits) {
        byte[] stored = t.document(key);
        if (stored == null) {
            return Document.missing(limits);
        }
        return Document.decode(stored, "JSON document at key '" + new String(key, StandardCharsets.UTF_8) + "'",
                limits);
    }

    /**
     * Applies what the operation on {@code doc} decided and returns its reply. A changed document
     * larger than {@link JsonLimits#maxBytes()} once encoded is refused before anything is written.
     */
    public static JsonReply save(Txn t, byte[] key, Document doc, WriteResult result) {
        switch (result.effect()) {
            case UNCHANGED -> {
            }
            case CHANGED -> {
                byte[] encoded = doc.encode();
                long max = doc.limits().maxBytes();
                if (encoded.length > max) {
                    throw new InvalidRequestException("ERR document size: " + encoded.length
                            + " bytes once stored (expected: <= " + max + ")");
                }
                t.setDocument(key, encoded);
            }
            case KEY_DELETED -> t.delete(key);
        }
        return result.reply();
    }
}
