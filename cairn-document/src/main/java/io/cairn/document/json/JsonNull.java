package io.cairn.document.json;

/** JSON {@code null}. */
public enum JsonNull implements JsonValue {
    INSTANCE;

    @Override
    public JsonType type() {
        return JsonType.NULL;
    }

    @Override
    public String toString() {
        return "null";
    }
}
