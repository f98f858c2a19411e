package io.cairn.document;

import java.util.List;
import java.util.Objects;

/**
 * A reply to a {@code JSON.*} command in RedisJSON's RESP2 shape, for the server to encode: it
 * maps one to one onto RESP ({@code +OK}, null bulk string, {@code :n}, bulk string, array).
 * Immutable.
 *
 * <p>Where RedisJSON answers differently over RESP3 (a JSONPath {@code JSON.NUMINCRBY} answers an
 * array of numbers instead of one JSON text, {@code JSON.TYPE} wraps its answer in one more
 * array), the server adapts this shape.
 */
public sealed interface JsonReply {

    /** {@code +OK}. */
    record Ok() implements JsonReply {
    }

    /** A null bulk string ({@code $-1}; {@code _} in RESP3). */
    record Nil() implements JsonReply {
    }

    /** {@code :n}. */
    record IntegerReply(long value) implements JsonReply {
    }

    /** A bulk string: JSON text, a type name or an object key, written as UTF-8. */
    record BulkReply(String value) implements JsonReply {
        public BulkReply {
            Objects.requireNonNull(value, "value");
        }
    }

    /** An array of replies, in order. */
    record ArrayReply(List<JsonReply> items) implements JsonReply {
        public ArrayReply {
            items = List.copyOf(items);
        }
    }

    JsonReply OK = new Ok();
    JsonReply NIL = new Nil();

    static JsonReply integer(long value) {
        return new IntegerReply(value);
    }

    static JsonReply bulk(String value) {
        return new BulkReply(value);
    }

    static JsonReply array(List<JsonReply> items) {
        return new ArrayReply(items);
    }
}
