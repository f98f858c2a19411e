package io.cairn.server.command.hash;

import static io.cairn.server.command.CommandHarness.bulk;
import static io.cairn.server.command.CommandHarness.bytes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.command.CommandHarness;
import io.cairn.server.command.Operation;
import io.cairn.storage.engine.WrongTypeException;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The hash operations without sockets: records in, replies out; parse refusals apart from run refusals. */
class HashCommandsTest {
    private final CommandHarness h = new CommandHarness();

    @AfterEach
    void close() {
        h.close();
    }

    @Test
    void hsetCountsItsPairsBeforeTheLockAndNewFieldsInside() {
        assertParseError("ERR wrong number of arguments for 'hset' command", "HSET", "h", "f", "v", "g");
        assertParseError("ERR wrong number of arguments for 'hmset' command", "HMSET", "h", "f", "v", "g");
        Operation op = h.parse("HSET", "h", "f", "1", "g", "2");
        assertThat(op).isInstanceOfSatisfying(HashWrites.HSet.class, s -> assertThat(s.fields()).hasSize(2));
        assertThat(h.run(op)).isEqualTo(RespValue.integer(2));
        assertThat(h.run(op)).isEqualTo(RespValue.ZERO);
        assertThat(h.exec("HMSET", "h", "f", "3", "k", "4")).isEqualTo(RespValue.OK);
        assertThat(h.exec("HSETNX", "h", "f", "x")).isEqualTo(RespValue.ZERO);
        assertThat(h.exec("HMGET", "h", "f", "nosuch", "k")).isEqualTo(RespValue.array(List.of(bulk("3"), RespValue.NULL, bulk("4"))));
        assertThat(h.exec("HLEN", "h")).isEqualTo(RespValue.integer(3));
        assertThat(h.exec("HSTRLEN", "h", "g")).isEqualTo(RespValue.ONE);
        assertThat(h.exec("HEXISTS", "h", "nosuch")).isEqualTo(RespValue.ZERO);
        assertThat(h.exec("HDEL", "h", "f", "g", "k", "nosuch")).isEqualTo(RespValue.integer(3));
        assertThat(h.exec("EXISTS", "h")).isEqualTo(RespValue.ZERO); // the key goes with its last field
    }

    @Test
    void incrementsAreParsedBeforeTheLockAndTheStoredValueInside() {
        assertParseError("ERR value is not an integer or out of range", "HINCRBY", "h", "f", "x");
        assertParseError("ERR value is not a valid float", "HINCRBYFLOAT", "h", "f", "x");
        assertParseError("ERR value is NaN or Infinity", "HINCRBYFLOAT", "h", "f", "inf");
        h.exec("HSET", "h", "s", "abc", "n", Long.toString(Long.MAX_VALUE));
        assertThatThrownBy(() -> h.exec("HINCRBY", "h", "s", "1")).hasMessage("ERR hash value is not an integer");
        assertThatThrownBy(() -> h.exec("HINCRBY", "h", "n", "1")).hasMessage("ERR increment or decrement would overflow");
        assertThatThrownBy(() -> h.exec("HINCRBYFLOAT", "h", "s", "1")).hasMessage("ERR hash value is not a float");
        assertThat(h.run(new HashWrites.HIncrBy(bytes("h"), bytes("c"), -3))).isEqualTo(RespValue.integer(-3));
        assertThat(h.exec("HINCRBYFLOAT", "h", "c", "0.25")).isEqualTo(bulk("-2.75"));
        assertThat(h.exec("HGET", "h", "c")).isEqualTo(bulk("-2.75"));
        h.exec("SET", "str", "v");
        assertThatThrownBy(() -> h.exec("HINCRBY", "str", "f", "1")).isInstanceOf(WrongTypeException.class);
        assertThatThrownBy(() -> h.exec("HGETALL", "str")).isInstanceOf(WrongTypeException.class);
    }

