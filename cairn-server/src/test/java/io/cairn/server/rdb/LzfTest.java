package io.cairn.server.rdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class LzfTest {
    // "abcabcabc": a literal run of 3, then a back reference of 6 bytes at distance 3
    private static final byte[] ABC = {2, 'a', 'b', 'c', (byte) (4 << 5), 2};

    @Test
    void decompressesAsLiblzfWrites() {
        assertThat(new String(Lzf.decompress(ABC, 0, ABC.length, 9), StandardCharsets.US_ASCII)).isEqualTo("abcabcabc");
    }

    @Test
    void aSizeTheStreamDoesNotGiveIsRefused() {
        assertThatThrownBy(() -> Lzf.decompress(ABC, 0, ABC.length, 8)).isInstanceOf(MalformedPayloadException.class);
        assertThatThrownBy(() -> Lzf.decompress(ABC, 0, ABC.length, 10)).isInstanceOf(MalformedPayloadException.class);
    }

    @Test
    void referencesBeforeTheStartAndTruncatedRunsAreRefused() {
        byte[] before = {0, 'a', (byte) (1 << 5), 5};
        assertThatThrownBy(() -> Lzf.decompress(before, 0, before.length, 4)).isInstanceOf(MalformedPayloadException.class);
        byte[] truncated = {5, 'a', 'b'};
        assertThatThrownBy(() -> Lzf.decompress(truncated, 0, truncated.length, 6)).isInstanceOf(MalformedPayloadException.class);
        byte[] longRef = {0, 'a', (byte) 0xe0};
        assertThatThrownBy(() -> Lzf.decompress(longRef, 0, longRef.length, 20)).isInstanceOf(MalformedPayloadException.class);
    }
}
