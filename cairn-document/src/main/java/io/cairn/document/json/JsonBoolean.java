package io.cairn.document.json;

/** JSON {@code true} and {@code false}. */
public enum JsonBoolean implements JsonValue {
    FALSE,
    TRUE;

    public static JsonBoolean of(boolean value) {
        return value ? TRUE : FALSE;
    }

    public boolean value() {
        return this == TRUE;
    }

    @Override
    public JsonType type() {
        return JsonType.BOOLEAN;
    }

    @Override
    public String toString() {
        return value() ? "true" : "false";
    }
}
