package io.cairn.server.http;

import io.cairn.document.json.JsonWriter;
import io.cairn.resp.RespValue;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * A command's reply as JSON, for the console: strings as JSON strings (bytes read as UTF-8, an
 * invalid sequence as U+FFFD), integers and doubles as numbers, nulls as null, arrays, sets and
 * pushes as arrays, maps as objects (keys as text), an error as {@code {"error": message}}.
 * Stateless.
 */
final class RespJson {
    private RespJson() {
    }

    static String write(RespValue v) {
        StringBuilder sb = new StringBuilder();
        write(v, sb);
        return sb.toString();
    }

    static void write(RespValue v, StringBuilder out) {
        switch (v) {
            case RespValue.SimpleString s -> JsonWriter.writeString(s.value(), out);
            case RespValue.BulkString b -> JsonWriter.writeString(text(b.value()), out);
            case RespValue.VerbatimString t -> JsonWriter.writeString(t.text(), out);
            case RespValue.DoubleText t -> JsonWriter.writeString(t.text(), out);
            case RespValue.IntegerReply i -> out.append(i.value());
            case RespValue.BigNumber n -> out.append(n.value());
            case RespValue.DoubleReply d -> {
                if (Double.isFinite(d.value())) {
                    out.append(d.value());
                } else {
                    JsonWriter.writeString(Double.toString(d.value()), out);
                }
            }
            case RespValue.BooleanReply b -> out.append(b.value());
            case RespValue.NullReply n -> out.append("null");
            case RespValue.NullArray n -> out.append("null");
            case RespValue.ErrorReply e -> {
                out.append("{\"error\":");
                JsonWriter.writeString(e.message(), out);
                out.append('}');
            }
            case RespValue.ArrayReply a -> array(a.items(), out);
            case RespValue.SetReply s -> array(s.items(), out);
            case RespValue.PushReply p -> array(p.items(), out);
            case RespValue.Sequence s -> array(s.replies(), out);
            case RespValue.MapReply m -> {
                out.append('{');
                boolean first = true;
                for (Map.Entry<RespValue, RespValue> e : m.entries()) {
                    if (!first) {
                        out.append(',');
                    }
                    first = false;
                    String k = RespValue.textOf(e.getKey());
                    JsonWriter.writeString(k != null ? k : write(e.getKey()), out);
                    out.append(':');
                    write(e.getValue(), out);
                }
                out.append('}');
            }
            case RespValue.FieldMap f -> {
                out.append('{');
                for (int i = 0; i < f.fields().length; i++) {
                    if (i > 0) {
                        out.append(',');
                    }
                    JsonWriter.writeString(latin1Text(f.fields()[i]), out);
                    out.append(':');
                    if (f.values()[i] == null) {
                        out.append("null");
                    } else {
                        JsonWriter.writeString(text(f.values()[i]), out);
                    }
                }
                out.append('}');
            }
        }
    }

    private static void array(List<RespValue> items, StringBuilder out) {
        out.append('[');
        for (int i = 0; i < items.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            write(items.get(i), out);
        }
        out.append(']');
    }

    /** A hash field name as {@code FieldMap} holds it (one char per byte), read as UTF-8. */
    static String latin1Text(String field) {
        return text(field.getBytes(StandardCharsets.ISO_8859_1));
    }

    static String text(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }
}
