package io.cairn.server.command.string;

import static io.cairn.server.command.CommandHarness.NOW;
import static io.cairn.server.command.CommandHarness.bulk;
import static io.cairn.server.command.CommandHarness.bytes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.command.CommandHarness;
import io.cairn.server.command.Operation;
import io.cairn.server.command.Parsed;
import io.cairn.storage.engine.WrongTypeException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The string operations without sockets: records in, replies out; parse refusals apart from run refusals. */
class StringCommandsTest {
    private final CommandHarness h = new CommandHarness("proto-max-bulk-len", "1kb");

    @AfterEach
    void close() {
        h.close();
    }

    @Test
    void setRecordsItsOptionsAndRunsThemAgainstTheData() {
        Operation op = h.parse("SET", "k", "v", "nx", "get", "ex", "10");
        assertThat(op).isInstanceOfSatisfying(StringWrites.Set.class, s -> {
            assertThat(s.nx()).isTrue();
            assertThat(s.get()).isTrue();
            assertThat(s.expiry()).isEqualTo(new Expiry(Expiry.Unit.EX, 10, "set"));
        });
        assertThat(h.run(op)).isEqualTo(RespValue.NULL); // GET of an absent key, then written
        assertThat(h.exec("PTTL", "k")).isEqualTo(RespValue.integer(10_000));
        assertThat(h.run(op)).isEqualTo(bulk("v")); // NX stops the write, GET still answers
        assertThat(h.exec("SET", "k", "w", "KEEPTTL")).isEqualTo(RespValue.OK);
        assertThat(h.exec("PTTL", "k")).isEqualTo(RespValue.integer(10_000));
        assertThat(h.exec("SET", "k", "x")).isEqualTo(RespValue.OK);
        assertThat(h.exec("TTL", "k")).isEqualTo(RespValue.integer(-1));
    }

    @Test
    void setRefusesBadSyntaxAndBadExpiryBeforeTheLock() {
        assertParseError("ERR syntax error", "SET", "k", "v", "NX", "XX");
        assertParseError("ERR syntax error", "SET", "k", "v", "EX", "10", "PX", "10");
        assertParseError("ERR syntax error", "SET", "k", "v", "KEEPTTL", "EX", "10");
        assertParseError("ERR syntax error", "SET", "k", "v", "EX");
        assertParseError("ERR value is not an integer or out of range", "SET", "k", "v", "EX", "ten");
        assertParseError("ERR invalid expire time in 'set' command", "SET", "k", "v", "EX", "0");
        assertParseError("ERR invalid expire time in 'set' command", "SET", "k", "v", "EX", "9223372036854776");
        assertParseError("ERR invalid expire time in 'setex' command", "SETEX", "k", "-1", "v");
        assertThat(h.parse("SET", "k", "v", "EX", "1", "EX", "2")).extracting(o -> ((StringWrites.Set) o).expiry().amount())
                .isEqualTo(2L); // the same option again replaces the first
    }

    @Test
    void aRelativeExpiryThatOverflowsWithTheClockIsRefusedWhenItRuns() {
        Operation op = h.parse("PSETEX", "k", Long.toString(Long.MAX_VALUE - NOW + 1), "v");
        assertThatThrownBy(() -> h.run(op)).hasMessage("ERR invalid expire time in 'psetex' command");
        assertThat(h.exec("EXISTS", "k")).isEqualTo(RespValue.ZERO);
    }

    @Test
    void setWithGetOnAnotherTypeIsWrongTypeAndChangesNothing() {
        h.exec("HSET", "h", "f", "v");
        Operation op = h.parse("SET", "h", "v", "GET");
        assertThatThrownBy(() -> h.run(op)).isInstanceOf(WrongTypeException.class);
        assertThat(h.exec("TYPE", "h")).isEqualTo(RespValue.simple("hash"));
        assertThat(h.exec("SET", "h", "v")).isEqualTo(RespValue.OK); // without GET, SET replaces any type
    }

    @Test
    void getexLeavesItsNumberToTheKeyAsRedisOrdersIt() {
        Operation bad = h.parse("GETEX", "k", "EX", "soon");
        assertThat(bad).isInstanceOfSatisfying(StringWrites.GetEx.class,
                g -> assertThat(g.expiry().error()).hasMessage("ERR value is not an integer or out of range"));
        assertThat(h.run(bad)).isEqualTo(RespValue.NULL); // an absent key answers nil before the number is read
        h.exec("SET", "k", "v");
        assertThatThrownBy(() -> h.run(bad)).hasMessage("ERR value is not an integer or out of range");
        assertThatThrownBy(() -> h.exec("GETEX", "k", "PX", "0")).hasMessage("ERR invalid expire time in 'getex' command");
        assertParseError("ERR syntax error", "GETEX", "k", "PERSIST", "EX", "1");

        assertThat(h.exec("GETEX", "k", "EX", "100")).isEqualTo(bulk("v"));
        assertThat(h.exec("TTL", "k")).isEqualTo(RespValue.integer(100));
        assertThat(h.exec("GETEX", "k", "PERSIST")).isEqualTo(bulk("v"));
        assertThat(h.exec("TTL", "k")).isEqualTo(RespValue.integer(-1));
        assertThat(h.exec("GETEX", "k", "PXAT", Long.toString(NOW))).isEqualTo(bulk("v")); // a past time deletes
        assertThat(h.exec("EXISTS", "k")).isEqualTo(RespValue.ZERO);
    }

