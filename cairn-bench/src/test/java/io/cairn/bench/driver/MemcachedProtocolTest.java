package io.cairn.bench.driver;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.bench.peer.Durability;
import io.cairn.bench.peer.MemcachedPeer;
import io.cairn.bench.peer.ProcessPeer;
import io.cairn.testkit.DebianPackages;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SequencedMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link MemcachedProtocol} against a real memcached started by {@link MemcachedPeer}: the
 * {@linkplain BaseConnectionContractTest connection contract} (where partial writes, scans and field
 * sets are refused), how a record sits in one value, and Memcached's key limit.
 */
class MemcachedProtocolTest extends BaseConnectionContractTest {
    private static final Path MEMCACHED = Path.of("/usr/bin/memcached");
    private static ProcessPeer peer;

    @BeforeAll
    static void startMemcached() throws IOException {
        DebianPackages.assumeInstalled(Files.isExecutable(MEMCACHED), "memcached", MEMCACHED.toString());
        peer = MemcachedPeer.start(Durability.NONE, 64, 2);
    }

    @AfterAll
    static void stopMemcached() {
        if (peer != null) {
            peer.close();
        }
    }

    @Override
    protected Protocol protocol() {
        return peer.protocol();
    }

    @Override
    protected InetSocketAddress address() {
        return peer.address();
    }

    @Override
    protected boolean incrementCreatesCounters() {
        return false;
    }

    @Override
    protected boolean valuesAndRecordsShareKeys() {
        return true;
    }

    @Override
    protected boolean scanRepliesWithKeyNames() {
        return false; // never asked: no SCAN
    }

    @Override
    protected String notAnIntegerError(String key) {
        return "CLIENT_ERROR cannot increment or decrement non-numeric value";
    }

    /** Reads the value on a connection of its own and decodes it. */
    @Override
    protected Map<String, String> storedRecord(String key) throws IOException {
        try (Connection other = protocol().connect(address(), 5000)) {
            Reply reply = call(other, new Command.GetValue(key));
            Map<String, String> record = new LinkedHashMap<>();
            if (reply.value() != null) {
                MemcachedProtocol.decodeRecord(reply.value())
                        .forEach((field, value) -> record.put(field, new String(value, US_ASCII)));
            }
            return record;
        }
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
}
