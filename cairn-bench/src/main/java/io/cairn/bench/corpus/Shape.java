package io.cairn.bench.corpus;

import java.util.List;
import java.util.Locale;

/**
 * Which fields an article has in JSON. Both shapes of article {@code i} share their title, year
 * and categories; only the body's length differs, and {@link #FULL} adds the other fields.
 */
public enum Shape {
    /** {@code id, lang, title, body} of one sentence, {@code categories, year}: for ingest at volume. */
    SMALL(List.of("id", "lang", "title", "body", "categories", "year")),
    /**
     * Twelve fields, like a Wikipedia stub: {@code id, lang, title, summary, body} of 1-3 KB in
     * paragraphs, {@code categories, section, author, year, published, views, rating}.
     */
    FULL(List.of("id", "lang", "title", "summary", "body", "categories", "section", "author", "year",
            "published", "views", "rating"));

    private final List<String> fields;

    Shape(List<String> fields) {
        this.fields = fields;
    }

    /** The JSON fields in the order written. */
    public List<String> fields() {
        return fields;
    }

    /** {@code small} or {@code full}. */
    public String cliName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** @throws IllegalArgumentException unless {@code small} or {@code full} */
    public static Shape of(String name) {
        for (Shape s : values()) {
            if (s.cliName().equals(name.strip().toLowerCase(Locale.ROOT))) {
                return s;
            }
        }
        throw new IllegalArgumentException("shape: " + name + " (expected: small or full)");
    }
}