    @Test
    void countersParseTheirDeltaBeforeTheLockAndTheValueInside() {
        assertParseError("ERR value is not an integer or out of range", "INCRBY", "n", "1.5");
        assertParseError("ERR decrement would overflow", "DECRBY", "n", Long.toString(Long.MIN_VALUE));
        assertThat(h.parse("DECRBY", "n", "5")).usingRecursiveComparison().isEqualTo(new StringEdits.IncrBy(bytes("n"), -5));

        h.exec("SET", "n", Long.toString(Long.MAX_VALUE), "EX", "100");
        assertThatThrownBy(() -> h.exec("INCR", "n")).hasMessage("ERR increment or decrement would overflow");
        assertThat(h.exec("DECR", "n")).isEqualTo(RespValue.integer(Long.MAX_VALUE - 1));
        assertThat(h.exec("TTL", "n")).isEqualTo(RespValue.integer(100)); // INCR keeps the expiry
        h.exec("SET", "s", "abc");
        assertThatThrownBy(() -> h.exec("INCR", "s")).hasMessage("ERR value is not an integer or out of range");
    }

    @Test
    void incrByFloatChecksTheKeyBeforeTheIncrement() {
        Operation op = h.parse("INCRBYFLOAT", "h", "abc");
        assertThat(op).isInstanceOfSatisfying(StringEdits.IncrByFloat.class,
                f -> assertThat(f.increment().error()).hasMessage("ERR value is not a valid float"));
        h.exec("HSET", "h", "f", "v");
        assertThatThrownBy(() -> h.run(op)).isInstanceOf(WrongTypeException.class);
        assertThat(h.run(new StringEdits.IncrByFloat(bytes("f"), new Parsed<>(10.5, null)))).isEqualTo(bulk("10.5"));
        assertThat(h.exec("INCRBYFLOAT", "f", "-0.5")).isEqualTo(bulk("10"));
        assertThat(h.exec("INCRBYFLOAT", "f", "5.0e3")).isEqualTo(bulk("5010"));
        assertThatThrownBy(() -> h.exec("INCRBYFLOAT", "f", "inf")).hasMessage("ERR increment would produce NaN or Infinity");
    }

    @Test
    void appendAndSetRangeAreBoundedByProtoMaxBulkLen() {
        assertThat(h.exec("APPEND", "a", "xy")).isEqualTo(RespValue.integer(2));
        assertThat(h.exec("APPEND", "a", "z")).isEqualTo(RespValue.integer(3));
        assertThat(h.exec("GET", "a")).isEqualTo(bulk("xyz"));
        assertThatThrownBy(() -> h.exec("APPEND", "a", "q".repeat(1022)))
                .hasMessage("ERR string exceeds maximum allowed size (proto-max-bulk-len)");

        assertParseError("ERR offset is out of range", "SETRANGE", "r", "-1", "x");
        assertThat(h.exec("SETRANGE", "r", "1000000", "")).isEqualTo(RespValue.ZERO); // nothing written, nothing allocated
        assertThatThrownBy(() -> h.exec("SETRANGE", "r", "1024", "x"))
                .hasMessage("ERR string exceeds maximum allowed size (proto-max-bulk-len)");
        assertThat(h.exec("SETRANGE", "r", "2", "ab")).isEqualTo(RespValue.integer(4));
        assertThat(h.exec("GET", "r")).isEqualTo(RespValue.bulk(new byte[] {0, 0, 'a', 'b'}));
        assertThat(h.exec("GETRANGE", "r", "-2", "-1")).isEqualTo(bulk("ab"));
        assertThat(h.exec("GETRANGE", "r", "-1", "-2")).isEqualTo(bulk(""));
        assertParseError("ERR value is not an integer or out of range", "GETRANGE", "r", "x", "1");
    }

    @Test
    void multiKeyCommandsCountTheirPairsBeforeTheLock() {
        assertParseError("ERR wrong number of arguments for 'mset' command", "MSET", "a", "1", "b");
        assertThat(h.exec("MSET", "a", "1", "b", "2")).isEqualTo(RespValue.OK);
        assertThat(h.exec("MSETNX", "b", "3", "c", "4")).isEqualTo(RespValue.ZERO);
        assertThat(h.exec("EXISTS", "c")).isEqualTo(RespValue.ZERO);
        h.exec("HSET", "h", "f", "v");
        assertThat(h.exec("MGET", "a", "h", "c")).isEqualTo(RespValue.array(java.util.List.of(bulk("1"), RespValue.NULL,
                RespValue.NULL)));
        assertThat(h.exec("GETSET", "a", "9")).isEqualTo(bulk("1"));
        assertThat(h.exec("GETDEL", "a")).isEqualTo(bulk("9"));
        assertThat(h.exec("GETDEL", "a")).isEqualTo(RespValue.NULL);
        assertThatThrownBy(() -> h.exec("STRLEN", "h")).isInstanceOf(WrongTypeException.class);
        assertThat(h.exec("SETNX", "b", "x")).isEqualTo(RespValue.ZERO);
        assertThat(h.exec("SETNX", "n", "x")).isEqualTo(RespValue.ONE);
    }

    private void assertParseError(String message, String... args) {
        assertThatThrownBy(() -> h.parse(args)).isInstanceOf(InvalidRequestException.class).hasMessage(message);
    }
}
