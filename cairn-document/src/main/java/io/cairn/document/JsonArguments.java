package io.cairn.document;

import io.cairn.common.InvalidRequestException;
import io.cairn.document.json.JsonLimits;
import io.cairn.document.json.JsonNumber;
import io.cairn.document.json.JsonParser;
import io.cairn.document.json.JsonString;
import io.cairn.document.json.JsonValue;

/**
 * Reads the JSON-text arguments of commands that take one kind of value, as RedisJSON reads them:
 * the argument is parsed as JSON first (so {@code JSON.STRAPPEND} wants {@code '"baz"'}, quotes
 * included), then its kind is checked. Stateless and thread-safe.
 */
public final class JsonArguments {
    private JsonArguments() {
    }

    /**
     * The {@code number} of {@code JSON.NUMINCRBY}: {@code 2}, {@code -1.5}, {@code 1e3}.
     *
     * @throws io.cairn.document.json.JsonSyntaxException when it is not JSON
     * @throws InvalidRequestException ({@code ERR bad input number}) when it is JSON but not a number
     */
    public static JsonNumber number(byte[] argument, JsonLimits limits) {
        if (JsonParser.parse(argument, limits) instanceof JsonNumber number) {
            return number;
        }
        throw new InvalidRequestException("ERR bad input number");
    }

    /**
     * The {@code json-string} of {@code JSON.STRAPPEND}, unquoted.
     *
     * @throws io.cairn.document.json.JsonSyntaxException when it is not JSON
     * @throws InvalidRequestException ({@code WRONGTYPE wrong type of path value - expected string
     *         but found <type>}) when it is JSON of another kind
     */
    public static String string(byte[] argument, JsonLimits limits) {
        JsonValue value = JsonParser.parse(argument, limits);
        if (value instanceof JsonString string) {
            return string.value();
        }
        throw DocumentErrors.wrongType("string", value.type().redisName());
    }
}
