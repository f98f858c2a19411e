package io.cairn.bench.driver;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.bench.peer.Durability;
import io.cairn.bench.peer.MemcachedPeer;
import io.cairn.bench.peer.ProcessPeer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.SequencedMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link MemcachedProtocol} against a real memcached started by {@link MemcachedPeer}. */
class MemcachedProtocolTest {
    private static final Path MEMCACHED = Path.of("/usr/bin/memcached");
    private static ProcessPeer peer;
    private Connection c;

    @BeforeAll
    static void startMemcached() throws IOException {
        Assumptions.assumeTrue(Files.isExecutable(MEMCACHED),
                "memcached not installed: " + MEMCACHED + " missing (apt-get install memcached)");
        peer = MemcachedPeer.start(Durability.NONE, 64, 2);
    }

    @AfterAll
    static void stopMemcached() {
        if (peer != null) {
            peer.close();
        }
    }

    @BeforeEach
    void connect() throws IOException {
        c = peer.protocol().connect(peer.address(), 5000);
    }

    @AfterEach
    void disconnect() {
        c.close();
    }

    private Reply call(Command command) throws IOException {
        c.send(command);
        c.flush();
        return c.receive();
    }

    private static byte[] bytes(String s) {
        return s.getBytes(US_ASCII);
    }

