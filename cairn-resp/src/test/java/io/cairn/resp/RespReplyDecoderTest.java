package io.cairn.resp;

import io.cairn.resp.RespReplyDecoder.Token;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static io.cairn.resp.RespDecoderTest.bytes;
import static io.cairn.resp.RespDecoderTest.slice;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The client half: every reply type, split at every byte, malformed and oversized replies. */
class RespReplyDecoderTest {

    private static final String ALL_BYTES;

    static {
        char[] chars = new char[256];
        for (int i = 0; i < chars.length; i++) {
            chars[i] = (char) i;
        }
        ALL_BYTES = new String(chars);
    }

    private static RespValue bulk(String s) {
        return new RespValue.BulkString(bytes(s));
    }

    private static RespValue array(RespValue... items) {
        return RespValue.array(List.of(items));
    }

    static Stream<Arguments> validReplies() {
        List<Arguments> replies = new ArrayList<>();
        // RESP2
        replies.add(Arguments.of("+OK\r\n", List.of(RespValue.OK)));
        replies.add(Arguments.of("+\r\n", List.of(RespValue.simple(""))));
        replies.add(Arguments.of("-ERR unknown command 'x'\r\n", List.of(RespValue.error("ERR unknown command 'x'"))));
        replies.add(Arguments.of(":0\r\n", List.of(RespValue.integer(0))));
        replies.add(Arguments.of(":-42\r\n", List.of(RespValue.integer(-42))));
        replies.add(Arguments.of(":9223372036854775807\r\n", List.of(RespValue.integer(Long.MAX_VALUE))));
        replies.add(Arguments.of(":-9223372036854775808\r\n", List.of(RespValue.integer(Long.MIN_VALUE))));
        replies.add(Arguments.of("$3\r\nfoo\r\n", List.of(bulk("foo"))));
        replies.add(Arguments.of("$0\r\n\r\n", List.of(bulk(""))));
        replies.add(Arguments.of("$6\r\nv\r\nl\r\n\r\n", List.of(bulk("v\r\nl\r\n"))));
        replies.add(Arguments.of("$256\r\n" + ALL_BYTES + "\r\n", List.of(bulk(ALL_BYTES))));
        replies.add(Arguments.of("$-1\r\n", List.of(RespValue.NULL)));
        replies.add(Arguments.of("*-1\r\n", List.of(RespValue.NULL_ARRAY)));
        replies.add(Arguments.of("*0\r\n", List.of(RespValue.EMPTY_ARRAY)));
        replies.add(Arguments.of("*3\r\n+a\r\n*1\r\n:1\r\n$0\r\n\r\n",
                List.of(array(RespValue.simple("a"), array(RespValue.integer(1)), bulk("")))));
        replies.add(Arguments.of("*2\r\n*0\r\n*-1\r\n", List.of(array(RespValue.EMPTY_ARRAY, RespValue.NULL_ARRAY))));
        // RESP3 scalars
        replies.add(Arguments.of("_\r\n", List.of(RespValue.NULL)));
        replies.add(Arguments.of("#t\r\n#f\r\n",
                List.of(new RespValue.BooleanReply(true), new RespValue.BooleanReply(false))));
        replies.add(Arguments.of(",1.5\r\n,-2\r\n,1e+20\r\n,3.0E-7\r\n", List.of(new RespValue.DoubleReply(1.5),
                new RespValue.DoubleReply(-2), new RespValue.DoubleReply(1e20), new RespValue.DoubleReply(3e-7))));
        replies.add(Arguments.of(",inf\r\n,-inf\r\n,nan\r\n", List.of(new RespValue.DoubleReply(Double.POSITIVE_INFINITY),
                new RespValue.DoubleReply(Double.NEGATIVE_INFINITY), new RespValue.DoubleReply(Double.NaN))));
        replies.add(Arguments.of("(3492890328409238509324850943850943825024385\r\n(-1\r\n", List.of(
                new RespValue.BigNumber(new BigInteger("3492890328409238509324850943850943825024385")),
                new RespValue.BigNumber(BigInteger.ONE.negate()))));
        replies.add(Arguments.of("!21\r\nSYNTAX invalid syntax\r\n", List.of(RespValue.error("SYNTAX invalid syntax"))));
        replies.add(Arguments.of("!4\r\nA\r\nB\r\n", List.of(RespValue.error("A\r\nB"))));
        replies.add(Arguments.of("=15\r\ntxt:Some string\r\n", List.of(new RespValue.VerbatimString("txt", "Some string"))));
        replies.add(Arguments.of("=4\r\nmkd:\r\n", List.of(new RespValue.VerbatimString("mkd", ""))));
        // RESP3 aggregates
        replies.add(Arguments.of("%2\r\n+first\r\n:1\r\n+second\r\n:2\r\n", List.of(new RespValue.MapReply(List.of(
                Map.entry(RespValue.simple("first"), RespValue.integer(1)),
                Map.entry(RespValue.simple("second"), RespValue.integer(2)))))));
        replies.add(Arguments.of("%0\r\n", List.of(new RespValue.MapReply(List.of()))));
        replies.add(Arguments.of("~3\r\n+orange\r\n+apple\r\n#t\r\n", List.of(new RespValue.SetReply(List.of(
                RespValue.simple("orange"), RespValue.simple("apple"), new RespValue.BooleanReply(true))))));
        replies.add(Arguments.of(">3\r\n$7\r\nmessage\r\n$2\r\nch\r\n$2\r\nhi\r\n",
                List.of(new RespValue.PushReply(List.of(bulk("message"), bulk("ch"), bulk("hi"))))));
        replies.add(Arguments.of("*2\r\n%1\r\n$1\r\nk\r\n~1\r\n_\r\n(7\r\n", List.of(array(new RespValue.MapReply(List.of(
                Map.entry(bulk("k"), new RespValue.SetReply(List.of(RespValue.NULL))))), new RespValue.BigNumber(BigInteger.valueOf(7))))));
        // Attributes describe the value after them and are dropped, at the top and inside aggregates.
        replies.add(Arguments.of("|1\r\n+key-popularity\r\n%2\r\n$1\r\na\r\n,0.1923\r\n$1\r\nb\r\n,0.0012\r\n"
                + "*2\r\n:2039123\r\n:9543892\r\n", List.of(array(RespValue.integer(2039123), RespValue.integer(9543892)))));
        replies.add(Arguments.of("*2\r\n|1\r\n+ttl\r\n:3600\r\n$1\r\na\r\n|0\r\n:2\r\n", List.of(array(bulk("a"), RespValue.integer(2)))));
        // A pipeline of replies in one read.
        replies.add(Arguments.of("+OK\r\n$-1\r\n:1\r\n*1\r\n$1\r\n*\r\n",
                List.of(RespValue.OK, RespValue.NULL, RespValue.ONE, array(bulk("*")))));
        return replies.stream();
    }

