package io.cairn.document.json;

/** An integer that fits in a {@code long}. */
public record JsonLong(long value) implements JsonNumber {

    @Override
    public double doubleValue() {
        return value;
    }

    @Override
    public JsonType type() {
        return JsonType.INTEGER;
    }

    @Override
    public String toString() {
        return Long.toString(value);
    }
}
