package io.cairn.document.json;

/**
 * A JSON value as RedisJSON keeps it: an object with insertion-ordered keys, an array, a string, an
 * integer ({@link JsonLong}) or a double ({@link JsonDouble}), a boolean or null.
 *
 * <p>Scalars are immutable. {@link JsonObject} and {@link JsonArray} are mutable so that the
 * document operations can update values in place; a container belongs to exactly one tree (the
 * operations copy a value before inserting it a second time), and a tree is not thread-safe: the
 * caller confines it to one thread or guards it with its own lock.
 *
 * <p>Equality is structural and order-sensitive for objects: two objects are equal when they hold
 * the same keys with equal values in the same order, because the order is what a client sees.
 */
public sealed interface JsonValue permits JsonObject, JsonArray, JsonString, JsonNumber, JsonBoolean, JsonNull {

    /** The kind of value, with the name {@code JSON.TYPE} replies. */
    JsonType type();

    /**
     * How many containers deep this value nests: 0 for a scalar, 1 for {@code []} or
     * {@code [1]}, 2 for {@code [[1]]}. The parser's depth limit counts the same way.
     */
    default int depth() {
        return 0;
    }

    /** A copy that shares no mutable container with this value; scalars return themselves. */
    default JsonValue deepCopy() {
        return this;
    }
}