    @ParameterizedTest
    @MethodSource("validReplies")
    void validReplyDecodesWhole(String frame, List<RespValue> expected) {
        assertThat(decode(new RespReplyAggregator(RespReplyLimits.DEFAULT), List.of(bytes(frame)))).isEqualTo(expected);
    }

    @ParameterizedTest
    @MethodSource("validReplies")
    void validReplyDecodesTheSameWhenSplitAtEveryOffset(String frame, List<RespValue> expected) {
        byte[] bytes = bytes(frame);
        for (int split = 0; split <= bytes.length; split++) {
            List<byte[]> parts = List.of(slice(bytes, 0, split), slice(bytes, split, bytes.length));
            assertThat(decode(new RespReplyAggregator(RespReplyLimits.DEFAULT), parts)).as("split at %d", split)
                    .isEqualTo(expected);
        }
    }

    @ParameterizedTest
    @MethodSource("validReplies")
    void validReplyDecodesTheSameOneByteAtATime(String frame, List<RespValue> expected) {
        byte[] bytes = bytes(frame);
        List<byte[]> parts = new ArrayList<>();
        for (int i = 0; i < bytes.length; i++) {
            parts.add(slice(bytes, i, i + 1));
        }
        assertThat(decode(new RespReplyAggregator(RespReplyLimits.DEFAULT), parts)).isEqualTo(expected);
    }

