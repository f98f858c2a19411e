package io.cairn.bench.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonGenerator;
import io.cairn.bench.report.MiniJson;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTest {

    private interface Body {
        void write(JsonGenerator g) throws IOException;
    }

    private static String compact(Body body) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator g = Json.compact(out)) {
            body.write(g);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void numbersAreIntegralWithoutAFractionAndNonFiniteAsNull() throws IOException {
        String text = compact(g -> {
            g.writeStartArray();
            for (double v : new double[] {1.5, -0.0, 12345, 1e20, 1e-7, Double.NaN, Double.NEGATIVE_INFINITY}) {
                Json.number(g, v);
            }
            g.writeNumber(Long.MAX_VALUE);
            g.writeEndArray();
        });
        assertThat(text).isEqualTo("[1.5,0,12345,1.0E20,1.0E-7,null,null,9223372036854775807]");
        assertThat(MiniJson.parse(text)).isEqualTo(Arrays.asList(new BigDecimal("1.5"), BigDecimal.ZERO,
                new BigDecimal(12345), new BigDecimal("1.0E20"), new BigDecimal("1.0E-7"), null, null,
                new BigDecimal(Long.MAX_VALUE)));
    }

    @Test
    void stringsEscapeControlCharactersAndSurrogatesAndKeepOtherCharacters() throws IOException {
        String s = "q\"b\\ tab\t nl\n \u0001 caf\u00e9 \u2603 \ud83d\ude00 lone\ud800!";
        String text = compact(g -> g.writeString(s));
        assertThat(MiniJson.parse(text)).isEqualTo(s);
        assertThat(text).contains("caf\u00e9 \u2603").contains("\\\"").contains("\\\\").contains("\\n")
                .doesNotContain("\ud800").doesNotContain("\ud83d");
        assertThat(text.toLowerCase()).contains("\\u0001").contains("\\ud800").contains("\\ud83d\\ude00");
    }

    @Test
    void compactRootValuesHaveNoSeparatorAndIndentedOnesAreTwoSpaces() throws IOException {
        String jsonl = compact(g -> {
            for (int i = 0; i < 2; i++) {
                g.writeStartObject();
                g.writeNumberField("i", i);
                g.writeEndObject();
                g.writeRaw('\n');
            }
        });
        assertThat(jsonl).isEqualTo("{\"i\":0}\n{\"i\":1}\n");

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator g = Json.indented(out)) {
            g.writeStartObject();
            g.writeArrayFieldStart("a");
            g.writeNumber(1);
            g.writeEndArray();
            g.writeObjectFieldStart("b");
            g.writeEndObject();
            g.writeArrayFieldStart("c");
            g.writeEndArray();
            g.writeEndObject();
        }
        String indented = out.toString(StandardCharsets.UTF_8);
        assertThat(indented).isEqualTo("{\n  \"a\": [\n    1\n  ],\n  \"b\": {},\n  \"c\": []\n}");
        assertThat(MiniJson.parse(indented)).isEqualTo(Map.of("a", List.of(BigDecimal.ONE), "b", Map.of(), "c", List.of()));
    }
}
