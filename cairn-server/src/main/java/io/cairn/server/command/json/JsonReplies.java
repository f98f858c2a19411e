package io.cairn.server.command.json;

import io.cairn.document.JsonReply;
import io.cairn.document.json.JsonArray;
import io.cairn.document.json.JsonDouble;
import io.cairn.document.json.JsonLong;
import io.cairn.document.json.JsonParser;
import io.cairn.document.json.JsonValue;
import io.cairn.resp.RespValue;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns a {@link JsonReply} (RedisJSON's RESP2 shape) into a {@link RespValue}, and adapts the
 * two shapes RedisJSON changes over RESP3 that Cairn serves: {@code JSON.TYPE} wraps its answer in
 * one more array, and {@code JSON.NUMINCRBY} answers an array of numbers (integers and doubles,
 * null where a match is not a number) instead of JSON text. Stateless.
 */
final class JsonReplies {
    private JsonReplies() {
    }

    static RespValue resp(JsonReply reply) {
        return switch (reply) {
            case JsonReply.Ok ok -> RespValue.OK;
            case JsonReply.Nil nil -> RespValue.NULL;
            case JsonReply.IntegerReply i -> RespValue.integer(i.value());
            case JsonReply.BulkReply b -> RespValue.bulk(b.value());
            case JsonReply.ArrayReply a -> {
                List<RespValue> items = new ArrayList<>(a.items().size());
                for (JsonReply item : a.items()) {
                    items.add(resp(item));
                }
                yield RespValue.array(items);
            }
        };
    }

    /** {@code JSON.TYPE}: as is in RESP2, inside a one-element array in RESP3. */
    static RespValue type(JsonReply reply, int protocol) {
        RespValue r = resp(reply);
        return protocol == 2 ? r : RespValue.array(List.of(r));
    }

    /**
     * {@code JSON.NUMINCRBY}: in RESP2 the JSON text as is; in RESP3 the new values as RESP
     * numbers, one per match. The text is what the document wrote (an array for a JSONPath, one
     * number for a legacy path), so reading it back is exact.
     */
    static RespValue numbers(JsonReply reply, int protocol) {
        if (protocol == 2 || !(reply instanceof JsonReply.BulkReply text)) {
            return resp(reply);
        }
        JsonValue value = JsonParser.parse(text.value());
        List<JsonValue> values = value instanceof JsonArray array ? array.elements() : List.of(value);
        List<RespValue> out = new ArrayList<>(values.size());
        for (JsonValue v : values) {
            out.add(switch (v) {
                case JsonLong l -> RespValue.integer(l.value());
                case JsonDouble d -> new RespValue.DoubleReply(d.value());
                default -> RespValue.NULL;
            });
        }
        return RespValue.array(out);
    }
}