    @Test
    void everyValueTheEncoderWritesReadsBackTheSameInResp3() {
        List<RespValue> values = List.of(RespValue.OK, RespValue.error("ERR x"), RespValue.integer(-3), bulk("a\r\nb"),
                RespValue.NULL, RespValue.EMPTY_ARRAY, new RespValue.DoubleReply(0.1), new RespValue.BooleanReply(true),
                new RespValue.VerbatimString("txt", "héllo"), new RespValue.BigNumber(new BigInteger("-123456789012345678901234567890")),
                new RespValue.PushReply(List.of(bulk("invalidate"), array(bulk("k")))),
                new RespValue.SetReply(List.of(RespValue.integer(1))),
                new RespValue.MapReply(List.of(Map.entry(bulk("m"), array(RespValue.NULL, new RespValue.DoubleReply(-1.5))))));
        ByteBuf out = Unpooled.buffer();
        for (RespValue v : values) {
            RespEncoder.encode(v, out, 3);
        }
        assertThat(decode(new RespReplyAggregator(RespReplyLimits.DEFAULT), List.of(RespDecoderTest.bytes(
                out.toString(java.nio.charset.StandardCharsets.ISO_8859_1))))).isEqualTo(values);
    }

    @Test
    void resp2FormsOfResp3ValuesReadAsWhatRedisSendsInResp2() {
        ByteBuf out = Unpooled.buffer();
        RespEncoder.encode(new RespValue.MapReply(List.of(Map.entry(bulk("k"), new RespValue.DoubleReply(2.5)))), out, 2);
        RespEncoder.encode(new RespValue.BooleanReply(true), out, 2);
        RespEncoder.encode(new RespValue.BigNumber(BigInteger.TEN), out, 2);
        RespEncoder.encode(new RespValue.PushReply(List.of(RespValue.integer(1))), out, 2);
        RespEncoder.encode(RespValue.NULL_ARRAY, out, 2);
        assertThat(decode(new RespReplyAggregator(RespReplyLimits.DEFAULT),
                List.of(bytes(out.toString(java.nio.charset.StandardCharsets.ISO_8859_1)))))
                .containsExactly(array(bulk("k"), bulk("2.5")), RespValue.ONE, bulk("10"), array(RespValue.ONE), RespValue.NULL_ARRAY);
    }

    @Test
    void nestedAggregatesEndInOrderAndOnlyTheLastTokenEndsTheReply() {
        RespReplyDecoder decoder = new RespReplyDecoder(RespReplyLimits.DEFAULT);
        ByteBuf in = Unpooled.wrappedBuffer(bytes("*3\r\n%1\r\n+k\r\n*0\r\n|1\r\n+a\r\n+b\r\n:5\r\n$2\r\nhi\r\n+next\r\n"));
        List<String> seen = new ArrayList<>();
        Token t;
        while ((t = decoder.next(in)) != null) {
            seen.add(t + "@" + decoder.depth() + (decoder.replyEnded() ? "!" : ""));
        }
        assertThat(seen).containsExactly("ARRAY@1", "MAP@2", "SIMPLE_STRING@2", "ARRAY@3", "END@2", "END@1",
                "ATTRIBUTE@2", "SIMPLE_STRING@2", "SIMPLE_STRING@2", "END@1", "INTEGER@1", "BULK_STRING@1", "END@0!",
                "SIMPLE_STRING@0!");
    }

    @Test
    void tokensExposeTheirValueAndContentWithoutCopying() {
        RespReplyDecoder decoder = new RespReplyDecoder(RespReplyLimits.DEFAULT);
        ByteBuf in = Unpooled.wrappedBuffer(bytes(":-17\r\n$5\r\nhello\r\n%3\r\n#f\r\n,2.5\r\n=7\r\ntxt:abc\r\n"));
        assertThat(decoder.next(in)).isEqualTo(Token.INTEGER);
        assertThat(decoder.integer()).isEqualTo(-17);
        assertThat(decoder.text()).isEqualTo("-17");
        assertThat(decoder.next(in)).isEqualTo(Token.BULK_STRING);
        assertThat(decoder.contentIndex()).isEqualTo(10);
        assertThat(decoder.contentLength()).isEqualTo(5);
        assertThat(decoder.bytes()).isEqualTo(bytes("hello"));
        assertThat(decoder.replyEnded()).isTrue();
        assertThat(decoder.next(in)).isEqualTo(Token.MAP);
        assertThat(decoder.length()).isEqualTo(3);
        assertThat(decoder.next(in)).isEqualTo(Token.BOOLEAN);
        assertThat(decoder.bool()).isFalse();
        assertThat(decoder.next(in)).isEqualTo(Token.DOUBLE);
        assertThat(decoder.doubleValue()).isEqualTo(2.5);
        assertThat(decoder.next(in)).isEqualTo(Token.VERBATIM_STRING);
        assertThat(decoder.text()).isEqualTo("txt:abc");
        assertThat(decoder.next(in)).as("the map waits for its last value").isNull();
        assertThat(decoder.atReplyBoundary()).isFalse();
    }

