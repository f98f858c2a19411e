package io.cairn.document.path;

import java.util.List;
import java.util.Objects;

/**
 * A parsed path in either of RedisJSON's two syntaxes, told apart as RedisJSON tells them: text
 * that is {@code $} or starts with {@code $.} or {@code $[} is JSONPath; anything else is a
 * legacy path, read as if {@code $} were in front ({@code .a.b} and {@code a.b} both mean
 * {@code $.a.b}, {@code .} means {@code $}).
 *
 * <p>The syntax decides the reply: a JSONPath command acts on every match and answers per match, a
 * legacy one answers with the first match or fails when there is none (see
 * {@link io.cairn.document.Document}). Immutable and thread-safe.
 */
public final class JsonPath {
    /** {@code .}: the root in legacy syntax, the default path of the {@code JSON.*} commands. */
    public static final JsonPath LEGACY_ROOT = new JsonPath(".", true, List.of());
    /** {@code $}. */
    public static final JsonPath ROOT = new JsonPath("$", false, List.of());

    private final String text;
    private final boolean legacy;
    private final List<Segment> segments;

    JsonPath(String text, boolean legacy, List<Segment> segments) {
        this.text = Objects.requireNonNull(text, "text");
        this.legacy = legacy;
        this.segments = List.copyOf(segments);
    }

    /**
     * Parses {@code text}.
     *
     * @throws PathSyntaxException when it is malformed in its syntax, or uses a filter or script
     *         expression, which Cairn does not support yet
     */
    public static JsonPath parse(String text) {
        return PathParser.parse(text);
    }

    /** The path as given, which is how replies and errors name it. */
    public String text() {
        return text;
    }

    public boolean isLegacy() {
        return legacy;
    }

    public List<Segment> segments() {
        return segments;
    }

    /** True for {@code $} and {@code .}: the whole document. */
    public boolean isRoot() {
        return segments.isEmpty();
    }

    /**
     * True when every step is one name or one index, so the path names at most one place; only
     * such a path can create a member with {@code JSON.SET}.
     */
    public boolean isStatic() {
        for (Segment s : segments) {
            if (!s.isStatic()) {
                return false;
            }
        }
        return true;
    }

    /** This path without its last step (the root stays the root). */
    public JsonPath parent() {
        return segments.isEmpty() ? this : new JsonPath(text, legacy, segments.subList(0, segments.size() - 1));
    }

    /** The last step's single selector, or null for the root or a step with several selectors. */
    public Selector lastSelector() {
        if (segments.isEmpty() || segments.getLast().selectors().size() != 1) {
            return null;
        }
        return segments.getLast().selectors().getFirst();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof JsonPath other && other.text.equals(text) && other.legacy == legacy
                && other.segments.equals(segments);
    }

    @Override
    public int hashCode() {
        return text.hashCode() * 31 + segments.hashCode();
    }

    @Override
    public String toString() {
        return text;
    }
}
