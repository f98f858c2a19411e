package io.cairn.search;

import io.cairn.common.CorruptionException;
import io.cairn.document.json.JsonArray;
import io.cairn.document.json.JsonBoolean;
import io.cairn.document.json.JsonNull;
import io.cairn.document.json.JsonNumber;
import io.cairn.document.json.JsonObject;
import io.cairn.document.json.JsonParser;
import io.cairn.document.json.JsonString;
import io.cairn.document.json.JsonValue;
import io.cairn.document.json.JsonWriter;
import io.cairn.search.schema.FieldSpec;
import io.cairn.search.schema.FieldType;
import io.cairn.search.schema.IndexDefinition;
import io.cairn.search.schema.SourceType;
import io.cairn.storage.io.FileHandle;
import io.cairn.storage.io.FileSystem;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The list of indexes, kept in {@code <dir>/search/catalog.json} ({@code docs/format/search.md}):
 * each index's id (its Lucene directory is {@code index-<id>}) and definition. Replaced whole and
 * atomically (write a temporary file, fsync, rename, fsync the directory), so a crash leaves the
 * old or the new catalog, never a mix. All its I/O goes through the storage {@link FileSystem}
 * seam, as the engine's does (the Lucene directories beside it do not: Lucene keeps its own).
 *
 * <p>Not thread-safe: the service serialises changes. A change that fails to save (an
 * {@link UncheckedIOException}) leaves this object as it was, entries and next id alike.
 */
final class IndexCatalog {
    static final String FILE = "catalog.json";
    static final String FORMAT = "cairn-search-catalog";
    static final int VERSION = 1;

    /** One index in the catalog. */
    record Entry(long id, IndexDefinition definition) {
        /** The definition as stored; also written into each Lucene commit to detect a changed schema. */
        String definitionText() {
            return JsonWriter.write(definitionJson(definition));
        }
    }

    private final FileSystem fs;
    private final Path dir;
    private final List<Entry> entries = new ArrayList<>();
    private long nextId = 1;

    private IndexCatalog(FileSystem fs, Path dir) {
        this.fs = fs;
        this.dir = dir;
    }

