package io.cairn.document.json;

/** The kinds of JSON value, named as RedisJSON's {@code JSON.TYPE} names them. */
public enum JsonType {
    NULL("null"),
    BOOLEAN("boolean"),
    INTEGER("integer"),
    NUMBER("number"),
    STRING("string"),
    ARRAY("array"),
    OBJECT("object");

    private final String redisName;

    JsonType(String redisName) {
        this.redisName = redisName;
    }

    /** The word {@code JSON.TYPE} replies: {@code "integer"} for a long, {@code "number"} for a double. */
    public String redisName() {
        return redisName;
    }
}
