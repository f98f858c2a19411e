package io.cairn.bench.driver;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.bench.driver.TarantoolProtocol.PrimaryIndex;
import io.cairn.bench.peer.Durability;
import io.cairn.bench.peer.ProcessPeer;
import io.cairn.bench.peer.TarantoolPeer;
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

/** {@link TarantoolProtocol} against a real Tarantool started by {@link TarantoolPeer}. */
class TarantoolProtocolTest {
    private static final Path TARANTOOL = Path.of("/usr/bin/tarantool");
    private static ProcessPeer peer;
    private static IprotoEvalClient lua;
    private Connection c;

    @BeforeAll
    static void startTarantool() throws IOException {
        Assumptions.assumeTrue(Files.isExecutable(TARANTOOL),
                "tarantool not installed: " + TARANTOOL + " missing (apt-get install tarantool)");
        peer = TarantoolPeer.start(Durability.NONE, PrimaryIndex.TREE, 64L << 20);
        lua = new IprotoEvalClient(peer.address());
    }

    @AfterAll
    static void stopTarantool() throws IOException {
        if (lua != null) {
            lua.close();
        }
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

    /** The tuple of {@code key} in {@code space}, with bins as strings, or null. */
    private static List<Object> tuple(String space, String key) throws IOException {
        List<Object> result = lua.eval("return box.space[...]:get((select(2, ...)))", space, key);
        @SuppressWarnings("unchecked")
        List<Object> t = (List<Object>) result.get(0);
        if (t == null) {
            return null;
        }
        List<Object> readable = new ArrayList<>();
        for (Object o : t) {
            readable.add(o instanceof byte[] b ? "bin:" + new String(b, US_ASCII) : o);
        }
        return readable;
    }

    @Test
    void capabilitiesOfATreeIndexIncludeScans() {
        assertThat(peer.protocol().capabilities()).containsExactlyInAnyOrder(Capability.FIELD_UPDATE,
                Capability.SCAN, Capability.SET_FIELD, Capability.INCREMENT);
        assertThat(peer.protocol().name()).isEqualTo("iproto");
    }

    @Test
    void aWholeRecordIsStoredInFieldOrderAndReadBackAsItsFieldCount() throws IOException {
        Reply written = call(new Command.WriteRecord("whole:1",
                fields("field2", "c", "field0", "a", "field1", "b"), true));
        assertThat(written).isEqualTo(Reply.ok());
        assertThat(call(new Command.ReadRecord("whole:1"))).isEqualTo(Reply.ok(3));
        assertThat(tuple("usertable", "whole:1")).containsExactly("whole:1", "bin:a", "bin:b", "bin:c");
    }

    @Test
    void aWholeRecordReplacesTheOldOne() throws IOException {
        call(new Command.WriteRecord("whole:2", fields("field0", "a", "field1", "b", "field2", "c"), true));
        call(new Command.WriteRecord("whole:2", fields("field0", "x"), true));
        assertThat(call(new Command.ReadRecord("whole:2"))).isEqualTo(Reply.ok(1));
        assertThat(tuple("usertable", "whole:2")).containsExactly("whole:2", "bin:x");
    }

    @Test
    void aMissingRecordReadsAsMissing() throws IOException {
        assertThat(call(new Command.ReadRecord("nobody"))).isEqualTo(Reply.missing());
    }

    @Test
    void aWholeRecordNeedsFieldsZeroToNMinusOneAndSendsNothingOtherwise() throws IOException {
        assertThatThrownBy(() -> c.send(new Command.WriteRecord("gap", fields("field0", "a", "field2", "c"), true)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("field2 in a record of 2 fields");
        assertThatThrownBy(() -> c.send(new Command.WriteRecord("bad", fields("name", "a"), true)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("field: name");
        assertThatThrownBy(() -> c.send(new Command.WriteRecord("bad", fields("field01", "a"), true)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(call(new Command.ReadRecord("gap"))).isEqualTo(Reply.missing());
    }

    @Test
    void aPartialUpdateAssignsOnlyTheNamedFields() throws IOException {
        call(new Command.WriteRecord("partial:1", fields("field0", "a", "field1", "b", "field2", "c"), true));
        assertThat(call(new Command.WriteRecord("partial:1", fields("field2", "Z", "field0", "X"), false)))
                .isEqualTo(Reply.ok());
        assertThat(call(new Command.ReadRecord("partial:1"))).isEqualTo(Reply.ok(3));
        assertThat(tuple("usertable", "partial:1")).containsExactly("partial:1", "bin:X", "bin:b", "bin:Z");
    }

    @Test
    void aPartialUpdateOfAMissingRecordIsMissingAndCreatesNothing() throws IOException {
        assertThat(call(new Command.WriteRecord("partial:none", fields("field0", "a"), false)))
                .isEqualTo(Reply.missing());
        assertThat(call(new Command.ReadRecord("partial:none"))).isEqualTo(Reply.missing());
    }

    @Test
    void aPartialUpdatePastTheRecordsEndIsTarantoolsError() throws IOException {
        call(new Command.WriteRecord("partial:short", fields("field0", "a"), true));
        Reply reply = call(new Command.WriteRecord("partial:short", fields("field5", "f"), false));
        assertThat(reply.status()).isEqualTo(Reply.Status.ERROR);
        assertThat(reply.error()).contains("Field 7 was not found in the tuple");
        assertThat(call(new Command.ReadRecord("partial:short"))).isEqualTo(Reply.ok(1));
    }

    @Test
    void aScanCountsRecordsInKeyOrderFromTheKeyUpToTheLimit() throws IOException {
        for (int i : new int[] {7, 2, 9, 0, 5, 3, 8, 1, 6, 4}) {
            c.send(new Command.WriteRecord("zz-scan:" + i, fields("field0", "v" + i), true));
        }
        c.flush();
        for (int i = 0; i < 10; i++) {
            assertThat(c.receive()).isEqualTo(Reply.ok());
        }
        assertThat(call(new Command.Scan("zz-scan:0", 4))).isEqualTo(Reply.ok(4));
        assertThat(call(new Command.Scan("zz-scan:35", 100))).as("GE from between keys: 4..9")
                .isEqualTo(Reply.ok(6));
        assertThat(call(new Command.Scan("zz-scan:9", 100))).isEqualTo(Reply.ok(1));
        assertThat(call(new Command.Scan("zz-scan:9~", 100))).isEqualTo(Reply.ok());
        assertThat(call(new Command.Scan("zz-scan:", 10)).keys()).isNull();
    }

    @Test
    void aPlainValueIsSetAndGot() throws IOException {
        byte[] value = new byte[300];
        for (int i = 0; i < value.length; i++) {
            value[i] = (byte) i;
        }
        assertThat(call(new Command.SetValue("kv:1", value))).isEqualTo(Reply.ok());
        Reply got = call(new Command.GetValue("kv:1"));
        assertThat(got.status()).isEqualTo(Reply.Status.OK);
        assertThat(got.value()).isEqualTo(value);
        assertThat(got.count()).isEqualTo(300);
        assertThat(call(new Command.GetValue("kv:none"))).isEqualTo(Reply.missing());
    }

    @Test
    void setFieldCreatesAMissingRecordWithOnlyThatField() throws IOException {
        assertThat(call(new Command.SetField("setfield:1", "field2", bytes("c")))).isEqualTo(Reply.ok());
        assertThat(call(new Command.ReadRecord("setfield:1"))).isEqualTo(Reply.ok(1));
        assertThat(tuple("usertable", "setfield:1")).containsExactly("setfield:1", null, null, "bin:c");
        assertThat(call(new Command.SetField("setfield:1", "field0", bytes("a")))).isEqualTo(Reply.ok());
        assertThat(call(new Command.ReadRecord("setfield:1"))).isEqualTo(Reply.ok(2));
        assertThat(tuple("usertable", "setfield:1")).containsExactly("setfield:1", "bin:a", null, "bin:c");
    }

    @Test
    void setFieldAssignsOneFieldOfAnExistingRecord() throws IOException {
        call(new Command.WriteRecord("setfield:2", fields("field0", "a", "field1", "b", "field2", "c"), true));
        assertThat(call(new Command.SetField("setfield:2", "field1", bytes("B")))).isEqualTo(Reply.ok());
        assertThat(call(new Command.SetField("setfield:2", "field3", bytes("d")))).as("appends")
                .isEqualTo(Reply.ok());
        assertThat(tuple("usertable", "setfield:2"))
                .containsExactly("setfield:2", "bin:a", "bin:B", "bin:c", "bin:d");
    }

    @Test
    void setFieldNeedsAFieldNumberName() {
        assertThatThrownBy(() -> c.send(new Command.SetField("setfield:3", "f", bytes("x"))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("field: f");
    }

    @Test
    void incrementCountsFromAMissingCounter() throws IOException {
        assertThat(call(new Command.Increment("counter:new"))).isEqualTo(Reply.ok(1));
        assertThat(call(new Command.Increment("counter:new"))).isEqualTo(Reply.ok(2));
        assertThat(call(new Command.GetValue("counter:new")).value()).isEqualTo(bytes("2"));
        assertThat(tuple("kv", "counter:new")).containsExactly("counter:new", 2L);
    }

    @Test
    void incrementCountsFromAPreloadedDecimalValue() throws IOException {
        call(new Command.SetValue("counter:preloaded", bytes("41")));
        assertThat(call(new Command.Increment("counter:preloaded"))).isEqualTo(Reply.ok(42));
        call(new Command.SetValue("counter:zero", bytes("0")));
        assertThat(call(new Command.Increment("counter:zero"))).isEqualTo(Reply.ok(1));
        call(new Command.SetValue("counter:big", bytes(Long.toString(Long.MAX_VALUE - 1))));
        assertThat(call(new Command.Increment("counter:big"))).isEqualTo(Reply.ok(Long.MAX_VALUE));
    }

    @Test
    void incrementOfANonNumberIsAnErrorAndTheConnectionStaysUsable() throws IOException {
        call(new Command.SetValue("counter:text", bytes("abc")));
        Reply reply = call(new Command.Increment("counter:text"));
        assertThat(reply.status()).isEqualTo(Reply.Status.ERROR);
        assertThat(reply.error()).contains("is not an integer");
        assertThat(call(new Command.GetValue("counter:text")).value()).isEqualTo(bytes("abc"));
    }

    @Test
    void deleteCountsTheRecordItRemoved() throws IOException {
        call(new Command.WriteRecord("delete:1", fields("field0", "a"), true));
        assertThat(call(new Command.Delete("delete:1"))).isEqualTo(Reply.ok(1));
        assertThat(call(new Command.Delete("delete:1"))).isEqualTo(Reply.ok(0));
        assertThat(call(new Command.ReadRecord("delete:1"))).isEqualTo(Reply.missing());
    }

    @Test
    void aReplaceIntoAMissingSpaceIsTarantoolsErrorAndTheConnectionStaysUsable() throws IOException {
        lua.eval("box.session.su('admin', function() box.space.kv:drop() end)");
        try {
            Reply reply = call(new Command.SetValue("kv:gone", bytes("x")));
            assertThat(reply.status()).isEqualTo(Reply.Status.ERROR);
            assertThat(reply.error()).isEqualTo("Space '" + TarantoolProtocol.KV_SPACE_ID + "' does not exist");
        } finally {
            lua.eval("box.session.su('admin', function() " + TarantoolPeer.bootstrapLua(PrimaryIndex.TREE) + " end)");
        }
        assertThat(call(new Command.SetValue("kv:back", bytes("y")))).isEqualTo(Reply.ok());
        assertThat(call(new Command.GetValue("kv:back")).value()).isEqualTo(bytes("y"));
    }

    @Test
    void aThousandPipelinedCommandsComeBackInOrder() throws IOException {
        for (int i = 0; i < 1000; i++) {
            switch (i % 4) {
                case 0 -> c.send(new Command.SetValue("pipe:" + i, bytes("v" + i)));
                case 1 -> c.send(new Command.GetValue("pipe:" + (i - 1)));
                case 2 -> c.send(new Command.Increment("pipe:counter"));
                default -> c.send(new Command.GetValue("pipe:none:" + i));
            }
        }
        c.flush();
        long counter = 0;
        for (int i = 0; i < 1000; i++) {
            Reply r = c.receive();
            switch (i % 4) {
                case 0 -> assertThat(r).as("reply %d", i).isEqualTo(Reply.ok());
                case 1 -> assertThat(r.value()).as("reply %d", i).isEqualTo(bytes("v" + (i - 1)));
                case 2 -> assertThat(r).as("reply %d", i).isEqualTo(Reply.ok(++counter));
                default -> assertThat(r).as("reply %d", i).isEqualTo(Reply.missing());
            }
        }
        assertThatThrownBy(c::receive).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void oneThreadSendsWhileAnotherReceives() throws Exception {
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

    @Test
    void anUnsupportedCommandSendsNothing() throws Exception {
        try (ProcessPeer hash = TarantoolPeer.start(Durability.NONE, PrimaryIndex.HASH, 64L << 20);
                Connection h = hash.protocol().connect(hash.address(), 5000)) {
            assertThat(hash.protocol().capabilities()).doesNotContain(Capability.SCAN);
            assertThatThrownBy(() -> h.send(new Command.Scan("a", 10)))
                    .isInstanceOf(UnsupportedOperationException.class).hasMessageContaining("HASH");
            h.send(new Command.WriteRecord("hash:1", fields("field0", "a"), true));
            h.send(new Command.ReadRecord("hash:1"));
            h.flush();
            assertThat(h.receive()).isEqualTo(Reply.ok());
            assertThat(h.receive()).isEqualTo(Reply.ok(1));
            try (IprotoEvalClient hashLua = new IprotoEvalClient(hash.address())) {
                assertThat(hashLua.eval("return box.space.usertable.index.primary.type")).containsExactly("HASH");
            }
        }
    }
}
