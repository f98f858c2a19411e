package io.cairn.server.command.connection;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** MONITOR's line format: Redis's sdscatrepr quoting, the origin, and the redaction of passwords. */
class MonitorsTest {
    private static byte[][] args(String... a) {
        return Arrays.stream(a).map(s -> s.getBytes(StandardCharsets.ISO_8859_1)).toArray(byte[][]::new);
    }

    private static String quoted(String s) {
        StringBuilder sb = new StringBuilder();
        Monitors.quote(sb, s.getBytes(StandardCharsets.ISO_8859_1));
        return sb.toString();
    }

    @Test
    void argumentsAreQuotedAsSdscatreprQuotesThem() {
        assertThat(quoted("plain text")).isEqualTo("\"plain text\"");
        assertThat(quoted("q\"b\\")).isEqualTo("\"q\\\"b\\\\\"");
        assertThat(quoted("\n\r\t\u0007\b")).isEqualTo("\"\\n\\r\\t\\a\\b\"");
        assertThat(quoted("\u0000\u007f\u00e9")).isEqualTo("\"\\x00\\x7f\\xe9\"");
        assertThat(quoted("")).isEqualTo("\"\"");
    }

    @Test
    void aLineHasTheTimeInMicrosecondsTheDatabaseAndTheOrigin() {
        assertThat(Monitors.line(3, "127.0.0.1:5000", args("SET", "k", "v")))
                .matches("[0-9]{10}\\.[0-9]{6} \\[3 127\\.0\\.0\\.1:5000\\] \"SET\" \"k\" \"v\"");
        assertThat(Monitors.line(0, "lua", args("incr", "n"))).matches("[0-9.]+ \\[0 lua\\] \"incr\" \"n\"");
    }

    @Test
    void passwordsAreRedactedAsRedisRedactsThem() {
        assertThat(shown("auth", "pw")).containsExactly("auth", "(redacted)");
        assertThat(shown("AUTH", "user", "pw")).containsExactly("AUTH", "(redacted)", "(redacted)");
        assertThat(shown("AUTH", "a", "b", "c")).as("a syntax error redacts nothing").containsExactly("AUTH", "a", "b", "c");
        assertThat(shown("HELLO", "3", "SETNAME", "n", "AUTH", "u", "p"))
                .containsExactly("HELLO", "3", "SETNAME", "n", "AUTH", "(redacted)", "(redacted)");
        assertThat(shown("HELLO", "4", "AUTH", "u", "p")).as("a bad protocol stops first")
                .containsExactly("HELLO", "4", "AUTH", "u", "p");
        assertThat(shown("GET", "auth")).containsExactly("GET", "auth");
    }

    private static java.util.List<String> shown(String... a) {
        return Arrays.stream(Monitors.redacted(args(a))).map(b -> new String(b, StandardCharsets.ISO_8859_1)).toList();
    }
}
