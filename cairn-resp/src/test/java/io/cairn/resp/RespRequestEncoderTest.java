package io.cairn.resp;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Commands go out as arrays of bulk strings, and the server half reads back exactly what was written. */
class RespRequestEncoderTest {

    private static String written(ByteBuf out) {
        return out.toString(StandardCharsets.ISO_8859_1);
    }

    @Test
    void aCommandIsAnArrayOfBulkStrings() {
        ByteBuf out = Unpooled.buffer();
        RespRequestEncoder.writeCommand(out, "SET", "k", "");
        RespRequestEncoder.writeCommand(out, "GET".getBytes(StandardCharsets.US_ASCII), new byte[] {'\r', '\n', 0});
        RespRequestEncoder.writeCommand(out, List.of("ECHO", "é"));
        assertThat(written(out)).isEqualTo("*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$0\r\n\r\n"
                + "*2\r\n$3\r\nGET\r\n$3\r\n\r\n\u0000\r\n"
                + "*2\r\n$4\r\nECHO\r\n$2\r\n\u00c3\u00a9\r\n");
    }

    @ParameterizedTest
    @ValueSource(longs = {0, 7, -7, 10, -10, 1234567890123L, Long.MAX_VALUE, Long.MIN_VALUE})
    void aNumberIsSentAsItsDecimalDigits(long value) {
        ByteBuf out = Unpooled.buffer();
        RespRequestEncoder.writeArrayHeader(out, 1);
        RespRequestEncoder.writeBulk(out, value);
        String digits = Long.toString(value);
        assertThat(written(out)).isEqualTo("*1\r\n$" + digits.length() + "\r\n" + digits + "\r\n");
    }

    @Test
    void aCommandWrittenPieceByPieceIsReadBackWhole() {
        ByteBuf out = Unpooled.buffer();
        byte[] big = new byte[100_000];
        for (int i = 0; i < big.length; i++) {
            big[i] = (byte) i;
        }
        RespRequestEncoder.writeArrayHeader(out, 4);
        RespRequestEncoder.writeBulk(out, "HSET");
        RespRequestEncoder.writeBulk(out, "ключ");
        RespRequestEncoder.writeBulk(out, 42);
        RespRequestEncoder.writeBulkHeader(out, big.length);
        out.writeBytes(big);
        RespRequestEncoder.writeCrlf(out);

        byte[][] command = new RespDecoder(RespLimits.DEFAULT).decode(out);
        assertThat(command).hasNumberOfRows(4);
        assertThat(new String(command[0], StandardCharsets.UTF_8)).isEqualTo("HSET");
        assertThat(new String(command[1], StandardCharsets.UTF_8)).isEqualTo("ключ");
        assertThat(new String(command[2], StandardCharsets.UTF_8)).isEqualTo("42");
        assertThat(command[3]).isEqualTo(big);
        assertThat(out.isReadable()).isFalse();
    }

    @Test
    void everyLengthAndEveryKindOfTextIsReadBackExactly() {
        RespDecoder decoder = new RespDecoder(RespLimits.DEFAULT);
        for (int length : new int[] {0, 1, 9, 10, 99, 100, 999, 1000, 4095, 4096, 4097, 9999, 10_000, 99_999, 100_000}) {
            for (String text : List.of("a".repeat(length), "a".repeat(length) + "é", "é" + "b".repeat(length),
                    "\uD83D\uDE00".repeat(Math.min(length, 3)))) {
                for (ByteBuf out : List.of(Unpooled.buffer(8), Unpooled.directBuffer(8))) {
                    RespRequestEncoder.writeCommand(out, text, text.getBytes(StandardCharsets.UTF_8).length + "");
                    RespRequestEncoder.writeCommand(out, text.getBytes(StandardCharsets.UTF_8));
                    for (int c = 0; c < 2; c++) {
                        byte[][] command = decoder.decode(out);
                        assertThat(new String(command[0], StandardCharsets.UTF_8)).as("length %d", length).isEqualTo(text);
                    }
                    assertThat(out.isReadable()).isFalse();
                    out.release();
                }
            }
        }
    }

    @Test
    void anUnpairedSurrogateIsSentAsAQuestionMarkAsStringGetBytesDoes() {
        ByteBuf out = Unpooled.buffer();
        String text = "a\uD800b";
        RespRequestEncoder.writeCommand(out, text);
        byte[][] command = new RespDecoder(RespLimits.DEFAULT).decode(out);
        assertThat(command[0]).isEqualTo(text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void emptyCommandsAndNegativeLengthsAreRefused() {
        ByteBuf out = Unpooled.buffer();
        assertThatThrownBy(() -> RespRequestEncoder.writeCommand(out, new byte[0][]))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("count: 0 (expected: > 0)");
        assertThatThrownBy(() -> RespRequestEncoder.writeBulkHeader(out, -1))
                .hasMessage("length: -1 (expected: >= 0)");
        assertThat(out.isReadable()).isFalse();
    }
}
