package io.cairn.storage.engine;

/** What a key holds. {@code NONE} means the key is absent (or expired). */
public enum ValueType {
    NONE("none"), STRING("string"), HASH("hash"), ZSET("zset");

    private final String redisName;

    ValueType(String redisName) {
        this.redisName = redisName;
    }

    /** The name Redis's {@code TYPE} command answers. */
    public String redisName() {
        return redisName;
    }
}
