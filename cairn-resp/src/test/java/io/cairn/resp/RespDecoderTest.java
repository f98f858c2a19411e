package io.cairn.resp;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RespDecoderTest {

    /** A decoded command as text (ISO-8859-1, so every byte shows) plus how it was framed. */
    record Decoded(List<String> args, boolean inline) {
        static Decoded array(String... args) {
            return new Decoded(List.of(args), false);
        }

        static Decoded inline(String... args) {
            return new Decoded(List.of(args), true);
        }
    }

    private static final String ALL_BYTES;

    static {
        char[] chars = new char[256];
        for (int i = 0; i < chars.length; i++) {
            chars[i] = (char) i;
        }
        ALL_BYTES = new String(chars);
    }

    static Stream<Arguments> validFrames() {
        List<Arguments> frames = new ArrayList<>();
        frames.add(Arguments.of("*1\r\n$4\r\nPING\r\n", List.of(Decoded.array("PING"))));
        frames.add(Arguments.of("*3\r\n$3\r\nSET\r\n$3\r\nkey\r\n$6\r\nv\r\nl\r\n\r\n",
                List.of(Decoded.array("SET", "key", "v\r\nl\r\n"))));
        frames.add(Arguments.of("*2\r\n$3\r\nGET\r\n$0\r\n\r\n", List.of(Decoded.array("GET", ""))));
        frames.add(Arguments.of("*2\r\n$4\r\nECHO\r\n$256\r\n" + ALL_BYTES + "\r\n",
                List.of(Decoded.array("ECHO", ALL_BYTES))));
        frames.add(Arguments.of("PING\r\n", List.of(Decoded.inline("PING"))));
        frames.add(Arguments.of("  GET\tkey  \r\n", List.of(Decoded.inline("GET", "key"))));
        frames.add(Arguments.of("SET k \"a b\\n\\x41\\x7a\\t\\\\\\\"\"\r\n",
                List.of(Decoded.inline("SET", "k", "a b\nAz\t\\\""))));
        frames.add(Arguments.of("set 'it\\'s' \"\\r\\b\\a\\q\" 'no\\nescape'\n",
                List.of(Decoded.inline("set", "it's", "\r\b\u0007q", "no\\nescape"))));
        frames.add(Arguments.of("SET a\"b c\"\r\n", List.of(Decoded.inline("SET", "ab c"))));
        frames.add(Arguments.of("SET \"\" ''\r\n", List.of(Decoded.inline("SET", "", ""))));
        frames.add(Arguments.of("GET a\0b c\r\n", List.of(Decoded.inline("GET", "a"))));
        frames.add(Arguments.of("\r\n   \r\n\n*0\r\n*-1\r\n*-10\r\nPING\r\n", List.of(Decoded.inline("PING"))));
        frames.add(Arguments.of("*1\r\n$4\r\nPING\r\nECHO hi\r\n*2\r\n$4\r\nECHO\r\n$2\r\nyo\r\n",
                List.of(Decoded.array("PING"), Decoded.inline("ECHO", "hi"), Decoded.array("ECHO", "yo"))));
        frames.add(Arguments.of("*1\r\n$1\r\n*\r\n*1\r\n$1\r\n$\r\n",
                List.of(Decoded.array("*"), Decoded.array("$"))));
        return frames.stream();
    }

    @ParameterizedTest
    @MethodSource("validFrames")
    void validFrameDecodesWhole(String frame, List<Decoded> expected) {
        assertThat(decode(new RespDecoder(RespLimits.DEFAULT), chunks(frame))).isEqualTo(expected);
    }

    @ParameterizedTest
    @MethodSource("validFrames")
    void validFrameDecodesTheSameWhenSplitAtEveryOffset(String frame, List<Decoded> expected) {
        byte[] bytes = bytes(frame);
        for (int split = 0; split <= bytes.length; split++) {
            List<byte[]> parts = List.of(slice(bytes, 0, split), slice(bytes, split, bytes.length));
            assertThat(decode(new RespDecoder(RespLimits.DEFAULT), parts)).as("split at %d", split).isEqualTo(expected);
        }
    }

    @ParameterizedTest
    @MethodSource("validFrames")
    void validFrameDecodesTheSameOneByteAtATime(String frame, List<Decoded> expected) {
        byte[] bytes = bytes(frame);
        List<byte[]> parts = new ArrayList<>();
        for (int i = 0; i < bytes.length; i++) {
            parts.add(slice(bytes, i, i + 1));
        }
        assertThat(decode(new RespDecoder(RespLimits.DEFAULT), parts)).isEqualTo(expected);
    }

    @Test
    void manyArgumentsGrowTheArgumentArray() {
        int count = RespDecoder.INITIAL_ARGS_CAPACITY * 3 + 7;
        StringBuilder frame = new StringBuilder("*" + count + "\r\n");
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String arg = Integer.toString(i);
            frame.append('$').append(arg.length()).append("\r\n").append(arg).append("\r\n");
            expected.add(arg);
        }
        assertThat(decode(new RespDecoder(RespLimits.DEFAULT), chunks(frame.toString())))
                .containsExactly(new Decoded(expected, false));
    }

    @Test
    void inlineLineOfExactlyMaxInlineBytesIsAccepted() {
        RespLimits limits = new RespLimits(64, 8, 16);
        String line = "abcdefgh abcdefg"; // 16 bytes
        assertThat(decode(new RespDecoder(limits), chunks(line + "\r\n")))
                .containsExactly(Decoded.inline("abcdefgh", "abcdefg"));
        assertThat(decode(new RespDecoder(limits), chunks(line + "\n")))
                .containsExactly(Decoded.inline("abcdefgh", "abcdefg"));
    }

    static Stream<Arguments> malformedFrames() {
        String tooLongCount = "1".repeat(RespDecoder.MAX_HEADER_LINE + 1);
        return Stream.of(
                Arguments.of("*abc\r\n", RespProtocolException.INVALID_MULTIBULK_LENGTH),
                Arguments.of("*\r\n", RespProtocolException.INVALID_MULTIBULK_LENGTH),
                Arguments.of("*01\r\n", RespProtocolException.INVALID_MULTIBULK_LENGTH),
                Arguments.of("*+1\r\n", RespProtocolException.INVALID_MULTIBULK_LENGTH),
                Arguments.of("*-\r\n", RespProtocolException.INVALID_MULTIBULK_LENGTH),
                Arguments.of("*1 \r\n", RespProtocolException.INVALID_MULTIBULK_LENGTH),
                Arguments.of("*1048577\r\n", RespProtocolException.INVALID_MULTIBULK_LENGTH),
                Arguments.of("*3000000000\r\n", RespProtocolException.INVALID_MULTIBULK_LENGTH),
                Arguments.of("*-9223372036854775809\r\n", RespProtocolException.INVALID_MULTIBULK_LENGTH),
                Arguments.of("*1\rX", RespProtocolException.INVALID_MULTIBULK_LENGTH),
                Arguments.of("*1\r\n$-1\r\n", RespProtocolException.INVALID_BULK_LENGTH),
                Arguments.of("*1\r\n$abc\r\n", RespProtocolException.INVALID_BULK_LENGTH),
                Arguments.of("*1\r\n$\r\n", RespProtocolException.INVALID_BULK_LENGTH),
                Arguments.of("*1\r\n$536870913\r\n", RespProtocolException.INVALID_BULK_LENGTH),
                Arguments.of("*1\r\n$536870912000\r\n", RespProtocolException.INVALID_BULK_LENGTH),
                Arguments.of("*1\r\n$99999999999999999999\r\n", RespProtocolException.INVALID_BULK_LENGTH),
                Arguments.of("*1\r\n$3\rX", RespProtocolException.INVALID_BULK_LENGTH),
                Arguments.of("*3\r\n$3\r\nSET\r\n$1\r\nx\r\nfooz\r\n", "ERR Protocol error: expected '$', got 'f'"),
                Arguments.of("*1\r\n\r\n", "ERR Protocol error: expected '$', got ' '"),
                Arguments.of("*1\r\n:1\r\n", "ERR Protocol error: expected '$', got ':'"),
                Arguments.of("*1\r\n$3\r\nfooXY", RespProtocolException.EXPECTED_CRLF_AFTER_BULK),
                Arguments.of("*1\r\n$3\r\nfoo\rX", RespProtocolException.EXPECTED_CRLF_AFTER_BULK),
                Arguments.of("*1\r\n$3\r\nfoo\n\r", RespProtocolException.EXPECTED_CRLF_AFTER_BULK),
                Arguments.of("SET \"abc\r\n", RespProtocolException.UNBALANCED_QUOTES),
                Arguments.of("SET \"abc\"def\r\n", RespProtocolException.UNBALANCED_QUOTES),
                Arguments.of("SET 'abc\r\n", RespProtocolException.UNBALANCED_QUOTES),
                Arguments.of("SET a\"b c\"d\r\n", RespProtocolException.UNBALANCED_QUOTES),
                Arguments.of("SET 'a'b\r\n", RespProtocolException.UNBALANCED_QUOTES),
                Arguments.of("SET \"a\\\"\r\n", RespProtocolException.UNBALANCED_QUOTES),
                Arguments.of("*" + tooLongCount, RespProtocolException.TOO_BIG_MBULK_COUNT),
                Arguments.of("*1\r\n$" + tooLongCount, RespProtocolException.TOO_BIG_BULK_COUNT),
                Arguments.of("a".repeat(RespLimits.DEFAULT_MAX_INLINE_BYTES + 1) + "\r\n",
                        RespProtocolException.TOO_BIG_INLINE),
                Arguments.of("a".repeat(RespLimits.DEFAULT_MAX_INLINE_BYTES + 2), RespProtocolException.TOO_BIG_INLINE));
    }

    @ParameterizedTest
    @MethodSource("malformedFrames")
    void malformedFrameFailsWithRedisMessage(String frame, String message) {
        assertThatThrownBy(() -> decode(new RespDecoder(RespLimits.DEFAULT), chunks(frame)))
                .isInstanceOf(RespProtocolException.class)
                .hasMessage(message);
    }

    @ParameterizedTest
    @MethodSource("malformedFrames")
    void malformedFrameFailsTheSameWhenSplitAtEveryOffset(String frame, String message) {
        byte[] bytes = bytes(frame);
        int step = Math.max(1, bytes.length / 200); // the 64 KiB frames are sampled, not walked
        for (int split = 0; split <= bytes.length; split += step) {
            List<byte[]> parts = List.of(slice(bytes, 0, split), slice(bytes, split, bytes.length));
            assertThatThrownBy(() -> decode(new RespDecoder(RespLimits.DEFAULT), parts))
                    .as("split at %d", split)
                    .isInstanceOf(RespProtocolException.class)
                    .hasMessage(message);
        }
    }

    @Test
    void inlineRequestObeysArgumentLimits() {
        RespLimits tiny = new RespLimits(8, 3, 16);
        assertThatThrownBy(() -> decode(new RespDecoder(tiny), chunks("a b c d\r\n")))
                .hasMessage(RespProtocolException.INVALID_MULTIBULK_LENGTH);
        assertThatThrownBy(() -> decode(new RespDecoder(tiny), chunks("GET 123456789\r\n")))
                .hasMessage(RespProtocolException.INVALID_BULK_LENGTH);
        assertThatThrownBy(() -> decode(new RespDecoder(tiny), chunks("GET 12345 78 0123\r\n")))
                .hasMessage(RespProtocolException.TOO_BIG_INLINE);
        assertThat(decode(new RespDecoder(tiny), chunks("GET 12345678\r\n")))
                .containsExactly(Decoded.inline("GET", "12345678"));
    }

    @Test
    void tinyLimitsRejectCountsAndLengthsOverTheLimit() {
        RespLimits tiny = new RespLimits(8, 3, 16);
        assertThatThrownBy(() -> decode(new RespDecoder(tiny), chunks("*4\r\n")))
                .hasMessage(RespProtocolException.INVALID_MULTIBULK_LENGTH);
        assertThatThrownBy(() -> decode(new RespDecoder(tiny), chunks("*1\r\n$9\r\n")))
                .hasMessage(RespProtocolException.INVALID_BULK_LENGTH);
        assertThat(decode(new RespDecoder(tiny), chunks("*3\r\n$8\r\n12345678\r\n$0\r\n\r\n$1\r\nx\r\n")))
                .containsExactly(Decoded.array("12345678", "", "x"));
        // An inline line that cannot end within the limit fails before its LF arrives.
        assertThatThrownBy(() -> decode(new RespDecoder(tiny), chunks("x".repeat(18))))
                .hasMessage(RespProtocolException.TOO_BIG_INLINE);
        assertThat(decode(new RespDecoder(tiny), chunks("x".repeat(17)))).isEmpty();
    }

    @Test
    void hugeBulkHeaderAllocatesNothingUntilTheBulkArrives() {
        RespDecoder decoder = new RespDecoder(RespLimits.DEFAULT);
        ByteBuf in = Unpooled.wrappedBuffer(bytes("*1\r\n$536870912\r\nabc"));
        Object[] result = {"not run"};
        long allocated = Allocations.allocatedBy(() -> result[0] = decoder.decode(in));
        assertThat(result[0]).isNull();
        assertThat(allocated).isLessThan(64 * 1024);
        assertThat(in.readableBytes()).isEqualTo(3); // the partial bulk is left for the caller
    }

    @Test
    void hugeArrayHeaderAllocatesOnlyAnInitialArgumentArray() {
        RespDecoder decoder = new RespDecoder(RespLimits.DEFAULT);
        ByteBuf in = Unpooled.wrappedBuffer(bytes("*1048576\r\n$1\r\na\r\n"));
        Object[] result = {"not run"};
        long allocated = Allocations.allocatedBy(() -> result[0] = decoder.decode(in));
        assertThat(result[0]).isNull();
        // 1,048,576 references would take at least 4 MiB.
        assertThat(allocated).isLessThan(64 * 1024);
    }

    @Test
    void oversizedBulkLengthFailsWithoutAllocating() {
        RespDecoder decoder = new RespDecoder(RespLimits.DEFAULT);
        ByteBuf in = Unpooled.wrappedBuffer(bytes("*1\r\n$536870912000\r\n"));
        Object[] result = {"not run"};
        long allocated = Allocations.allocatedBy(() -> {
            try {
                decoder.decode(in);
            } catch (RespProtocolException e) {
                result[0] = e;
            }
        });
        assertThat(result[0]).isInstanceOf(RespProtocolException.class)
                .hasFieldOrPropertyWithValue("message", RespProtocolException.INVALID_BULK_LENGTH);
        assertThat(allocated).isLessThan(64 * 1024);
    }

    @Test
    void splitCrLfDoesNotLoop() {
        RespDecoder decoder = new RespDecoder(RespLimits.DEFAULT);
        ByteBuf in = Unpooled.buffer();
        for (String part : List.of("*1\r", "\n$4\r", "\nPING\r")) {
            in.writeBytes(bytes(part));
            assertThat(decoder.decode(in)).isNull();
            assertThat(decoder.decode(in)).isNull(); // asking again without new bytes is harmless
        }
        in.writeBytes(bytes("\n"));
        assertThat(text(decoder.decode(in))).containsExactly("PING");
        assertThat(decoder.decode(in)).isNull();

        in.writeBytes(bytes("PING\r"));
        assertThat(decoder.decode(in)).isNull();
        in.writeBytes(bytes("\n"));
        assertThat(text(decoder.decode(in))).containsExactly("PING");
        assertThat(in.isReadable()).isFalse();
    }

    @Test
    void decodeReturnsOneCommandPerCall() {
        RespDecoder decoder = new RespDecoder(RespLimits.DEFAULT);
        ByteBuf in = Unpooled.wrappedBuffer(bytes("PING\r\n*1\r\n$4\r\nPING\r\n"));
        assertThat(text(decoder.decode(in))).containsExactly("PING");
        assertThat(decoder.lastWasInline()).isTrue();
        assertThat(text(decoder.decode(in))).containsExactly("PING");
        assertThat(decoder.lastWasInline()).isFalse();
        assertThat(decoder.decode(in)).isNull();
    }

    @Test
    void resetMakesTheDecoderUsableAfterAnError() {
        RespDecoder decoder = new RespDecoder(RespLimits.DEFAULT);
        ByteBuf bad = Unpooled.wrappedBuffer(bytes("*2\r\n$3\r\nGET\r\nfoo\r\n"));
        assertThatThrownBy(() -> decoder.decode(bad)).isInstanceOf(RespProtocolException.class);
        decoder.reset();
        ByteBuf good = Unpooled.wrappedBuffer(bytes("*1\r\n$4\r\nPING\r\n"));
        assertThat(text(decoder.decode(good))).containsExactly("PING");
    }

    @Test
    void resetForgetsAPartlyReadArray() {
        RespDecoder decoder = new RespDecoder(RespLimits.DEFAULT);
        assertThat(decoder.decode(Unpooled.wrappedBuffer(bytes("*2\r\n$3\r\nGET\r\n")))).isNull();
        decoder.reset();
        assertThat(text(decoder.decode(Unpooled.wrappedBuffer(bytes("PING\r\n"))))).containsExactly("PING");
    }

    // ---------------------------------------------------------------------------------------------

    /**
     * Feeds the chunks into one cumulation buffer, as a channel handler would, decoding after each
     * until the decoder asks for more.
     */
    static List<Decoded> decode(RespDecoder decoder, List<byte[]> chunks) {
        List<Decoded> out = new ArrayList<>();
        ByteBuf cumulation = Unpooled.buffer();
        for (byte[] chunk : chunks) {
            cumulation.writeBytes(chunk);
            byte[][] command;
            while ((command = decoder.decode(cumulation)) != null) {
                out.add(new Decoded(text(command), decoder.lastWasInline()));
            }
            cumulation.discardReadBytes();
        }
        return out;
    }

    static List<String> text(byte[][] command) {
        List<String> args = new ArrayList<>();
        for (byte[] arg : command) {
            args.add(new String(arg, StandardCharsets.ISO_8859_1));
        }
        return args;
    }

    static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    static List<byte[]> chunks(String s) {
        return List.of(bytes(s));
    }

    static byte[] slice(byte[] bytes, int from, int to) {
        return java.util.Arrays.copyOfRange(bytes, from, to);
    }
}
