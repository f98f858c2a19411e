package io.cairn.server.command.set;

import static io.cairn.server.command.CommandHarness.bulk;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.resp.RespValue;
import io.cairn.server.command.CollectionScan;
import io.cairn.server.command.CommandHarness;
import io.cairn.server.command.Operation;
import io.cairn.storage.engine.ValueType;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The set operations without sockets: records in, replies out; parse refusals apart from run refusals. */
class SetCommandsTest {
    private final CommandHarness h = new CommandHarness("client-output-buffer-limit", "1mb");

    @AfterEach
    void close() {
        h.close();
    }

    private static List<RespValue> items(RespValue v) {
        return switch (v) {
            case RespValue.ArrayReply a -> a.items();
            case RespValue.SetReply s -> s.items();
            default -> throw new AssertionError("not an aggregate: " + v);
        };
    }

    @Test
    void argumentsAreCheckedBeforeTheLockInRedissOrderAndWords() {
        assertThatThrownBy(() -> h.parse("SPOP", "s", "-1")).hasMessage("ERR value is out of range, must be positive");
        assertThatThrownBy(() -> h.parse("SPOP", "s", "x")).hasMessage("ERR value is out of range, must be positive");
        assertThatThrownBy(() -> h.parse("SPOP", "s", "1", "2")).hasMessage("ERR syntax error");
        assertThatThrownBy(() -> h.parse("SRANDMEMBER", "s", "-9223372036854775808"))
                .hasMessage("ERR value is out of range, value must between -9223372036854775807 and 9223372036854775807");
        assertThatThrownBy(() -> h.parse("SINTERCARD", "0", "a")).hasMessage("ERR numkeys should be greater than 0");
        assertThatThrownBy(() -> h.parse("SINTERCARD", "x", "a")).hasMessage("ERR numkeys should be greater than 0");
        assertThatThrownBy(() -> h.parse("SINTERCARD", "3", "a", "b"))
                .hasMessage("ERR Number of keys can't be greater than number of args");
        assertThatThrownBy(() -> h.parse("SINTERCARD", "1", "a", "LIMIT", "-1")).hasMessage("ERR LIMIT can't be negative");
        assertThatThrownBy(() -> h.parse("SINTERCARD", "1", "a", "LIMIT")).hasMessage("ERR syntax error");
        assertThatThrownBy(() -> h.parse("SSCAN", "s", "x")).hasMessage("ERR invalid cursor");
        assertThat(h.parse("SINTERCARD", "2", "a", "b", "limit", "5")).isInstanceOfSatisfying(SetReads.InterCard.class,
                c -> {
                    assertThat(c.keys()).hasNumberOfRows(2);
                    assertThat(c.limit()).isEqualTo(5);
                });
        assertThat(h.parse("SUNIONSTORE", "d", "a", "b")).isInstanceOfSatisfying(SetWrites.Store.class,
                s -> assertThat(s.op()).isEqualTo(Algebra.UNION));
    }

    @Test
    void sscanOptionErrorsWaitForTheKeyAsRedisOrdersThem() {
        Operation scan = h.parse("SSCAN", "s", "0", "COUNT", "0");
        assertThat(scan).isInstanceOfSatisfying(CollectionScan.Scan.class, s -> assertThat(s.refusal()).isNotNull());
        assertThat(h.run(scan)).isEqualTo(RespValue.array(List.of(bulk("0"), RespValue.EMPTY_ARRAY))); // absent key
        h.exec("SET", "str", "v");
        assertThat(h.reply("SSCAN", "str", "0", "COUNT", "0")).isEqualTo(
                RespValue.error("WRONGTYPE Operation against a key holding the wrong kind of value"));
        h.exec("SADD", "s", "a");
        assertThatThrownBy(() -> h.run(scan)).hasMessage("ERR syntax error");
    }

    @Test
    void cursorsReadAsStrtoulReadsThem() {
        assertThat(CollectionScan.parseCursor(new byte[0])).isZero();
        assertThat(CollectionScan.parseCursor(CommandHarness.bytes("18446744073709551615"))).isEqualTo(-1L);
        assertThat(CollectionScan.parseCursor(CommandHarness.bytes("-1"))).isEqualTo(-1L);
        assertThat(CollectionScan.parseCursor(CommandHarness.bytes("+7"))).isEqualTo(7);
        for (String bad : new String[] {"18446744073709551616", " 0", "0 ", "-", "+", "1x", "0x10"}) {
            assertThatThrownBy(() -> CollectionScan.parseCursor(CommandHarness.bytes(bad))).as(bad)
                    .hasMessage("ERR invalid cursor");
        }
    }

