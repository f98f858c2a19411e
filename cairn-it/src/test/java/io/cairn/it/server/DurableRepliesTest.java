package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.storage.io.LocalFileSystem;
import io.cairn.testkit.fs.HeldSyncFileSystem;
import io.cairn.testkit.fs.HeldSyncFileSystem.Op;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The README's promise over real sockets: a reply to a write leaves only once the write is durable
 * under the log's mode, and so does every reply behind it on its connection and every read, on any
 * connection, that sees it. The store's disk is a {@link HeldSyncFileSystem}: under
 * {@code --wal fsync} the log's fsync is held, under {@code --wal write} its {@code write()}, which
 * is what that mode waits for. Each case
 *
 * <ol>
 *   <li>holds the disk and sends its commands;
 *   <li>waits until the server has provably done all it can before the disk: the log's held
 *       operation was requested (the write is committed and its record at the disk), the server
 *       counted every command sent, and a PING on a probe connection was answered. There is one
 *       event loop ({@code io-threads 1}), so that answer leaves after the loop finished with the
 *       connections it read before: a reply written too early would be in our socket by now;
 *   <li>asserts that not one byte arrived on any connection;
 *   <li>releases the disk and asserts every reply's exact bytes, in order.
 * </ol>
 *
 * <p>No step waits a fixed time. The HTTP API counts no commands; there the probe, sent after the
 * GET on the same single event loop, stands for "the GET was read".
 */
class DurableRepliesTest {
    private static final Duration LONG = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    private final HeldSyncFileSystem disk = new HeldSyncFileSystem(LocalFileSystem.INSTANCE, HeldSyncFileSystem.walSegments());
    private final List<AutoCloseable> open = new ArrayList<>();
    private TestServer server;
    private Op held;
    private Wire probe;
    private long requestedBefore;
    private long commandsBefore;

    @AfterEach
    void stop() throws Exception {
        disk.release(); // before the close, which syncs the log
        for (AutoCloseable c : open) {
            c.close();
        }
        if (server != null) {
            server.close();
        }
    }

    private void start(String wal, boolean http) throws IOException {
        held = wal.equals("fsync") ? Op.SYNC : Op.WRITE;
        String[] settings = {"io-threads", "1", "checkpoint-interval", "0", "checkpoint-log-bytes", "0"};
        server = http ? TestServer.startWithHttp(disk, dir, wal, settings) : TestServer.start(disk, dir, wal, settings);
        probe = connect();
        probe.send("PING");
        probe.expect("+PONG\r\n");
    }

    private Wire connect() throws IOException {
        Wire w = new Wire(new Socket("127.0.0.1", server.port()));
        open.add(w);
        return w;
    }

    private RawHttpConnection http() throws IOException {
        RawHttpConnection c = new RawHttpConnection(server.httpPort());
        open.add(c);
        return c;
    }

    /** Holds the log's disk from here on; counts what is requested of it and the commands from here. */
    private void hold() {
        requestedBefore = disk.requested(held);
        commandsBefore = server.server.context().stats().commands();
        disk.hold(held);
    }

    /** Waits until the write sent since {@link #hold} has reached the held disk. */
    private void awaitWriteAtTheDisk() throws InterruptedException {
        disk.awaitRequested(held, requestedBefore + 1, LONG);
    }

    /**
     * Waits until the server has dispatched {@code commands} commands since {@link #hold} (not
     * counting probes) and the probe is answered, then asserts nothing arrived on {@code wires}.
     */
    private void assertNothingArrivedAfter(int commands, Wire... wires) throws Exception {
        awaitTrue(() -> server.server.context().stats().commands() >= commandsBefore + commands,
                commands + " commands dispatched");
        assertSilent(wires);
    }

    private void assertSilent(Wire... wires) throws IOException {
        probe.send("PING");
        probe.expect("+PONG\r\n");
        for (Wire w : wires) {
            assertThat(w.arrived()).as("what arrived before the log's disk was released").isEmpty();
        }
        assertThat(disk.waiting(held)).as("the log still waits on the held disk").isEqualTo(1);
    }

