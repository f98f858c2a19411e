package io.cairn.server.http;

import io.cairn.document.json.JsonArray;
import io.cairn.document.json.JsonBoolean;
import io.cairn.document.json.JsonLong;
import io.cairn.document.json.JsonObject;
import io.cairn.document.json.JsonString;
import io.cairn.document.json.JsonValue;
import io.cairn.document.json.JsonWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The body of {@code POST /indexes/{idx}/search}, translated into the arguments {@code FT.SEARCH}
 * takes after its query, so that the HTTP API has FT.SEARCH's features, defaults and error texts
 * by construction ({@code SearchRequest.parse} does the rest). Each facet becomes the arguments of
 * {@code FT.AGGREGATE ... GROUPBY 1 @f REDUCE COUNT 0 AS count SORTBY 2 @count DESC MAX n}.
 *
 * <pre>{@code
 * {"query":"wizard", "return":["title","$.year"], "noContent":false, "withScores":false,
 *  "sort":{"field":"year","order":"desc"}, "offset":0, "limit":10, "language":"english",
 *  "highlight":{"fields":["title"],"open":"<b>","close":"</b>"}, "facets":[{"field":"genres","limit":10}]}
 * }</pre>
 *
 * Only {@code query} is required. A member of the wrong type, or one not listed here, is refused
 * (400) naming the member, its value and what was expected. Immutable.
 *
 * @param searchArgs the FT.SEARCH arguments after the query
 * @param returnFields the {@code return} list, or null when absent
 */
