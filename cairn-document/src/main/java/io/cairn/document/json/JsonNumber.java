package io.cairn.document.json;

/**
 * A JSON number: a {@link JsonLong} when it was written without fraction or exponent and fits in
 * a {@code long}, otherwise a {@link JsonDouble}. The distinction is kept because RedisJSON keeps
 * it: {@code 1} prints as {@code 1} and is an {@code "integer"}, {@code 1.0} prints as {@code 1.0}
 * and is a {@code "number"}, and {@code JSON.NUMINCRBY} stays in integers only when both sides are.
 */
public sealed interface JsonNumber extends JsonValue permits JsonLong, JsonDouble {

    /** The value as a double (a long beyond 2^53 loses precision). */
    double doubleValue();

    static JsonNumber of(long value) {
        return new JsonLong(value);
    }

    /** @throws IllegalArgumentException when {@code value} is NaN or infinite */
    static JsonNumber of(double value) {
        return new JsonDouble(value);
    }
}