    private static void awaitTrue(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + LONG.toNanos();
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime() < deadline).as("within %s: %s", LONG, what).isTrue();
            Thread.sleep(1); // the count is kept on the event loop, which has no event to offer: poll it
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"fsync", "write"})
    void aWriteIsAnsweredOnlyOnceItIsDurable(String wal) throws Exception {
        start(wal, false);
        Wire a = connect();
        hold();
        a.send("SET", "k", "v");
        awaitWriteAtTheDisk();
        assertNothingArrivedAfter(1, a);
        disk.release();
        a.expect("+OK\r\n");
        a.send("GET", "k");
        a.expect("$1\r\nv\r\n");
    }

    @ParameterizedTest
    @ValueSource(strings = {"fsync", "write"})
    void readsPipelinedBehindAWriteWaitWithItAndArriveInOrder(String wal) throws Exception {
        start(wal, false);
        Wire a = connect();
        hold();
        a.pipeline(List.of(new String[] {"SET", "k", "v"}, new String[] {"GET", "k"}, new String[] {"STRLEN", "k"},
                new String[] {"GET", "other"}, new String[] {"PING"}));
        awaitWriteAtTheDisk();
        assertNothingArrivedAfter(5, a);
        disk.release();
        a.expect("+OK\r\n$1\r\nv\r\n:1\r\n$-1\r\n+PONG\r\n");
    }

    @ParameterizedTest
    @ValueSource(strings = {"fsync", "write"})
    void overResp3TheRepliesWaitTooAndKeepTheirResp3Types(String wal) throws Exception {
        start(wal, false);
        Wire a = connect();
        a.send("HELLO", "3");
        a.send("PING");
        a.skipUntil("+PONG\r\n"); // HELLO's map, whatever it holds, then the PONG
        hold();
        a.pipeline(List.of(new String[] {"HSET", "h", "f", "v"}, new String[] {"HGETALL", "h"}, new String[] {"GET", "none"}));
        awaitWriteAtTheDisk();
        assertNothingArrivedAfter(3, a);
        disk.release();
        a.expect(":1\r\n%1\r\n$1\r\nf\r\n$1\r\nv\r\n_\r\n");
    }

    @ParameterizedTest
    @ValueSource(strings = {"fsync", "write"})
    void aPubSubMessageWaitsBehindAnUnsyncedReplyAndDoesNotHoldThePublisher(String wal) throws Exception {
        start(wal, false);
        Wire subscriber = connect();
        Wire publisher = connect();
        subscriber.send("HELLO", "3");
        subscriber.send("SUBSCRIBE", "ch");
        subscriber.skipUntil(">3\r\n$9\r\nsubscribe\r\n$2\r\nch\r\n:1\r\n");
        hold();
        subscriber.send("SET", "k", "v");
        awaitWriteAtTheDisk();
        publisher.send("PUBLISH", "ch", "m");
        publisher.expect(":1\r\n"); // PUBLISH waits for no disk and no subscriber
        assertNothingArrivedAfter(2, subscriber);
        disk.release();
        subscriber.expect("+OK\r\n>3\r\n$7\r\nmessage\r\n$2\r\nch\r\n$1\r\nm\r\n");
    }

    @ParameterizedTest
    @ValueSource(strings = {"fsync", "write"})
    void aReadOnAnotherConnectionOfAnUnsyncedWriteWaitsForIt(String wal) throws Exception {
        start(wal, false);
        Wire writer = connect();
        Wire reader = connect();
        hold();
        writer.send("SET", "k", "v");
        awaitWriteAtTheDisk();
        reader.send("GET", "k");
        assertNothingArrivedAfter(2, writer, reader);
        disk.release();
        writer.expect("+OK\r\n");
        reader.expect("$1\r\nv\r\n");
    }

    @ParameterizedTest
    @ValueSource(strings = {"fsync", "write"})
    void execIsAnsweredOnlyOnceTheTransactionIsDurable(String wal) throws Exception {
        start(wal, false);
        Wire a = connect();
        Wire reader = connect();
        hold();
        a.pipeline(List.of(new String[] {"MULTI"}, new String[] {"SET", "n", "1"}, new String[] {"INCR", "n"},
                new String[] {"GET", "n"}, new String[] {"EXEC"}));
        a.expect("+OK\r\n+QUEUED\r\n+QUEUED\r\n+QUEUED\r\n"); // queueing writes nothing: those leave at once
        awaitWriteAtTheDisk();
        reader.send("GET", "n");
        assertNothingArrivedAfter(6, a, reader);
        disk.release();
        a.expect("*3\r\n+OK\r\n:2\r\n$1\r\n2\r\n");
        reader.expect("$1\r\n2\r\n");
    }

    @ParameterizedTest
    @ValueSource(strings = {"fsync", "write"})
    void overHttpAPutAndAGetOnAnotherConnectionWaitForTheDisk(String wal) throws Exception {
        start(wal, true);
        RawHttpConnection writer = http();
        RawHttpConnection reader = http();
        String body = "{\"a\":1}";
        hold();
        writer.send("PUT /docs/k HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: "
                + body.length() + "\r\n\r\n" + body);
        awaitWriteAtTheDisk();
        reader.send("GET /docs/k HTTP/1.1\r\nHost: x\r\n\r\n");
        assertSilent();
        assertThat(writer.available()).as("bytes of the PUT's reply before the release").isZero();
        assertThat(reader.available()).as("bytes of the GET's reply before the release").isZero();
        disk.release();
        RawHttpConnection.Response put = writer.read();
        assertThat(put.status()).isEqualTo(201);
        assertThat(put.body()).isEqualTo("{\"key\":\"k\",\"result\":\"created\"}");
        RawHttpConnection.Response get = reader.read();
        assertThat(get.status()).isEqualTo(200);
        assertThat(get.body()).isEqualTo(body);
    }

    /** A RESP connection on a plain socket: sends commands as arrays, reads exact bytes. Not thread-safe. */
    private static final class Wire implements AutoCloseable {
        private final Socket socket;
        private final InputStream in;
        private final OutputStream out;

        Wire(Socket socket) throws IOException {
            this.socket = socket;
            socket.setSoTimeout((int) LONG.toMillis());
            socket.setTcpNoDelay(true);
            this.in = socket.getInputStream();
            this.out = socket.getOutputStream();
        }

        void send(String... args) throws IOException {
            pipeline(List.<String[]>of(args));
        }

        /** Sends every command in one write. */
        void pipeline(List<String[]> commands) throws IOException {
            StringBuilder b = new StringBuilder();
            for (String[] args : commands) {
                b.append('*').append(args.length).append("\r\n");
                for (String a : args) {
                    b.append('$').append(a.getBytes(StandardCharsets.UTF_8).length).append("\r\n").append(a).append("\r\n");
                }
            }
            out.write(b.toString().getBytes(StandardCharsets.UTF_8));
            out.flush();
        }

        void expect(String bytes) throws IOException {
            byte[] got = in.readNBytes(bytes.getBytes(StandardCharsets.UTF_8).length);
            assertThat(new String(got, StandardCharsets.UTF_8)).isEqualTo(bytes);
        }

        /** Reads up to and including {@code end}. */
        void skipUntil(String end) throws IOException {
            StringBuilder got = new StringBuilder();
            while (!got.toString().endsWith(end)) {
                int c = in.read();
                assertThat(c).as("bytes before %s: %s", end, got).isNotNegative();
                got.append((char) c);
            }
        }

        /** What has arrived and is not read yet, without blocking. */
        String arrived() throws IOException {
            return new String(in.readNBytes(in.available()), StandardCharsets.UTF_8);
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}