    /** Reads the catalog in {@code dir} (created if missing), or an empty one when there is none. */
    static IndexCatalog open(FileSystem fs, Path dir) {
        IndexCatalog c = new IndexCatalog(fs, dir);
        Path file = dir.resolve(FILE);
        try {
            fs.createDirectories(dir);
            if (!fs.exists(file)) {
                return c;
            }
            JsonValue v = JsonParser.parse(readAll(fs, file));
            if (!(v instanceof JsonObject o) || !(o.get("format") instanceof JsonString f) || !f.value().equals(FORMAT)) {
                throw new CorruptionException(file.toString(), 0, "not a Cairn search catalog");
            }
            long version = (long) ((JsonNumber) o.get("version")).doubleValue();
            if (version != VERSION) {
                throw new CorruptionException(file.toString(), 0, "catalog version " + version + " is not supported (this build reads " + VERSION + ")");
            }
            c.nextId = (long) ((JsonNumber) o.get("next_id")).doubleValue();
            for (JsonValue e : ((JsonArray) o.get("indexes")).elements()) {
                JsonObject eo = (JsonObject) e;
                c.entries.add(new Entry((long) ((JsonNumber) eo.get("id")).doubleValue(), definitionFrom(eo)));
            }
            return c;
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + file, e);
        } catch (ClassCastException | NullPointerException | IllegalArgumentException e) {
            throw new CorruptionException(file.toString(), 0, "malformed catalog: " + e);
        }
    }

    List<Entry> entries() {
        return List.copyOf(entries);
    }

    Path dir() {
        return dir;
    }

    /**
     * The id a new index's directory gets; {@link #put} of an entry with it takes it for good. Until
     * then it is offered again (a create whose save failed left no trace to collide with).
     */
    long nextId() {
        return nextId;
    }

    /** Adds or replaces (by name) an entry and saves the catalog durably. */
    void put(Entry entry) {
        List<Entry> next = new ArrayList<>(entries);
        next.removeIf(e -> e.definition().name().equals(entry.definition().name()));
        next.add(entry);
        long nextIdAfter = Math.max(nextId, entry.id() + 1);
        save(next, nextIdAfter);
        replace(next, nextIdAfter); // only once saved: a failed save changes nothing
    }

    /** Removes the entry named {@code name} and saves the catalog durably. */
    void remove(String name) {
        List<Entry> next = new ArrayList<>(entries);
        next.removeIf(e -> e.definition().name().equals(name));
        save(next, nextId);
        replace(next, nextId);
    }

    private void replace(List<Entry> next, long nextIdAfter) {
        entries.clear();
        entries.addAll(next);
        nextId = nextIdAfter;
    }

    private void save(List<Entry> entries, long nextIdAfter) {
        JsonObject o = new JsonObject();
        o.put("format", new JsonString(FORMAT));
        o.put("version", JsonNumber.of(VERSION));
        o.put("next_id", JsonNumber.of(nextIdAfter));
        JsonArray list = new JsonArray();
        for (Entry e : entries) {
            JsonObject eo = definitionJson(e.definition());
            eo.put("id", JsonNumber.of(e.id()));
            list.add(eo);
        }
        o.put("indexes", list);
        byte[] bytes = JsonWriter.write(o).getBytes(StandardCharsets.UTF_8);
        Path tmp = dir.resolve(FILE + ".tmp");
        try {
            fs.deleteIfExists(tmp); // left by a save that failed
            try (FileHandle h = fs.open(tmp, FileSystem.OpenMode.CREATE_NEW)) {
                h.writeFully(ByteBuffer.wrap(bytes));
                h.sync();
            }
            fs.rename(tmp, dir.resolve(FILE));
            fs.syncDirectory(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("writing " + dir.resolve(FILE), e);
        }
    }

    private static byte[] readAll(FileSystem fs, Path file) throws IOException {
        try (FileHandle h = fs.open(file, FileSystem.OpenMode.READ)) {
            long size = h.size();
            if (size > Integer.MAX_VALUE - 8) {
                throw new CorruptionException(file.toString(), 0, "catalog of " + size + " bytes is too large");
            }
            ByteBuffer buf = ByteBuffer.allocate((int) size);
            int n = h.readFully(buf, 0);
            if (n != size) {
                throw new IOException("read " + n + " of " + size + " bytes of " + file);
            }
            return buf.array();
        }
    }

    static JsonObject definitionJson(IndexDefinition d) {
        JsonObject o = new JsonObject();
        o.put("name", new JsonString(d.name()));
        o.put("on", new JsonString(d.source().name()));
        JsonArray prefixes = new JsonArray();
        d.prefixes().forEach(p -> prefixes.add(new JsonString(p)));
        o.put("prefixes", prefixes);
        o.put("language", new JsonString(d.language()));
        o.put("language_field", d.languageField() == null ? JsonNull.INSTANCE : new JsonString(d.languageField()));
        JsonArray fields = new JsonArray();
        for (FieldSpec f : d.fields()) {
            JsonObject fo = new JsonObject();
            fo.put("path", new JsonString(f.path()));
            fo.put("name", new JsonString(f.name()));
            fo.put("type", new JsonString(f.type().name()));
            fo.put("weight", JsonNumber.of(f.weight()));
            fo.put("sortable", JsonBoolean.of(f.sortable()));
            fo.put("separator", new JsonString(String.valueOf(f.separator())));
            fo.put("case_sensitive", JsonBoolean.of(f.caseSensitive()));
            fields.add(fo);
        }
        o.put("fields", fields);
        return o;
    }

    private static IndexDefinition definitionFrom(JsonObject o) {
        List<String> prefixes = new ArrayList<>();
        for (JsonValue p : ((JsonArray) o.get("prefixes")).elements()) {
            prefixes.add(((JsonString) p).value());
        }
        List<FieldSpec> fields = new ArrayList<>();
        for (JsonValue fv : ((JsonArray) o.get("fields")).elements()) {
            JsonObject f = (JsonObject) fv;
            fields.add(new FieldSpec(str(f, "path"), str(f, "name"), FieldType.valueOf(str(f, "type")),
                    ((JsonNumber) f.get("weight")).doubleValue(), bool(f, "sortable"), str(f, "separator").charAt(0),
                    bool(f, "case_sensitive")));
        }
        JsonValue lf = o.get("language_field");
        return new IndexDefinition(str(o, "name"), SourceType.valueOf(str(o, "on")), prefixes, str(o, "language"),
                lf instanceof JsonString s ? s.value() : null, fields);
    }

    private static String str(JsonObject o, String k) {
        return ((JsonString) o.get(k)).value();
    }

    private static boolean bool(JsonObject o, String k) {
        return o.get(k) == JsonBoolean.TRUE;
    }
}
