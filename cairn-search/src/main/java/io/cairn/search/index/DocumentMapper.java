package io.cairn.search.index;

import io.cairn.common.InvalidRequestException;
import io.cairn.document.json.JsonArray;
import io.cairn.document.json.JsonBoolean;
import io.cairn.document.json.JsonNull;
import io.cairn.document.json.JsonNumber;
import io.cairn.document.json.JsonString;
import io.cairn.document.json.JsonValue;
import io.cairn.document.json.JsonWriter;
import io.cairn.document.path.JsonPath;
import io.cairn.document.path.PathEvaluator;
import io.cairn.document.path.PathMatch;
import io.cairn.search.analysis.Languages;
import io.cairn.search.schema.FieldSpec;
import io.cairn.search.schema.IndexDefinition;
import io.cairn.search.schema.SourceType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.DoublePoint;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.SortedNumericDocValuesField;
import org.apache.lucene.document.SortedSetDocValuesField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.NumericUtils;

/**
 * Turns a JSON document or a hash into the Lucene document its index stores, by the schema.
 *
 * <pre>
 * __key           StringField, stored     the key's bytes: the id for updates and deletes
 * __hash          StoredField (long)      a hash of the source, for the consistency check
 * name            TextField | DoublePoint | StringField per tag   (what queries match)
 * __dv.name       SortedDocValues (sortable TEXT) | SortedNumeric (NUMERIC) | SortedSet (TAG)
 * </pre>
 *
 * Values of the wrong type make the document fail as a whole ({@link MappingException}), as in
 * RediSearch: it is then not in the index and counted in {@code hash_indexing_failures}. Stateless
 * after construction; thread-safe.
 */
public final class DocumentMapper {
    public static final String KEY = "__key";
    public static final String HASH = "__hash";
    /** Longest tag or sortable value in bytes (Lucene's term limit). */
    static final int MAX_TERM_BYTES = 32_766;
    private static final int MAX_SORT_CHARS = 1024;

    private final IndexDefinition definition;
    private final Map<String, JsonPath> paths = new HashMap<>();
    private final JsonPath languagePath;

    /** @throws InvalidRequestException when a JSON path of the schema does not parse */
    public DocumentMapper(IndexDefinition definition) {
        this.definition = definition;
        if (definition.source() == SourceType.JSON) {
            for (FieldSpec f : definition.fields()) {
                paths.put(f.name(), parsePath(f.path()));
            }
        }
        String lf = definition.languageField();
        languagePath = lf != null && definition.source() == SourceType.JSON
                ? parsePath(lf.startsWith("$") || lf.startsWith(".") ? lf : "$." + lf) : null;
    }

    private static JsonPath parsePath(String path) {
        try {
            return JsonPath.parse(path);
        } catch (RuntimeException e) {
            throw new InvalidRequestException("Invalid JSONPath `" + path + "`: " + e.getMessage());
        }
    }

    public static String docValuesField(String name) {
        return "__dv." + name;
    }

    /** What one document becomes: the Lucene fields and the language its text is analysed in. */
    public record Mapped(Document document, String language) {
    }

    /** Maps a JSON document. */
    public Mapped mapJson(byte[] key, JsonValue root, long sourceHash) {
        Document d = base(key, sourceHash);
        for (FieldSpec f : definition.fields()) {
            List<JsonValue> values = values(f, root);
            switch (f.type()) {
                case TEXT -> {
                    List<String> texts = new ArrayList<>();
                    for (JsonValue v : values) {
                        collectText(f, v, texts);
                    }
                    addText(d, f, texts);
                }
                case NUMERIC -> {
                    for (JsonValue v : values) {
                        collectNumbers(f, v, d);
                    }
                }
                case TAG -> {
                    for (JsonValue v : values) {
                        collectTags(f, v, d);
                    }
                }
            }
        }
        String language = null;
        if (languagePath != null) {
            for (PathMatch m : PathEvaluator.evaluate(languagePath, root)) {
                if (m.value() instanceof JsonString s && Languages.isSupported(s.value())) {
                    language = Languages.canonical(s.value());
                }
            }
        }
        return new Mapped(d, language);
    }

    /** Maps a hash; {@code fields} maps UTF-8 field names to values. */
    public Mapped mapHash(byte[] key, Map<String, byte[]> fields, long sourceHash) {
        Document d = base(key, sourceHash);
        for (FieldSpec f : definition.fields()) {
            byte[] raw = fields.get(f.path());
            if (raw == null) {
                continue;
            }
            String v = new String(raw, StandardCharsets.UTF_8);
            switch (f.type()) {
                case TEXT -> addText(d, f, List.of(v));
                case NUMERIC -> {
                    double n;
                    try {
                        n = Double.parseDouble(v.strip());
                    } catch (NumberFormatException e) {
                        throw new MappingException("field `" + f.name() + "`: `" + abbreviate(v) + "` is not a number");
                    }
                    if (Double.isNaN(n)) {
                        throw new MappingException("field `" + f.name() + "`: NaN is not indexable");
                    }
                    addNumber(d, f, n);
                }
                case TAG -> {
                    for (String t : split(v, f.separator())) {
                        addTag(d, f, t);
                    }
                }
            }
        }
        String language = null;
        if (definition.languageField() != null) {
            byte[] l = fields.get(definition.languageField());
            if (l != null && Languages.isSupported(new String(l, StandardCharsets.UTF_8))) {
                language = Languages.canonical(new String(l, StandardCharsets.UTF_8));
            }
        }
        return new Mapped(d, language);
    }

    /** The JSON values a field's path selects in {@code root} (empty when absent). */
    public List<JsonValue> values(FieldSpec f, JsonValue root) {
        JsonPath p = paths.get(f.name());
        List<PathMatch> matches = PathEvaluator.evaluate(p, root);
        List<JsonValue> out = new ArrayList<>(matches.size());
        for (PathMatch m : matches) {
            out.add(m.value());
        }
        return out;
    }

