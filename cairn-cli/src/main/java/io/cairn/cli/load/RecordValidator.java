package io.cairn.cli.load;

import io.cairn.common.InvalidRequestException;
import io.cairn.document.json.JsonLimits;
import io.cairn.document.json.JsonLong;
import io.cairn.document.json.JsonObject;
import io.cairn.document.json.JsonParser;
import io.cairn.document.json.JsonString;
import io.cairn.document.json.JsonValue;

/**
 * Decides what happens to a record before it is sent: it becomes a {@link Document} with its key,
 * or a {@link Failure} saying why not (unreadable, too large, not JSON, not an object, no usable
 * key). JSON is checked by the parser the server uses, with the same depth limit, so a record
 * that passes here is refused by the server only for reasons of its own. Stateless and thread-safe.
 */
final class RecordValidator {

    /** What the validator decided. */
    sealed interface Checked permits Document, Failure {
    }

    /** A record to store as {@code JSON.SET key $ json}. */
    record Document(String where, String key, byte[] json) implements Checked {
    }

    /** A record that will not be sent; {@code key} is null when it could not be told. */
    record Failure(String where, String key, String message) implements Checked {
    }

    private final String prefix;
    private final String keyField;
    private final JsonLimits limits;

    /**
     * @param keyField the top-level field whose value is the id, or null to use the record's own id
     * @param maxBytes the largest JSON text accepted
     */
    RecordValidator(String prefix, String keyField, long maxBytes) {
        this.prefix = prefix;
        this.keyField = keyField;
        this.limits = new JsonLimits(JsonLimits.DEFAULT_MAX_DEPTH, maxBytes);
    }

    Checked check(SourceRecord r) {
        String defaultKey = keyField == null ? prefix + r.id() : null;
        if (r.problem() != null) {
            return new Failure(r.where(), defaultKey, r.problem());
        }
        if (r.json().length > limits.maxBytes()) {
            return new Failure(r.where(), defaultKey, SourceRecord.tooLarge(r.json().length, limits.maxBytes()));
        }
        JsonValue v;
        try {
            v = JsonParser.parse(r.json(), limits);
        } catch (InvalidRequestException e) {
            return new Failure(r.where(), defaultKey, "invalid JSON: " + e.getMessage());
        }
        if (!(v instanceof JsonObject o)) {
            return new Failure(r.where(), defaultKey, "not a JSON object (" + article(v.type().redisName()) + ")");
        }
        if (keyField == null) {
            if (r.id().isEmpty()) {
                return new Failure(r.where(), null, "empty id (expected: a file name before the extension)");
            }
            return new Document(r.where(), defaultKey, r.json());
        }
        JsonValue id = o.get(keyField);
        return switch (id) {
            case null -> new Failure(r.where(), null, "no key field '" + keyField + "'");
            case JsonString s when s.value().isEmpty() -> new Failure(r.where(), null, "key field '" + keyField + "' is empty");
            // an id that already carries the prefix (article:7 under article:) is the key itself
            case JsonString s -> new Document(r.where(), s.value().startsWith(prefix) ? s.value() : prefix + s.value(), r.json());
            case JsonLong l -> new Document(r.where(), prefix + l.value(), r.json());
            default -> new Failure(r.where(), null, "key field '" + keyField + "' is " + article(id.type().redisName())
                    + " (expected: a string or an integer)");
        };
    }

    private static String article(String type) {
        return (type.startsWith("a") || type.startsWith("i") || type.startsWith("o") ? "an " : "a ") + type;
    }
}
