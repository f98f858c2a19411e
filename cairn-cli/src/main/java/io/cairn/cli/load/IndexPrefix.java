package io.cairn.cli.load;

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
    static String resolve(RespConnection c, String index) throws IOException {
        return fromInfo(index, c.call("FT.INFO", index));
    }

    /** The first prefix in {@code reply}, the answer to {@code FT.INFO index}. */
    static String fromInfo(String index, Reply reply) throws IOException {
        if (reply instanceof Reply.Error e) {
            throw new IOException("FT.INFO " + index + ": " + e.message());
        }
        Reply definition = field(reply, "index_definition");
        if (definition == null) {
            throw new IOException("FT.INFO " + index + ": the reply has no index_definition (expected: RediSearch's FT.INFO shape)");
        }
        Reply prefixes = field(definition, "prefixes");
        if (!(prefixes instanceof Reply.Array a) || a.items().isEmpty() || Reply.textOf(a.items().getFirst()) == null) {
            throw new IOException("FT.INFO " + index + ": index_definition has no prefixes (expected: an array of strings)");
        }
        return Reply.textOf(a.items().getFirst());
    }

    /** The value after the string {@code name} in a flat name-value array, or null. */
    private static Reply field(Reply r, String name) {
        if (!(r instanceof Reply.Array a)) {
            return null;
        }
        List<Reply> items = a.items();
        for (int i = 0; i + 1 < items.size(); i += 2) {
            if (name.equals(Reply.textOf(items.get(i)))) {
                return items.get(i + 1);
            }
        }
        return null;
    }
}
