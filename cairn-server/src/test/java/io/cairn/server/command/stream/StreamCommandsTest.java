package io.cairn.server.command.stream;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.resp.RespValue;
import io.cairn.server.command.CommandHarness;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The stream handlers without sockets, where replies depend on the clock (so the differential
 * script cannot check them): IDs XADD picks from the time, idle times and delivery counts in
 * XPENDING, XCLAIM and XAUTOCLAIM's idle filters, XINFO CONSUMERS and XINFO STREAM FULL, and the
 * lag XINFO estimates after deletions.
 */
class StreamCommandsTest {
    private final CommandHarness h = new CommandHarness();

    @AfterEach
    void close() {
        h.close();
    }

    /** A reply as short text: "bulk", :1, nil, *nil, [a, b], {k=v}, +OK, -ERR ... */
    static String show(RespValue v) {
        return switch (v) {
            case RespValue.BulkString b -> '"' + new String(b.value(), StandardCharsets.UTF_8) + '"';
            case RespValue.IntegerReply i -> ":" + i.value();
            case RespValue.NullReply n -> "nil";
            case RespValue.NullArray n -> "*nil";
            case RespValue.ArrayReply a -> a.items().stream().map(StreamCommandsTest::show).toList().toString();
            case RespValue.MapReply m -> {
                StringBuilder sb = new StringBuilder("{");
                for (Map.Entry<RespValue, RespValue> e : m.entries()) {
                    sb.append(sb.length() > 1 ? ", " : "").append(RespValue.textOf(e.getKey())).append('=')
                            .append(show(e.getValue()));
                }
                yield sb.append('}').toString();
            }
            case RespValue.SimpleString s -> "+" + s.value();
            case RespValue.ErrorReply e -> "-" + e.message();
            default -> v.toString();
        };
    }

    private String call(String... args) {
        return show(h.call(args));
    }

    private void advance(long ms) {
        h.clock().advanceMillis(ms);
    }

    @Test
    void xaddStarTakesTheTimeAndASequenceWithinTheSameMillisecond() {
        long now = CommandHarness.NOW;
        assertThat(call("XADD", "s", "*", "f", "1")).isEqualTo("\"" + now + "-0\"");
        assertThat(call("XADD", "s", "*", "f", "2")).isEqualTo("\"" + now + "-1\"");
        assertThat(call("XADD", "s", now + 5 + "-*", "f", "3")).isEqualTo("\"" + (now + 5) + "-0\"");
        // the clock behind the last ID: the last ID's millisecond, next sequence
        assertThat(call("XADD", "s", "*", "f", "4")).isEqualTo("\"" + (now + 5) + "-1\"");
        advance(10);
        assertThat(call("XADD", "s", "*", "f", "5")).isEqualTo("\"" + (now + 10) + "-0\"");
    }

    @Test
    void pendingEntriesCountIdleTimeAndDeliveriesAndClaimsFilterOnIt() {
        call("XGROUP", "CREATE", "s", "g", "$", "MKSTREAM");
        call("XADD", "s", "1-0", "f", "a");
        call("XADD", "s", "2-0", "f", "b");
        call("XREADGROUP", "GROUP", "g", "alice", "STREAMS", "s", ">");
        advance(100);
        assertThat(call("XPENDING", "s", "g", "-", "+", "10"))
                .isEqualTo("[[\"1-0\", \"alice\", :100, :1], [\"2-0\", \"alice\", :100, :1]]");
        // 1-0 delivered again: its count and time change, alice is seen but not active (as in Redis)
        call("XREADGROUP", "GROUP", "g", "alice", "COUNT", "1", "STREAMS", "s", "0");
        advance(50);
        assertThat(call("XPENDING", "s", "g", "IDLE", "100", "-", "+", "10"))
                .isEqualTo("[[\"2-0\", \"alice\", :150, :1]]");
        assertThat(call("XPENDING", "s", "g", "-", "+", "10", "alice"))
                .isEqualTo("[[\"1-0\", \"alice\", :50, :2], [\"2-0\", \"alice\", :150, :1]]");
        // XCLAIM takes only what was idle long enough; IDLE sets the delivery time back
        assertThat(call("XCLAIM", "s", "g", "bob", "100", "1-0", "2-0", "JUSTID")).isEqualTo("[\"2-0\"]");
        assertThat(call("XCLAIM", "s", "g", "bob", "0", "1-0", "IDLE", "500")).isEqualTo("[[\"1-0\", [\"f\", \"a\"]]]");
        assertThat(call("XPENDING", "s", "g", "-", "+", "10"))
                .isEqualTo("[[\"1-0\", \"bob\", :500, :3], [\"2-0\", \"bob\", :0, :1]]");
        advance(20);
        assertThat(call("XAUTOCLAIM", "s", "g", "carol", "400", "0"))
                .isEqualTo("[\"0-0\", [[\"1-0\", [\"f\", \"a\"]]], []]");
        assertThat(call("XINFO", "CONSUMERS", "s", "g")).isEqualTo("[{name=\"alice\", pending=:0, idle=:70, inactive=:170},"
                + " {name=\"bob\", pending=:1, idle=:20, inactive=:20}, {name=\"carol\", pending=:1, idle=:0, inactive=:0}]");
        assertThat(call("XINFO", "STREAM", "s", "FULL")).isEqualTo("{length=:2, radix-tree-keys=:1, radix-tree-nodes=:2,"
                + " last-generated-id=\"2-0\", max-deleted-entry-id=\"0-0\", entries-added=:2,"
                + " recorded-first-entry-id=\"1-0\", entries=[[\"1-0\", [\"f\", \"a\"]], [\"2-0\", [\"f\", \"b\"]]],"
                + " groups=[{name=\"g\", last-delivered-id=\"2-0\", entries-read=:2, lag=:0, pel-count=:2,"
                + " pending=[[\"1-0\", \"carol\", :" + (CommandHarness.NOW + 170) + ", :4], [\"2-0\", \"bob\", :"
                + (CommandHarness.NOW + 150) + ", :1]], consumers=[{name=\"alice\", seen-time=:" + (CommandHarness.NOW + 100)
                + ", active-time=:" + CommandHarness.NOW + ", pel-count=:0, pending=[]}, {name=\"bob\", seen-time=:"
                + (CommandHarness.NOW + 150) + ", active-time=:" + (CommandHarness.NOW + 150) + ", pel-count=:1, pending=[[\"2-0\", :"
                + (CommandHarness.NOW + 150) + ", :1]]}, {name=\"carol\", seen-time=:" + (CommandHarness.NOW + 170)
                + ", active-time=:" + (CommandHarness.NOW + 170) + ", pel-count=:1, pending=[[\"1-0\", :"
                + (CommandHarness.NOW + 170) + ", :4]]}]}]}");
    }

