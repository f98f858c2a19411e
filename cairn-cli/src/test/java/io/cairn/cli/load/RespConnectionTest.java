package io.cairn.cli.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Commands go out as arrays of bulk strings; every reply type a loader meets comes back parsed; limits hold. */
@Timeout(30)
class RespConnectionTest {

    private static Reply answer(String raw) throws IOException {
        try (FakeRespServer fake = new FakeRespServer(c -> raw);
                RespConnection c = RespConnection.open("127.0.0.1", fake.port(), 5_000)) {
            return c.call("PING");
        }
    }

    @Test
    void everyReplyTypeIsParsed() throws Exception {
        assertThat(answer("+OK\r\n")).isEqualTo(new Reply.Simple("OK"));
        assertThat(answer("-ERR no\r\n")).isEqualTo(new Reply.Error("ERR no"));
        assertThat(answer(":-42\r\n")).isEqualTo(new Reply.Int(-42));
        assertThat(answer("$-1\r\n")).isEqualTo(new Reply.Null());
        assertThat(answer("*-1\r\n")).isEqualTo(new Reply.Null());
        assertThat(Reply.textOf(answer("$5\r\na\r\nb!\r\n"))).isEqualTo("a\r\nb!");
        Reply nested = answer("*3\r\n+a\r\n*1\r\n:1\r\n$0\r\n\r\n");
        assertThat(nested).isInstanceOf(Reply.Array.class);
        List<Reply> items = ((Reply.Array) nested).items();
        assertThat(items.get(0)).isEqualTo(new Reply.Simple("a"));
        assertThat(items.get(1)).isEqualTo(new Reply.Array(List.of(new Reply.Int(1))));
        assertThat(Reply.textOf(items.get(2))).isEmpty();
    }

    @Test
    void pipelinedCommandsAreAnsweredInOrder() throws Exception {
        try (FakeRespServer fake = new FakeRespServer(c -> "$" + c.get(1).length() + "\r\n" + c.get(1) + "\r\n");
                RespConnection c = RespConnection.open("127.0.0.1", fake.port(), 5_000)) {
            for (int i = 0; i < 50; i++) {
                c.write("ECHO".getBytes(StandardCharsets.US_ASCII), ("m" + i).getBytes(StandardCharsets.US_ASCII));
            }
            c.flush();
            for (int i = 0; i < 50; i++) {
                assertThat(Reply.textOf(c.read())).isEqualTo("m" + i);
            }
            assertThat(fake.commands()).hasSize(50).startsWith(List.of("ECHO", "m0"));
        }
    }

    @Test
    void limitsAreCheckedBeforeAllocating() {
        assertThatThrownBy(() -> answer("$999999999999\r\n"))
                .hasMessageEndingWith("bulk length: 999999999999 (expected: -1 <= length <= 67108864)");
        assertThatThrownBy(() -> answer("*2000000\r\n"))
                .hasMessageEndingWith("array length: 2000000 (expected: -1 <= length <= 1048576)");
        assertThatThrownBy(() -> answer("*1\r\n".repeat(40) + ":1\r\n"))
                .hasMessageEndingWith("array depth: 33 (expected: <= 32)");
        assertThatThrownBy(() -> answer("?what\r\n")).hasMessageEndingWith("reply type: '?' (expected: one of + - : $ *)");
        assertThatThrownBy(() -> answer(":12x\r\n")).hasMessageEndingWith("number: '12x' (expected: an integer)");
    }

    @Test
    void aConnectionClosedMidReplyIsAnError() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                RespConnection c = RespConnection.open("127.0.0.1", server.getLocalPort(), 5_000)) {
            try (Socket s = server.accept()) {
                s.getOutputStream().write("+OK".getBytes(StandardCharsets.US_ASCII));
            }
            assertThatThrownBy(c::read).isInstanceOf(IOException.class)
                    .hasMessage("connection to 127.0.0.1:" + server.getLocalPort()
                            + " failed during read: connection closed by the server inside a reply");
        }
    }
}
