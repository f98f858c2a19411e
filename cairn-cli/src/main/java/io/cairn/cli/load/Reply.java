package io.cairn.cli.load;

import java.nio.charset.StandardCharsets;
import java.util.List;

/** A RESP2 reply as {@link RespConnection} reads it. Immutable (a bulk's array is not copied). */
sealed interface Reply {

    /** {@code +OK}. */
    record Simple(String text) implements Reply {
    }

    /** {@code -ERR ...}, the message with its prefix word. */
    record Error(String message) implements Reply {
    }

    /** {@code :42}. */
    record Int(long value) implements Reply {
    }

    /** {@code $3\r\nfoo}. */
    record Bulk(byte[] bytes) implements Reply {
        String text() {
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }

    /** {@code *N} followed by N replies. */
    record Array(List<Reply> items) implements Reply {
    }

    /** {@code $-1} or {@code *-1}. */
    record Null() implements Reply {
    }

    /** The text of a simple or bulk string, or null for any other reply. */
    static String textOf(Reply r) {
        return switch (r) {
            case Simple s -> s.text();
            case Bulk b -> b.text();
            default -> null;
        };
    }
}
