package io.cairn.bench.driver;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.SequencedMap;
import org.junit.jupiter.api.Test;

/** The one-value record format of {@link MemcachedProtocol}, without a server. */
class MemcachedRecordFormatTest {

    @Test
    void aRecordIsNameLengthNameValueLengthValuePerField() {
        SequencedMap<String, byte[]> fields = new LinkedHashMap<>();
        fields.put("f0", "ab".getBytes(US_ASCII));
        fields.put("field1", new byte[0]);
        byte[] record = MemcachedProtocol.encodeRecord(fields);
        assertThat(record).containsExactly(2, 'f', '0', 0, 0, 0, 2, 'a', 'b',
                6, 'f', 'i', 'e', 'l', 'd', '1', 0, 0, 0, 0);
        assertThat(MemcachedProtocol.countFields(record, 0, record.length)).isEqualTo(2);
        SequencedMap<String, byte[]> decoded = MemcachedProtocol.decodeRecord(record);
        assertThat(decoded.keySet()).containsExactly("f0", "field1");
        assertThat(decoded.get("f0")).isEqualTo("ab".getBytes(US_ASCII));
        assertThat(decoded.get("field1")).isEmpty();
    }

    @Test
    void valuesOfAnyBytesAndLengthRoundTrip() {
        byte[] big = new byte[70_000];
        for (int i = 0; i < big.length; i++) {
            big[i] = (byte) i;
        }
        SequencedMap<String, byte[]> fields = new LinkedHashMap<>();
        fields.put("big", big);
        fields.put("crlf", "\r\nEND\r\n".getBytes(US_ASCII));
        byte[] record = MemcachedProtocol.encodeRecord(fields);
        SequencedMap<String, byte[]> decoded = MemcachedProtocol.decodeRecord(record);
        assertThat(decoded.get("big")).isEqualTo(big);
        assertThat(decoded.get("crlf")).isEqualTo(fields.get("crlf"));
    }

    @Test
    void bytesThatAreNotARecordCountAsMinusOne() {
        byte[] plain = "hello".getBytes(US_ASCII);
        assertThat(MemcachedProtocol.countFields(plain, 0, plain.length)).isEqualTo(-1);
        byte[] truncated = {1, 'a', 0, 0, 0, 5, 'x'};
        assertThat(MemcachedProtocol.countFields(truncated, 0, truncated.length)).isEqualTo(-1);
        byte[] emptyName = {0, 0, 0, 0, 0};
        assertThat(MemcachedProtocol.countFields(emptyName, 0, emptyName.length)).isEqualTo(-1);
        byte[] hugeLength = {1, 'a', (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff};
        assertThat(MemcachedProtocol.countFields(hugeLength, 0, hugeLength.length)).isEqualTo(-1);
        assertThatThrownBy(() -> MemcachedProtocol.decodeRecord(plain)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void fieldNamesMustFitInOneLengthByte() {
        SequencedMap<String, byte[]> fields = new LinkedHashMap<>();
        fields.put("n".repeat(256), new byte[1]);
        assertThatThrownBy(() -> MemcachedProtocol.encodeRecord(fields))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("256 bytes");
    }

    @Test
    void keysWithSpacesOrControlCharactersAreRefused() {
        assertThatThrownBy(() -> MemcachedConnection.key("a b", false)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MemcachedConnection.key("a\r\nflush_all", false))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MemcachedConnection.key("", false)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MemcachedConnection.key("k".repeat(251), true))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("251 bytes");
        assertThat(MemcachedConnection.key("k".repeat(251), false)).hasSize(251);
        assertThat(MemcachedConnection.key("clé", true)).hasSize(4);
    }
}
