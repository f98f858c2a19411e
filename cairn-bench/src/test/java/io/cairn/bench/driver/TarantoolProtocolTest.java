package io.cairn.bench.driver;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.bench.driver.TarantoolProtocol.PrimaryIndex;
import io.cairn.bench.peer.Durability;
import io.cairn.bench.peer.ProcessPeer;
import io.cairn.bench.peer.TarantoolPeer;
import io.cairn.testkit.DebianPackages;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link TarantoolProtocol} against a real Tarantool started by {@link TarantoolPeer}: the
 * {@linkplain BaseConnectionContractTest connection contract}, and how records sit in tuples.
 */
class TarantoolProtocolTest extends BaseConnectionContractTest {
    private static final Path TARANTOOL = Path.of("/usr/bin/tarantool");
    private static ProcessPeer peer;
    private static IprotoEvalClient lua;

    @BeforeAll
    static void startTarantool() throws IOException {
        DebianPackages.assumeInstalled(Files.isExecutable(TARANTOOL), "tarantool", TARANTOOL.toString());
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
        return true;
    }

    @Override
    protected boolean valuesAndRecordsShareKeys() {
        return false;
    }

    @Override
    protected boolean scanRepliesWithKeyNames() {
        return false;
    }

    @Override
    protected String notAnIntegerError(String key) {
        return "kv value of " + key + " is not an integer";
    }

    /** The non-nil fields of the key's tuple in {@code usertable}, field N at tuple position N + 1. */
    @Override
    protected Map<String, String> storedRecord(String key) throws IOException {
        List<Object> t = tuple("usertable", key);
        Map<String, String> record = new LinkedHashMap<>();
        if (t != null) {
            assertThat(t.getFirst()).as("the key, first in its tuple").isEqualTo(key);
        }
        for (int i = 1; t != null && i < t.size(); i++) {
            if (t.get(i) != null) {
                record.put("field" + (i - 1), ((String) t.get(i)).substring("bin:".length()));
            }
        }
        return record;
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
    void aCounterIsStoredAsAnInteger() throws IOException {
        assertThat(call(new Command.Increment("counter:stored"))).isEqualTo(Reply.ok(1));
        assertThat(call(new Command.Increment("counter:stored"))).isEqualTo(Reply.ok(2));
        assertThat(call(new Command.GetValue("counter:stored")).value()).isEqualTo(bytes("2"));
        assertThat(tuple("kv", "counter:stored")).containsExactly("counter:stored", 2L);
    }

    @Test
    void incrementCountsUpToTheLargestLong() throws IOException {
        call(new Command.SetValue("counter:big", bytes(Long.toString(Long.MAX_VALUE - 1))));
        assertThat(call(new Command.Increment("counter:big"))).isEqualTo(Reply.ok(Long.MAX_VALUE));
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