    static Stream<Arguments> malformedReplies() {
        String types = " (expected: one of + - : $ * _ # , ( ! = % ~ | >)";
        return Stream.of(
                Arguments.of("?what\r\n", "reply type: '?'" + types),
                Arguments.of("\u0000\r\n", "reply type: '\\x00'" + types),
                Arguments.of("\r\n", "reply type: none, an empty line" + types),
                Arguments.of("+OK\rX", "line: CR not followed by LF"),
                Arguments.of(":12x\r\n", "integer: '12x' (expected: an integer)"),
                Arguments.of(":\r\n", "integer: '' (expected: an integer)"),
                Arguments.of(":-\r\n", "integer: '-' (expected: an integer)"),
                Arguments.of(":+1\r\n", "integer: '+1' (expected: an integer)"),
                Arguments.of(":9223372036854775808\r\n", "integer: '9223372036854775808' (expected: an integer)"),
                Arguments.of(":-9223372036854775809\r\n", "integer: '-9223372036854775809' (expected: an integer)"),
                Arguments.of("$abc\r\n", "bulk length: 'abc' (expected: an integer)"),
                Arguments.of("$-2\r\n", "bulk length: -2 (expected: >= -1)"),
                Arguments.of("$536870913\r\n", "bulk length: 536870913 (expected: <= 536870912)"),
                Arguments.of("$99999999999999\r\n", "bulk length: 99999999999999 (expected: <= 536870912)"),
                Arguments.of("$3\r\nfooXY", "bulk string: 3 bytes not followed by CRLF"),
                Arguments.of("$3\r\nfoo\n\r", "bulk string: 3 bytes not followed by CRLF"),
                Arguments.of("!-1\r\n", "bulk error length: -1 (expected: >= 0)"),
                Arguments.of("!1\r\nxyz", "bulk error: 1 bytes not followed by CRLF"),
                Arguments.of("=-1\r\n", "verbatim string length: -1 (expected: >= 0)"),
                Arguments.of("=3\r\nabc\r\n", "verbatim string: no format (expected: 3 letters and ':' before the text)"),
                Arguments.of("=5\r\ntxt-a\r\n", "verbatim string: no format (expected: 3 letters and ':' before the text)"),
                Arguments.of("*-2\r\n", "array length: -2 (expected: >= -1)"),
                Arguments.of("*16777217\r\n", "array length: 16777217 (expected: <= 16777216)"),
                Arguments.of("%-1\r\n", "map length: -1 (expected: >= 0)"),
                Arguments.of("~x\r\n", "set length: 'x' (expected: an integer)"),
                Arguments.of("|16777217\r\n", "attribute length: 16777217 (expected: <= 16777216)"),
                Arguments.of(">-1\r\n", "push length: -1 (expected: >= 0)"),
                Arguments.of("_x\r\n", "null: 'x' (expected: nothing between _ and CRLF)"),
                Arguments.of("#x\r\n", "boolean: 'x' (expected: t or f)"),
                Arguments.of("#tt\r\n", "boolean: 'tt' (expected: t or f)"),
                Arguments.of("#\r\n", "boolean: '' (expected: t or f)"),
                Arguments.of(",abc\r\n", "double: 'abc' (expected: a decimal number, inf, -inf or nan)"),
                Arguments.of(",\r\n", "double: '' (expected: a decimal number, inf, -inf or nan)"),
                Arguments.of(",Infinity\r\n", "double: 'Infinity' (expected: a decimal number, inf, -inf or nan)"),
                Arguments.of(",1.5d\r\n", "double: '1.5d' (expected: a decimal number, inf, -inf or nan)"),
                Arguments.of(",1e\r\n", "double: '1e' (expected: a decimal number, inf, -inf or nan)"),
                Arguments.of(",.\r\n", "double: '.' (expected: a decimal number, inf, -inf or nan)"),
                Arguments.of("(12a\r\n", "big number: '12a' (expected: decimal digits)"),
                Arguments.of("(-\r\n", "big number: '-' (expected: decimal digits)"),
                Arguments.of("*1\r\n".repeat(33) + ":1\r\n", "nesting depth: 33 (expected: <= 32)"),
                Arguments.of("*1\r\n:" + "1".repeat(70) + "x\r\n", "integer: '" + "1".repeat(40) + "...' (expected: an integer)"),
                Arguments.of("+" + "a".repeat(RespReplyLimits.DEFAULT_MAX_LINE_BYTES + 1),
                        "line length: more than 65536 bytes (expected: <= 65536)"));
    }

