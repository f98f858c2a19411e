package io.cairn.document;

import io.cairn.common.InvalidRequestException;
import io.cairn.document.json.JsonArray;
import io.cairn.document.json.JsonDouble;
import io.cairn.document.json.JsonFormat;
import io.cairn.document.json.JsonLong;
import io.cairn.document.json.JsonNull;
import io.cairn.document.json.JsonNumber;
import io.cairn.document.json.JsonString;
import io.cairn.document.json.JsonValue;
import io.cairn.document.json.JsonWriter;
import io.cairn.document.json.Utf8;
import io.cairn.document.path.JsonPath;
import io.cairn.document.path.Location;
import io.cairn.document.path.PathMatch;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The commands that change matched values in place and answer per match: {@code JSON.NUMINCRBY},
 * {@code JSON.STRAPPEND}, {@code JSON.ARRAPPEND}. All three need an existing key
 * ({@link DocumentErrors#NONEXISTENT_KEY} otherwise). Each computes every new value first and
 * writes only when nothing failed. A place matched twice (as by {@code $['a','a']}) is updated
 * twice, the second time from the first's result, as RedisJSON does. Stateless.
 */
final class ValueUpdates {
    private ValueUpdates() {
    }

    /**
     * {@code JSON.NUMINCRBY}. Integer plus integer stays an integer and fails with
     * {@code ERR numeric overflow} outside the long range; anything involving a double is a double
     * ({@code 1} + {@code 1.0} is {@code 2.0}) and fails with {@code ERR result is not a number}
     * when infinite. This is current RedisJSON (its {@code number.rs}); releases before 2.8
     * wrapped integer overflow around instead.
     *
     * <p>A JSONPath answers one JSON text, the array of new values with {@code null} where a match
     * is not a number ({@code "[null,4,7,null]"}); a legacy path answers the last new value as
     * text ({@code "4"}), or fails with {@code ERR Path '<p>' does not exist or does not contains
     * a number} (sic) when no match is a number.
     */
    static WriteResult numIncrBy(Document doc, JsonPath path, JsonNumber increment) {
        Objects.requireNonNull(increment, "increment");
        List<PathMatch> matches = existing(doc).evaluate(path);
        Map<Location, JsonValue> updates = new LinkedHashMap<>();
        List<JsonValue> results = new ArrayList<>(matches.size());
        JsonNumber last = null;
        for (PathMatch m : matches) {
            if (updates.getOrDefault(m.location(), m.value()) instanceof JsonNumber current) {
                last = add(current, increment);
                updates.put(m.location(), last);
                results.add(last);
            } else {
                results.add(JsonNull.INSTANCE);
            }
        }
        if (path.isLegacy() && last == null) {
            throw DocumentErrors.pathDoesNotExistOr(path, "does not contains a number");
        }
        return apply(doc, updates, path.isLegacy()
                ? JsonReply.bulk(JsonWriter.write(last))
                : JsonReply.bulk(JsonWriter.writeArray(results, JsonFormat.COMPACT)));
    }

    static JsonNumber add(JsonNumber current, JsonNumber increment) {
        if (current instanceof JsonLong a && increment instanceof JsonLong b) {
            try {
                return new JsonLong(Math.addExact(a.value(), b.value()));
            } catch (ArithmeticException overflow) {
                throw DocumentErrors.numericOverflow();
            }
        }
        double sum = current.doubleValue() + increment.doubleValue();
        if (!Double.isFinite(sum)) {
            throw DocumentErrors.notANumber();
        }
        return new JsonDouble(sum);
    }

    /**
     * {@code JSON.STRAPPEND}: appends {@code suffix} to every matched string. Lengths are in UTF-8
     * bytes, as RedisJSON counts them. A JSONPath answers, per match, the new length or nil when
     * the match is not a string; a legacy path answers the last new length, or fails with
     * {@code ERR Path '<p>' does not exist or not a string}. A string that would pass
     * {@link io.cairn.document.json.JsonLimits#maxBytes()} is refused.
     */
    static WriteResult strAppend(Document doc, JsonPath path, String suffix) {
        Objects.requireNonNull(suffix, "suffix");
        List<PathMatch> matches = existing(doc).evaluate(path);
        long suffixBytes = Utf8.encodedLength(suffix);
        Map<Location, JsonValue> updates = new LinkedHashMap<>();
        List<JsonReply> lengths = new ArrayList<>(matches.size());
        JsonReply last = null;
        for (PathMatch m : matches) {
            if (updates.getOrDefault(m.location(), m.value()) instanceof JsonString current) {
                long length = current.utf8Length() + suffixBytes;
                if (length > doc.limits().maxBytes()) {
                    throw new InvalidRequestException("ERR string length: " + length + " bytes (expected: <= "
                            + doc.limits().maxBytes() + ")");
                }
                updates.put(m.location(), new JsonString(current.value() + suffix));
                last = JsonReply.integer(length);
                lengths.add(last);
            } else {
                lengths.add(JsonReply.NIL);
            }
        }
        if (path.isLegacy() && last == null) {
            throw DocumentErrors.pathDoesNotExistOr(path, "not a string");
        }
        return apply(doc, updates, path.isLegacy() ? last : JsonReply.array(lengths));
    }

    /**
     * {@code JSON.ARRAPPEND}: appends {@code values}, in order, to every matched array; the first
     * array takes the given values, later ones copies. A JSONPath answers, per match, the new
     * length or nil when the match is not an array; a legacy path answers the last new length, or
     * fails with {@code ERR Path '<p>' does not exist or not an array}. An append that would nest
     * the document deeper than the limit fails with {@code ERR recursion limit exceeded}.
     *
     * @throws IllegalArgumentException when {@code values} is empty (the command needs at least one)
     */
    static WriteResult arrAppend(Document doc, JsonPath path, List<JsonValue> values) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("values: [] (expected: at least one)");
        }
        List<PathMatch> matches = existing(doc).evaluate(path);
        int valuesDepth = 0;
        for (JsonValue v : values) {
            valuesDepth = Math.max(valuesDepth, Objects.requireNonNull(v, "value").depth());
        }
        boolean anyArray = false;
        for (PathMatch m : matches) {
            if (m.value() instanceof JsonArray) {
                doc.checkDepth(m.location().depth() + 1, valuesDepth);
                anyArray = true;
            }
        }
        if (path.isLegacy() && !anyArray) {
            throw DocumentErrors.pathDoesNotExistOr(path, "not an array");
        }
        List<JsonReply> lengths = new ArrayList<>(matches.size());
        JsonReply last = null;
        boolean first = true;
        for (PathMatch m : matches) {
            if (m.value() instanceof JsonArray array) {
                for (JsonValue v : values) {
                    array.add(first ? v : v.deepCopy());
                }
                first = false;
                last = JsonReply.integer(array.size());
                lengths.add(last);
            } else {
                lengths.add(JsonReply.NIL);
            }
        }
        WriteResult.Effect effect = anyArray ? WriteResult.Effect.CHANGED : WriteResult.Effect.UNCHANGED;
        return new WriteResult(path.isLegacy() ? last : JsonReply.array(lengths), effect);
    }

    private static Document existing(Document doc) {
        if (!doc.exists()) {
            throw DocumentErrors.nonexistentKey();
        }
        return doc;
    }

    private static WriteResult apply(Document doc, Map<Location, JsonValue> updates, JsonReply reply) {
        for (Map.Entry<Location, JsonValue> e : updates.entrySet()) {
            doc.put(e.getKey(), e.getValue());
        }
        return updates.isEmpty() ? WriteResult.unchanged(reply) : WriteResult.changed(reply);
    }
}
