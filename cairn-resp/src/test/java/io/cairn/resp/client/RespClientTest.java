package io.cairn.resp.client;

import io.cairn.resp.RespProtocolException;
import io.cairn.resp.RespReplyDecoder.Token;
import io.cairn.resp.RespReplyLimits;
import io.cairn.resp.RespValue;
import io.cairn.resp.testing.ScriptedRespServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.EOFException;
import java.io.IOException;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The client over real loopback sockets, against a scripted server. */
@Timeout(60)
class RespClientTest {
    private static final RespClient.Options OPTIONS = RespClient.Options.DEFAULT.withReadTimeoutMillis(10_000);

    private static RespValue bulk(String s) {
        return RespValue.bulk(s);
    }

    /** The reply to one PING from a server that answers {@code raw}. */
    private static RespValue answer(String raw, RespClient.Options options) throws IOException {
        try (ScriptedRespServer server = new ScriptedRespServer(c -> raw);
                RespClient c = RespClient.connect(server.address(), options)) {
            return c.call("PING");
        }
    }

    private static RespValue answer(String raw) throws IOException {
        return answer(raw, OPTIONS);
    }

    @Test
    void everyReplyTypeArrivesAsItsValue() throws IOException {
        assertThat(answer("+OK\r\n")).isEqualTo(RespValue.OK);
        assertThat(answer("-ERR no\r\n")).isEqualTo(RespValue.error("ERR no"));
        assertThat(answer(":-42\r\n")).isEqualTo(RespValue.integer(-42));
        assertThat(answer("$5\r\na\r\nb!\r\n")).isEqualTo(bulk("a\r\nb!"));
        assertThat(answer("$-1\r\n")).isEqualTo(RespValue.NULL);
        assertThat(answer("*-1\r\n")).isEqualTo(RespValue.NULL_ARRAY);
        assertThat(answer("*3\r\n+a\r\n*1\r\n:1\r\n$0\r\n\r\n"))
                .isEqualTo(RespValue.array(List.of(RespValue.simple("a"), RespValue.array(List.of(RespValue.ONE)), bulk(""))));
        assertThat(answer("%1\r\n$1\r\nk\r\n~1\r\n#t\r\n")).isEqualTo(new RespValue.MapReply(
                List.of(Map.entry(bulk("k"), new RespValue.SetReply(List.of(new RespValue.BooleanReply(true)))))));
        assertThat(answer("|1\r\n+a\r\n+b\r\n,2.5\r\n")).isEqualTo(new RespValue.DoubleReply(2.5));
        assertThat(answer("(123456789012345678901234567890\r\n"))
                .isEqualTo(new RespValue.BigNumber(new BigInteger("123456789012345678901234567890")));
        assertThat(answer("!3\r\nERR\r\n")).isEqualTo(RespValue.error("ERR"));
        assertThat(answer("=7\r\ntxt:abc\r\n")).isEqualTo(new RespValue.VerbatimString("txt", "abc"));
        assertThat(answer(">2\r\n+a\r\n_\r\n")).isEqualTo(new RespValue.PushReply(List.of(RespValue.simple("a"), RespValue.NULL)));
    }

    @Test
    void pipelinedCommandsAreAnsweredInOrder() throws IOException {
        try (ScriptedRespServer server = new ScriptedRespServer(c -> "$" + c.get(1).length() + "\r\n" + c.get(1) + "\r\n");
                RespClient c = RespClient.connect(server.address(), OPTIONS)) {
            for (int i = 0; i < 50; i++) {
                c.send("ECHO".getBytes(StandardCharsets.US_ASCII), ("m" + i).getBytes(StandardCharsets.US_ASCII));
            }
            c.flush();
            for (int i = 0; i < 50; i++) {
                assertThat(RespValue.textOf(c.read())).isEqualTo("m" + i);
            }
            assertThat(server.commands()).hasSize(50).startsWith(List.of("ECHO", "m0"));
        }
    }

