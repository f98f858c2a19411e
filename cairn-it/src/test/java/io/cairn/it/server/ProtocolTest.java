package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Raw bytes over a socket: inline commands, mixed pipelines, malformed and oversized frames. */
class ProtocolTest {
    @TempDir
    Path dir;
    TestServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    /** Sends {@code request} in one write and reads until {@code expected} bytes arrived or the peer closed. */
    private String exchange(String request, int expected) throws IOException {
        try (Socket s = new Socket("127.0.0.1", server.port())) {
            s.setSoTimeout(10_000);
            s.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            s.getOutputStream().flush();
            InputStream in = s.getInputStream();
            ByteArrayOutputStream got = new ByteArrayOutputStream();
            byte[] buf = new byte[8192];
            try {
                while (got.size() < expected) {
                    int n = in.read(buf);
                    if (n < 0) {
                        break;
                    }
                    got.write(buf, 0, n);
                }
            } catch (SocketTimeoutException e) {
                // return what arrived; the assertion says what was missing
            }
            return got.toString(StandardCharsets.ISO_8859_1);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"none", "write", "fsync"})
    void repliesToAMixedPipelineComeInOrderEvenBehindUnsyncedWrites(String wal) throws IOException {
        server = TestServer.start(dir, wal);
        String request = "SET a 1\r\nPING\r\n\r\n*2\r\n$4\r\nECHO\r\n$3\r\nhi!\r\nGET a\r\nINCR a\r\n";
        String expected = "+OK\r\n+PONG\r\n$3\r\nhi!\r\n$1\r\n1\r\n:2\r\n";
        assertThat(exchange(request, expected.length())).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"none", "write", "fsync"})
    void aReplyThatNeedsNoDurabilityBehindOneThatDoesIsStillSent(String wal) throws IOException {
        server = TestServer.start(dir, wal);
        // The tail of the batch (PING, ECHO) has no durability of its own: it must not stall
        // behind the SET's fsync (redis-cli --pipe ends every load this way).
        String expected = "+OK\r\n+PONG\r\n$2\r\nok\r\n";
        assertThat(exchange("SET a 1\r\nPING\r\nECHO ok\r\n", expected.length())).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"none", "fsync"})
    void inlineCommandsWorkAsFromTelnet(String wal) throws IOException {
        server = TestServer.start(dir, wal);
        String expected = "+OK\r\n$11\r\nhello world\r\n";
        assertThat(exchange("set greeting \"hello world\"\r\nget greeting\r\n", expected.length())).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "*1\r\n$x\r\n|-ERR Protocol error: invalid bulk length\r\n",
        "*abc\r\n|-ERR Protocol error: invalid multibulk length\r\n",
        "*1\r\n+PING\r\n|-ERR Protocol error: expected '$', got '+'\r\n",
        "set a \"unbalanced\r\n|-ERR Protocol error: unbalanced quotes in request\r\n"})
    void malformedFrameGetsRedisWordsAndOnlyThatConnectionCloses(String caseText) throws IOException {
        server = TestServer.start(dir, "none");
        String[] parts = caseText.split("\\|");
        assertThat(exchange("PING\r\n" + parts[0], 1 << 16)).isEqualTo("+PONG\r\n" + parts[1]);
        assertThat(exchange("PING\r\n", 7)).as("the server still serves").isEqualTo("+PONG\r\n");
    }

    @ParameterizedTest
    @ValueSource(strings = {"none", "fsync"})
    void repliesBeforeAMalformedFrameAreStillSent(String wal) throws IOException {
        server = TestServer.start(dir, wal);
        String expected = "+OK\r\n+OK\r\n-ERR Protocol error: invalid bulk length\r\n";
        assertThat(exchange("SET a 1\r\nSET b 2\r\n*1\r\n$x\r\n", 1 << 16)).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"none"})
    void aClientThatStopsReadingStopsBeingRead(String wal) throws Exception {
        server = TestServer.start(dir, wal);
        try (Socket greedy = new Socket()) {
            greedy.setReceiveBufferSize(4096);
            greedy.connect(new java.net.InetSocketAddress("127.0.0.1", server.port()));
            byte[] chunk = "PING\r\n".repeat(10_000).getBytes(StandardCharsets.US_ASCII);
            Thread writer = Thread.ofPlatform().daemon(true).start(() -> {
                try {
                    for (int i = 0; i < 2_000; i++) { // 120 MB if the server kept reading
                        greedy.getOutputStream().write(chunk);
                    }
                } catch (IOException e) {
                    // closed at the end of the test
                }
            });
            try (redis.clients.jedis.Jedis j = new redis.clients.jedis.Jedis("127.0.0.1", server.port())) {
                // Wait until the server's input count stops moving: it has stopped reading.
                long in = inputBytes(j);
                long deadline = System.nanoTime() + 10_000_000_000L;
                for (long before = -1; in != before && System.nanoTime() < deadline; ) {
                    before = in;
                    java.util.concurrent.locks.LockSupport.parkNanos(200_000_000L);
                    in = inputBytes(j);
                }
                assertThat(in).as("the server stopped reading once the client stopped reading").isLessThan(32L << 20);
            }
            assertThat(writer.isAlive()).as("the client's writes are blocked by TCP flow control").isTrue();
        }
    }

    private static long inputBytes(redis.clients.jedis.Jedis j) {
        return Long.parseLong(j.info("stats").lines().filter(l -> l.startsWith("total_net_input_bytes:"))
                .findFirst().orElseThrow().split(":")[1].strip());
    }

    @ParameterizedTest
    @ValueSource(strings = {"none"})
    void oversizedBulkIsRefusedBeforeAllocation(String wal) throws IOException {
        server = TestServer.start(dir, wal, "proto-max-bulk-len", "1mb");
        String reply = exchange("*2\r\n$3\r\nGET\r\n$2000000000\r\n", 1 << 16);
        assertThat(reply).isEqualTo("-ERR Protocol error: invalid bulk length\r\n");
        String tooManyArgs = exchange("*2000000000\r\n", 1 << 16);
        assertThat(tooManyArgs).isEqualTo("-ERR Protocol error: invalid multibulk length\r\n");
        assertThat(exchange("PING\r\n", 7)).isEqualTo("+PONG\r\n");
    }
}