    @Test
    void hrandfieldChecksItsCountBeforeTheLockAndShapesItsReplyByProtocol() {
        assertParseError("ERR value is out of range, value must between -9223372036854775807 and 9223372036854775807",
                "HRANDFIELD", "h", Long.toString(Long.MIN_VALUE));
        assertParseError("ERR syntax error", "HRANDFIELD", "h", "1", "VALUES");
        assertParseError("ERR value is out of range", "HRANDFIELD", "h", Long.toString(Long.MAX_VALUE), "WITHVALUES");
        assertThat(h.exec("HRANDFIELD", "h")).isEqualTo(RespValue.NULL);
        assertThat(h.exec("HRANDFIELD", "h", "5")).isEqualTo(RespValue.EMPTY_ARRAY);
        h.exec("HSET", "h", "a", "1", "b", "2");
        assertThat(h.exec("HRANDFIELD", "h", "0")).isEqualTo(RespValue.EMPTY_ARRAY);
        assertThat(h.exec("HRANDFIELD", "h", "10")).satisfies(r -> assertThat(((RespValue.ArrayReply) r).items())
                .containsExactlyInAnyOrder(bulk("a"), bulk("b")));
        assertThat(((RespValue.ArrayReply) h.exec("HRANDFIELD", "h", "-5")).items()).hasSize(5);
        RespValue pairs = h.run(new HashReads.HRandField(bytes("h"), -3L, true, 10, new SplittableRandom(1), 3));
        assertThat(((RespValue.ArrayReply) pairs).items()).hasSize(3)
                .allSatisfy(p -> assertThat(((RespValue.ArrayReply) p).items()).hasSize(2));
        RespValue flat = h.run(new HashReads.HRandField(bytes("h"), 2L, true, 10, new SplittableRandom(1), 2));
        assertThat(((RespValue.ArrayReply) flat).items()).hasSize(4);
    }

    @Test
    void hrandfieldRefusesMoreRepeatsThanTheOutputBufferLimitAllowsBeforePickingAny() {
        try (CommandHarness small = new CommandHarness("client-output-buffer-limit", "64kb")) {
            assertThat(small.exec("HRANDFIELD", "h", "-2000000000")).as("an absent key answers first")
                    .isEqualTo(RespValue.EMPTY_ARRAY);
            small.exec("HSET", "h", "a", "1", "b", "2", "c", "3");
            for (String withValues : new String[] {"", "WITHVALUES"}) {
                String[] args = withValues.isEmpty() ? new String[] {"HRANDFIELD", "h", "-2000000000"}
                        : new String[] {"HRANDFIELD", "h", "-2000000000", withValues};
                assertThatThrownBy(() -> small.exec(args)).isInstanceOf(InvalidRequestException.class)
                        .hasMessage("ERR value is out of range, value must between -1024 and 9223372036854775807");
            }
            assertThat(((RespValue.ArrayReply) small.exec("HRANDFIELD", "h", "-1024")).items()).hasSize(1024);
            assertThat(((RespValue.ArrayReply) small.exec("HRANDFIELD", "h", "2000000000")).items()).hasSize(3);
            small.exec("SET", "s", "v");
            assertThatThrownBy(() -> small.exec("HRANDFIELD", "s", "0")).isInstanceOf(WrongTypeException.class);
        }
    }

    @Test
    void columnsAndTheWholeHash() {
        h.exec("HSET", "h", "a", "1", "b", "2");
        assertThat(((RespValue.ArrayReply) h.exec("HKEYS", "h")).items()).containsExactlyInAnyOrder(bulk("a"), bulk("b"));
        assertThat(((RespValue.ArrayReply) h.exec("HVALS", "h")).items()).containsExactlyInAnyOrder(bulk("1"), bulk("2"));
        assertThat(h.exec("HGETALL", "h")).isInstanceOfSatisfying(RespValue.FieldMap.class,
                m -> assertThat(m.fields()).containsExactlyInAnyOrder("a", "b"));
        assertThat(h.exec("HKEYS", "nosuch")).isEqualTo(RespValue.EMPTY_ARRAY);
    }

    private void assertParseError(String message, String... args) {
        assertThatThrownBy(() -> h.parse(args)).isInstanceOf(InvalidRequestException.class).hasMessage(message);
    }
}
