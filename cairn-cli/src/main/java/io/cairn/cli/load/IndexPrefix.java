package io.cairn.cli.load;

import io.cairn.resp.RespValue;
import io.cairn.resp.client.RespClient;
import java.io.IOException;
import java.util.List;

/**
 * Finds the key prefix of a search index from {@code FT.INFO index}, whose RediSearch reply is a
 * flat array of names and values:
 *
 * <pre>
 *   [ "index_name", "idx", "index_definition", [ "key_type", "JSON", "prefixes", [ "doc:", ... ], ... ], ... ]
 * </pre>
 *
 * The first prefix is the one documents get.
 */
final class IndexPrefix {
    private IndexPrefix() {
    }

    /** Asks the server behind {@code c}; fails with the server's words when it refuses. */
    static String resolve(RespClient c, String index) throws IOException {
        return fromInfo(index, c.call("FT.INFO", index));
    }

    /** The first prefix in {@code reply}, the answer to {@code FT.INFO index}. */
    static String fromInfo(String index, RespValue reply) throws IOException {
        if (reply instanceof RespValue.ErrorReply e) {
            throw new IOException("FT.INFO " + index + ": " + e.message());
        }
        RespValue definition = field(reply, "index_definition");
        if (definition == null) {
            throw new IOException("FT.INFO " + index + ": the reply has no index_definition (expected: RediSearch's FT.INFO shape)");
        }
        RespValue prefixes = field(definition, "prefixes");
        if (!(prefixes instanceof RespValue.ArrayReply a) || a.items().isEmpty()
                || RespValue.textOf(a.items().getFirst()) == null) {
            throw new IOException("FT.INFO " + index + ": index_definition has no prefixes (expected: an array of strings)");
        }
        return RespValue.textOf(a.items().getFirst());
    }

    /** The value after the string {@code name} in a flat name-value array, or null. */
    private static RespValue field(RespValue r, String name) {
        if (!(r instanceof RespValue.ArrayReply a)) {
            return null;
        }
        List<RespValue> items = a.items();
        for (int i = 0; i + 1 < items.size(); i += 2) {
            if (name.equals(RespValue.textOf(items.get(i)))) {
                return items.get(i + 1);
            }
        }
        return null;
    }
}
