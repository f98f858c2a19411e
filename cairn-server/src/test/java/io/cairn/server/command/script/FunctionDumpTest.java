package io.cairn.server.command.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** FUNCTION DUMP's serialization: RDB strings, LZF-compressed code, and refusals of damaged payloads. */
class FunctionDumpTest {
    @Test
    void payloadsRoundTripWithEveryLengthForm() {
        byte[] small = "#!lua name=a\nx".getBytes(StandardCharsets.UTF_8);
        byte[] mid = ("#!lua name=b\n" + "x".repeat(300)).getBytes(StandardCharsets.UTF_8); // 14-bit length
        byte[] big = ("#!lua name=c\n" + "y".repeat(70_000)).getBytes(StandardCharsets.UTF_8); // 32-bit length
        List<byte[]> back = FunctionDump.read(FunctionDump.write(List.of(small, mid, big)));
        assertThat(back).containsExactly(small, mid, big);
        assertThat(FunctionDump.read(FunctionDump.write(List.of()))).isEmpty();
    }

    @Test
    void anLzfCompressedCodeIsRead() {
        // "abcabcabc" compressed: a literal run of 3, then a back reference of 6 bytes at distance 3
        byte[] body = {(byte) 245, (byte) 0xc3, 6, 9, 2, 'a', 'b', 'c', (byte) (4 << 5), 2, 11, 0};
        byte[] payload = withCrc(body);
        assertThat(FunctionDump.read(payload)).containsExactly("abcabcabc".getBytes(StandardCharsets.US_ASCII));
        body[3] = 8; // a decompressed size the stream does not give
        assertThatThrownBy(() -> FunctionDump.read(withCrc(body))).hasMessage("ERR DUMP payload version or checksum are wrong");
    }

    private static byte[] withCrc(byte[] body) {
        long crc = io.cairn.server.rdb.Crc64.of(body, 0, body.length);
        byte[] out = java.util.Arrays.copyOf(body, body.length + 8);
        for (int i = 0; i < 8; i++) {
            out[body.length + i] = (byte) (crc >>> (8 * i));
        }
        return out;
    }

    @Test
    void damagedOrNewerPayloadsAreRefused() {
        byte[] ok = FunctionDump.write(List.of("#!lua name=a\nx".getBytes(StandardCharsets.UTF_8)));
        for (int i = 0; i < ok.length; i++) {
            byte[] bad = ok.clone();
            bad[i] ^= 0x10;
            assertThatThrownBy(() -> FunctionDump.read(bad)).as("byte %d", i)
                    .hasMessageStartingWith("ERR ");
        }
        assertThatThrownBy(() -> FunctionDump.read(new byte[3])).hasMessage("ERR DUMP payload version or checksum are wrong");
    }
}
