package io.cairn.document;

import io.cairn.common.InvalidRequestException;
import io.cairn.document.path.JsonPath;

/**
 * The errors of the document operations, in RedisJSON's words (from RedisJSON's
 * {@code redis_json/src/manager.rs}, {@code commands.rs} and {@code key_value.rs}). Messages start
 * with their Redis error code, so the server sends them as they are. Paths are named as the client
 * wrote them.
 */
public final class DocumentErrors {
    /** The key does not exist, for commands that need a document (RedisJSON's {@code nonexistent_key}). */
    public static final String NONEXISTENT_KEY = "ERR could not perform this operation on a key that doesn't exist";

    private DocumentErrors() {
    }

    static InvalidRequestException nonexistentKey() {
        return new InvalidRequestException(NONEXISTENT_KEY);
    }

    /** A legacy path with no match. */
    static InvalidRequestException pathDoesNotExist(JsonPath path) {
        return new InvalidRequestException("ERR Path '" + path.text() + "' does not exist");
    }

    /** A legacy path with no match of the right type; {@code what} is e.g. "not an array". */
    static InvalidRequestException pathDoesNotExistOr(JsonPath path, String what) {
        return new InvalidRequestException("ERR Path '" + path.text() + "' does not exist or " + what);
    }

    static InvalidRequestException newObjectsAtRoot() {
        return new InvalidRequestException("ERR new objects must be created at the root");
    }

    /** RedisJSON says "Err wrong static path"; the code word is upper-cased here so clients see ERR. */
    static InvalidRequestException wrongStaticPath() {
        return new InvalidRequestException("ERR wrong static path");
    }

    static InvalidRequestException arrayIndexOutOfRange() {
        return new InvalidRequestException("ERR array index out of range");
    }

    static InvalidRequestException numericOverflow() {
        return new InvalidRequestException("ERR numeric overflow");
    }

    static InvalidRequestException notANumber() {
        return new InvalidRequestException("ERR result is not a number");
    }

    static InvalidRequestException recursionLimit() {
        return new InvalidRequestException("ERR recursion limit exceeded");
    }

    static InvalidRequestException wrongType(String expected, String found) {
        return new InvalidRequestException("WRONGTYPE wrong type of path value - expected " + expected
                + " but found " + found);
    }
}
