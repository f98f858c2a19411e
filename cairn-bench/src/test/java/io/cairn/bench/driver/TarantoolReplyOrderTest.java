package io.cairn.bench.driver;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.bench.driver.iproto.IprotoFormat;
import io.cairn.bench.driver.iproto.IprotoFrame;
import io.cairn.bench.driver.iproto.IprotoFrameReader;
import io.cairn.bench.driver.iproto.RequestBuffer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * How {@link TarantoolConnection} matches replies to requests, against a scripted fake server
 * that answers in the order a test chooses: the reordering a real Tarantool shows only under WAL
 * load, made deterministic.
 */
class TarantoolReplyOrderTest {
    private ServerSocket server;

    @BeforeEach
    void listen() throws IOException {
        server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
    }

    @AfterEach
    void stop() throws IOException {
        server.close();
    }

    private InetSocketAddress address() {
        return new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getLocalPort());
    }

    /** A fake server's side of one connection: the greeting, then requests read and replies written. */
    private static final class FakeTarantool implements AutoCloseable {
        final Socket socket;
        final IprotoFrameReader requests;
        final OutputStream out;

        FakeTarantool(ServerSocket server, String greeting) throws IOException {
            socket = server.accept();
            socket.setSoTimeout(10_000);
            requests = new IprotoFrameReader(socket.getInputStream());
            out = socket.getOutputStream();
            byte[] g = new byte[IprotoFormat.GREETING_BYTES];
            Arrays.fill(g, (byte) ' ');
            byte[] line = greeting.getBytes(US_ASCII);
            System.arraycopy(line, 0, g, 0, Math.min(line.length, 63));
            g[63] = '\n';
            g[127] = '\n';
            out.write(g);
        }

        /** The syncs of the next {@code n} requests. */
        List<Long> readRequests(int n) throws IOException {
            List<Long> syncs = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                IprotoFrame request = requests.next(); // a request's type sits where a reply's code does
                assertThat(request.code()).isEqualTo(IprotoFormat.SELECT);
                syncs.add(request.sync());
            }
            return syncs;
        }

        void replyValue(long code, long sync, String value) throws IOException {
            RequestBuffer reply = new RequestBuffer(64); // a reply frame has a request's shape
            int at = reply.begin();
            byte[] v = value.getBytes(US_ASCII);
            reply.packer().packMapHeader(3).packLong(IprotoFormat.REQUEST_TYPE).packLong(code)
                    .packLong(IprotoFormat.SYNC).packLong(sync).packLong(IprotoFormat.SCHEMA_VERSION).packLong(80);
            reply.packer().packMapHeader(1).packLong(IprotoFormat.DATA).packArrayHeader(1)
                    .packArrayHeader(2).packString("k").packBinaryHeader(v.length).writePayload(v);
            reply.end(at);
            reply.writeTo(out);
        }

        void replyError(long sync, int errorCode, String message) throws IOException {
            RequestBuffer reply = new RequestBuffer(64);
            int at = reply.begin();
            reply.packer().packMapHeader(2).packLong(IprotoFormat.REQUEST_TYPE)
                    .packLong(IprotoFormat.ERROR_FLAG | errorCode).packLong(IprotoFormat.SYNC).packLong(sync);
            reply.packer().packMapHeader(2).packLong(0x52).packMapHeader(0) // 2.4+'s error map, which the driver skips
                    .packLong(IprotoFormat.ERROR).packString(message);
            reply.end(at);
            reply.writeTo(out);
        }

        /** A reply whose DATA is a string where the driver expects an array of tuples. */
        void replyMalformed(long sync) throws IOException {
            RequestBuffer reply = new RequestBuffer(64);
            int at = reply.begin();
            reply.packer().packMapHeader(2).packLong(IprotoFormat.REQUEST_TYPE).packLong(IprotoFormat.OK)
                    .packLong(IprotoFormat.SYNC).packLong(sync);
            reply.packer().packMapHeader(1).packLong(IprotoFormat.DATA).packString("not tuples");
            reply.end(at);
            reply.writeTo(out);
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    private Connection connect() throws IOException {
        return new TarantoolProtocol().connect(address(), 5000);
    }

    @Test
    void repliesThatOvertakeEarlierOnesAreReturnedInRequestOrder() throws Exception {
        CompletableFuture<List<Long>> script = CompletableFuture.supplyAsync(() -> {
            try (FakeTarantool fake = new FakeTarantool(server, "Tarantool 2.6.0 (Binary) fake")) {
                List<Long> syncs = fake.readRequests(4);
                fake.replyValue(IprotoFormat.OK, syncs.get(2), "third");
                fake.replyValue(IprotoFormat.CHUNK, syncs.get(0), "a push, skipped");
                fake.replyValue(IprotoFormat.OK, syncs.get(3), "fourth");
                fake.replyValue(IprotoFormat.OK, syncs.get(0), "first");
                fake.replyError(syncs.get(1), 36, "Space '513' does not exist");
                fake.socket.getInputStream().read(); // until the client closes
                return syncs;
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        try (Connection c = connect()) {
            for (int i = 0; i < 4; i++) {
                c.send(new Command.GetValue("k"));
            }
            c.flush();
            assertThat(c.receive().value()).isEqualTo("first".getBytes(US_ASCII));
            assertThat(c.receive()).isEqualTo(Reply.error("Space '513' does not exist"));
            assertThat(c.receive().value()).isEqualTo("third".getBytes(US_ASCII));
            assertThat(c.receive().value()).isEqualTo("fourth".getBytes(US_ASCII));
        }
        assertThat(script.get(10, TimeUnit.SECONDS)).as("syncs count up from 1").containsExactly(1L, 2L, 3L, 4L);
    }

    @Test
    void aSecondReplyForAnAnsweredSyncBreaksTheConnection() throws Exception {
        CompletableFuture<Void> script = CompletableFuture.runAsync(() -> {
            try (FakeTarantool fake = new FakeTarantool(server, "Tarantool 2.6.0 (Binary) fake")) {
                List<Long> syncs = fake.readRequests(2);
                fake.replyValue(IprotoFormat.OK, syncs.get(0), "once");
                fake.replyValue(IprotoFormat.OK, syncs.get(0), "twice");
                fake.socket.getInputStream().read();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        try (Connection c = connect()) {
            c.send(new Command.GetValue("k"));
            c.send(new Command.GetValue("k"));
            c.flush();
            assertThat(c.receive().value()).isEqualTo("once".getBytes(US_ASCII));
            assertThatThrownBy(c::receive).isInstanceOf(IOException.class)
                    .hasMessageContaining("a second reply for sync 1");
        }
        script.get(10, TimeUnit.SECONDS);
    }

    @Test
    void aMalformedReplyIsAnIOExceptionNotAnUncheckedOne() throws Exception {
        CompletableFuture<Void> script = CompletableFuture.runAsync(() -> {
            try (FakeTarantool fake = new FakeTarantool(server, "Tarantool 2.6.0 (Binary) fake")) {
                fake.replyMalformed(fake.readRequests(1).getFirst());
                fake.socket.getInputStream().read();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        try (Connection c = connect()) {
            c.send(new Command.GetValue("k"));
            c.flush();
            assertThatThrownBy(c::receive).isInstanceOf(IOException.class)
                    .hasMessageStartingWith("protocol: reply to sync 1: ");
        }
        script.get(10, TimeUnit.SECONDS);
    }

    @Test
    void aServerThatIsNotTarantoolIsRefusedAtConnect() throws Exception {
        CompletableFuture<Void> script = CompletableFuture.runAsync(() -> {
            try (FakeTarantool fake = new FakeTarantool(server, "+OK not tarantool")) {
                fake.socket.getInputStream().read();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        assertThatThrownBy(this::connect).isInstanceOf(IOException.class)
                .hasMessageContaining("greeting starts with \"+OK not tarantool\"");
        script.get(10, TimeUnit.SECONDS);
    }

    @Test
    void aServerThatSendsNoGreetingTimesOut() {
        // The listen backlog completes the TCP handshake; nobody accepts, so no greeting comes.
        long start = System.nanoTime();
        assertThatThrownBy(() -> new TarantoolProtocol().connect(address(), 200))
                .isInstanceOf(java.net.SocketTimeoutException.class);
        assertThat(System.nanoTime() - start).isLessThan(TimeUnit.SECONDS.toNanos(5));
    }

    @Test
    void receiveWithNothingOutstandingIsAnError() throws Exception {
        CompletableFuture<Void> script = CompletableFuture.runAsync(() -> {
            try (FakeTarantool fake = new FakeTarantool(server, "Tarantool 2.6.0 (Binary) fake")) {
                fake.socket.getInputStream().read();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        try (Connection c = connect()) {
            assertThatThrownBy(c::receive).isInstanceOf(IllegalStateException.class);
        }
        script.get(10, TimeUnit.SECONDS);
    }
}
