package io.cairn.bench.driver;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.bench.driver.RespProtocol.ScanStyle;
import io.cairn.bench.peer.CairnPeer;
import io.cairn.bench.peer.Durability;
import io.cairn.bench.peer.Installed;
import io.cairn.bench.peer.ProcessPeer;
import io.cairn.bench.peer.RedisPeer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.SequencedMap;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link RespProtocol} against a real Cairn (scans by {@code KEYRANGE}) and a real Redis (scans by
 * the sorted-set key index), each started once for the class. The two must answer every command
 * alike, since the bench measures them with this one client. Tests share each server, so each uses
 * keys of its own prefix; only the scan test writes keys starting with {@code ~}.
 */
class RespProtocolTest {
    private static final String WRONGTYPE = "WRONGTYPE Operation against a key holding the wrong kind of value";

    enum Server { CAIRN, REDIS }

    private static ProcessPeer cairn;
    private static ProcessPeer redis;

    @BeforeAll
    static void startServers() throws IOException {
        cairn = CairnPeer.start(Durability.NONE, "-Xmx256m");
        if (Installed.find(RedisPeer.BINARY).isPresent()) {
            redis = RedisPeer.start(Durability.NONE, ScanStyle.SORTED_SET_INDEX);
        }
    }

    @AfterAll
    static void stopServers() {
        if (cairn != null) {
            cairn.close();
        }
        if (redis != null) {
            redis.close();
        }
    }

    private static ProcessPeer peer(Server server) {
        if (server == Server.REDIS) {
            Assumptions.assumeTrue(redis != null,
                    "redis-server not installed: not on the PATH (apt-get install redis-server)");
            return redis;
        }
        return cairn;
    }

    private static Connection connect(Server server) throws IOException {
        ProcessPeer p = peer(server);
        return p.protocol().connect(p.address(), 5000);
    }

    private static RawRespClient raw(Server server) throws IOException {
        return new RawRespClient(peer(server).address());
    }

