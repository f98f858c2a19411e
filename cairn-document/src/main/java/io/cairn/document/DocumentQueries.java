package io.cairn.document;

import io.cairn.document.json.JsonArray;
import io.cairn.document.json.JsonFormat;
import io.cairn.document.json.JsonObject;
import io.cairn.document.json.JsonValue;
import io.cairn.document.json.JsonWriter;
import io.cairn.document.path.JsonPath;
import io.cairn.document.path.PathMatch;
import java.util.ArrayList;
import java.util.List;

/**
 * The read-only commands: {@code JSON.GET}, {@code JSON.MGET}, {@code JSON.TYPE},
 * {@code JSON.ARRLEN}, {@code JSON.OBJKEYS}. Stateless; the document is only read.
 */
final class DocumentQueries {
    private DocumentQueries() {
    }

    /**
     * {@code JSON.GET}. A missing key answers nil. With one path: a legacy path answers the first
     * match's JSON, or fails with {@code ERR Path '<p>' does not exist}; a JSONPath answers a JSON
     * array of every match ({@code []} when none). With several paths the answer is a JSON object
     * keyed by each path as written: when all are legacy, each maps to its first match (and a path
     * without one fails); when any is JSONPath, each maps to the array of its matches. The object's
     * keys follow the argument order (RedisJSON's order is that of a hash map: unspecified), and a
     * repeated path appears once. The layout follows {@code format} throughout.
     */
    static JsonReply get(Document doc, List<JsonPath> paths, JsonFormat format) {
        if (!doc.exists()) {
            return JsonReply.NIL;
        }
        if (paths.isEmpty()) {
            paths = List.of(JsonPath.LEGACY_ROOT);
        }
        if (paths.size() == 1) {
            JsonPath path = paths.getFirst();
            List<PathMatch> matches = doc.evaluate(path);
            if (path.isLegacy()) {
                return JsonReply.bulk(JsonWriter.write(first(matches, path), format));
            }
            return JsonReply.bulk(JsonWriter.writeArray(values(matches), format));
        }
        boolean allLegacy = paths.stream().allMatch(JsonPath::isLegacy);
        JsonObject byPath = new JsonObject(paths.size());
        for (JsonPath path : paths) {
            List<PathMatch> matches = doc.evaluate(path);
            byPath.put(path.text(), allLegacy ? first(matches, path) : JsonArray.of(values(matches)));
        }
        return JsonReply.bulk(JsonWriter.write(byPath, format));
    }

    /**
     * One key's element of {@code JSON.MGET}: nil for a missing key; a JSONPath gives the JSON
     * array of its matches; a legacy path gives its first match, or nil when there is none (MGET
     * never fails on a path that does not exist).
     */
    static JsonReply mget(Document doc, JsonPath path) {
        if (!doc.exists()) {
            return JsonReply.NIL;
        }
        List<PathMatch> matches = doc.evaluate(path);
        if (!path.isLegacy()) {
            return JsonReply.bulk(JsonWriter.writeArray(values(matches), JsonFormat.COMPACT));
        }
        return matches.isEmpty()
                ? JsonReply.NIL
                : JsonReply.bulk(JsonWriter.write(matches.getFirst().value()));
    }

    /**
     * {@code JSON.TYPE}: nil for a missing key. A legacy path answers the first match's type name
     * ({@code object, array, string, integer, number, boolean, null}) or nil; a JSONPath answers
     * an array of the type names of all matches (empty when none).
     */
    static JsonReply type(Document doc, JsonPath path) {
        if (!doc.exists()) {
            return JsonReply.NIL;
        }
        List<PathMatch> matches = doc.evaluate(path);
        if (path.isLegacy()) {
            return matches.isEmpty() ? JsonReply.NIL : typeName(matches.getFirst().value());
        }
        List<JsonReply> names = new ArrayList<>(matches.size());
        for (PathMatch m : matches) {
            names.add(typeName(m.value()));
        }
        return JsonReply.array(names);
    }

    /**
     * {@code JSON.ARRLEN}. Missing key: nil for a legacy path, the nonexistent-key error for a
     * JSONPath. A legacy path answers the first match's length, failing when there is no match
     * ({@code ERR Path '<p>' does not exist}) or it is not an array
     * ({@code ... does not exist or not an array}); a JSONPath answers, per match, its length or
     * nil when it is not an array.
     */
    static JsonReply arrLen(Document doc, JsonPath path) {
        if (!doc.exists()) {
            if (path.isLegacy()) {
                return JsonReply.NIL;
            }
            throw DocumentErrors.nonexistentKey();
        }
        List<PathMatch> matches = doc.evaluate(path);
        if (path.isLegacy()) {
            JsonValue first = first(matches, path);
            if (first instanceof JsonArray array) {
                return JsonReply.integer(array.size());
            }
            throw DocumentErrors.pathDoesNotExistOr(path, "not an array");
        }
        List<JsonReply> lengths = new ArrayList<>(matches.size());
        for (PathMatch m : matches) {
            lengths.add(m.value() instanceof JsonArray a ? JsonReply.integer(a.size()) : JsonReply.NIL);
        }
        return JsonReply.array(lengths);
    }

    /**
     * {@code JSON.OBJKEYS}. Missing key: nil for a legacy path, the nonexistent-key error for a
     * JSONPath. A legacy path answers the first match's keys, nil when there is no match, and fails
     * when it is not an object ({@code ... does not exist or not an object}); a JSONPath answers,
     * per match, the array of its keys in order or nil when it is not an object.
     */
    static JsonReply objKeys(Document doc, JsonPath path) {
        if (!doc.exists()) {
            if (path.isLegacy()) {
                return JsonReply.NIL;
            }
            throw DocumentErrors.nonexistentKey();
        }
        List<PathMatch> matches = doc.evaluate(path);
        if (path.isLegacy()) {
            if (matches.isEmpty()) {
                return JsonReply.NIL;
            }
            if (matches.getFirst().value() instanceof JsonObject object) {
                return keys(object);
            }
            throw DocumentErrors.pathDoesNotExistOr(path, "not an object");
        }
        List<JsonReply> perMatch = new ArrayList<>(matches.size());
        for (PathMatch m : matches) {
            perMatch.add(m.value() instanceof JsonObject o ? keys(o) : JsonReply.NIL);
        }
        return JsonReply.array(perMatch);
    }

    private static JsonReply keys(JsonObject object) {
        List<JsonReply> keys = new ArrayList<>(object.size());
        for (String key : object.keys()) {
            keys.add(JsonReply.bulk(key));
        }
        return JsonReply.array(keys);
    }

    private static JsonReply typeName(JsonValue value) {
        return JsonReply.bulk(value.type().redisName());
    }

    private static JsonValue first(List<PathMatch> matches, JsonPath path) {
        if (matches.isEmpty()) {
            throw DocumentErrors.pathDoesNotExist(path);
        }
        return matches.getFirst().value();
    }

    static List<JsonValue> values(List<PathMatch> matches) {
        List<JsonValue> values = new ArrayList<>(matches.size());
        for (PathMatch m : matches) {
            values.add(m.value());
        }
        return values;
    }
}
