package io.cairn.server.http;

import io.cairn.resp.RespValue;
import java.util.List;

/**
 * A key's value as the console's key view shows it, from the reply of the command that read it
 * ({@code ConsoleEndpoints.valueCommand}): a string (a string's first bytes, a JSON document's
 * text), a list of elements (list, set), a list of {@code [field, value]} or {@code [member,
 * score]} pairs (hash, sorted set), or a list of {@code {"id", "fields"}} entries (stream). An
 * error reply stays an {@code {"error": ...}}. Stateless.
 */
final class ConsoleValues {
    private ConsoleValues() {
    }

    static void write(String type, RespValue v, StringBuilder out) {
        if (v instanceof RespValue.ErrorReply) {
            RespJson.write(v, out);
            return;
        }
        switch (type) {
            case "hash" -> pairs(flat(ConsoleEndpoints.items(v).get(1)), out);
            case "set" -> RespJson.write(ConsoleEndpoints.items(v).get(1), out);
            case "zset" -> pairs(flat(v), out);
            case "stream" -> stream(ConsoleEndpoints.items(v), out);
            default -> RespJson.write(v, out); // string, list, ReJSON-RL
        }
    }

    /** The items of an array, pairs (RESP3's nested form) spread out into one flat list. */
    private static List<RespValue> flat(RespValue v) {
        List<RespValue> items = ConsoleEndpoints.pairs(v);
        if (!items.isEmpty() && items.getFirst() instanceof RespValue.ArrayReply) {
            return items.stream().flatMap(p -> ConsoleEndpoints.items(p).stream()).toList();
        }
        return items;
    }

    private static void pairs(List<RespValue> flat, StringBuilder out) {
        out.append('[');
        for (int i = 0; i + 1 < flat.size(); i += 2) {
            out.append(i > 0 ? ",[" : "[");
            RespJson.write(flat.get(i), out);
            out.append(',');
            RespJson.write(flat.get(i + 1), out);
            out.append(']');
        }
        out.append(']');
    }

    private static void stream(List<RespValue> entries, StringBuilder out) {
        out.append('[');
        for (int i = 0; i < entries.size(); i++) {
            List<RespValue> e = ConsoleEndpoints.items(entries.get(i));
            out.append(i > 0 ? ",{\"id\":" : "{\"id\":");
            RespJson.write(e.get(0), out);
            out.append(",\"fields\":");
            pairs(flat(e.get(1)), out);
            out.append('}');
        }
        out.append(']');
    }
}
