package io.cairn.server.command.zset;

import static io.cairn.server.command.CommandHarness.bulk;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.command.CommandHarness;
import io.cairn.server.command.Operation;
import io.cairn.storage.engine.WrongTypeException;
import io.cairn.storage.engine.ZSetRange;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The sorted-set operations without sockets: records in, replies out; parse refusals apart from run refusals. */
class ZSetCommandsTest {
    private final CommandHarness h = new CommandHarness("client-output-buffer-limit", "64kb");

    @AfterEach
    void close() {
        h.close();
    }

    private static RespValue pair(String member, double score) {
        return RespValue.array(List.of(bulk(member), new RespValue.DoubleReply(score)));
    }

    @Test
    void zaddRecordsItsFlagsAndScoresBeforeTheLock() {
        Operation op = h.parse("ZADD", "z", "gt", "ch", "1", "a", "2.5", "b");
        assertThat(op).isInstanceOfSatisfying(ZSetWrites.Add.class, a -> {
            assertThat(a.flags().gt()).isTrue();
            assertThat(a.flags().ch()).isTrue();
            assertThat(a.scores()).containsExactly(1, 2.5);
        });
        assertThat(h.run(op)).isEqualTo(RespValue.integer(2));
        assertThat(h.exec("ZADD", "z", "GT", "CH", "0", "a", "3", "b")).isEqualTo(RespValue.integer(1));
        assertThatThrownBy(() -> h.parse("ZADD", "z", "NX", "XX", "1", "a")).isInstanceOf(InvalidRequestException.class)
                .hasMessage("ERR XX and NX options at the same time are not compatible");
        assertThatThrownBy(() -> h.parse("ZADD", "z", "abc", "a")).hasMessage("ERR value is not a valid float");
        assertThat(h.exec("ZINCRBY", "z", "inf", "a")).isEqualTo(new RespValue.DoubleReply(Double.POSITIVE_INFINITY));
        assertThatThrownBy(() -> h.exec("ZINCRBY", "z", "-inf", "a"))
                .hasMessage("ERR resulting score is not a number (NaN)");
    }

    @Test
    void rangesAreParsedIntoTypedSelections() {
        ZRange byScore = (ZRange) h.parse("ZRANGE", "z", "(1", "+inf", "BYSCORE", "LIMIT", "1", "2");
        assertThat(byScore.selection()).isEqualTo(new ZRange.Selection.Within(
                new ZSetRange.ByScore(1, true, Double.POSITIVE_INFINITY, false)));
        assertThat(byScore.offset()).isEqualTo(1);
        assertThat(byScore.limit()).isEqualTo(2);
        assertThat(byScore.store()).isNull();
        ZRange r = (ZRange) h.parse("ZREVRANGEBYLEX", "z", "[c", "(a", "LIMIT", "0", "5");
        assertThat(r.reverse()).isTrue();
        assertThat(r.selection()).isEqualTo(new ZRange.Selection.Within(new ZSetRange.ByLex(
                ZSetRange.LexBound.exclusive("a"), ZSetRange.LexBound.inclusive("c"))));
        assertThat(r.limit()).isEqualTo(5);
        assertThatThrownBy(() -> h.parse("ZRANGE", "z", "0", "-1", "LIMIT", "0", "1"))
                .hasMessage("ERR syntax error, LIMIT is only supported in combination with either BYSCORE or BYLEX");
        assertThatThrownBy(() -> h.parse("ZRANGESTORE", "d", "z", "0", "-1", "WITHSCORES")).hasMessage("ERR syntax error");
        assertThatThrownBy(() -> h.parse("ZLEXCOUNT", "z", "a", "+")).hasMessage("ERR min or max not valid string range item");
        assertThatThrownBy(() -> h.parse("ZCOUNT", "z", "(x", "1")).hasMessage("ERR min or max is not a float");
    }

    @Test
    void rangeStoreWritesTheRangeAndAnEmptyOneDeletesTheDestination() {
        h.exec("ZADD", "src", "1", "a", "2", "b", "3", "c");
        assertThat(h.exec("ZRANGESTORE", "dst", "src", "+inf", "(1", "BYSCORE", "REV")).isEqualTo(RespValue.integer(2));
        assertThat(h.exec("ZRANGE", "dst", "0", "-1")).isEqualTo(RespValue.array(List.of(bulk("b"), bulk("c"))));
        assertThat(h.exec("ZRANGESTORE", "dst", "src", "5", "9")).isEqualTo(RespValue.integer(0));
        assertThat(h.exec("EXISTS", "dst")).isEqualTo(RespValue.integer(0));
    }

