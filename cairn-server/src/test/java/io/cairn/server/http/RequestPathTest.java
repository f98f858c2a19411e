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

    @Test
    void queryParametersArePercentDecodedText() {
        assertThat(RequestPath.query("/console/api/keys?match=user%3A*&type=&cursor=12&count"))
                .containsOnly(java.util.Map.entry("match", "user:*"), java.util.Map.entry("type", ""),
                        java.util.Map.entry("cursor", "12"), java.util.Map.entry("count", ""));
        assertThat(RequestPath.query("/x?a=1+2&a=%E2%82%AC#frag")).containsOnly(java.util.Map.entry("a", "€"));
        assertThat(RequestPath.query("/x?p=a+b")).containsEntry("p", "a+b"); // as encodeURIComponent writes it
        assertThat(RequestPath.query("/x")).isEmpty();
        assertThatThrownBy(() -> RequestPath.query("/x?match=%zz")).isInstanceOf(ApiException.class)
                .hasMessageStartingWith("query parameter match: malformed percent-encoding");
    }
}
