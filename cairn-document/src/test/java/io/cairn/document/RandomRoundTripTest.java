package io.cairn.document;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.document.codec.DocumentDecoder;
import io.cairn.document.codec.DocumentEncoder;
import io.cairn.document.json.JsonFormat;
import io.cairn.document.json.JsonParser;
import io.cairn.document.json.JsonValue;
import io.cairn.document.json.JsonWriter;
import io.cairn.testkit.Seeds;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Seeded random documents go text → tree → stored bytes → tree → text and come back equal at every
 * step, compact and pretty. Replay a failure with {@code -Dcairn.seed=<printed seed>}.
 */
class RandomRoundTripTest {
    private static final JsonFormat PRETTY = new JsonFormat("\t", "\r\n", "  ");

    @Test
    void randomDocumentsSurviveEveryForm() {
        long seed = Seeds.seed();
        RandomJson random = new RandomJson(seed);
        for (int i = 0; i < 5_000; i++) {
            JsonValue original = random.value(6, 5);
            String text = JsonWriter.write(original);
            JsonValue parsed = JsonParser.parse(text.getBytes(StandardCharsets.UTF_8));
            assertThat(parsed).as("seed 0x%x, case %d: parse(write(v)) for %s", seed, i, text).isEqualTo(original);

            byte[] stored = DocumentEncoder.encode(parsed);
            JsonValue decoded = DocumentDecoder.decode(stored);
            assertThat(decoded).as("seed 0x%x, case %d: decode(encode(v)) for %s", seed, i, text).isEqualTo(original);
            assertThat(DocumentEncoder.encode(decoded)).as("seed 0x%x, case %d: canonical bytes", seed, i).isEqualTo(stored);
            assertThat(JsonWriter.write(decoded)).as("seed 0x%x, case %d: same text", seed, i).isEqualTo(text);

            JsonValue fromPretty = JsonParser.parse(JsonWriter.write(original, PRETTY));
            assertThat(fromPretty).as("seed 0x%x, case %d: pretty text for %s", seed, i, text).isEqualTo(original);
            assertThat(original.deepCopy()).as("seed 0x%x, case %d: deep copy", seed, i).isEqualTo(original);
        }
    }

    @Test
    void randomDocumentsSurviveTheDocumentApi() {
        long seed = Seeds.seed();
        RandomJson random = new RandomJson(seed);
        for (int i = 0; i < 1_000; i++) {
            JsonValue original = random.value(5, 4);
            Document doc = Document.missing();
            doc.set(io.cairn.document.path.JsonPath.ROOT, original.deepCopy(), SetCondition.ALWAYS);
            Document reread = Document.decode(doc.encode(), "case " + i, doc.limits());
            assertThat(reread.get(java.util.List.of(), JsonFormat.COMPACT))
                    .as("seed 0x%x, case %d", seed, i)
                    .isEqualTo(JsonReply.bulk(JsonWriter.write(original)));
        }
    }
}
