package io.cairn.resp;

import io.cairn.testkit.Seeds;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RespEncoderTest {

    static Stream<Arguments> goldenReplies() {
        RespValue map = new RespValue.MapReply(List.of(
                Map.entry(RespValue.bulk("a"), RespValue.integer(1)),
                Map.entry(RespValue.simple("b"), RespValue.NULL)));
        RespValue nested = RespValue.array(List.of(
                RespValue.integer(-7), RespValue.array(List.of(RespValue.bulk("x"))), RespValue.EMPTY_ARRAY));
        return Stream.of(
                Arguments.of(RespValue.OK, "+OK\r\n", "+OK\r\n"),
                Arguments.of(RespValue.simple("a\r\nb"), "+a  b\r\n", "+a  b\r\n"),
                Arguments.of(RespValue.error("ERR boom"), "-ERR boom\r\n", "-ERR boom\r\n"),
                Arguments.of(RespValue.error("ERR two\nlines"), "-ERR two lines\r\n", "-ERR two lines\r\n"),
                Arguments.of(RespValue.integer(0), ":0\r\n", ":0\r\n"),
                Arguments.of(RespValue.integer(42), ":42\r\n", ":42\r\n"),
                Arguments.of(RespValue.integer(-1), ":-1\r\n", ":-1\r\n"),
                Arguments.of(RespValue.integer(Long.MAX_VALUE), ":9223372036854775807\r\n", ":9223372036854775807\r\n"),
                Arguments.of(RespValue.integer(Long.MIN_VALUE), ":-9223372036854775808\r\n", ":-9223372036854775808\r\n"),
                Arguments.of(RespValue.bulk("foo"), "$3\r\nfoo\r\n", "$3\r\nfoo\r\n"),
                Arguments.of(RespValue.bulk(""), "$0\r\n\r\n", "$0\r\n\r\n"),
                Arguments.of(RespValue.bulk("a\r\nb"), "$4\r\na\r\nb\r\n", "$4\r\na\r\nb\r\n"),
                Arguments.of(RespValue.bulk("é"), "$2\r\n\u00c3\u00a9\r\n", "$2\r\n\u00c3\u00a9\r\n"),
                Arguments.of(RespValue.NULL, "$-1\r\n", "_\r\n"),
                Arguments.of(RespValue.NULL_ARRAY, "*-1\r\n", "_\r\n"),
                Arguments.of(RespValue.EMPTY_ARRAY, "*0\r\n", "*0\r\n"),
                Arguments.of(nested, "*3\r\n:-7\r\n*1\r\n$1\r\nx\r\n*0\r\n", "*3\r\n:-7\r\n*1\r\n$1\r\nx\r\n*0\r\n"),
                Arguments.of(map, "*4\r\n$1\r\na\r\n:1\r\n+b\r\n$-1\r\n", "%2\r\n$1\r\na\r\n:1\r\n+b\r\n_\r\n"),
                Arguments.of(new RespValue.MapReply(List.of()), "*0\r\n", "%0\r\n"),
                Arguments.of(new RespValue.SetReply(List.of(RespValue.bulk("m"), RespValue.integer(2))),
                        "*2\r\n$1\r\nm\r\n:2\r\n", "~2\r\n$1\r\nm\r\n:2\r\n"),
                Arguments.of(new RespValue.DoubleReply(1.5), "$3\r\n1.5\r\n", ",1.5\r\n"),
                Arguments.of(new RespValue.DoubleReply(3), "$1\r\n3\r\n", ",3\r\n"),
                Arguments.of(new RespValue.DoubleReply(Double.NEGATIVE_INFINITY), "$4\r\n-inf\r\n", ",-inf\r\n"),
                Arguments.of(new RespValue.DoubleReply(Double.NaN), "$3\r\nnan\r\n", ",nan\r\n"),
                Arguments.of(new RespValue.DoubleReply(1e20), "$5\r\n1e+20\r\n", ",1e+20\r\n"),
                Arguments.of(new RespValue.DoubleText("13.36138933897018433"), "$20\r\n13.36138933897018433\r\n",
                        ",13.36138933897018433\r\n"),
                Arguments.of(new RespValue.BooleanReply(true), ":1\r\n", "#t\r\n"),
                Arguments.of(new RespValue.BooleanReply(false), ":0\r\n", "#f\r\n"),
                Arguments.of(new RespValue.VerbatimString("txt", "Some string"),
                        "$11\r\nSome string\r\n", "=15\r\ntxt:Some string\r\n"),
                Arguments.of(new RespValue.VerbatimString("mkd", ""), "$0\r\n\r\n", "=4\r\nmkd:\r\n"),
                Arguments.of(new RespValue.BigNumber(new java.math.BigInteger("-12345678901234567890")),
                        "$21\r\n-12345678901234567890\r\n", "(-12345678901234567890\r\n"),
                Arguments.of(new RespValue.PushReply(List.of(RespValue.bulk("message"), RespValue.integer(1))),
                        "*2\r\n$7\r\nmessage\r\n:1\r\n", ">2\r\n$7\r\nmessage\r\n:1\r\n"));
    }

    @ParameterizedTest
    @MethodSource("goldenReplies")
    void replyHasGoldenBytesInBothProtocols(RespValue value, String resp2, String resp3) {
        assertThat(encode(value, 2)).isEqualTo(resp2);
        assertThat(encode(value, 3)).isEqualTo(resp3);
    }

    @Test
    void aFieldMapIsEncodedExactlyAsTheMapOfBulkStringsItStandsFor() {
        String binaryField = new String(new byte[] {(byte) 0xe9, 0, '\r'}, StandardCharsets.ISO_8859_1);
        byte[] v1 = "v1".getBytes(StandardCharsets.US_ASCII);
        byte[] v2 = {0, (byte) 0xff, '\n'};
        RespValue fields = new RespValue.FieldMap(new String[] {"f1", binaryField}, new byte[][] {v1, v2});
        RespValue map = new RespValue.MapReply(List.of(
                Map.entry(RespValue.bulk("f1".getBytes(StandardCharsets.US_ASCII)), RespValue.bulk(v1)),
                Map.entry(RespValue.bulk(binaryField.getBytes(StandardCharsets.ISO_8859_1)), RespValue.bulk(v2))));
        for (int protocol : new int[] {2, 3}) {
            assertThat(encode(fields, protocol)).isEqualTo(encode(map, protocol));
        }
        assertThat(encode(new RespValue.FieldMap(new String[0], new byte[0][]), 2)).isEqualTo("*0\r\n");
        assertThatThrownBy(() -> new RespValue.FieldMap(new String[1], new byte[0][]))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void bulkStringsAreEqualByTheirBytesAndPrintThem() {
        assertThat(RespValue.bulk("ab")).isEqualTo(RespValue.bulk("ab")).hasSameHashCodeAs(RespValue.bulk("ab"))
                .isNotEqualTo(RespValue.bulk("abc")).isNotEqualTo(RespValue.simple("ab"));
        assertThat(RespValue.bulk(new byte[] {'a', 0, '\\', '\n'})).hasToString("BulkString[a\\x00\\x5c\\x0a]");
        assertThat(RespValue.bulk("x".repeat(300)).toString()).hasSize(11 + 200 + 4).endsWith("x...]");
    }

    @Test
    void textOfReadsStringsAndNothingElse() {
        assertThat(RespValue.textOf(RespValue.simple("OK"))).isEqualTo("OK");
        assertThat(RespValue.textOf(RespValue.bulk("é"))).isEqualTo("é");
        assertThat(RespValue.textOf(new RespValue.VerbatimString("txt", "t"))).isEqualTo("t");
        assertThat(RespValue.textOf(RespValue.integer(1))).isNull();
        assertThat(RespValue.textOf(RespValue.error("ERR x"))).isNull();
        assertThat(RespValue.textOf(null)).isNull();
    }

    @Test
    void verbatimFormatMustBeThreeCharacters() {
        assertThatThrownBy(() -> encode(new RespValue.VerbatimString("text", "x"), 3))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("format: text (expected: 3 characters)");
    }

    @Test
    void protocolMustBeTwoOrThree() {
        assertThatThrownBy(() -> encode(RespValue.OK, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("protocol: 1 (expected: 2 <= protocol <= 3)");
    }

    @Test
    void integersOfEveryWidthAreWrittenAsDecimal() {
        long value = 1;
        for (int i = 0; i < 19; i++) {
            assertThat(encode(RespValue.integer(value), 2)).isEqualTo(":" + value + "\r\n");
            assertThat(encode(RespValue.integer(-value), 2)).isEqualTo(":" + (-value) + "\r\n");
            assertThat(encode(RespValue.integer(value - 1), 2)).isEqualTo(":" + (value - 1) + "\r\n");
            value *= 10;
        }
    }

    /**
     * Expected texts are what Redis 7.2+ prints for the same doubles, except the one case where its
     * Grisu2 digits carry a needless 17th digit (4.8911660955712037e-5): Cairn prints the shortest.
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "0.0                     | 0",
            "-0.0                    | -0",
            "1.5                     | 1.5",
            "3.0                     | 3",
            "-1.0                    | -1",
            "-2.5                    | -2.5",
            "100.0                   | 100",
            "1e20                    | 1e+20",
            "1e21                    | 1e+21",
            "5e18                    | 5e+18",
            "1e16                    | 10000000000000000",
            "0.1                     | 0.1",
            "0.5                     | 0.5",
            "0.3333333333333333      | 0.3333333333333333",
            "123.456                 | 123.456",
            "3.14159                 | 3.14159",
            "123456789.125           | 123456789.125",
            "1e-4                    | 0.0001",
            "1e-5                    | 0.00001",
            "1e-6                    | 0.000001",
            "1e-7                    | 1e-7",
            "1.5e-7                  | 1.5e-7",
            "1e300                   | 1e+300",
            "4.9e-324                | 4.9e-324",
            "2.2250738585072014E-308 | 2.2250738585072014e-308",
            "1.7976931348623157E308  | 1.7976931348623157e+308",
            "4.611686018427387904E18 | 4611686018427387904",
            "-4.611686018427387904E18 | -4611686018427387904",
            "4.611686018427388928E18 | 4611686018427389000",
            "9.223372036854775807E18 | 9223372036854776000",
            "4.8911660955712037e-5   | 4.891166095571204e-5",
            "Infinity                | inf",
            "-Infinity               | -inf",
            "NaN                     | nan"})
    void doubleIsFormattedAsRedisFormatsIt(String input, String expected) {
        assertThat(RespEncoder.formatDouble(Double.parseDouble(input))).isEqualTo(expected);
    }

    @Test
    void thirdAndLongMaxAreFormattedAsRedisFormatsThem() {
        assertThat(RespEncoder.formatDouble(1 / 3.0)).isEqualTo("0.3333333333333333");
        assertThat(RespEncoder.formatDouble((double) Long.MAX_VALUE)).isEqualTo("9223372036854776000");
    }

    @Test
    void formattedDoubleParsesBackToTheSameValue() {
        long seed = Seeds.seed();
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < 200_000; i++) {
            double d = Double.longBitsToDouble(random.nextLong());
            if (!Double.isFinite(d)) {
                continue;
            }
            String text = RespEncoder.formatDouble(d);
            assertThat(Double.parseDouble(text)).as("seed %d: %s", seed, text).isEqualTo(d);
        }
    }

    private static String encode(RespValue value, int protocol) {
        ByteBuf out = Unpooled.buffer(4);
        RespEncoder.encode(value, out, protocol);
        return out.toString(StandardCharsets.ISO_8859_1);
    }
}