    @Test
    void forcedClaimsCountTheirCreationAndARepeatedIdIsClaimedAgainAsInRedis() {
        call("XADD", "s", "1-1", "a", "1");
        call("XADD", "s", "2-1", "a", "1");
        call("XGROUP", "CREATE", "s", "g", "$");
        assertThat(call("XCLAIM", "s", "g", "c2", "0", "1-1", "FORCE", "JUSTID")).isEqualTo("[\"1-1\"]");
        assertThat(call("XCLAIM", "s", "g", "c2", "0", "2-1", "FORCE")).isEqualTo("[[\"2-1\", [\"a\", \"1\"]]]");
        // FORCE creates the pending entry delivered once; a claim that is not JUSTID adds one
        assertThat(call("XPENDING", "s", "g", "-", "+", "10"))
                .isEqualTo("[[\"1-1\", \"c2\", :0, :1], [\"2-1\", \"c2\", :0, :2]]");
        advance(10);
        assertThat(call("XCLAIM", "s", "g", "c3", "0", "1-1", "1-1", "2-1", "2-1"))
                .isEqualTo("[[\"1-1\", [\"a\", \"1\"]], [\"1-1\", [\"a\", \"1\"]], [\"2-1\", [\"a\", \"1\"]],"
                        + " [\"2-1\", [\"a\", \"1\"]]]");
        assertThat(call("XPENDING", "s", "g", "-", "+", "10"))
                .isEqualTo("[[\"1-1\", \"c3\", :0, :3], [\"2-1\", \"c3\", :0, :4]]");
        // with a minimum idle time the second naming finds the entry just delivered
        advance(10);
        assertThat(call("XCLAIM", "s", "g", "c4", "5", "1-1", "1-1", "JUSTID")).isEqualTo("[\"1-1\"]");
        call("XDEL", "s", "2-1");
        assertThat(call("XCLAIM", "s", "g", "c4", "0", "2-1", "2-1", "JUSTID")).isEqualTo("[]");
        assertThat(call("XPENDING", "s", "g")).isEqualTo("[:1, \"1-1\", \"1-1\", [[\"c4\", \"1\"]]]");
    }

    @Test
    void aDeletedPendingEntryIsDroppedByClaimsAndShownAsNilInHistory() {
        call("XGROUP", "CREATE", "s", "g", "0", "MKSTREAM");
        call("XADD", "s", "1-0", "f", "a");
        call("XADD", "s", "2-0", "f", "b");
        call("XREADGROUP", "GROUP", "g", "alice", "STREAMS", "s", ">");
        call("XDEL", "s", "1-0");
        assertThat(call("XREADGROUP", "GROUP", "g", "alice", "STREAMS", "s", "0"))
                .isEqualTo("[[\"s\", [[\"1-0\", *nil], [\"2-0\", [\"f\", \"b\"]]]]]");
        assertThat(call("XAUTOCLAIM", "s", "g", "bob", "0", "0", "JUSTID")).isEqualTo("[\"0-0\", [\"2-0\"], [\"1-0\"]]");
        assertThat(call("XPENDING", "s", "g")).isEqualTo("[:1, \"2-0\", \"2-0\", [[\"bob\", \"1\"]]]");
    }

    @Test
    void lagIsExactUntilADeletionAfterTheGroupThenEstimatedOrUnknown() {
        for (int i = 1; i <= 5; i++) {
            call("XADD", "s", i + "-0", "f", "v");
        }
        call("XGROUP", "CREATE", "s", "g", "0");
        assertThat(call("XINFO", "GROUPS", "s")).isEqualTo("[{name=\"g\", consumers=:0, pending=:0,"
                + " last-delivered-id=\"0-0\", entries-read=nil, lag=:5}]");
        call("XREADGROUP", "GROUP", "g", "c", "COUNT", "2", "STREAMS", "s", ">");
        assertThat(call("XINFO", "GROUPS", "s")).contains("entries-read=:2, lag=:3");
        call("XDEL", "s", "4-0"); // after the group's position: the lag can no longer be counted
        assertThat(call("XINFO", "GROUPS", "s")).contains("entries-read=:2, lag=nil");
        call("XREADGROUP", "GROUP", "g", "c", "STREAMS", "s", ">");
        assertThat(call("XINFO", "GROUPS", "s")).contains("last-delivered-id=\"5-0\", entries-read=:5, lag=:0");
    }
}