    @ParameterizedTest
    @MethodSource("malformedReplies")
    void malformedReplyFailsWithWhatIsWrong(String frame, String message) {
        assertThatThrownBy(() -> decode(new RespReplyAggregator(RespReplyLimits.DEFAULT), List.of(bytes(frame))))
                .isInstanceOf(RespProtocolException.class)
                .hasMessage(message);
    }

    @ParameterizedTest
    @MethodSource("malformedReplies")
    void malformedReplyFailsTheSameWhenSplitAtEveryOffset(String frame, String message) {
        byte[] bytes = bytes(frame);
        int step = Math.max(1, bytes.length / 200); // the 64 KiB line is sampled, not walked
        for (int split = 0; split <= bytes.length; split += step) {
            List<byte[]> parts = List.of(slice(bytes, 0, split), slice(bytes, split, bytes.length));
            assertThatThrownBy(() -> decode(new RespReplyAggregator(RespReplyLimits.DEFAULT), parts))
                    .as("split at %d", split)
                    .isInstanceOf(RespProtocolException.class)
                    .hasMessage(message);
        }
    }

    @Test
    void everyLimitAcceptsItsMaximumAndRefusesOneMore() {
        RespReplyLimits tiny = new RespReplyLimits(4, 2, 2, 8);
        assertThat(decode(new RespReplyAggregator(tiny), List.of(bytes("$4\r\nabcd\r\n*2\r\n*1\r\n:1\r\n:2\r\n+12345678\r\n"))))
                .containsExactly(bulk("abcd"), array(array(RespValue.ONE), RespValue.integer(2)), RespValue.simple("12345678"));
        assertThatThrownBy(() -> decode(new RespReplyAggregator(tiny), List.of(bytes("$5\r\n"))))
                .hasMessage("bulk length: 5 (expected: <= 4)");
        assertThatThrownBy(() -> decode(new RespReplyAggregator(tiny), List.of(bytes("%3\r\n"))))
                .hasMessage("map length: 3 (expected: <= 2)");
        assertThatThrownBy(() -> decode(new RespReplyAggregator(tiny), List.of(bytes("*1\r\n~1\r\n>1\r\n"))))
                .hasMessage("nesting depth: 3 (expected: <= 2)");
        assertThatThrownBy(() -> decode(new RespReplyAggregator(tiny), List.of(bytes("+123456789"))))
                .hasMessage("line length: more than 8 bytes (expected: <= 8)");
    }

    @Test
    void hugeBulkHeaderAllocatesNothingUntilTheBulkArrives() {
        RespReplyAggregator aggregator = new RespReplyAggregator(RespReplyLimits.DEFAULT);
        ByteBuf in = Unpooled.wrappedBuffer(bytes("$536870912\r\nabc"));
        Object[] result = {"not run"};
        long allocated = Allocations.allocatedBy(() -> result[0] = aggregator.decode(in));
        assertThat(result[0]).isNull();
        assertThat(allocated).isLessThan(64 * 1024);
        assertThat(in.readableBytes()).isEqualTo(3); // the partial bulk is left for the caller
    }

    @Test
    void hugeAggregateHeadersAllocateOnlyAnInitialList() {
        RespReplyAggregator aggregator = new RespReplyAggregator(RespReplyLimits.DEFAULT);
        ByteBuf in = Unpooled.wrappedBuffer(bytes("*16777216\r\n%16777216\r\n:1\r\n"));
        Object[] result = {"not run"};
        long allocated = Allocations.allocatedBy(() -> result[0] = aggregator.decode(in));
        assertThat(result[0]).isNull();
        // 16,777,216 references would take at least 64 MiB.
        assertThat(allocated).isLessThan(64 * 1024);
    }