    @Test
    void repliesAreSetsWhereRedisSendsSets() {
        h.exec("SADD", "s", "b", "a");
        assertThat(h.exec("SMEMBERS", "s")).isInstanceOf(RespValue.SetReply.class);
        assertThat(h.exec("SINTER", "s", "s")).isInstanceOf(RespValue.SetReply.class);
        assertThat(h.exec("SUNION", "s")).isInstanceOf(RespValue.SetReply.class);
        assertThat(h.exec("SDIFF", "s")).isInstanceOf(RespValue.SetReply.class);
        assertThat(h.exec("SPOP", "missing", "2")).isEqualTo(new RespValue.SetReply(List.of()));
        assertThat(h.exec("SRANDMEMBER", "s", "5")).isInstanceOf(RespValue.ArrayReply.class);
        assertThat(h.exec("SRANDMEMBER", "missing")).isEqualTo(RespValue.NULL);
        assertThat(h.exec("SPOP", "missing")).isEqualTo(RespValue.NULL);
        assertThat(h.exec("SMISMEMBER", "s", "a", "z")).isEqualTo(RespValue.array(List.of(RespValue.ONE, RespValue.ZERO)));
        assertThat(h.exec("SPOP", "s", "5")).isInstanceOf(RespValue.SetReply.class);
        assertThat(h.exec("EXISTS", "s")).isEqualTo(RespValue.ZERO);
    }

    @Test
    void aHugeNegativeCountIsRefusedOnlyForAnExistingSetAndBeforeAnyPick() {
        assertThat(h.exec("SRANDMEMBER", "missing", "-9223372036854775807")).isEqualTo(RespValue.EMPTY_ARRAY);
        h.exec("SADD", "s", "a", "b");
        // 1 MiB of output buffer allows 16,384 picks (64 bytes each at the least)
        assertThat(items(h.exec("SRANDMEMBER", "s", "-16384"))).hasSize(16_384);
        assertThatThrownBy(() -> h.exec("SRANDMEMBER", "s", "-16385"))
                .hasMessage("ERR value is out of range, value must between -16384 and 9223372036854775807");
        assertThatThrownBy(() -> h.exec("SRANDMEMBER", "s", "-9223372036854775807"))
                .hasMessageStartingWith("ERR value is out of range");
        assertThat(items(h.exec("SRANDMEMBER", "s", "9223372036854775807"))).hasSize(2);
    }

    @Test
    void storeFormsReplaceTheDestinationWhateverItHeld() {
        h.exec("SADD", "a", "1", "2", "3");
        h.exec("SADD", "b", "2", "3", "4");
        h.exec("SET", "d", "string", "EX", "100");
        assertThat(h.exec("SINTERSTORE", "d", "a", "b")).isEqualTo(RespValue.integer(2));
        assertThat(h.exec("TYPE", "d")).isEqualTo(RespValue.simple("set"));
        assertThat(h.exec("TTL", "d")).isEqualTo(RespValue.integer(-1));
        assertThat(h.exec("OBJECT", "ENCODING", "d")).isEqualTo(bulk("intset"));
        assertThat(h.exec("SDIFFSTORE", "d", "a", "a")).isEqualTo(RespValue.ZERO);
        assertThat(h.exec("EXISTS", "d")).isEqualTo(RespValue.ZERO);
        assertThat(h.exec("SUNIONSTORE", "a", "a", "b")).isEqualTo(RespValue.integer(4)); // a source may be the destination
        Set<RespValue> members = new HashSet<>(items(h.exec("SMEMBERS", "a")));
        assertThat(members).containsExactlyInAnyOrder(bulk("1"), bulk("2"), bulk("3"), bulk("4"));
    }

    @Test
    void hscanAndZscanPageBigCollectionsWithCursors() {
        for (int i = 0; i < 500; i++) {
            h.exec("HSET", "h", "f" + i, "v" + i);
            h.exec("ZADD", "z", Integer.toString(i), "m" + i);
        }
        for (String[] cmd : new String[][] {{"HSCAN", "h"}, {"ZSCAN", "z"}}) {
            Set<String> seen = new HashSet<>();
            String cursor = "0";
            int pages = 0;
            do {
                List<RespValue> reply = items(h.exec(cmd[0], cmd[1], cursor, "COUNT", "5"));
                cursor = RespValue.textOf(reply.get(0));
                List<RespValue> page = items(reply.get(1));
                for (int i = 0; i < page.size(); i += 2) {
                    seen.add(RespValue.textOf(page.get(i)));
                }
                pages++;
            } while (!cursor.equals("0"));
            assertThat(seen).as(cmd[0]).hasSize(500);
            assertThat(pages).as(cmd[0]).isBetween(2, 20);
        }
        assertThat(h.parse("HSCAN", "h", "0", "NOVALUES")).isInstanceOfSatisfying(CollectionScan.Scan.class,
                s -> assertThat(s.noValues()).isTrue());
        assertThat(h.parse("ZSCAN", "z", "0")).isInstanceOfSatisfying(CollectionScan.Scan.class,
                s -> assertThat(s.type()).isEqualTo(ValueType.ZSET));
    }
}
