package io.cairn.server.rdb;

import static io.cairn.server.rdb.Payloads.b;
import static io.cairn.server.rdb.Payloads.texts;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The listpack blob: every entry encoding and backlen size both ways, and damaged blobs refused. */
class ListpackCodecTest {
    @Test
    void everyEncodingRoundTrips() {
        List<byte[]> entries = new ArrayList<>();
        for (String s : List.of("0", "127", "128", "-1", "-4096", "4095", "4096", "-4097", "32767", "-32768",
                "32768", "8388607", "-8388608", "8388608", "2147483647", "-2147483648", "2147483648",
                "9223372036854775807", "-9223372036854775808", "9223372036854775808", "01", "-0", "", "a")) {
            entries.add(b(s));
        }
        for (int n : new int[] {63, 64, 125, 126, 127, 4095, 4096, 16_380, 16_383, 20_000, 2_100_000}) {
            entries.add(b("x".repeat(n)));
        }
        assertThat(texts(ListpackCodec.read(ListpackCodec.write(entries)))).isEqualTo(texts(entries));
    }

    @Test
    void integersTakeRedisEncodings() {
        assertThat(ListpackCodec.write(List.of(b("5")))).containsExactly(9, 0, 0, 0, 1, 0, 5, 1, 0xff);
        assertThat(ListpackCodec.write(List.of(b("-5")))).containsExactly(10, 0, 0, 0, 1, 0, 0xdf, 0xfb, 2, 0xff);
        assertThat(ListpackCodec.write(List.of(b("300")))).containsExactly(10, 0, 0, 0, 1, 0, 0xc1, 0x2c, 2, 0xff);
        assertThat(ListpackCodec.write(List.of(b("40000"))))
                .containsExactly(12, 0, 0, 0, 1, 0, 0xf2, 0x40, 0x9c, 0x00, 4, 0xff);
    }

    @Test
    void aWrongBacklenCountOrTerminatorIsRefused() {
        byte[] ok = ListpackCodec.write(List.of(b("ab"), b("7")));
        byte[] backlen = ok.clone();
        backlen[9] = 9;
        assertThatThrownBy(() -> ListpackCodec.read(backlen)).isInstanceOf(MalformedPayloadException.class);
        byte[] count = ok.clone();
        count[4] = 3;
        assertThatThrownBy(() -> ListpackCodec.read(count)).isInstanceOf(MalformedPayloadException.class);
        byte[] end = ok.clone();
        end[end.length - 1] = 0;
        assertThatThrownBy(() -> ListpackCodec.read(end)).isInstanceOf(MalformedPayloadException.class);
        byte[] encoding = ok.clone();
        encoding[6] = (byte) 0xf5;
        assertThatThrownBy(() -> ListpackCodec.read(encoding)).isInstanceOf(MalformedPayloadException.class);
        byte[] unknownCount = ok.clone();
        unknownCount[4] = (byte) 0xff;
        unknownCount[5] = (byte) 0xff;
        assertThat(ListpackCodec.read(unknownCount)).hasSize(2);
    }
}
