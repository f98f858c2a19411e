package io.cairn.document.json;

import java.util.Objects;

/**
 * A JSON string. It holds well-formed Unicode only: a lone surrogate is refused, so every string
 * encodes to UTF-8 without loss.
 */
public record JsonString(String value) implements JsonValue {

    public JsonString {
        Objects.requireNonNull(value, "value");
        int bad = Utf8.firstLoneSurrogate(value);
        if (bad >= 0) {
            throw new IllegalArgumentException("value: lone surrogate U+"
                    + Integer.toHexString(value.charAt(bad)).toUpperCase() + " at index " + bad
                    + " (expected: well-formed Unicode)");
        }
    }

    /** The length in UTF-8 bytes, which is what {@code JSON.STRLEN} and {@code JSON.STRAPPEND} report. */
    public int utf8Length() {
        return Utf8.encodedLength(value);
    }

    @Override
    public JsonType type() {
        return JsonType.STRING;
    }

    @Override
    public String toString() {
        return JsonWriter.write(this);
    }
}
