package io.cairn.bench.corpus;

import com.fasterxml.jackson.core.JsonGenerator;
import io.cairn.bench.json.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Writes an article as one line of JSON through {@link Json}: its fields in {@link Shape#fields()}
 * order, no whitespace, the rating with exactly one decimal. The line has no newline; JSONL puts
 * one after each ({@link CorpusWriter}).
 *
 * <p>Stateless.
 */
public final class ArticleJson {
    private ArticleJson() {
    }

    /** The article's JSON text. */
    public static String toJson(Article a, Shape shape) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(4096);
        try (JsonGenerator g = Json.compact(out)) {
            write(a, shape, g);
        } catch (IOException e) {
            throw new UncheckedIOException("writing JSON to memory", e); // a ByteArrayOutputStream does not fail
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    /** Writes the article as one root value to {@code g}. */
    public static void write(Article a, Shape shape, JsonGenerator g) throws IOException {
        g.writeStartObject();
        for (String field : shape.fields()) {
            g.writeFieldName(field);
            switch (field) {
                case "id" -> g.writeString(a.id());
                case "lang" -> g.writeString(a.language().code());
                case "title" -> g.writeString(a.title());
                case "summary" -> g.writeString(a.summary());
                case "body" -> g.writeString(a.body());
                case "categories" -> {
                    g.writeStartArray();
                    for (String c : a.categories()) {
                        g.writeString(c);
                    }
                    g.writeEndArray();
                }
                case "section" -> g.writeString(a.section());
                case "author" -> g.writeString(a.author());
                case "year" -> g.writeNumber(a.year());
                case "published" -> g.writeString(a.published());
                case "views" -> g.writeNumber(a.views());
                case "rating" -> g.writeNumber(a.ratingTenths() / 10 + "." + a.ratingTenths() % 10);
                default -> throw new IllegalStateException("no such field: " + field);
            }
        }
        g.writeEndObject();
    }
}
