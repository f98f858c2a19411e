package io.cairn.server.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class RequestPathTest {
    @Test
    void thePathDropsQueryFragmentAndAuthority() {
        assertThat(RequestPath.of("/docs/a?x=1#f")).isEqualTo("/docs/a");
        assertThat(RequestPath.of("/docs/a#f?x")).isEqualTo("/docs/a");
        assertThat(RequestPath.of("http://localhost:8080/docs/a")).isEqualTo("/docs/a");
        assertThat(RequestPath.of("http://localhost:8080")).isEqualTo("/");
        assertThat(RequestPath.of("/docs/http://x")).isEqualTo("/docs/http://x");
    }

    @Test
    void percentEscapesAreBytesAndUtf8IsText() {
        assertThat(RequestPath.decodeText("book%3A1", "key")).isEqualTo("book:1");
        assertThat(RequestPath.decodeText("a%2Fb+c", "key")).isEqualTo("a/b+c");
        assertThat(RequestPath.decodeText("%E5%8C%97%E4%BA%AC", "key")).isEqualTo("北京");
        assertThat(RequestPath.decode("%ff%00", "key")).containsExactly(0xff, 0);
        // a raw UTF-8 byte arrives as one char per byte and stays that byte
        String raw = new String("é".getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
        assertThat(RequestPath.decodeText(raw, "key")).isEqualTo("é");
    }

    @Test
    void aBrokenEscapeIsRefusedWithItsOffset() {
        assertThatThrownBy(() -> RequestPath.decode("ab%2", "key"))
                .isInstanceOf(ApiException.class)
                .hasMessage("key: malformed percent-encoding at offset 2 (expected: % and two hex digits)");
        assertThatThrownBy(() -> RequestPath.decode("%zz", "index")).hasMessageStartingWith("index: malformed");
    }
}
