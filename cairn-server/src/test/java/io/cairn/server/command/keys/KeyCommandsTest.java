package io.cairn.server.command.keys;

import static io.cairn.server.command.CommandHarness.NOW;
import static io.cairn.server.command.CommandHarness.bulk;
import static io.cairn.server.command.CommandHarness.bytes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.command.CommandHarness;
import io.cairn.server.command.Operation;
import io.cairn.storage.engine.ValueType;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The key operations without sockets: records in, replies out; parse refusals apart from run refusals. */
class KeyCommandsTest {
    private final CommandHarness h = new CommandHarness();

    @AfterEach
    void close() {
        h.close();
    }

    @Test
    void expireChecksOptionsThenTheNumberBeforeTheLock() {
        assertParseError("ERR Unsupported option BOGUS", "EXPIRE", "k", "ten", "BOGUS");
        assertParseError("ERR NX and XX, GT or LT options at the same time are not compatible", "EXPIRE", "k", "1", "NX", "GT");
        assertParseError("ERR GT and LT options at the same time are not compatible", "PEXPIRE", "k", "1", "GT", "LT");
        assertParseError("ERR value is not an integer or out of range", "EXPIRE", "k", "ten");
        assertParseError("ERR invalid expire time in 'expire' command", "EXPIRE", "k", Long.toString(Long.MAX_VALUE / 100));
        assertThat(h.parse("EXPIREAT", "k", "100", "xx")).isInstanceOfSatisfying(KeyWrites.Expire.class, e -> {
            assertThat(e.millis()).isEqualTo(100_000);
            assertThat(e.absolute()).isTrue();
            assertThat(e.xx()).isTrue();
        });
    }

    @Test
    void expireAppliesItsConditionsToTheKeysExpiry() {
        assertThat(h.exec("EXPIRE", "k", "10")).isEqualTo(RespValue.ZERO); // absent
        h.exec("SET", "k", "v");
        assertThat(h.exec("EXPIRE", "k", "10", "XX")).isEqualTo(RespValue.ZERO);
        assertThat(h.exec("EXPIRE", "k", "10", "GT")).isEqualTo(RespValue.ZERO); // no expiry counts as infinite
        assertThat(h.exec("EXPIRE", "k", "10", "NX")).isEqualTo(RespValue.ONE);
        assertThat(h.exec("PEXPIRE", "k", "20000", "LT")).isEqualTo(RespValue.ZERO);
        assertThat(h.exec("PEXPIRE", "k", "5000", "LT")).isEqualTo(RespValue.ONE);
        assertThat(h.exec("PTTL", "k")).isEqualTo(RespValue.integer(5000));
        assertThat(h.exec("PEXPIRETIME", "k")).isEqualTo(RespValue.integer(NOW + 5000));
        assertThat(h.exec("EXPIRETIME", "k")).isEqualTo(RespValue.integer((NOW + 5000 + 500) / 1000));
        assertThat(h.exec("PERSIST", "k")).isEqualTo(RespValue.ONE);
        assertThat(h.exec("TTL", "k")).isEqualTo(RespValue.integer(-1));
        assertThat(h.exec("EXPIRE", "k", "-1")).isEqualTo(RespValue.ONE); // a time not after now deletes
        assertThat(h.exec("TTL", "k")).isEqualTo(RespValue.integer(-2));
    }

    @Test
    void aRelativeExpiryOverflowingTheClockIsRefusedWhenItRuns() {
        h.exec("SET", "k", "v");
        Operation op = h.parse("PEXPIRE", "k", Long.toString(Long.MAX_VALUE - NOW + 1));
        assertThatThrownBy(() -> h.run(op)).hasMessage("ERR invalid expire time in 'pexpire' command");
        assertThat(h.exec("TTL", "k")).isEqualTo(RespValue.integer(-1));
    }

