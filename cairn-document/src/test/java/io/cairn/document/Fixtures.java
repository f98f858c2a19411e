package io.cairn.document;

import io.cairn.document.json.JsonParser;
import io.cairn.document.json.JsonValue;
import io.cairn.document.json.JsonWriter;
import io.cairn.document.path.JsonPath;
import java.util.Arrays;
import java.util.List;

/** Short names for the document tests: documents and replies written as they read in RedisJSON's docs. */
final class Fixtures {
    private Fixtures() {
    }

    static Document doc(String json) {
        return Document.of(JsonParser.parse(json));
    }

    static JsonValue json(String text) {
        return JsonParser.parse(text);
    }

    static JsonPath path(String text) {
        return JsonPath.parse(text);
    }

    static List<JsonPath> paths(String... texts) {
        return Arrays.stream(texts).map(JsonPath::parse).toList();
    }

    /** The document as compact JSON, or null when it is missing. */
    static String text(Document doc) {
        return doc.exists() ? JsonWriter.write(doc.root()) : null;
    }

    static JsonReply bulk(String s) {
        return JsonReply.bulk(s);
    }

    static JsonReply integer(long n) {
        return JsonReply.integer(n);
    }

    static JsonReply array(JsonReply... items) {
        return JsonReply.array(List.of(items));
    }

    static JsonReply nil() {
        return JsonReply.NIL;
    }
}
