package io.cairn.search;

import io.cairn.common.InvalidRequestException;
import io.cairn.document.codec.DocumentDecoder;
import io.cairn.document.json.JsonString;
import io.cairn.document.json.JsonValue;
import io.cairn.document.json.JsonWriter;
import io.cairn.document.path.JsonPath;
import io.cairn.document.path.PathEvaluator;
import io.cairn.document.path.PathMatch;
import io.cairn.search.index.SearchIndex;
import io.cairn.search.schema.FieldSpec;
import io.cairn.search.schema.IndexDefinition;
import io.cairn.search.schema.SourceType;
import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.Txn;
import io.cairn.storage.engine.ValueType;
import io.cairn.storage.engine.WrongTypeException;
import java.nio.charset.StandardCharsets;
import java.util.AbstractMap.SimpleImmutableEntry;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Loads what a search returns of each hit from the store: a JSON document whole or the fields named
 * by {@code RETURN} (schema names, paths or JSONPaths), a hash's fields. The keys' values are read
 * in one {@link Store#read}, so a page is consistent with one moment of the data (and holds the
 * store's lock while it reads them); decoding happens after.
 *
 * <p>Stateless apart from the store; thread-safe. Callers guarantee the keys came from
 * {@code idx}, so a key that is gone or of another type now means it changed after the search.
 */
final class FieldLoader {
    private final Store store;

    FieldLoader(Store store) {
        this.store = store;
    }

    /** Each key's fields ({@code fields} null: all of it), or null for a key that is gone. */
    List<List<Map.Entry<String, byte[]>>> load(SearchIndex idx, List<byte[]> keys, List<String> fields) {
        IndexDefinition d = idx.definition();
        boolean json = d.source() == SourceType.JSON;
        List<Object> raw = store.read(t -> {
            List<Object> out = new ArrayList<>(keys.size());
            for (byte[] k : keys) {
                try {
                    out.add(json ? t.document(k) : (t.type(k) == ValueType.HASH ? t.hashFields(k) : null));
                } catch (WrongTypeException e) {
                    out.add(null);
                }
            }
            return out;
        });
        List<List<Map.Entry<String, byte[]>>> result = new ArrayList<>(keys.size());
        for (Object o : raw) {
            if (o == null) {
                result.add(null);
            } else if (json) {
                result.add(jsonFields(idx, DocumentDecoder.decode((byte[]) o), fields));
            } else {
                result.add(hashFields(d, (Txn.HashFields) o, fields));
            }
        }
        return result;
    }

    /**
     * The rows an aggregate returns for its hits: empty ones without {@code LOAD}, else the loaded
     * fields ({@code *}: all), leaving out keys that are gone.
     */
    List<List<Map.Entry<String, byte[]>>> rows(SearchIndex idx, List<byte[]> keys, List<String> load) {
        List<List<Map.Entry<String, byte[]>>> rows = new ArrayList<>(keys.size());
        if (load == null) {
            for (int i = 0; i < keys.size(); i++) {
                rows.add(List.of());
            }
            return rows;
        }
        List<String> fields = load.equals(List.of("*")) ? null : load;
        for (List<Map.Entry<String, byte[]>> row : load(idx, keys, fields)) {
            if (row != null) {
                rows.add(row);
            }
        }
        return rows;
    }

    private static List<Map.Entry<String, byte[]>> jsonFields(SearchIndex idx, JsonValue root, List<String> fields) {
        List<Map.Entry<String, byte[]>> out = new ArrayList<>();
        if (fields == null) {
            out.add(entry("$", JsonWriter.write(root)));
            return out;
        }
        for (String f : fields) {
            List<JsonValue> values;
            FieldSpec spec = idx.definition().fieldByNameOrPath(f);
            if (spec != null) {
                values = idx.mapper().values(spec, root);
            } else if (f.startsWith("$")) {
                values = new ArrayList<>();
                try {
                    for (PathMatch m : PathEvaluator.evaluate(JsonPath.parse(f), root)) {
                        values.add(m.value());
                    }
                } catch (RuntimeException e) {
                    throw new InvalidRequestException("Invalid JSONPath `" + f + "` in RETURN: " + e.getMessage());
                }
            } else {
                continue;
            }
            if (values.isEmpty()) {
                continue;
            }
            JsonValue v = values.getFirst();
            out.add(entry(f, v instanceof JsonString s ? s.value() : JsonWriter.write(v)));
        }
        return out;
    }

    private static List<Map.Entry<String, byte[]>> hashFields(IndexDefinition d, Txn.HashFields h, List<String> fields) {
        Map<String, byte[]> all = new LinkedHashMap<>();
        for (int i = 0; i < h.names().length; i++) {
            all.put(new String(h.names()[i].getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8), h.values()[i]);
        }
        if (all.isEmpty()) {
            return null;
        }
        List<Map.Entry<String, byte[]>> out = new ArrayList<>();
        if (fields == null) {
            all.forEach((k, v) -> out.add(new SimpleImmutableEntry<>(k, v)));
            return out;
        }
        for (String f : fields) {
            FieldSpec spec = d.field(f);
            byte[] v = all.get(spec != null ? spec.path() : f);
            if (v != null) {
                out.add(new SimpleImmutableEntry<>(f, v));
            }
        }
        return out;
    }

    /** A returned field with a text value, as UTF-8. */
    static Map.Entry<String, byte[]> entry(String k, String v) {
        return new SimpleImmutableEntry<>(k, v.getBytes(StandardCharsets.UTF_8));
    }
}
