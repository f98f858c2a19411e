package io.cairn.storage.engine;

/**
 * What a key holds. {@code NONE} means the key is absent (or expired). {@code JSON} is a JSON
 * document, which the engine keeps as opaque bytes (cairn-document's stored form) and names as
 * RedisJSON's module type does.
 */
public enum ValueType {
    NONE("none"), STRING("string"), HASH("hash"), ZSET("zset"), JSON("ReJSON-RL"), LIST("list"), SET("set"), STREAM("stream");

    private final String redisName;

    ValueType(String redisName) {
        this.redisName = redisName;
    }

    /** The name Redis's {@code TYPE} command answers. */
    public String redisName() {
        return redisName;
    }
}