    private static SequencedMap<String, byte[]> fields(String... namesAndValues) {
        SequencedMap<String, byte[]> m = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            m.put(namesAndValues[i], bytes(namesAndValues[i + 1]));
        }
        return m;
    }

    @Test
    void capabilitiesAreCountersOnly() {
        assertThat(peer.protocol().capabilities()).containsExactly(Capability.INCREMENT);
        assertThat(peer.protocol().name()).isEqualTo("memcached");
    }

    @Test
    void aRecordIsStoredAsOneValueAndReadBackAsItsFieldCount() throws IOException {
        SequencedMap<String, byte[]> record = fields("field0", "a", "field1", "\r\nEND\r\n", "field2", "c");
        assertThat(call(new Command.WriteRecord("rec:1", record, true))).isEqualTo(Reply.ok());
        assertThat(call(new Command.ReadRecord("rec:1"))).isEqualTo(Reply.ok(3));
        byte[] stored = call(new Command.GetValue("rec:1")).value();
        SequencedMap<String, byte[]> decoded = MemcachedProtocol.decodeRecord(stored);
        assertThat(decoded.keySet()).containsExactly("field0", "field1", "field2");
        assertThat(decoded.get("field1")).isEqualTo(bytes("\r\nEND\r\n"));
    }

    @Test
    void aMissingKeyReadsAsMissing() throws IOException {
        assertThat(call(new Command.ReadRecord("nobody"))).isEqualTo(Reply.missing());
        assertThat(call(new Command.GetValue("nobody"))).isEqualTo(Reply.missing());
    }

    @Test
    void aPlainValueReadAsARecordIsAWrongTypeError() throws IOException {
        call(new Command.SetValue("plain:1", bytes("hello")));
        Reply reply = call(new Command.ReadRecord("plain:1"));
        assertThat(reply.status()).isEqualTo(Reply.Status.ERROR);
        assertThat(reply.error()).startsWith("WRONGTYPE");
        assertThat(call(new Command.GetValue("plain:1")).value()).isEqualTo(bytes("hello"));
    }

    @Test
    void aPlainValueIsSetAndGot() throws IOException {
        byte[] value = new byte[100_000];
        for (int i = 0; i < value.length; i++) {
            value[i] = (byte) i;
        }
        assertThat(call(new Command.SetValue("plain:2", value))).isEqualTo(Reply.ok());
        assertThat(call(new Command.GetValue("plain:2")).value()).isEqualTo(value);
        assertThat(call(new Command.SetValue("plain:2", new byte[0]))).isEqualTo(Reply.ok());
        assertThat(call(new Command.GetValue("plain:2")).value()).isEmpty();
    }

    @Test
    void partialWritesScansAndFieldSetsAreUnsupportedAndSendNothing() throws IOException {
        assertThatThrownBy(() -> c.send(new Command.WriteRecord("rec:2", fields("field0", "a"), false)))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> c.send(new Command.Scan("rec:", 10)))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> c.send(new Command.SetField("rec:2", "field0", bytes("a"))))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThat(call(new Command.GetValue("rec:2"))).isEqualTo(Reply.missing());
    }

    @Test
    void incrementOfAMissingCounterIsMissingAndOfAPreloadedOneCounts() throws IOException {
        assertThat(call(new Command.Increment("counter:1"))).isEqualTo(Reply.missing());
        call(new Command.SetValue("counter:1", bytes("0")));
        assertThat(call(new Command.Increment("counter:1"))).isEqualTo(Reply.ok(1));
        assertThat(call(new Command.Increment("counter:1"))).isEqualTo(Reply.ok(2));
        assertThat(call(new Command.GetValue("counter:1")).value()).isEqualTo(bytes("2"));
    }

    @Test
    void incrementOfANonNumberIsMemcachedsError() throws IOException {
        call(new Command.SetValue("counter:text", bytes("abc")));
        assertThat(call(new Command.Increment("counter:text")))
                .isEqualTo(Reply.error("CLIENT_ERROR cannot increment or decrement non-numeric value"));
    }

    @Test
    void deleteCountsTheKeyItRemoved() throws IOException {
        call(new Command.SetValue("delete:1", bytes("x")));
        assertThat(call(new Command.Delete("delete:1"))).isEqualTo(Reply.ok(1));
        assertThat(call(new Command.Delete("delete:1"))).isEqualTo(Reply.ok(0));
        assertThat(call(new Command.GetValue("delete:1"))).isEqualTo(Reply.missing());
    }

    @Test
    void aKeyLongerThan250BytesIsAClientErrorAndTheConnectionStaysUsable() throws IOException {
        String longKey = "k".repeat(300);
        c.send(new Command.GetValue(longKey));
        c.send(new Command.Increment(longKey));
        c.send(new Command.Delete(longKey));
        c.send(new Command.SetValue("after:error", bytes("ok")));
        c.send(new Command.GetValue("after:error"));
        c.flush();
        for (int i = 0; i < 3; i++) {
            Reply r = c.receive();
            assertThat(r.status()).isEqualTo(Reply.Status.ERROR);
            assertThat(r.error()).startsWith("CLIENT_ERROR");
        }
        assertThat(c.receive()).isEqualTo(Reply.ok());
        assertThat(c.receive().value()).isEqualTo(bytes("ok"));
        assertThatThrownBy(() -> c.send(new Command.SetValue(longKey, bytes("x"))))
                .as("the server would read the value as a command").isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aThousandPipelinedCommandsComeBackInOrder() throws IOException {
        c.send(new Command.SetValue("pipe:counter", bytes("0")));
        for (int i = 0; i < 1000; i++) {
            switch (i % 4) {
                case 0 -> c.send(new Command.WriteRecord("pipe:" + i, fields("field0", "v" + i), true));
                case 1 -> c.send(new Command.ReadRecord("pipe:" + (i - 1)));
                case 2 -> c.send(new Command.Increment("pipe:counter"));
                default -> c.send(new Command.GetValue("pipe:none:" + i));
            }
        }
        c.flush();
        assertThat(c.receive()).isEqualTo(Reply.ok());
        long counter = 0;
        for (int i = 0; i < 1000; i++) {
            Reply r = c.receive();
            switch (i % 4) {
                case 0 -> assertThat(r).as("reply %d", i).isEqualTo(Reply.ok());
                case 1 -> assertThat(r).as("reply %d", i).isEqualTo(Reply.ok(1));
                case 2 -> assertThat(r).as("reply %d", i).isEqualTo(Reply.ok(++counter));
                default -> assertThat(r).as("reply %d", i).isEqualTo(Reply.missing());
            }
        }
        assertThatThrownBy(c::receive).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void oneThreadSendsWhileAnotherReceives() throws Exception {
        call(new Command.SetValue("threads:counter", bytes("0")));
        int n = 5000;
        Semaphore sent = new Semaphore(0);
        CompletableFuture<List<Reply>> received = CompletableFuture.supplyAsync(() -> {
            List<Reply> replies = new ArrayList<>(n);
            try {
                for (int i = 0; i < n; i++) {
                    sent.acquire(); // receive() refuses to wait for a command not yet sent
                    replies.add(c.receive());
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            return replies;
        }, runnable -> Thread.ofPlatform().name("receiver").start(runnable));
        for (int i = 0; i < n; i++) {
            c.send(new Command.Increment("threads:counter"));
            sent.release();
            if (i % 37 == 36) {
                c.flush();
            }
        }
        c.flush();
        List<Reply> replies = received.get(60, TimeUnit.SECONDS);
        for (int i = 0; i < n; i++) {
            assertThat(replies.get(i)).as("reply %d", i).isEqualTo(Reply.ok(i + 1));
        }
    }
}