    private static Reply call(Connection c, Command command) throws IOException {
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

    @ParameterizedTest
    @EnumSource(Server.class)
    void bothServersScanInKeyOrderAndUpdateFields(Server server) {
        Protocol p = peer(server).protocol();
        assertThat(p.name()).isEqualTo("resp");
        assertThat(p.capabilities()).containsExactlyInAnyOrder(Capability.FIELD_UPDATE, Capability.SCAN,
                Capability.SET_FIELD, Capability.INCREMENT);
        assertThat(((RespProtocol) p).scanStyle())
                .isEqualTo(server == Server.CAIRN ? ScanStyle.KEYRANGE : ScanStyle.SORTED_SET_INDEX);
    }

    @ParameterizedTest
    @EnumSource(Server.class)
    void aWholeRecordIsReadBackAsItsFieldCount(Server server) throws IOException {
        try (Connection c = connect(server); RawRespClient r = raw(server)) {
            assertThat(call(c, new Command.WriteRecord("rec:1", fields("field0", "a", "field1", "b", "field2", "c"), true)))
                    .isEqualTo(Reply.ok());
            assertThat(call(c, new Command.ReadRecord("rec:1"))).isEqualTo(Reply.ok(3));
            assertThat(r.call("HMGET", "rec:1", "field0", "field1", "field2")).isEqualTo(List.of("a", "b", "c"));
            assertThat(r.call("HLEN", "rec:1")).isEqualTo(3L);

            SequencedMap<String, byte[]> ten = new LinkedHashMap<>();
            for (int i = 0; i < 10; i++) {
                ten.put("field" + i, new byte[100]);
            }
            assertThat(call(c, new Command.WriteRecord("rec:10", ten, true))).isEqualTo(Reply.ok());
            assertThat(call(c, new Command.ReadRecord("rec:10"))).isEqualTo(Reply.ok(10));
        }
    }

    @ParameterizedTest
    @EnumSource(Server.class)
    void aPartialUpdateChangesOnlyTheNamedFields(Server server) throws IOException {
        try (Connection c = connect(server); RawRespClient r = raw(server)) {
            call(c, new Command.WriteRecord("partial:1", fields("field0", "a", "field1", "b", "field2", "c"), true));
            assertThat(call(c, new Command.WriteRecord("partial:1", fields("field2", "Z", "field0", "X"), false)))
                    .isEqualTo(Reply.ok());
            assertThat(call(c, new Command.ReadRecord("partial:1"))).isEqualTo(Reply.ok(3));
            assertThat(r.call("HMGET", "partial:1", "field0", "field1", "field2")).isEqualTo(List.of("X", "b", "Z"));
        }
    }

    @ParameterizedTest
    @EnumSource(Server.class)
    void aMissingRecordReadsAsMissing(Server server) throws IOException {
        try (Connection c = connect(server)) {
            assertThat(call(c, new Command.ReadRecord("missing:record"))).isEqualTo(Reply.missing());
            assertThat(call(c, new Command.GetValue("missing:value"))).isEqualTo(Reply.missing());
        }
    }

    @ParameterizedTest
    @EnumSource(Server.class)
    void aPlainValueKeepsEveryByteIncludingCrLfAndZero(Server server) throws IOException {
        byte[] value = new byte[256 + 4];
        for (int i = 0; i < 256; i++) {
            value[i] = (byte) i;
        }
        value[256] = '\r';
        value[257] = '\n';
        value[258] = 0;
        value[259] = '$';
        try (Connection c = connect(server)) {
            assertThat(call(c, new Command.SetValue("kv:binary", value))).isEqualTo(Reply.ok());
            Reply got = call(c, new Command.GetValue("kv:binary"));
            assertThat(got.status()).isEqualTo(Reply.Status.OK);
            assertThat(got.value()).isEqualTo(value);
            assertThat(got.count()).isEqualTo(value.length);

            assertThat(call(c, new Command.SetValue("kv:empty", new byte[0]))).isEqualTo(Reply.ok());
            Reply empty = call(c, new Command.GetValue("kv:empty"));
            assertThat(empty.status()).as("an empty value is there, not missing").isEqualTo(Reply.Status.OK);
            assertThat(empty.value()).isEmpty();
        }
    }

    @ParameterizedTest
    @EnumSource(Server.class)
    void setFieldCreatesTheRecordAndThenAddsOrReplacesFields(Server server) throws IOException {
        try (Connection c = connect(server); RawRespClient r = raw(server)) {
            assertThat(call(c, new Command.SetField("setfield:1", "field3", bytes("d")))).isEqualTo(Reply.ok());
            assertThat(call(c, new Command.ReadRecord("setfield:1"))).isEqualTo(Reply.ok(1));
            assertThat(call(c, new Command.SetField("setfield:1", "field0", bytes("a")))).isEqualTo(Reply.ok());
            assertThat(call(c, new Command.SetField("setfield:1", "field3", bytes("D")))).isEqualTo(Reply.ok());
            assertThat(call(c, new Command.ReadRecord("setfield:1"))).isEqualTo(Reply.ok(2));
            assertThat(r.call("HGET", "setfield:1", "field3")).isEqualTo("D");
        }
    }

    @ParameterizedTest
    @EnumSource(Server.class)
    void incrementCountsFromAMissingKeyAndFromAStoredNumber(Server server) throws IOException {
        try (Connection c = connect(server)) {
            assertThat(call(c, new Command.Increment("counter:new"))).isEqualTo(Reply.ok(1));
            assertThat(call(c, new Command.Increment("counter:new"))).isEqualTo(Reply.ok(2));
            assertThat(call(c, new Command.GetValue("counter:new")).value()).isEqualTo(bytes("2"));
            call(c, new Command.SetValue("counter:41", bytes("41")));
            assertThat(call(c, new Command.Increment("counter:41"))).isEqualTo(Reply.ok(42));
            call(c, new Command.SetValue("counter:negative", bytes("-5")));
            assertThat(call(c, new Command.Increment("counter:negative"))).isEqualTo(Reply.ok(-4));
        }
    }

    @ParameterizedTest
    @EnumSource(Server.class)
    void deleteCountsTheKeyItRemoved(Server server) throws IOException {
        try (Connection c = connect(server)) {
            call(c, new Command.WriteRecord("delete:record", fields("field0", "a"), true));
            call(c, new Command.SetValue("delete:value", bytes("v")));
            assertThat(call(c, new Command.Delete("delete:record"))).isEqualTo(Reply.ok(1));
            assertThat(call(c, new Command.Delete("delete:value"))).isEqualTo(Reply.ok(1));
            Reply again = call(c, new Command.Delete("delete:record"));
            assertThat(again.status()).as("deleting nothing is not an error").isEqualTo(Reply.Status.OK);
            assertThat(again.count()).isZero();
            assertThat(call(c, new Command.ReadRecord("delete:record"))).isEqualTo(Reply.missing());
        }
    }

    @ParameterizedTest
    @EnumSource(Server.class)
    void aScanReturnsKeyNamesFromTheStartInByteOrderUpToTheCount(Server server) throws IOException {
        List<String> written = List.of("~scan:2", "~scan:a", "~scan:10", "~scan:B", "~scan:1", "~scan:0", "~scan:9");
        TreeSet<String> sorted = new TreeSet<>(written); // ASCII: String order is byte order
        try (Connection c = connect(server)) {
            for (String k : written) {
                c.send(new Command.WriteRecord(k, fields("field0", "v"), true));
            }
            c.flush();
            for (String k : written) {
                assertThat(c.receive()).as("write %s", k).isEqualTo(Reply.ok());
            }
            Reply first = call(c, new Command.Scan("~scan:", 3));
            assertThat(first.keys()).containsExactly("~scan:0", "~scan:1", "~scan:10");
            assertThat(first.count()).isEqualTo(3);
            assertThat(call(c, new Command.Scan("~scan:10", 100)).keys()).as("the start key itself is included")
                    .containsExactlyElementsOf(sorted.tailSet("~scan:10"));
            assertThat(call(c, new Command.Scan("~scan:15", 100)).keys()).as("from between two keys")
                    .containsExactly("~scan:2", "~scan:9", "~scan:B", "~scan:a");
            assertThat(call(c, new Command.Scan("~scan:B", 2)).keys()).containsExactly("~scan:B", "~scan:a");
            Reply none = call(c, new Command.Scan("~scan:b", 10));
            assertThat(none.status()).isEqualTo(Reply.Status.OK);
            assertThat(none.keys()).isEmpty();
            assertThat(none.count()).isZero();
        }
    }

    @ParameterizedTest
    @EnumSource(Server.class)
    void aThousandPipelinedCommandsComeBackInOrder(Server server) throws IOException {
        try (Connection c = connect(server)) {
            for (int i = 0; i < 1000; i++) {
                switch (i % 5) {
                    case 0 -> c.send(new Command.SetValue("pipe:" + i, bytes("v" + i)));
                    case 1 -> c.send(new Command.GetValue("pipe:" + (i - 1)));
                    case 2 -> c.send(new Command.Increment("pipe:counter"));
                    case 3 -> c.send(new Command.WriteRecord("pipe:rec:" + i, fields("field0", "a", "field1", "b"), true));
                    default -> c.send(new Command.ReadRecord("pipe:rec:" + (i - 1)));
                }
            }
            c.flush();
            long counter = 0;
            for (int i = 0; i < 1000; i++) {
                Reply r = c.receive();
                switch (i % 5) {
                    case 0, 3 -> assertThat(r).as("reply %d", i).isEqualTo(Reply.ok());
                    case 1 -> assertThat(r.value()).as("reply %d", i).isEqualTo(bytes("v" + (i - 1)));
                    case 2 -> assertThat(r).as("reply %d", i).isEqualTo(Reply.ok(++counter));
                    default -> assertThat(r).as("reply %d", i).isEqualTo(Reply.ok(2));
                }
            }
            assertThatThrownBy(c::receive).isInstanceOf(IllegalStateException.class);
        }
    }

    @ParameterizedTest
    @EnumSource(Server.class)
    void oneThreadSendsWhileAnotherReceives(Server server) throws Exception {
        int n = 5000;
        try (Connection c = connect(server)) {
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
                c.send(i % 2 == 0 ? new Command.Increment("threads:counter") : new Command.GetValue("threads:none"));
                sent.release();
                if (i % 37 == 36) {
                    c.flush();
                }
            }
            c.flush();
            List<Reply> replies = received.get(60, TimeUnit.SECONDS);
            for (int i = 0; i < n; i++) {
                assertThat(replies.get(i)).as("reply %d", i)
                        .isEqualTo(i % 2 == 0 ? Reply.ok(i / 2 + 1) : Reply.missing());
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Server.class)
    void anErrorReplyIsRedissWordsAndTheConnectionStaysUsable(Server server) throws IOException {
        try (Connection c = connect(server)) {
            call(c, new Command.SetValue("wrongtype:1", bytes("text")));
            c.send(new Command.ReadRecord("wrongtype:1"));
            c.send(new Command.GetValue("wrongtype:1"));
            c.send(new Command.WriteRecord("wrongtype:1", fields("field0", "a"), true));
            c.send(new Command.SetField("wrongtype:1", "field0", bytes("a")));
            c.send(new Command.Increment("wrongtype:1"));
            c.send(new Command.GetValue("wrongtype:1"));
            c.flush();
            assertThat(c.receive()).isEqualTo(Reply.error(WRONGTYPE));
            assertThat(c.receive().value()).isEqualTo(bytes("text"));
            assertThat(c.receive()).as("a whole record, with the key index on Redis")
                    .isEqualTo(Reply.error(WRONGTYPE));
            assertThat(c.receive()).isEqualTo(Reply.error(WRONGTYPE));
            assertThat(c.receive()).isEqualTo(Reply.error("ERR value is not an integer or out of range"));
            assertThat(c.receive().value()).isEqualTo(bytes("text"));
            assertThat(call(c, new Command.Increment("wrongtype:counter"))).isEqualTo(Reply.ok(1));
        }
    }

    @ParameterizedTest
    @EnumSource(Server.class)
    void receiveWithNothingOutstandingIsRefused(Server server) throws IOException {
        try (Connection c = connect(server)) {
            assertThatThrownBy(c::receive).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("no command outstanding");
            assertThat(call(c, new Command.GetValue("outstanding:none"))).isEqualTo(Reply.missing());
            assertThatThrownBy(c::receive).isInstanceOf(IllegalStateException.class);
        }
    }

    @ParameterizedTest
    @EnumSource(Server.class)
    void withoutAScanStyleAScanIsRefusedAndNothingIsSent(Server server) throws IOException {
        RespProtocol noScans = new RespProtocol(ScanStyle.NONE);
        assertThat(noScans.capabilities()).doesNotContain(Capability.SCAN).contains(Capability.FIELD_UPDATE);
        try (Connection c = noScans.connect(peer(server).address(), 5000)) {
            assertThatThrownBy(() -> c.send(new Command.Scan("a", 10)))
                    .isInstanceOf(UnsupportedOperationException.class);
            assertThat(call(c, new Command.GetValue("noscan:none"))).isEqualTo(Reply.missing());
            assertThat(call(c, new Command.WriteRecord("noscan:rec", fields("field0", "a"), true))).isEqualTo(Reply.ok());
        }
    }

    @ParameterizedTest
    @EnumSource(value = Server.class, names = "REDIS")
    void onRedisOnlyWholeRecordsAreAddedToTheKeyIndex(Server server) throws IOException {
        try (Connection c = connect(server); RawRespClient r = raw(server)) {
            call(c, new Command.WriteRecord("index:whole", fields("field0", "a"), true));
            call(c, new Command.WriteRecord("index:partial", fields("field0", "a"), false));
            call(c, new Command.SetField("index:field", "field0", bytes("a")));
            assertThat(r.call("ZSCORE", RespProtocol.KEY_INDEX, "index:whole")).isEqualTo("0");
            assertThat(r.call("ZSCORE", RespProtocol.KEY_INDEX, "index:partial")).isNull();
            assertThat(r.call("ZSCORE", RespProtocol.KEY_INDEX, "index:field")).isNull();
        }
    }

    @ParameterizedTest
    @EnumSource(Server.class)
    void aPasswordIsSentWithAuthOnConnect(Server server) throws IOException {
        ProcessPeer p = peer(server);
        ScanStyle style = ((RespProtocol) p.protocol()).scanStyle();
        try (RawRespClient admin = raw(server)) {
            assertThat(admin.call("CONFIG", "SET", "requirepass", "s3cret")).isEqualTo("OK");
            try {
                try (Connection c = new RespProtocol(style, "s3cret").connect(p.address(), 5000)) {
                    assertThat(call(c, new Command.GetValue("auth:none"))).isEqualTo(Reply.missing());
                }
                assertThatThrownBy(() -> new RespProtocol(style, "wrong").connect(p.address(), 5000))
                        .isInstanceOf(IOException.class).hasMessageStartingWith("AUTH refused: WRONGPASS");
                try (Connection c = new RespProtocol(style).connect(p.address(), 5000)) {
                    Reply refused = call(c, new Command.GetValue("auth:none"));
                    assertThat(refused.isError()).isTrue();
                    assertThat(refused.error()).startsWith("NOAUTH");
                }
            } finally {
                admin.call("AUTH", "s3cret");
                admin.call("CONFIG", "SET", "requirepass", "");
            }
        }
    }
}
