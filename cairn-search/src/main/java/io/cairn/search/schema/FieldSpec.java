package io.cairn.search.schema;

import java.util.Objects;

/**
 * One field of an index.
 *
 * @param path where the value is: a JSONPath ({@code $.title}) for JSON indexes, a hash field name
 *     for hash indexes
 * @param name the attribute name queries use ({@code @name:...}); the path when no {@code AS}
 * @param weight TEXT only: multiplies the field's score (1 by default)
 * @param sortable keeps a sortable copy (TEXT; NUMERIC and TAG are always sortable here)
 * @param separator TAG only: splits a string into tags (',' by default)
 * @param caseSensitive TAG only: keeps case (tags are lower-cased otherwise)
 */
public record FieldSpec(String path, String name, FieldType type, double weight, boolean sortable,
        char separator, boolean caseSensitive) {

    public FieldSpec {
        Objects.requireNonNull(path);
        Objects.requireNonNull(name);
        Objects.requireNonNull(type);
    }

    public static FieldSpec text(String path, String name) {
        return new FieldSpec(path, name, FieldType.TEXT, 1.0, false, ',', false);
    }

    public static FieldSpec numeric(String path, String name) {
        return new FieldSpec(path, name, FieldType.NUMERIC, 1.0, true, ',', false);
    }

    public static FieldSpec tag(String path, String name) {
        return new FieldSpec(path, name, FieldType.TAG, 1.0, true, ',', false);
    }
}
