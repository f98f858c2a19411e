package io.cairn.document.json;

import java.util.List;
import java.util.Map;

/**
 * Writes JSON text as RedisJSON's {@code JSON.GET} does (serde_json underneath): no insignificant
 * whitespace unless a {@link JsonFormat} asks for it, keys in insertion order, doubles in
 * {@link DoubleFormat}'s shortest form, and strings escaped minimally: {@code "} and {@code \},
 * the control characters (as {@code \b \f \n \r \t} or {@code \}{@code u00xx}); everything else,
 * {@code /} and non-ASCII included, is written as it is. Stateless and thread-safe.
 */
public final class JsonWriter {
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private JsonWriter() {
    }

    /** Compact text of {@code value}. */
    public static String write(JsonValue value) {
        return write(value, JsonFormat.COMPACT);
    }

    public static String write(JsonValue value, JsonFormat format) {
        StringBuilder out = new StringBuilder();
        write(value, format, out);
        return out.toString();
    }

    public static void write(JsonValue value, JsonFormat format, StringBuilder out) {
        write(value, format, 0, out);
    }

    /**
     * Writes {@code values} as one JSON array without building it: the reply shape of a JSONPath
     * {@code JSON.GET}, whose matches stay in the document.
     */
    public static String writeArray(List<? extends JsonValue> values, JsonFormat format) {
        StringBuilder out = new StringBuilder();
        writeElements(values, format, 0, out);
        return out.toString();
    }

    private static void write(JsonValue value, JsonFormat format, int level, StringBuilder out) {
        switch (value) {
            case JsonObject object -> writeMembers(object, format, level, out);
            case JsonArray array -> writeElements(array.elements(), format, level, out);
            case JsonString string -> writeString(string.value(), out);
            case JsonLong number -> out.append(number.value());
            case JsonDouble number -> out.append(DoubleFormat.format(number.value()));
            case JsonBoolean bool -> out.append(bool.value() ? "true" : "false");
            case JsonNull ignored -> out.append("null");
        }
    }

    private static void writeMembers(JsonObject object, JsonFormat format, int level, StringBuilder out) {
        out.append('{');
        boolean first = true;
        for (Map.Entry<String, JsonValue> member : object.members()) {
            if (!first) {
                out.append(',');
            }
            first = false;
            newLine(format, level + 1, out);
            writeString(member.getKey(), out);
            out.append(':').append(format.space());
            write(member.getValue(), format, level + 1, out);
        }
        if (!first) {
            newLine(format, level, out);
        }
        out.append('}');
    }

    private static void writeElements(List<? extends JsonValue> elements, JsonFormat format, int level,
                                      StringBuilder out) {
        out.append('[');
        boolean first = true;
        for (JsonValue element : elements) {
            if (!first) {
                out.append(',');
            }
            first = false;
            newLine(format, level + 1, out);
            write(element, format, level + 1, out);
        }
        if (!first) {
            newLine(format, level, out);
        }
        out.append(']');
    }

    private static void newLine(JsonFormat format, int level, StringBuilder out) {
        out.append(format.newline());
        if (!format.indent().isEmpty()) {
            for (int i = 0; i < level; i++) {
                out.append(format.indent());
            }
        }
    }

    /** Appends {@code s} as a quoted, escaped JSON string. */
    public static void writeString(String s, StringBuilder out) {
        out.append('"');
        int n = s.length();
        int copied = 0;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x20 && c != '"' && c != '\\') {
                continue;
            }
            out.append(s, copied, i);
            copied = i + 1;
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> out.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 0xF]);
            }
        }
        out.append(s, copied, n).append('"');
    }
}
