package io.cairn.document.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import io.cairn.common.CorruptionException;
import io.cairn.common.FormatVersionException;
import io.cairn.document.RandomJson;
import io.cairn.document.json.JsonLimits;
import io.cairn.document.json.JsonLong;
import io.cairn.document.json.JsonParser;
import io.cairn.document.json.JsonValue;
import io.cairn.testkit.Seeds;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Round trips, and one named test per kind of damage the decoder must refuse. */
class DocumentCodecTest {
    private static final String RESOURCE = "key:doc";

    private static byte[] hex(String hex) {
        return HexFormat.of().parseHex(hex.replace(" ", ""));
    }

    private static void assertCorrupt(String hex, long offset, String detail) {
        assertCorrupt(hex(hex), JsonLimits.DEFAULT, offset, detail);
    }

    private static void assertCorrupt(byte[] bytes, JsonLimits limits, long offset, String detail) {
        assertThatThrownBy(() -> DocumentDecoder.decode(bytes, RESOURCE, limits))
                .isInstanceOf(CorruptionException.class)
                .hasMessage(detail + " (resource=" + RESOURCE + ", offset=" + offset + ")")
                .satisfies(e -> assertThat(((CorruptionException) e).offset()).isEqualTo(offset));
    }

    @Test
    void valuesRoundTrip() {
        for (String json : new String[] {
            "null", "true", "false", "0", "-1", "9223372036854775807", "-9223372036854775808", "1.5", "-0.0",
            "\"\"", "\"hé😀\"", "[]", "{}", "[1,[2,[3]]]", "{\"\":{\"a\":[null,{}]},\"z\":\"\\u0000\"}"
        }) {
            JsonValue value = JsonParser.parse(json);
            byte[] bytes = DocumentEncoder.encode(value);
            assertThat(bytes[0]).isEqualTo((byte) DocumentFormat.VERSION);
            assertThat(DocumentDecoder.decode(bytes)).as(json).isEqualTo(value);
        }
    }

    @Test
    void smallIntegersOfEitherSignTakeOneByte() {
        assertThat(DocumentEncoder.encode(new JsonLong(0))).isEqualTo(hex("01 03 00"));
        assertThat(DocumentEncoder.encode(new JsonLong(-1))).isEqualTo(hex("01 03 01"));
        assertThat(DocumentEncoder.encode(new JsonLong(63))).isEqualTo(hex("01 03 7e"));
        assertThat(DocumentEncoder.encode(new JsonLong(-64))).isEqualTo(hex("01 03 7f"));
        assertThat(DocumentEncoder.encode(new JsonLong(Long.MIN_VALUE))).hasSize(12);
    }

    @Test
    void emptyInputIsTruncated() {
        assertCorrupt("", 0, "truncated document: no version byte");
    }

    @Test
    void versionByteAloneIsTruncated() {
        assertCorrupt("01", 1, "truncated document: expected a value tag");
    }

    @Test
    void unknownVersionIsAFormatVersionError() {
        assertThatThrownBy(() -> DocumentDecoder.decode(hex("02 00"), RESOURCE, JsonLimits.DEFAULT))
                .isInstanceOf(FormatVersionException.class)
                .hasMessage("unsupported format version in key:doc: actual=2 vs expected=1..1");
    }

    @Test
    void unknownTagIsCorruption() {
        assertCorrupt("01 08", 1, "unknown value tag: 8 (expected: 0..7)");
        assertCorrupt("01 06 01 ff", 3, "unknown value tag: 255 (expected: 0..7)");
    }

    @Test
    void truncatedDoubleIsCorruption() {
        assertCorrupt("01 04 000000", 2, "truncated double: 3 bytes left (expected: 8)");
    }

    @Test
    void nonFiniteDoubleIsCorruption() {
        assertCorrupt("01 04 000000000000f87f", 2, "non-finite double: NaN");
        assertCorrupt("01 04 000000000000f07f", 2, "non-finite double: Infinity");
    }

    @Test
    void stringLengthBeyondTheBytesLeftIsRefusedBeforeAllocating() {
        assertCorrupt("01 05 05 6869", 2, "string length: 5 (expected: <= 2, the bytes left)");
        assertCorrupt("01 06 01 05 01", 4, "string length: 1 (expected: <= 0, the bytes left)");
    }

    @Test
    void arrayCountBeyondTheBytesLeftIsRefusedBeforeAllocating() {
        assertCorrupt("01 06 ffffffffff0f", 2, "array length: 549755813887 (expected: <= 0, the bytes left)");
        assertCorrupt("01 06 02 00", 2, "array length: 2 (expected: <= 1, the bytes left)");
        assertCorrupt("01 06 ffffffffffffffffff01", 2,
                "array length: 18446744073709551615 (expected: <= 0, the bytes left)");
    }

    @Test
    void objectSizeBeyondTheBytesLeftIsRefusedBeforeAllocating() {
        assertCorrupt("01 07 02 0161 00", 2, "object size: 2 (expected: <= 1, the bytes left)");
    }

    @Test
    void nonCanonicalVarintIsCorruption() {
        assertCorrupt("01 03 8000", 2, "non-canonical varint: 2 bytes (expected: 1)");
        assertCorrupt("01 05 8100 61", 2, "non-canonical varint: 2 bytes (expected: 1)");
    }

