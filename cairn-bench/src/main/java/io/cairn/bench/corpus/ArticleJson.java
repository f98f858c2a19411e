package io.cairn.bench.corpus;

import java.util.Locale;

/**
 * Writes an article as one line of JSON (RFC 8259), its fields in {@link Shape#fields()} order,
 * strings escaped as JSON requires and otherwise written as they are (UTF-8 once encoded), the
 * rating with exactly one decimal. The line has no newline; JSONL puts one after each.
 *
 * <p>Stateless.
 */
public final class ArticleJson {
    private ArticleJson() {
    }

    public static String toJson(Article a, Shape shape) {
        StringBuilder sb = new StringBuilder(4096);
        append(a, shape, sb);
        return sb.toString();
    }

    public static void append(Article a, Shape shape, StringBuilder sb) {
        sb.append('{');
        boolean first = true;
        for (String field : shape.fields()) {
            if (!first) {
                sb.append(',');
            }
            first = false;
            string(field, sb);
            sb.append(':');
            switch (field) {
                case "id" -> string(a.id(), sb);
                case "lang" -> string(a.language().code(), sb);
                case "title" -> string(a.title(), sb);
                case "summary" -> string(a.summary(), sb);
                case "body" -> string(a.body(), sb);
                case "categories" -> {
                    sb.append('[');
                    for (int i = 0; i < a.categories().size(); i++) {
                        if (i > 0) {
                            sb.append(',');
                        }
                        string(a.categories().get(i), sb);
                    }
                    sb.append(']');
                }
                case "section" -> string(a.section(), sb);
                case "author" -> string(a.author(), sb);
                case "year" -> sb.append(a.year());
                case "published" -> string(a.published(), sb);
                case "views" -> sb.append(a.views());
                case "rating" -> sb.append(a.ratingTenths() / 10).append('.').append(a.ratingTenths() % 10);
                default -> throw new IllegalStateException("no such field: " + field);
            }
        }
        sb.append('}');
    }

    static void string(String s, StringBuilder sb) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }
}
