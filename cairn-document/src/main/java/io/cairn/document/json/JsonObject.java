package io.cairn.document.json;

import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A JSON object: string keys in insertion order, each once. Replacing the value of an existing key
 * keeps its position, as RedisJSON does when {@code JSON.SET} overwrites a member or a parsed
 * document repeats a key.
 *
 * <p>Mutable and not thread-safe (see {@link JsonValue}). Equality is order-sensitive.
 */
public final class JsonObject implements JsonValue {
    private final LinkedHashMap<String, JsonValue> members;

    public JsonObject() {
        this.members = new LinkedHashMap<>();
    }

    public JsonObject(int expectedSize) {
        this.members = LinkedHashMap.newLinkedHashMap(expectedSize);
    }

    public int size() {
        return members.size();
    }

    public boolean isEmpty() {
        return members.isEmpty();
    }

    /** The value of {@code key}, or null when there is no such member. */
    public JsonValue get(String key) {
        return members.get(key);
    }

    public boolean containsKey(String key) {
        return members.containsKey(key);
    }

    /**
     * Sets {@code key} to {@code value}: a new key goes last, an existing one keeps its place.
     *
     * @return the previous value, or null when the key is new
     */
    public JsonValue put(String key, JsonValue value) {
        return members.put(Objects.requireNonNull(key, "key"), Objects.requireNonNull(value, "value"));
    }

    /** Removes {@code key}; returns its value, or null when there was none. */
    public JsonValue remove(String key) {
        return members.remove(key);
    }

    /** The keys in order; a read-only view. */
    public Set<String> keys() {
        return Collections.unmodifiableSet(members.keySet());
    }

    /** The members in order; a read-only view. */
    public Set<Map.Entry<String, JsonValue>> members() {
        return Collections.unmodifiableMap(members).entrySet();
    }

    @Override
    public JsonType type() {
        return JsonType.OBJECT;
    }

    @Override
    public int depth() {
        int deepest = 0;
        for (JsonValue v : members.values()) {
            deepest = Math.max(deepest, v.depth());
        }
        return deepest + 1;
    }

    @Override
    public JsonObject deepCopy() {
        JsonObject copy = new JsonObject(members.size());
        for (Map.Entry<String, JsonValue> e : members.entrySet()) {
            copy.members.put(e.getKey(), e.getValue().deepCopy());
        }
        return copy;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof JsonObject other) || other.members.size() != members.size()) {
            return false;
        }
        Iterator<Map.Entry<String, JsonValue>> theirs = other.members.entrySet().iterator();
        for (Map.Entry<String, JsonValue> mine : members.entrySet()) {
            Map.Entry<String, JsonValue> their = theirs.next();
            if (!mine.getKey().equals(their.getKey()) || !mine.getValue().equals(their.getValue())) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        int h = 1;
        for (Map.Entry<String, JsonValue> e : members.entrySet()) {
            h = 31 * h + e.getKey().hashCode();
            h = 31 * h + e.getValue().hashCode();
        }
        return h;
    }

    @Override
    public String toString() {
        return JsonWriter.write(this);
    }
}
