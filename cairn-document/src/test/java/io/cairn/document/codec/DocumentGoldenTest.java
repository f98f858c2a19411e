package io.cairn.document.codec;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.document.json.JsonParser;
import io.cairn.document.json.JsonValue;
import io.cairn.document.json.JsonWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/**
 * The worked example of {@code docs/format/document.md}, checked in as a hex dump: today's encoder
 * must produce it byte for byte and today's decoder must read it. A failure means the stored format
 * changed: bump the version and keep a reader for version 1.
 */
class DocumentGoldenTest {
    private static final String EXAMPLE = "{\"a\":1,\"b\":[true,null,\"hé\"],\"c\":-2.5,\"d\":-300}";

    static byte[] golden(String name) {
        try (InputStream in = DocumentGoldenTest.class.getResourceAsStream("/golden/" + name + ".hex")) {
            StringBuilder hex = new StringBuilder();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                int hash = line.indexOf('#');
                hex.append((hash >= 0 ? line.substring(0, hash) : line).replaceAll("\\s", ""));
            }
            return HexFormat.of().parseHex(hex);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void encoderProducesTheVersion1Example() {
        byte[] encoded = DocumentEncoder.encode(JsonParser.parse(EXAMPLE));
        assertThat(encoded).hasSize(34);
        assertThat(HexFormat.of().formatHex(encoded)).isEqualTo(HexFormat.of().formatHex(golden("document-v1-example")));
    }

    @Test
    void version1ExampleStillDecodes() {
        JsonValue decoded = DocumentDecoder.decode(golden("document-v1-example"));
        assertThat(decoded).isEqualTo(JsonParser.parse(EXAMPLE));
        assertThat(JsonWriter.write(decoded)).isEqualTo(EXAMPLE);
    }
}