    @Test
    void unionOptionsAreRefusedOnlyAfterTheKeysTypesAsRedisOrdersIt() {
        h.exec("ZADD", "a", "1", "x");
        h.exec("SET", "s", "v");
        Operation bad = h.parse("ZUNION", "2", "a", "s", "WEIGHTS", "1", "x"); // the options' refusal is kept
        assertThatThrownBy(() -> h.run(bad)).isInstanceOf(WrongTypeException.class);
        assertThatThrownBy(() -> h.exec("ZUNION", "2", "a", "missing", "WEIGHTS", "1", "x"))
                .isInstanceOf(InvalidRequestException.class).hasMessage("ERR weight value is not a float");
        assertThatThrownBy(() -> h.parse("ZUNION", "3", "a", "s")).hasMessage("ERR syntax error");
        assertThatThrownBy(() -> h.parse("ZINTERSTORE", "d", "0", "a"))
                .hasMessage("ERR at least 1 input key is needed for 'zinterstore' command");
    }

    @Test
    void scoredRepliesAreFlatInResp2AndPairsInResp3() {
        h.exec("ZADD", "a", "1", "x", "2", "y");
        h.exec("ZADD", "b", "3", "y");
        RespValue flat = RespValue.array(List.of(bulk("x"), new RespValue.DoubleReply(1), bulk("y"),
                new RespValue.DoubleReply(5)));
        assertThat(h.exec("ZUNION", "2", "a", "b", "WITHSCORES")).isEqualTo(flat);
        h.protocol(3);
        assertThat(h.exec("ZUNION", "2", "a", "b", "WITHSCORES")).isEqualTo(RespValue.array(List.of(pair("x", 1), pair("y", 5))));
        // ZMPOP nests its pairs in both protocols
        assertThat(h.exec("ZMPOP", "2", "missing", "a", "MAX", "COUNT", "5"))
                .isEqualTo(RespValue.array(List.of(bulk("a"), RespValue.array(List.of(pair("y", 2), pair("x", 1))))));
        assertThat(h.exec("ZMPOP", "1", "a", "MIN")).isEqualTo(RespValue.NULL_ARRAY);
        assertThat(h.exec("ZINTERCARD", "2", "a", "b", "LIMIT", "1")).isEqualTo(RespValue.integer(0));
    }

    @Test
    void zmpopChecksTypesUpToTheFirstSortedSetOnly() {
        h.exec("SET", "s", "v");
        h.exec("ZADD", "z", "1", "m");
        assertThat(h.exec("ZMPOP", "2", "z", "s", "MIN")).isEqualTo(RespValue.array(List.of(bulk("z"),
                RespValue.array(List.of(RespValue.array(List.of(bulk("m"), new RespValue.DoubleReply(1))))))));
        assertThatThrownBy(() -> h.exec("ZMPOP", "2", "s", "z", "MIN")).isInstanceOf(WrongTypeException.class);
        assertThatThrownBy(() -> h.parse("ZMPOP", "1", "z", "MIN", "COUNT", "0"))
                .hasMessage("ERR count should be greater than 0");
        assertThatThrownBy(() -> h.parse("ZMPOP", "0", "z", "MIN")).hasMessage("ERR numkeys should be greater than 0");
    }

    @Test
    void negativeRandomCountsAreBoundedByTheOutputBufferLimit() {
        h.exec("ZADD", "z", "1", "a", "2", "b");
        // 64kb / 64 bytes per pick: 1,024 picks at most
        RespValue picks = h.exec("ZRANDMEMBER", "z", "-1024");
        assertThat(((RespValue.ArrayReply) picks).items()).hasSize(1024).allMatch(v -> v.equals(bulk("a")) || v.equals(bulk("b")));
        assertThatThrownBy(() -> h.exec("ZRANDMEMBER", "z", "-1025"))
                .hasMessage("ERR value is out of range, value must between -1024 and 9223372036854775807");
        assertThat(h.exec("ZRANDMEMBER", "missing", "-1025")).isEqualTo(RespValue.EMPTY_ARRAY);
        assertThat(h.exec("ZRANDMEMBER", "z", "9")).isEqualTo(RespValue.array(List.of(bulk("b"), bulk("a"))));
        RespValue two = h.exec("ZRANDMEMBER", "z", "1");
        assertThat(((RespValue.ArrayReply) two).items()).hasSize(1);
        assertThatThrownBy(() -> h.parse("ZRANDMEMBER", "z", "-9223372036854775807", "WITHSCORES"))
                .hasMessage("ERR value is out of range");
    }

    @Test
    void removalsByRangeAndPopsAnswerCounts() {
        h.exec("ZADD", "z", "0", "a", "0", "b", "0", "c", "0", "d");
        assertThat(h.exec("ZREMRANGEBYLEX", "z", "(a", "[c")).isEqualTo(RespValue.integer(2));
        assertThat(h.exec("ZPOPMIN", "z", "5")).isEqualTo(RespValue.array(List.of(bulk("a"),
                new RespValue.DoubleReply(0), bulk("d"), new RespValue.DoubleReply(0))));
        assertThat(h.exec("EXISTS", "z")).isEqualTo(RespValue.integer(0));
    }
}
