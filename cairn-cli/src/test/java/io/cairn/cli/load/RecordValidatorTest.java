package io.cairn.cli.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** What is sent and what is refused before sending, and the key each record gets. */
class RecordValidatorTest {
    private static RecordValidator.Checked check(String keyField, String json) {
        return new RecordValidator("p:", keyField, 64).check(
                SourceRecord.of("f:3", "3", json.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void withoutAKeyFieldTheRecordsOwnIdIsTheKey() {
        RecordValidator.Document d = (RecordValidator.Document) check(null, " {\"a\":1} ");
        assertThat(d.where()).isEqualTo("f:3");
        assertThat(d.key()).isEqualTo("p:3");
        assertThat(new String(d.json(), StandardCharsets.UTF_8)).isEqualTo(" {\"a\":1} "); // sent as it was read
    }

    @Test
    void aKeyFieldMustBeANonEmptyStringOrAnInteger() {
        assertThat(((RecordValidator.Document) check("id", "{\"id\":\"x y\"}")).key()).isEqualTo("p:x y");
        assertThat(((RecordValidator.Document) check("id", "{\"id\":-12}")).key()).isEqualTo("p:-12");
        assertThat(((RecordValidator.Document) check("id", "{\"id\":\"p:7\"}")).key())
                .as("an id that already has the prefix is the key itself").isEqualTo("p:7");
        assertThat(check("id", "{\"id\":\"\"}")).isEqualTo(new RecordValidator.Failure("f:3", null, "key field 'id' is empty"));
        assertThat(check("id", "{\"id\":1.5}")).isEqualTo(new RecordValidator.Failure("f:3", null,
                "key field 'id' is a number (expected: a string or an integer)"));
        assertThat(check("id", "{\"id\":{}}")).isEqualTo(new RecordValidator.Failure("f:3", null,
                "key field 'id' is an object (expected: a string or an integer)"));
        assertThat(check("id", "{\"nested\":{\"id\":1}}")).isEqualTo(new RecordValidator.Failure("f:3", null, "no key field 'id'"));
    }

    @Test
    void onlyJsonObjectsWithinTheLimitsAreSent() {
        assertThat(check(null, "\"text\"")).isEqualTo(new RecordValidator.Failure("f:3", "p:3", "not a JSON object (a string)"));
        assertThat(check(null, "{\"a\":1,}")).isInstanceOf(RecordValidator.Failure.class)
                .extracting(c -> ((RecordValidator.Failure) c).message()).asString().startsWith("invalid JSON: ");
        assertThat(check(null, "{\"a\":\"" + "x".repeat(60) + "\"}")).isEqualTo(new RecordValidator.Failure("f:3", "p:3",
                "record size: 68 bytes (expected: <= 64)"));
        String deep = "{\"a\":" + "[".repeat(128) + "]".repeat(128) + "}";
        assertThat(new RecordValidator("p:", null, 1000).check(SourceRecord.of("f:1", "1", deep.getBytes(StandardCharsets.UTF_8))))
                .isInstanceOf(RecordValidator.Failure.class);
    }

    @Test
    void aRecordTheSourceCouldNotReadKeepsItsProblem() {
        assertThat(new RecordValidator("p:", null, 64).check(SourceRecord.bad("d/x.xml", "x", "invalid XML: oops")))
                .isEqualTo(new RecordValidator.Failure("d/x.xml", "p:x", "invalid XML: oops"));
    }
}
