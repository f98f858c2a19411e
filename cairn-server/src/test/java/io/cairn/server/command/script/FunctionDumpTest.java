package io.cairn.server.command.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** FUNCTION DUMP's serialization: Redis's CRC64, RDB strings, LZF, and refusals of damaged payloads. */
class FunctionDumpTest {
    @Test
    void crc64IsRedissJonesCrc() {
        byte[] check = "123456789".getBytes(StandardCharsets.US_ASCII);
        assertThat(FunctionDump.crc64(check, 0, check.length)).isEqualTo(0xe9c6d914c4b8d9caL); // crc64.c's test vector
    }

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
    void lzfAsLiblzfWritesIt() {
        // "abcabcabc": a literal run of 3, then a back reference of 6 bytes at distance 3
        byte[] compressed = {2, 'a', 'b', 'c', (byte) (4 << 5), 2};
        assertThat(new String(FunctionDump.lzf(compressed, 9), StandardCharsets.US_ASCII)).isEqualTo("abcabcabc");
        assertThatThrownBy(() -> FunctionDump.lzf(compressed, 8)).hasMessage("ERR DUMP payload version or checksum are wrong");
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
