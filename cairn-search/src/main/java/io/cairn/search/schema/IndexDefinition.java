package io.cairn.search.schema;

import io.cairn.common.InvalidRequestException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;

/**
 * An index as {@code FT.CREATE} declared it. Immutable.
 *
 * @param name the index name
 * @param source JSON documents or hashes
 * @param prefixes keys starting with any of these are indexed (an empty string matches every key)
 * @param language the default language of TEXT fields ({@link io.cairn.search.analysis.Languages})
 * @param languageField a field naming each document's own language, or null
 * @param fields the schema, in declaration order; names are unique
 */
public record IndexDefinition(String name, SourceType source, List<String> prefixes, String language,
        String languageField, List<FieldSpec> fields) {

    public IndexDefinition {
        Objects.requireNonNull(name);
        Objects.requireNonNull(source);
        Objects.requireNonNull(language);
        prefixes = List.copyOf(prefixes);
        fields = List.copyOf(fields);
        if (prefixes.isEmpty()) {
            prefixes = List.of("");
        }
    }

    /** The field queries call {@code name}, or null. */
    public FieldSpec field(String name) {
        for (FieldSpec f : fields) {
            if (f.name().equals(name)) {
                return f;
            }
        }
        return null;
    }

    /** The field declared with this path or name, or null ({@code RETURN} accepts either). */
    public FieldSpec fieldByNameOrPath(String nameOrPath) {
        FieldSpec f = field(nameOrPath);
        if (f != null) {
            return f;
        }
        for (FieldSpec s : fields) {
            if (s.path().equals(nameOrPath)) {
                return s;
            }
        }
        return null;
    }

    /** Whether {@code key} falls under one of the prefixes. */
    public boolean covers(byte[] key) {
        for (byte[] p : prefixBytes()) {
            if (startsWith(key, p)) {
                return true;
            }
        }
        return false;
    }

    /** The prefixes in UTF-8. */
    public List<byte[]> prefixBytes() {
        return prefixes.stream().map(p -> p.getBytes(StandardCharsets.UTF_8)).toList();
    }

    /** This definition with {@code added} appended to the schema ({@code FT.ALTER ... SCHEMA ADD}). */
    public IndexDefinition withFields(List<FieldSpec> added) {
        List<FieldSpec> all = new java.util.ArrayList<>(fields);
        for (FieldSpec f : added) {
            if (all.stream().anyMatch(x -> x.name().equals(f.name()))) {
                throw new InvalidRequestException("Duplicate field in schema - " + f.name());
            }
            all.add(f);
        }
        return new IndexDefinition(name, source, prefixes, language, languageField, all);
    }

    /** Whether {@code key} begins with the bytes of {@code prefix}. */
    public static boolean startsWith(byte[] key, byte[] prefix) {
        if (key.length < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (key[i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }
}
