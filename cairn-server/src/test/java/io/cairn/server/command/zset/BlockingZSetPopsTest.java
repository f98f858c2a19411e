package io.cairn.server.command.zset;

import static io.cairn.server.command.CommandHarness.bulk;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.resp.CommandTable;
import io.cairn.resp.RespValue;
import io.cairn.server.command.BlockingCommand;
import io.cairn.server.command.BlockingOperation;
import io.cairn.server.command.BlockingTimeout;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.CommandHarness;
import io.cairn.server.command.Commands;
import io.cairn.storage.engine.ValueType;
import io.cairn.storage.engine.WrongTypeException;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * BZPOPMIN, BZPOPMAX and BZMPOP without sockets: arguments checked before the lock in Redis's
 * order, a try that answers or says it must wait, the replies when nothing may wait.
 */
class BlockingZSetPopsTest {
    private final CommandHarness h = new CommandHarness();

    @AfterEach
    void close() {
        h.close();
    }

    private static BlockingOperation parse(String... words) {
        BlockingCommand cmd = (BlockingCommand) Commands.handlers().get(words[0].toLowerCase());
        return cmd.parse(new CommandContext(CommandHarness.bytes(words), CommandTable.lookup(words[0].toLowerCase()),
                null, null));
    }

    private RespValue attempt(BlockingOperation op) {
        return h.store().execute(op::attempt).value();
    }

    @Test
    void timeoutsAndOptionsAreCheckedInRedisOrder() {
        assertThatThrownBy(() -> parse("BZPOPMIN", "z", "-1")).hasMessage(BlockingTimeout.NEGATIVE);
        assertThatThrownBy(() -> parse("BZPOPMAX", "z", "soon")).hasMessage(BlockingTimeout.NOT_FLOAT);
        assertThatThrownBy(() -> parse("BZPOPMIN", "z", "1e400")).hasMessage(BlockingTimeout.OUT_OF_RANGE);
        assertThat(parse("BZPOPMIN", "a", "b", "0.25").timeoutMillis()).isEqualTo(250);
        assertThat(parse("BZPOPMIN", "a", "b", "0.25").keys()).hasSize(2);
        assertThat(parse("BZPOPMIN", "a", "-0.0001").timeoutMillis()).isZero(); // rounds up to forever
        // BZMPOP reads numkeys, MIN/MAX and COUNT before its timeout
        assertThatThrownBy(() -> parse("BZMPOP", "bad", "0", "z", "MIN")).hasMessage("ERR numkeys should be greater than 0");
        assertThatThrownBy(() -> parse("BZMPOP", "bad", "1", "z", "UP")).hasMessage("ERR syntax error");
        assertThatThrownBy(() -> parse("BZMPOP", "bad", "1", "z", "MIN", "COUNT", "0"))
                .hasMessage("ERR count should be greater than 0");
        assertThatThrownBy(() -> parse("BZMPOP", "bad", "2", "z", "MIN")).hasMessage("ERR syntax error");
        assertThatThrownBy(() -> parse("BZMPOP", "bad", "1", "z", "MIN")).hasMessage(BlockingTimeout.NOT_FLOAT);
        BlockingOperation mpop = parse("BZMPOP", "1.5", "2", "a", "b", "max", "count", "3");
        assertThat(mpop.timeoutMillis()).isEqualTo(1_500);
        assertThat(mpop.keys()).hasSize(2);
        assertThat(mpop.wakesOn()).isEqualTo(ValueType.ZSET);
    }

    @Test
    void aTryPopsFromTheFirstSortedSetOrSaysItMustWait() {
        BlockingOperation min = parse("BZPOPMIN", "none", "z", "0");
        assertThat(attempt(min)).isNull();
        assertThat(min.timedOut()).isEqualTo(RespValue.NULL_ARRAY);
        assertThat(h.store().execute(min::attemptOnce).value()).isEqualTo(RespValue.NULL_ARRAY); // inside MULTI
        h.exec("ZADD", "z", "1", "a", "2", "b", "3", "c");
        assertThat(attempt(min)).isEqualTo(RespValue.array(List.of(bulk("z"), bulk("a"), new RespValue.DoubleReply(1))));
        assertThat(attempt(parse("BZPOPMAX", "z", "0")))
                .isEqualTo(RespValue.array(List.of(bulk("z"), bulk("c"), new RespValue.DoubleReply(3))));
        BlockingOperation mpop = parse("BZMPOP", "0", "2", "none", "z", "MIN", "COUNT", "5");
        assertThat(attempt(mpop)).isEqualTo(RespValue.array(List.of(bulk("z"),
                RespValue.array(List.of(RespValue.array(List.of(bulk("b"), new RespValue.DoubleReply(2))))))));
        assertThat(h.exec("EXISTS", "z")).isEqualTo(RespValue.integer(0));
        assertThat(attempt(mpop)).isNull();
        assertThat(h.store().execute(mpop::attemptOnce).value()).isEqualTo(RespValue.NULL_ARRAY);
    }

    @Test
    void aKeyOfAnotherTypeBeforeASortedSetIsWrongType() {
        h.exec("SET", "s", "v");
        h.exec("ZADD", "z", "1", "a");
        assertThatThrownBy(() -> attempt(parse("BZPOPMIN", "s", "z", "0"))).isInstanceOf(WrongTypeException.class);
        assertThatThrownBy(() -> attempt(parse("BZMPOP", "0", "2", "s", "z", "MIN"))).isInstanceOf(WrongTypeException.class);
        assertThat(attempt(parse("BZPOPMAX", "z", "s", "0"))).isNotNull(); // the sorted set comes first
        assertThat(h.exec("ZCARD", "z")).isEqualTo(RespValue.integer(0));
    }

    @Test
    void throughTheDispatcherAnAnswerIsAtOnceAndMultiNeverWaits() {
        h.exec("ZADD", "z", "2.5", "m");
        assertThat(h.call("BZPOPMIN", "z", "0"))
                .isEqualTo(RespValue.array(List.of(bulk("z"), bulk("m"), new RespValue.DoubleReply(2.5))));
        assertThat(h.call("MULTI")).isEqualTo(RespValue.simple("OK"));
        h.call("BZPOPMIN", "z", "0");
        h.call("ZADD", "z", "1", "x");
        h.call("BZMPOP", "0", "1", "z", "MAX");
        h.call("BZMPOP", "0", "1", "z", "MAX");
        assertThat(h.call("EXEC")).isEqualTo(RespValue.array(List.of(RespValue.NULL_ARRAY, RespValue.integer(1),
                RespValue.array(List.of(bulk("z"), RespValue.array(List.of(
                        RespValue.array(List.of(bulk("x"), new RespValue.DoubleReply(1))))))),
                RespValue.NULL_ARRAY)));
    }
}