    @Test
    void commandsAndRepliesLargerThanTheBuffersArriveWhole() throws IOException {
        String big = "x".repeat(200_000);
        try (ScriptedRespServer server = new ScriptedRespServer(c -> c.getFirst().equals("GET")
                        ? "$" + big.length() + "\r\n" + big + "\r\n" : "+OK\r\n");
                RespClient c = RespClient.connect(server.address(), OPTIONS)) {
            c.send("SET".getBytes(StandardCharsets.US_ASCII), "k".getBytes(StandardCharsets.US_ASCII),
                    big.getBytes(StandardCharsets.US_ASCII)); // sent from the caller's array
            c.send("SET", "k2", big); // encoded into the buffer, which grows
            for (int i = 0; i < 5000; i++) { // 100 KB of small commands: the buffer drains before flush
                c.writeArrayHeader(3);
                c.writeBulk("SET");
                c.writeBulk(i);
                c.writeBulk(-i);
            }
            c.send("GET", "k");
            c.flush();
            for (int i = 0; i < 5002; i++) {
                assertThat(c.read()).isEqualTo(RespValue.OK);
            }
            assertThat(c.read()).isEqualTo(bulk(big));
            assertThat(server.commands()).hasSize(5003);
            assertThat(server.commands().get(0)).containsExactly("SET", "k", big);
            assertThat(server.commands().get(1)).containsExactly("SET", "k2", big);
            assertThat(server.commands().get(4001)).containsExactly("SET", "3999", "-3999");
        }
    }

    @Test
    void tokensLetACallerCountAndSkipWithoutBuildingValues() throws IOException {
        try (ScriptedRespServer server = new ScriptedRespServer(c -> c.getFirst().equals("HGETALL")
                        ? "*4\r\n$2\r\nf1\r\n$2\r\nv1\r\n|1\r\n+ttl\r\n:1\r\n$2\r\nf2\r\n*1\r\n$2\r\nv2\r\n" : ":7\r\n");
                RespClient c = RespClient.connect(server.address(), OPTIONS)) {
            c.send("HGETALL", "h");
            c.send("INCR", "n");
            c.flush();
            Token first = c.next();
            assertThat(first).isEqualTo(Token.ARRAY);
            assertThat(c.reply().length()).isEqualTo(4);
            assertThat(c.next()).isEqualTo(Token.BULK_STRING);
            assertThat(c.reply().text()).isEqualTo("f1");
            c.skip(first);
            assertThat(c.next()).isEqualTo(Token.INTEGER);
            assertThat(c.reply().integer()).isEqualTo(7);
            assertThat(c.reply().replyEnded()).isTrue();
        }
    }

    @Test
    void helloSwitchesTheProtocolOrFailsWithTheServersWords() throws IOException {
        try (ScriptedRespServer server = new ScriptedRespServer(c -> c.get(1).equals("3")
                        ? "%2\r\n$6\r\nserver\r\n$5\r\ncairn\r\n$5\r\nproto\r\n:3\r\n"
                        : "-NOPROTO unsupported protocol version\r\n");
                RespClient c = RespClient.connect(server.address(), OPTIONS)) {
            assertThat(c.protocol()).isEqualTo(2);
            RespValue hello = c.hello(3);
            assertThat(hello).isInstanceOf(RespValue.MapReply.class);
            assertThat(c.protocol()).isEqualTo(3);
            assertThatThrownBy(() -> c.hello(2, "default", "pw")).isInstanceOf(IOException.class)
                    .hasMessage("HELLO 2 refused by " + c.peer() + ": NOPROTO unsupported protocol version");
            assertThat(c.protocol()).isEqualTo(3);
            assertThat(server.commands().getLast()).containsExactly("HELLO", "2", "AUTH", "default", "pw");
        }
    }

    @Test
    void aProtocolErrorNamesTheServerAndClosesTheConnection() throws IOException {
        RespClient.Options options = OPTIONS.withLimits(RespReplyLimits.DEFAULT.withMaxBulkBytes(64 << 20).withMaxDepth(32));
        assertThatThrownBy(() -> answer("$999999999999\r\n", options))
                .hasMessageMatching("protocol error from 127\\.0\\.0\\.1:\\d+: bulk length: 999999999999 \\(expected: <= 67108864\\)")
                .hasCauseInstanceOf(RespProtocolException.class);
        assertThatThrownBy(() -> answer("*1\r\n".repeat(40) + ":1\r\n", options))
                .hasMessageEndingWith("nesting depth: 33 (expected: <= 32)");
        assertThatThrownBy(() -> answer("?what\r\n", options))
                .hasMessageEndingWith("reply type: '?' (expected: one of + - : $ * _ # , ( ! = % ~ | >)");

        try (ScriptedRespServer server = new ScriptedRespServer(c -> ":12x\r\n");
                RespClient c = RespClient.connect(server.address(), OPTIONS)) {
            assertThatThrownBy(() -> c.call("PING")).hasMessageEndingWith("integer: '12x' (expected: an integer)");
            assertThatThrownBy(() -> c.call("PING")).as("later calls fail alike")
                    .isInstanceOf(IOException.class).hasMessageEndingWith("integer: '12x' (expected: an integer)");
            assertThatThrownBy(c::read).hasMessageEndingWith("integer: '12x' (expected: an integer)");
            assertThatThrownBy(c::next).hasMessageEndingWith("integer: '12x' (expected: an integer)");
        }
    }

