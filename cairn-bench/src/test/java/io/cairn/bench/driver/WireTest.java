package io.cairn.bench.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The reads Memcached's text protocol relies on, over a real loopback socket fed by the test. */
class WireTest {

    /** A Wire whose peer has already sent {@code text} and closed. */
    private static Wire wireReading(String text) throws IOException {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Wire wire = Wire.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getLocalPort()), 5000);
            try (Socket peer = server.accept(); OutputStream out = peer.getOutputStream()) {
                out.write(text.getBytes(StandardCharsets.ISO_8859_1));
            }
            return wire;
        }
    }

    @Test
    void numbersParseAcrossTheWholeLongRange() throws IOException {
        String[] numbers = {"0", "-1", "42", "999999999999999999", "9223372036854775807", "-9223372036854775808"};
        try (Wire w = wireReading(String.join("\r\n", numbers) + "\r\n")) {
            for (String n : numbers) {
                int len = w.readLine();
                assertThat(w.parseDecimal(0, len)).isEqualTo(Long.parseLong(n));
            }
        }
    }

    @Test
    void numbersOutsideALongOrNotNumbersBreakTheProtocol() throws IOException {
        String[] bad = {"9223372036854775808", "-9223372036854775809", "12x", "-", "", "99999999999999999999"};
        try (Wire w = wireReading(String.join("\r\n", bad) + "\r\n")) {
            for (String n : bad) {
                int len = w.readLine();
                assertThatThrownBy(() -> w.parseDecimal(0, len)).as(n).isInstanceOf(IOException.class)
                        .hasMessageStartingWith("protocol: ");
            }
        }
    }

    @Test
    void linesAndDataSpanBufferRefills() throws IOException {
        String big = "x".repeat(200_000);
        try (Wire w = wireReading("head\r\n" + big + "\r\n" + big + "\r\ntail\r\n")) {
            int len = w.readLine();
            assertThat(w.lineString(len)).isEqualTo("head");
            assertThat(new String(w.readExactly(big.length()), StandardCharsets.ISO_8859_1)).isEqualTo(big);
            w.expectCrlf();
            assertThat(new String(w.readExactly(big.length()), StandardCharsets.ISO_8859_1)).isEqualTo(big);
            w.expectCrlf();
            len = w.readLine();
            assertThat(w.lineString(len)).isEqualTo("tail");
            assertThatThrownBy(w::read).isInstanceOf(java.io.EOFException.class);
        }
    }
}