    @Test
    void varintLongerThanTenBytesIsCorruption() {
        assertCorrupt("01 03 ffffffffffffffffffff01", 2, "varint longer than 10 bytes");
    }

    @Test
    void varintOverflowing64BitsIsCorruption() {
        assertCorrupt("01 03 ffffffffffffffffff02", 2, "varint overflows 64 bits");
    }

    @Test
    void truncatedVarintIsCorruption() {
        assertCorrupt("01 03 ff", 2, "truncated varint");
    }

    @Test
    void invalidUtf8InStringIsCorruption() {
        assertCorrupt("01 05 02 c328", 4, "invalid UTF-8 byte 0x28 in string");
        assertCorrupt("01 05 03 eda080", 4, "invalid UTF-8 byte 0xa0 in string");
        assertCorrupt("01 05 02 68e2", 5, "truncated UTF-8 sequence in string");
    }

    @Test
    void invalidUtf8InKeyIsCorruption() {
        assertCorrupt("01 07 01 01ff 00", 4, "invalid UTF-8 byte 0xff in string");
    }

    @Test
    void repeatedKeyIsCorruption() {
        assertCorrupt("01 07 02 0161 00 0161 01", 6, "repeated object key: \"a\"");
    }

    @Test
    void trailingBytesAreCorruption() {
        assertCorrupt("01 00 00", 2, "trailing bytes after the document: 1");
    }

    @Test
    void nestingDeeperThanTheLimitIsCorruption() {
        assertCorrupt(hex("01 06 01 06 01 06 00"), new JsonLimits(2, 1000), 5, "nesting depth: 3 (expected: <= 2)");
        assertThat(DocumentDecoder.decode(hex("01 06 01 06 00"), RESOURCE, new JsonLimits(2, 1000)).depth()).isEqualTo(2);
    }

    @Test
    void everyTruncationOfAValidDocumentIsRefused() {
        byte[] whole = DocumentEncoder.encode(JsonParser.parse(
                "{\"a\":[1,-300,2.5,\"hé\",{\"b\":null}],\"c\":true,\"d\":\"\"}"));
        for (int length = 0; length < whole.length; length++) {
            byte[] prefix = Arrays.copyOf(whole, length);
            assertThatThrownBy(() -> DocumentDecoder.decode(prefix, RESOURCE, JsonLimits.DEFAULT))
                    .as("prefix of %d bytes", length)
                    .isInstanceOf(CorruptionException.class);
        }
    }

    @Test
    void encodingIsCanonicalForEqualDocuments() {
        JsonValue a = JsonParser.parse("{\"x\":[1,2.0,\"s\"],\"y\":{}}");
        JsonValue b = JsonParser.parse(" { \"x\" : [ 1 , 2.0 , \"\\u0073\" ] , \"y\" : { } } ");
        assertThat(DocumentEncoder.encode(a)).isEqualTo(DocumentEncoder.encode(b));
        assertThat(DocumentEncoder.encode(JsonParser.parse("{\"a\":1,\"b\":2}")))
                .isNotEqualTo(DocumentEncoder.encode(JsonParser.parse("{\"b\":2,\"a\":1}")));
    }

    /**
     * Seeded damage: random byte changes, insertions and cuts in random documents. The decoder must
     * answer a document or a CorruptionException/FormatVersionException, never anything else, and
     * whatever it accepts must re-encode to the very same bytes (the format is canonical).
     */
    @Test
    void damagedDocumentsAreRefusedOrDecodeCanonically() {
        long seed = Seeds.seed();
        RandomJson json = new RandomJson(seed);
        SplittableRandom random = json.random();
        for (int i = 0; i < 20_000; i++) {
            byte[] bytes = DocumentEncoder.encode(json.value(4, 4));
            byte[] damaged = damage(bytes, random);
            try {
                JsonValue decoded = DocumentDecoder.decode(damaged, RESOURCE, JsonLimits.DEFAULT);
                assertThat(DocumentEncoder.encode(decoded)).as("seed 0x%x, case %d", seed, i).isEqualTo(damaged);
            } catch (CorruptionException | FormatVersionException expected) {
                // refused, as it should be when the bytes are not a document
            } catch (RuntimeException e) {
                fail("seed 0x%x, case %d: %s on %s".formatted(seed, i, e, HexFormat.of().formatHex(damaged)), e);
            }
        }
    }

    private static byte[] damage(byte[] bytes, SplittableRandom random) {
        byte[] out = bytes.clone();
        switch (random.nextInt(3)) {
            case 0 -> {
                int flips = 1 + random.nextInt(3);
                for (int f = 0; f < flips; f++) {
                    out[random.nextInt(out.length)] = (byte) random.nextInt(256);
                }
            }
            case 1 -> {
                int at = random.nextInt(out.length + 1);
                byte[] longer = new byte[out.length + 1];
                System.arraycopy(out, 0, longer, 0, at);
                longer[at] = (byte) random.nextInt(256);
                System.arraycopy(out, at, longer, at + 1, out.length - at);
                out = longer;
            }
            default -> out = Arrays.copyOf(out, random.nextInt(out.length));
        }
        return out;
    }
}