    @Test
    void aConnectionClosedBetweenOrInsideRepliesIsAnEndOfFile() throws Exception {
        for (String sent : List.of("", "+OK")) {
            try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                    RespClient c = RespClient.connect("127.0.0.1", server.getLocalPort(), OPTIONS)) {
                try (Socket s = server.accept()) {
                    s.getOutputStream().write(sent.getBytes(StandardCharsets.US_ASCII));
                }
                assertThatThrownBy(c::read).isInstanceOf(EOFException.class)
                        .hasMessage("connection to 127.0.0.1:" + server.getLocalPort()
                                + " failed during read: connection closed by the server" + (sent.isEmpty() ? "" : " inside a reply"));
            }
        }
    }

    @Test
    void aReadThatWaitsLongerThanTheTimeoutFails() throws IOException {
        try (ScriptedRespServer server = new ScriptedRespServer(c -> null);
                RespClient c = RespClient.connect(server.address(), OPTIONS.withReadTimeoutMillis(200))) {
            assertThatThrownBy(() -> c.call("PING")).isInstanceOf(SocketTimeoutException.class)
                    .hasMessage("no reply from 127.0.0.1:" + server.port() + " within 1 s");
        }
    }

    @Test
    void anUnreachableServerIsAClearError() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        assertThatThrownBy(() -> RespClient.connect("127.0.0.1", port, OPTIONS))
                .isInstanceOf(IOException.class).hasMessageStartingWith("cannot connect to 127.0.0.1:" + port + ": ");
    }

    @Test
    void abortFailsABlockedWriteWithTheReason() throws Exception {
        try (ScriptedRespServer server = new ScriptedRespServer(c -> "+OK\r\n", true);
                RespClient c = RespClient.connect(server.address(), OPTIONS)) {
            byte[] big = new byte[32 << 20]; // far more than the socket buffers hold
            CompletableFuture<Void> write = CompletableFuture.runAsync(() -> {
                try {
                    c.send("SET".getBytes(StandardCharsets.US_ASCII), big);
                    c.flush();
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (c.writeBlockedSince() == 0 && !write.isDone() && System.nanoTime() < deadline) {
                LockSupport.parkNanos(1_000_000); // polls the condition a watchdog polls
            }
            assertThat(c.writeBlockedSince()).as("the write blocks").isNotZero();
            c.abort("no progress writing for 1 s");
            assertThatThrownBy(write::join).hasRootCauseInstanceOf(IOException.class)
                    .cause().cause().hasMessage("no progress writing for 1 s");
            assertThat(c.writeBlockedSince()).isZero();
            assertThatThrownBy(() -> c.call("PING")).hasMessage("no progress writing for 1 s");
        }
    }

    @Test
    void oneThreadMayWriteWhileAnotherReads() throws Exception {
        int commands = 20_000;
        try (ScriptedRespServer server = new ScriptedRespServer(c -> ":" + c.get(1) + "\r\n");
                RespClient c = RespClient.connect(server.address(), OPTIONS)) {
            CompletableFuture<Long> reader = CompletableFuture.supplyAsync(() -> {
                long sum = 0;
                try {
                    for (int i = 0; i < commands; i++) {
                        assertThat(c.next()).isEqualTo(Token.INTEGER);
                        assertThat(c.reply().integer()).isEqualTo(i);
                        sum += c.reply().integer();
                    }
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
                return sum;
            });
            for (int i = 0; i < commands; i++) {
                c.writeArrayHeader(2);
                c.writeBulk("ECHO");
                c.writeBulk(i);
                if (i % 100 == 99) {
                    c.flush();
                }
            }
            c.flush();
            assertThat(reader.get(30, TimeUnit.SECONDS)).isEqualTo((long) commands * (commands - 1) / 2);
        }
    }

    @Test
    void closingMakesABlockedReadFail() throws Exception {
        try (ScriptedRespServer server = new ScriptedRespServer(c -> null);
                RespClient c = RespClient.connect(server.address(), OPTIONS)) {
            c.send("PING");
            c.flush();
            CompletableFuture<RespValue> read = CompletableFuture.supplyAsync(() -> {
                try {
                    return c.read();
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (server.commands().isEmpty() && System.nanoTime() < deadline) {
                LockSupport.parkNanos(1_000_000); // waits for the server to have the command
            }
            c.close();
            assertThatThrownBy(() -> read.get(30, TimeUnit.SECONDS)).hasRootCauseInstanceOf(java.net.SocketException.class)
                    .rootCause().hasMessageContaining("closed");
        }
    }
}