    /** The path of {@code f}, parsed. */
    public JsonPath path(FieldSpec f) {
        return paths.get(f.name());
    }

    private static Document base(byte[] key, long sourceHash) {
        Document d = new Document();
        d.add(new StringField(KEY, new BytesRef(key), Field.Store.YES));
        d.add(new StoredField(HASH, sourceHash));
        return d;
    }

    private static void collectText(FieldSpec f, JsonValue v, List<String> out) {
        switch (v) {
            case JsonString s -> out.add(s.value());
            case JsonArray a -> {
                for (JsonValue e : a.elements()) {
                    if (e instanceof JsonString s) {
                        out.add(s.value());
                    } else if (!(e instanceof JsonNull)) {
                        throw wrongType(f, e, "a string or an array of strings");
                    }
                }
            }
            case JsonNull n -> {
            }
            default -> throw wrongType(f, v, "a string or an array of strings");
        }
    }

    private void collectNumbers(FieldSpec f, JsonValue v, Document d) {
        switch (v) {
            case JsonNumber n -> addNumber(d, f, n.doubleValue());
            case JsonArray a -> {
                for (JsonValue e : a.elements()) {
                    if (e instanceof JsonNumber n) {
                        addNumber(d, f, n.doubleValue());
                    } else if (!(e instanceof JsonNull)) {
                        throw wrongType(f, e, "a number or an array of numbers");
                    }
                }
            }
            case JsonNull n -> {
            }
            default -> throw wrongType(f, v, "a number or an array of numbers");
        }
    }

    private void collectTags(FieldSpec f, JsonValue v, Document d) {
        switch (v) {
            case JsonString s -> {
                for (String t : split(s.value(), f.separator())) {
                    addTag(d, f, t);
                }
            }
            case JsonBoolean b -> addTag(d, f, JsonWriter.write(b));
            case JsonArray a -> {
                for (JsonValue e : a.elements()) {
                    if (e instanceof JsonString s) {
                        addTag(d, f, s.value().strip());
                    } else if (e instanceof JsonBoolean b) {
                        addTag(d, f, JsonWriter.write(b));
                    } else if (!(e instanceof JsonNull)) {
                        throw wrongType(f, e, "a string, a boolean or an array of them");
                    }
                }
            }
            case JsonNull n -> {
            }
            default -> throw wrongType(f, v, "a string, a boolean or an array of them");
        }
    }

    private static void addText(Document d, FieldSpec f, List<String> texts) {
        if (texts.isEmpty()) {
            return;
        }
        String text = texts.size() == 1 ? texts.getFirst() : String.join("\n", texts);
        d.add(new TextField(f.name(), text, Field.Store.NO));
        if (f.sortable()) {
            String s = texts.getFirst().toLowerCase(Locale.ROOT);
            if (s.length() > MAX_SORT_CHARS) {
                s = s.substring(0, MAX_SORT_CHARS);
            }
            d.add(new SortedDocValuesField(docValuesField(f.name()), new BytesRef(s)));
        }
    }

    private static void addNumber(Document d, FieldSpec f, double n) {
        d.add(new DoublePoint(f.name(), n));
        d.add(new SortedNumericDocValuesField(docValuesField(f.name()), NumericUtils.doubleToSortableLong(n)));
    }

    private static void addTag(Document d, FieldSpec f, String tag) {
        if (tag.isEmpty()) {
            return;
        }
        String t = normalizeTag(f, tag);
        BytesRef b = new BytesRef(t);
        if (b.length > MAX_TERM_BYTES) {
            throw new MappingException("field `" + f.name() + "`: a tag is longer than " + MAX_TERM_BYTES + " bytes");
        }
        d.add(new StringField(f.name(), b, Field.Store.NO));
        d.add(new SortedSetDocValuesField(docValuesField(f.name()), b));
    }

    /** A tag as it is indexed and queried: trimmed, lower-cased unless the field is CASESENSITIVE. */
    public static String normalizeTag(FieldSpec f, String tag) {
        String t = tag.strip();
        return f.caseSensitive() ? t : t.toLowerCase(Locale.ROOT);
    }

    static List<String> split(String value, char separator) {
        List<String> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= value.length(); i++) {
            if (i == value.length() || value.charAt(i) == separator) {
                String t = value.substring(start, i).strip();
                if (!t.isEmpty()) {
                    out.add(t);
                }
                start = i + 1;
            }
        }
        return out;
    }

    private static MappingException wrongType(FieldSpec f, JsonValue v, String expected) {
        return new MappingException("field `" + f.name() + "` (" + f.type() + ") at " + f.path() + ": expected "
                + expected + ", got " + v.type().name().toLowerCase(Locale.ROOT));
    }

    private static String abbreviate(String s) {
        return s.length() <= 40 ? s : s.substring(0, 40) + "...";
    }

    /** A 64-bit FNV-1a hash of {@code bytes}, continuing from {@code h}. */
    public static long fnv(long h, byte[] bytes) {
        for (byte b : bytes) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        return h;
    }

    /** The start value of {@link #fnv}. */
    public static final long FNV_START = 0xcbf29ce484222325L;

    /** The source hash of a hash: FNV over its fields in name order, so field order does not matter. */
    public static long hashOf(Map<String, byte[]> fields) {
        long h = FNV_START;
        for (String name : new java.util.TreeMap<>(fields).keySet()) {
            h = fnv(h, name.getBytes(StandardCharsets.UTF_8));
            h = fnv(h, new byte[] {0});
            h = fnv(h, fields.get(name));
            h = fnv(h, new byte[] {1});
        }
        return h;
    }
}