record SearchBody(String query, List<String> searchArgs, List<String> returnFields, List<Facet> facets,
        String language) {

    /** Facet counts of one field: its {@code limit} most frequent values. */
    record Facet(String field, int limit) {
        /** The FT.AGGREGATE arguments after the query. */
        List<String> aggregateArgs(String language) {
            List<String> a = new ArrayList<>(List.of("GROUPBY", "1", "@" + field, "REDUCE", "COUNT", "0", "AS", COUNT,
                    "SORTBY", "2", "@" + COUNT, "DESC", "MAX", Integer.toString(limit)));
            if (language != null) {
                a.add("LANGUAGE");
                a.add(language);
            }
            return a;
        }
    }

    /** The alias of the facet count in each aggregate row. */
    static final String COUNT = "count";
    static final int DEFAULT_FACET_LIMIT = 10;
    private static final Set<String> MEMBERS = Set.of("query", "return", "noContent", "withScores", "sort", "offset",
            "limit", "language", "highlight", "facets");

    static SearchBody parse(JsonValue body) {
        if (!(body instanceof JsonObject o)) {
            throw ApiException.badRequest("search body: " + show(body) + " (expected: a JSON object with a \"query\")");
        }
        for (String name : o.keys()) {
            if (!MEMBERS.contains(name)) {
                throw ApiException.badRequest("search body: unknown member \"" + name + "\" (expected one of: "
                        + String.join(", ", MEMBERS.stream().sorted().toList()) + ")");
            }
        }
        JsonValue q = o.get("query");
        if (q == null) {
            throw ApiException.badRequest("query: missing (expected: a string, e.g. \"*\" for every document)");
        }
        String query = string("query", q);
        List<String> args = new ArrayList<>();
        if (bool(o, "noContent")) {
            args.add("NOCONTENT");
        }
        if (bool(o, "withScores")) {
            args.add("WITHSCORES");
        }
        List<String> returnFields = null;
        if (o.get("return") != null) {
            returnFields = strings("return", o.get("return"));
            args.add("RETURN");
            args.add(Integer.toString(returnFields.size()));
            args.addAll(returnFields);
        }
        if (o.get("sort") != null) {
            sort(o.get("sort"), args);
        }
        if (o.get("offset") != null || o.get("limit") != null) {
            args.add("LIMIT");
            args.add(o.get("offset") == null ? "0" : Long.toString(integer("offset", o.get("offset"))));
            args.add(o.get("limit") == null ? "10" : Long.toString(integer("limit", o.get("limit"))));
        }
        String language = null;
        if (o.get("language") != null) {
            language = string("language", o.get("language"));
            args.add("LANGUAGE");
            args.add(language);
        }
        if (o.get("highlight") != null) {
            highlight(o.get("highlight"), args);
        }
        List<Facet> facets = o.get("facets") == null ? List.of() : facets(o.get("facets"));
        return new SearchBody(query, List.copyOf(args), returnFields == null ? null : List.copyOf(returnFields),
                facets, language);
    }

    private static void sort(JsonValue v, List<String> args) {
        if (v instanceof JsonString s) { // "sort":"year" is ascending
            args.addAll(List.of("SORTBY", s.value(), "ASC"));
            return;
        }
        JsonObject o = object("sort", v, Set.of("field", "order"));
        if (o.get("field") == null) {
            throw ApiException.badRequest("sort.field: missing (expected: a field name)");
        }
        String field = string("sort.field", o.get("field"));
        String order = o.get("order") == null ? "asc" : string("sort.order", o.get("order"));
        String dir = order.toLowerCase(Locale.ROOT);
        if (!dir.equals("asc") && !dir.equals("desc")) {
            throw ApiException.badRequest("sort.order: " + show(o.get("order")) + " (expected: \"asc\" or \"desc\")");
        }
        args.addAll(List.of("SORTBY", field, dir.toUpperCase(Locale.ROOT)));
    }

    private static void highlight(JsonValue v, List<String> args) {
        if (v instanceof JsonBoolean b) { // true: every returned TEXT field, <b>...</b>
            if (b.value()) {
                args.add("HIGHLIGHT");
            }
            return;
        }
        JsonObject o = object("highlight", v, Set.of("fields", "open", "close"));
        args.add("HIGHLIGHT");
        if (o.get("fields") != null) {
            List<String> fields = strings("highlight.fields", o.get("fields"));
            if (!fields.isEmpty()) {
                args.add("FIELDS");
                args.add(Integer.toString(fields.size()));
                args.addAll(fields);
            }
        }
        if (o.get("open") != null || o.get("close") != null) {
            args.add("TAGS");
            args.add(o.get("open") == null ? "<b>" : string("highlight.open", o.get("open")));
            args.add(o.get("close") == null ? "</b>" : string("highlight.close", o.get("close")));
        }
    }

    private static List<Facet> facets(JsonValue v) {
        if (!(v instanceof JsonArray a)) {
            throw ApiException.badRequest("facets: " + show(v) + " (expected: an array of {\"field\":..., \"limit\":...})");
        }
        List<Facet> out = new ArrayList<>(a.size());
        for (int i = 0; i < a.size(); i++) {
            String name = "facets[" + i + "]";
            JsonValue f = a.get(i);
            if (f instanceof JsonString s) {
                out.add(new Facet(stripAt(s.value()), DEFAULT_FACET_LIMIT));
                continue;
            }
            JsonObject o = object(name, f, Set.of("field", "limit"));
            if (o.get("field") == null) {
                throw ApiException.badRequest(name + ".field: missing (expected: a field name)");
            }
            String field = stripAt(string(name + ".field", o.get("field")));
            long limit = o.get("limit") == null ? DEFAULT_FACET_LIMIT : integer(name + ".limit", o.get("limit"));
            if (limit < 1 || limit > Integer.MAX_VALUE) {
                throw ApiException.badRequest(name + ".limit: " + limit + " (expected: 1 <= limit <= " + Integer.MAX_VALUE + ")");
            }
            out.add(new Facet(field, (int) limit));
        }
        return List.copyOf(out);
    }

    // ------------------------------------------------------------------ member types

    private static JsonObject object(String name, JsonValue v, Set<String> members) {
        if (!(v instanceof JsonObject o)) {
            throw ApiException.badRequest(name + ": " + show(v) + " (expected: an object with " + String.join(", ",
                    members.stream().sorted().toList()) + ")");
        }
        for (Map.Entry<String, JsonValue> m : o.members()) {
            if (!members.contains(m.getKey())) {
                throw ApiException.badRequest(name + ": unknown member \"" + m.getKey() + "\" (expected one of: "
                        + String.join(", ", members.stream().sorted().toList()) + ")");
            }
        }
        return o;
    }

    private static String string(String name, JsonValue v) {
        if (v instanceof JsonString s) {
            return s.value();
        }
        throw ApiException.badRequest(name + ": " + show(v) + " (expected: a string)");
    }

    private static long integer(String name, JsonValue v) {
        if (v instanceof JsonLong l) {
            return l.value();
        }
        throw ApiException.badRequest(name + ": " + show(v) + " (expected: an integer)");
    }

    private static boolean bool(JsonObject o, String name) {
        JsonValue v = o.get(name);
        if (v == null) {
            return false;
        }
        if (v instanceof JsonBoolean b) {
            return b.value();
        }
        throw ApiException.badRequest(name + ": " + show(v) + " (expected: true or false)");
    }

    private static List<String> strings(String name, JsonValue v) {
        if (v instanceof JsonArray a) {
            List<String> out = new ArrayList<>(a.size());
            for (JsonValue e : a.elements()) {
                if (!(e instanceof JsonString s)) {
                    throw ApiException.badRequest(name + ": " + show(v) + " (expected: an array of strings)");
                }
                out.add(s.value());
            }
            return out;
        }
        throw ApiException.badRequest(name + ": " + show(v) + " (expected: an array of strings)");
    }

    private static String stripAt(String field) {
        return field.startsWith("@") ? field.substring(1) : field;
    }

    /** The value as JSON text, cut to a readable length. */
    static String show(JsonValue v) {
        String s = JsonWriter.write(v);
        return s.length() > 100 ? s.substring(0, 100) + "..." : s;
    }
}