    @Test
    void renameRefusesAMissingKeyWhenItRunsAndCopyABadDatabaseBefore() {
        Operation rename = h.parse("RENAME", "a", "b");
        assertThatThrownBy(() -> h.run(rename)).hasMessage("ERR no such key");
        h.exec("SET", "a", "1", "EX", "100");
        assertThat(h.run(rename)).isEqualTo(RespValue.OK);
        assertThat(h.exec("TTL", "b")).isEqualTo(RespValue.integer(100));
        assertThat(h.exec("RENAMENX", "b", "b")).isEqualTo(RespValue.ZERO);

        Operation sameKey = h.parse("COPY", "b", "b");
        assertThatThrownBy(() -> h.run(sameKey)).hasMessage("ERR source and destination objects are the same");
        assertParseError("ERR DB index is out of range", "COPY", "b", "c", "DB", "16");
        assertParseError("ERR syntax error", "COPY", "b", "c", "DB");
        assertThat(h.exec("COPY", "b", "c")).isEqualTo(RespValue.ONE);
        assertThat(h.exec("COPY", "b", "c")).isEqualTo(RespValue.ZERO);
        assertThat(h.exec("COPY", "b", "c", "DB", "0", "REPLACE")).isEqualTo(RespValue.ONE);
        assertThat(h.exec("DEL", "b", "c", "c", "nosuch")).isEqualTo(RespValue.integer(2));
    }

    @Test
    void scanResolvesItsCursorBeforeTheLockAndIssuesTheNextOneInside() {
        for (String k : List.of("a1", "a2", "b1", "b2", "c1")) {
            h.exec("SET", k, "v");
        }
        h.exec("HSET", "h1", "f", "v");
        assertParseError("ERR invalid cursor", "SCAN", "x");
        assertParseError("ERR invalid cursor", "SCAN", "12345");
        assertParseError("ERR syntax error", "SCAN", "0", "COUNT", "0");
        assertParseError("ERR syntax error", "SCAN", "0", "MATCH");
        assertThat(h.parse("SCAN", "0", "TYPE", "nosuchtype")).extracting(o -> ((KeyReads.Scan) o).type())
                .isEqualTo(ValueType.NONE);

        RespValue first = h.exec("SCAN", "0", "COUNT", "3");
        List<RespValue> items = ((RespValue.ArrayReply) first).items();
        assertThat(items.get(1)).isEqualTo(RespValue.array(List.of(bulk("a1"), bulk("a2"), bulk("b1"))));
        String cursor = RespValue.textOf(items.get(0));
        assertThat(cursor).isNotEqualTo("0");
        assertThat(h.exec("SCAN", cursor, "COUNT", "10", "MATCH", "*1"))
                .isEqualTo(RespValue.array(List.of(bulk("0"), RespValue.array(List.of(bulk("c1"), bulk("h1"))))));
        assertThat(h.exec("SCAN", "0", "TYPE", "HASH"))
                .isEqualTo(RespValue.array(List.of(bulk("0"), RespValue.array(List.of(bulk("h1"))))));
        assertThat(h.exec("KEYS", "b*")).isEqualTo(RespValue.array(List.of(bulk("b1"), bulk("b2"))));
        assertThat(h.exec("EXISTS", "a1", "a1", "zz")).isEqualTo(RespValue.integer(2));
        assertThat(h.exec("TYPE", "h1")).isEqualTo(RespValue.simple("hash"));
    }

    @Test
    void keyRangeAnswersEachValueAsItsTypesReadCommand() {
        h.exec("SET", "r:1", "one");
        h.exec("HSET", "r:2", "f", "v");
        h.exec("ZADD", "r:3", "1.5", "m");
        assertParseError("ERR count must be >= 0", "KEYRANGE", "r:", "-1");
        assertParseError("ERR syntax error", "KEYRANGE", "r:", "1", "VALUES");
        assertThat(h.exec("KEYRANGE", "", "2")).isEqualTo(RespValue.array(List.of(bulk("r:1"), bulk("r:2"))));
        RespValue withValues = h.exec("KEYRANGE", "r:2", "5", "WITHVALUES");
        assertThat(((RespValue.ArrayReply) withValues).items()).hasSize(4).satisfies(items -> {
            assertThat(items.get(1)).isInstanceOf(RespValue.FieldMap.class);
            assertThat(items.get(3)).isEqualTo(RespValue.array(List.of(bulk("m"), new RespValue.DoubleReply(1.5))));
        });
        assertThat(h.run(new KeyReads.KeyRange(bytes("r:3"), 1, false, 2, null)))
                .isEqualTo(RespValue.array(List.of(bulk("r:3"))));
    }

    private void assertParseError(String message, String... args) {
        assertThatThrownBy(() -> h.parse(args)).isInstanceOf(InvalidRequestException.class).hasMessage(message);
    }
}
