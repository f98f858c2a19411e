package io.cairn.bench.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.bench.driver.RespProtocol.ScanStyle;
import io.cairn.resp.RespValue;
import io.cairn.resp.client.RespClient;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link RespProtocol} against a real server started once for the class: a Cairn
 * ({@link CairnRespProtocolTest}) and a Redis ({@link RedisRespProtocolTest}). The two must answer
 * every command alike, since the bench measures them with this one client, so both run the
 * {@linkplain BaseConnectionContractTest connection contract} and these RESP tests.
 */
abstract class RespProtocolTest extends BaseConnectionContractTest {
    private static final String WRONGTYPE = "WRONGTYPE Operation against a key holding the wrong kind of value";

    /** How the server's peer scans: Cairn by its ordered key space, Redis by the sorted-set key index. */
    protected abstract ScanStyle expectedScanStyle();

    @Override
    protected boolean incrementCreatesCounters() {
        return true;
    }

    @Override
    protected boolean valuesAndRecordsShareKeys() {
        return true;
    }

    @Override
    protected boolean scanRepliesWithKeyNames() {
        return expectedScanStyle() != ScanStyle.KEYRANGE_WITH_VALUES;
    }

    @Override
    protected String notAnIntegerError(String key) {
        return "ERR value is not an integer or out of range";
    }

    @Override
    protected Map<String, String> storedRecord(String key) throws IOException {
        try (RespClient r = raw()) {
            List<RespValue> namesAndValues = ((RespValue.ArrayReply) r.call("HGETALL", key)).items();
            Map<String, String> record = new LinkedHashMap<>();
            for (int i = 0; i < namesAndValues.size(); i += 2) {
                record.put(RespValue.textOf(namesAndValues.get(i)), RespValue.textOf(namesAndValues.get(i + 1)));
            }
            return record;
        }
    }

    /** A client of its own, to check what the driver under test stored. */
    protected RespClient raw() throws IOException {
        return RespClient.connect(address(), RespClient.Options.DEFAULT);
    }

    @Test
    void scansInKeyOrderAndUpdatesFields() {
        Protocol p = protocol();
        assertThat(p.name()).isEqualTo("resp");
        assertThat(p.capabilities()).containsExactlyInAnyOrder(Capability.FIELD_UPDATE, Capability.SCAN,
                Capability.SET_FIELD, Capability.INCREMENT, Capability.RESP_COMMANDS);
        assertThat(((RespProtocol) p).scanStyle()).isEqualTo(expectedScanStyle());
    }

    @Test
    void incrementCountsFromANegativeNumber() throws IOException {
        call(new Command.SetValue("counter:negative", bytes("-5")));
        assertThat(call(new Command.Increment("counter:negative"))).isEqualTo(Reply.ok(-4));
    }

    @Test
    void anErrorReplyIsRedissWordsAndTheConnectionStaysUsable() throws IOException {
        call(new Command.SetValue("wrongtype:1", bytes("text")));
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
        assertThat(call(new Command.Increment("wrongtype:counter"))).isEqualTo(Reply.ok(1));
    }

    @Test
    void withoutAScanStyleAScanIsRefusedAndNothingIsSent() throws IOException {
        RespProtocol noScans = new RespProtocol(ScanStyle.NONE);
        assertThat(noScans.capabilities()).doesNotContain(Capability.SCAN).contains(Capability.FIELD_UPDATE);
        try (Connection n = noScans.connect(address(), 5000)) {
            assertThatThrownBy(() -> n.send(new Command.Scan("a", 10)))
                    .isInstanceOf(UnsupportedOperationException.class);
            assertThat(call(n, new Command.GetValue("noscan:none"))).isEqualTo(Reply.missing());
            assertThat(call(n, new Command.WriteRecord("noscan:rec", fields("field0", "a"), true)))
                    .isEqualTo(Reply.ok());
        }
    }

    @Test
    void aPasswordIsSentWithAuthOnConnect() throws IOException {
        ScanStyle style = ((RespProtocol) protocol()).scanStyle();
        try (RespClient admin = raw()) {
            assertThat(admin.call("CONFIG", "SET", "requirepass", "s3cret")).isEqualTo(RespValue.OK);
            try {
                try (Connection a = new RespProtocol(style, "s3cret").connect(address(), 5000)) {
                    assertThat(call(a, new Command.GetValue("auth:none"))).isEqualTo(Reply.missing());
                }
                assertThatThrownBy(() -> new RespProtocol(style, "wrong").connect(address(), 5000))
                        .isInstanceOf(IOException.class).hasMessageStartingWith("AUTH refused: WRONGPASS");
                try (Connection none = new RespProtocol(style).connect(address(), 5000)) {
                    Reply refused = call(none, new Command.GetValue("auth:none"));
                    assertThat(refused.isError()).isTrue();
                    assertThat(refused.error()).startsWith("NOAUTH");
                }
            } finally {
                admin.call("AUTH", "s3cret");
                admin.call("CONFIG", "SET", "requirepass", "");
            }
        }
    }

    private static Command.Call cmd(String... args) {
        List<byte[]> bytes = new java.util.ArrayList<>();
        for (String a : args) {
            bytes.add(bytes(a));
        }
        return new Command.Call(args[1], bytes);
    }

    @Test
    void aRedisCommandGoesAsItIsAndItsReplyIsCounted() throws IOException {
        assertThat(call(cmd("ZADD", "call:zset", "1", "a", "2", "b", "3", "c"))).isEqualTo(Reply.ok(3));
        assertThat(call(cmd("ZRANK", "call:zset", "c"))).as("an integer is its value").isEqualTo(Reply.ok(2));
        assertThat(call(cmd("ZRANK", "call:zset", "nobody"))).as("nil").isEqualTo(Reply.missing());
        assertThat(call(cmd("ZRANGE", "call:zset", "0", "-1"))).as("an array is its length").isEqualTo(Reply.ok(3));
        assertThat(call(cmd("ZRANGE", "call:zset", "5", "9"))).as("an empty array").isEqualTo(Reply.missing());
        assertThat(call(cmd("ZSCORE", "call:zset", "b"))).as("a bulk string is its length").isEqualTo(Reply.ok(1));
        assertThat(call(cmd("ZPOPMIN", "call:zset"))).as("member and score").isEqualTo(Reply.ok(2));
        assertThat(call(cmd("SET", "call:string", "v"))).as("a simple string").isEqualTo(Reply.ok());
        assertThat(call(cmd("ZADD", "call:string", "1", "a")).error()).isEqualTo(WRONGTYPE);
        c.send(cmd("ZRANGE", "call:zset", "0", "-1", "WITHSCORES"));
        c.send(cmd("ZCARD", "call:zset"));
        c.flush();
        assertThat(c.receive()).as("every element read").isEqualTo(Reply.ok(4));
        assertThat(c.receive()).as("the next reply is the next command's").isEqualTo(Reply.ok(2));
    }
}
