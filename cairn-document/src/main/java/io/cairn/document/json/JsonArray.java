package io.cairn.document.json;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/** A JSON array. Mutable and not thread-safe (see {@link JsonValue}). */
public final class JsonArray implements JsonValue {
    private final ArrayList<JsonValue> elements;

    public JsonArray() {
        this.elements = new ArrayList<>();
    }

    public JsonArray(int expectedSize) {
        this.elements = new ArrayList<>(expectedSize);
    }

    /** An array of {@code values}, in order; the values themselves are not copied. */
    public static JsonArray of(List<? extends JsonValue> values) {
        JsonArray array = new JsonArray(values.size());
        for (JsonValue v : values) {
            array.add(v);
        }
        return array;
    }

    public static JsonArray of(JsonValue... values) {
        return of(List.of(values));
    }

    public int size() {
        return elements.size();
    }

    public boolean isEmpty() {
        return elements.isEmpty();
    }

    /** @throws IndexOutOfBoundsException unless {@code 0 <= index < size()} */
    public JsonValue get(int index) {
        return elements.get(index);
    }

    /** Replaces the element at {@code index}; returns the old one. */
    public JsonValue set(int index, JsonValue value) {
        return elements.set(index, Objects.requireNonNull(value, "value"));
    }

    public void add(JsonValue value) {
        elements.add(Objects.requireNonNull(value, "value"));
    }

    /** Removes the element at {@code index}, shifting the later ones left; returns it. */
    public JsonValue remove(int index) {
        return elements.remove(index);
    }

    /** The elements in order; a read-only view. */
    public List<JsonValue> elements() {
        return Collections.unmodifiableList(elements);
    }

    @Override
    public JsonType type() {
        return JsonType.ARRAY;
    }

    @Override
    public int depth() {
        int deepest = 0;
        for (JsonValue v : elements) {
            deepest = Math.max(deepest, v.depth());
        }
        return deepest + 1;
    }

    @Override
    public JsonArray deepCopy() {
        JsonArray copy = new JsonArray(elements.size());
        for (JsonValue v : elements) {
            copy.elements.add(v.deepCopy());
        }
        return copy;
    }

    @Override
    public boolean equals(Object o) {
        return this == o || o instanceof JsonArray other && elements.equals(other.elements);
    }

    @Override
    public int hashCode() {
        return elements.hashCode();
    }

    @Override
    public String toString() {
        return JsonWriter.write(this);
    }
}