    @Test
    void manyElementsGrowTheList() {
        int count = RespReplyAggregator.INITIAL_CAPACITY * 3 + 7;
        StringBuilder frame = new StringBuilder("*" + count + "\r\n");
        List<RespValue> expected = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            frame.append(':').append(i).append("\r\n");
            expected.add(RespValue.integer(i));
        }
        assertThat(decode(new RespReplyAggregator(RespReplyLimits.DEFAULT), List.of(bytes(frame.toString()))))
                .containsExactly(RespValue.array(expected));
    }

    @Test
    void splitCrLfDoesNotLoop() {
        RespReplyAggregator aggregator = new RespReplyAggregator(RespReplyLimits.DEFAULT);
        ByteBuf in = Unpooled.buffer();
        for (String part : List.of("*1\r", "\n$4\r", "\nPONG\r")) {
            in.writeBytes(bytes(part));
            assertThat(aggregator.decode(in)).isNull();
            assertThat(aggregator.decode(in)).isNull(); // asking again without new bytes is harmless
        }
        in.writeBytes(bytes("\n"));
        assertThat(aggregator.decode(in)).isEqualTo(array(bulk("PONG")));
        assertThat(in.isReadable()).isFalse();
        assertThat(aggregator.decoder().atReplyBoundary()).isTrue();
    }

    /** Found by {@link RespReplyDecoderFuzzTest}: the whole-bulk fast path must forget a partial scan. */
    @Test
    void aBulkHeaderScannedInPartsDoesNotShiftTheNextLine() {
        assertThat(decode(new RespReplyAggregator(RespReplyLimits.DEFAULT),
                List.of(bytes("$10"), bytes("\r\n0123456789\r\n*2\r\n:1\r\n:2\r\n"))))
                .containsExactly(bulk("0123456789"), array(RespValue.ONE, RespValue.integer(2)));
    }

    @Test
    void aDirectBufferDecodesAsAHeapBufferDoes() {
        ByteBuf direct = Unpooled.directBuffer();
        direct.writeBytes(bytes("*2\r\n$3\r\nfoo\r\n:-1\r\n$4\r\nab"));
        RespReplyAggregator aggregator = new RespReplyAggregator(RespReplyLimits.DEFAULT);
        assertThat(aggregator.decode(direct)).isEqualTo(array(bulk("foo"), RespValue.integer(-1)));
        assertThat(aggregator.decode(direct)).isNull();
        direct.writeBytes(bytes("cd\r\n"));
        assertThat(aggregator.decode(direct)).isEqualTo(bulk("abcd"));
        direct.release();
    }

    @Test
    void anErrorResetsSoTheNextStreamDecodes() {
        RespReplyAggregator aggregator = new RespReplyAggregator(RespReplyLimits.DEFAULT);
        assertThatThrownBy(() -> aggregator.decode(Unpooled.wrappedBuffer(bytes("*2\r\n:1\r\n$x\r\n"))))
                .isInstanceOf(RespProtocolException.class);
        assertThat(aggregator.decoder().atReplyBoundary()).isTrue();
        assertThat(aggregator.decode(Unpooled.wrappedBuffer(bytes("+OK\r\n")))).isEqualTo(RespValue.OK);
    }

    @Test
    void resetForgetsAPartlyReadReply() {
        RespReplyAggregator aggregator = new RespReplyAggregator(RespReplyLimits.DEFAULT);
        assertThat(aggregator.decode(Unpooled.wrappedBuffer(bytes("*2\r\n:1\r\n$5\r\nab")))).isNull();
        aggregator.reset();
        assertThat(aggregator.decode(Unpooled.wrappedBuffer(bytes(":7\r\n")))).isEqualTo(RespValue.integer(7));
    }

    @Test
    void theAggregatorDoesNotStartInsideAReplyReadByTokens() {
        RespReplyAggregator aggregator = new RespReplyAggregator(RespReplyLimits.DEFAULT);
        ByteBuf in = Unpooled.wrappedBuffer(bytes("*2\r\n:1\r\n:2\r\n"));
        assertThat(aggregator.decoder().next(in)).isEqualTo(Token.ARRAY);
        assertThatThrownBy(() -> aggregator.decode(in)).isInstanceOf(IllegalStateException.class);
    }

    // ---------------------------------------------------------------------------------------------

    /** Feeds the chunks into one cumulation buffer, as a client's read loop does. */
    static List<RespValue> decode(RespReplyAggregator aggregator, List<byte[]> chunks) {
        List<RespValue> out = new ArrayList<>();
        ByteBuf cumulation = Unpooled.buffer();
        for (byte[] chunk : chunks) {
            cumulation.writeBytes(chunk);
            RespValue reply;
            while ((reply = aggregator.decode(cumulation)) != null) {
                out.add(reply);
            }
            cumulation.discardReadBytes();
        }
        return out;
    }
}
