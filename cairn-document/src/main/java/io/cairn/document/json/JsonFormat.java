package io.cairn.document.json;

import java.util.Objects;

/**
 * The layout options of {@code JSON.GET}: {@code INDENT} is written once per nesting level at the
 * start of each line, {@code NEWLINE} ends each line, {@code SPACE} follows each {@code :}. All
 * empty is RedisJSON's compact output, {@code {"a":1,"b":[1,2]}}.
 *
 * <p>As in RedisJSON, every member and element starts a new line, a non-empty container closes on
 * its own line, and an empty one stays {@code []} or {@code {}}. An indent without a newline is
 * still written: {@code INDENT "_"} alone gives {@code [_1,_2]}.
 */
public record JsonFormat(String indent, String newline, String space) {
    public static final JsonFormat COMPACT = new JsonFormat("", "", "");

    public JsonFormat {
        Objects.requireNonNull(indent, "indent");
        Objects.requireNonNull(newline, "newline");
        Objects.requireNonNull(space, "space");
    }

    public boolean isCompact() {
        return indent.isEmpty() && newline.isEmpty() && space.isEmpty();
    }

    public JsonFormat withIndent(String value) {
        return new JsonFormat(value, newline, space);
    }

    public JsonFormat withNewline(String value) {
        return new JsonFormat(indent, value, space);
    }

    public JsonFormat withSpace(String value) {
        return new JsonFormat(indent, newline, value);
    }
}
