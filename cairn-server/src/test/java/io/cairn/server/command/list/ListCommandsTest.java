package io.cairn.server.command.list;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.CommandTable;
import io.cairn.resp.RespValue;
import io.cairn.server.command.BlockingCommand;
import io.cairn.server.command.BlockingOperation;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Commands;
import io.cairn.server.command.DataCommand;
import io.cairn.server.command.Handler;
import io.cairn.server.command.Operation;
import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.StoreConfig;
import io.cairn.storage.engine.WalMode;
import io.cairn.storage.engine.WrongTypeException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The list handlers without sockets: arguments in, operation out, reply out. Parse errors come
 * before the lock and change nothing; run errors come from the data.
 */
class ListCommandsTest {
    private static final Map<String, Handler> HANDLERS = Commands.handlers();

    @TempDir
    Path dir;
    Store store;

    @BeforeEach
    void open() {
        store = Store.open(StoreConfig.builder(dir).walMode(WalMode.NONE).expiryCycle(Duration.ofHours(1))
                .checkpointInterval(Duration.ZERO).checkpointLogBytes(0).build());
    }

    @AfterEach
    void close() {
        store.close();
    }

    private static CommandContext context(String... words) {
        byte[][] args = new byte[words.length][];
        for (int i = 0; i < words.length; i++) {
            args[i] = words[i].getBytes(StandardCharsets.UTF_8);
        }
        return new CommandContext(args, CommandTable.lookup(words[0].toLowerCase()), null, null);
    }

    private static Operation parse(String... words) {
        return ((DataCommand) HANDLERS.get(words[0].toLowerCase())).parse(context(words));
    }

    private static BlockingOperation parseBlocking(String... words) {
        return ((BlockingCommand) HANDLERS.get(words[0].toLowerCase())).parse(context(words));
    }

    private String run(String... words) {
        Operation op = parse(words);
        return show(store.execute(op::run).value());
    }

    /** A reply as short text: "bulk", :1, nil, *nil (a null array), [a, b], +OK, -ERR ... */
    private static String show(RespValue v) {
        return switch (v) {
            case RespValue.BulkString b -> '"' + new String(b.value(), StandardCharsets.UTF_8) + '"';
            case RespValue.IntegerReply i -> ":" + i.value();
            case RespValue.NullReply n -> "nil";
            case RespValue.NullArray n -> "*nil";
            case RespValue.ArrayReply a -> a.items().stream().map(ListCommandsTest::show).toList().toString();
            case RespValue.SimpleString s -> "+" + s.value();
            case RespValue.ErrorReply e -> "-" + e.message();
            default -> v.toString();
        };
    }

    private static String parseError(String... words) {
        try {
            parse(words);
        } catch (InvalidRequestException e) {
            return e.getMessage();
        }
        throw new AssertionError("parsed: " + String.join(" ", words));
    }

    @Test
    void parseErrorsComeBeforeTheDataIsRead() {
        assertThat(parseError("LPOS", "k", "e", "RANK", "0")).isEqualTo(ListCommands.RANK_ZERO);
        assertThat(parseError("LPOS", "k", "e", "COUNT", "-1")).isEqualTo("ERR COUNT can't be negative");
        assertThat(parseError("LPOS", "k", "e", "MAXLEN")).isEqualTo("ERR syntax error");
        assertThat(parseError("LPOP", "k", "-1")).isEqualTo("ERR value is out of range, must be positive");
        assertThat(parseError("LPOP", "k", "1", "2")).isEqualTo("ERR wrong number of arguments for 'lpop' command");
        assertThat(parseError("LINSERT", "k", "AROUND", "p", "v")).isEqualTo("ERR syntax error");
        assertThat(parseError("LMOVE", "a", "b", "LEFT", "UP")).isEqualTo("ERR syntax error");
        assertThat(parseError("LMPOP", "0", "k", "LEFT")).isEqualTo("ERR numkeys should be greater than 0");
        assertThat(parseError("LMPOP", "2", "k", "LEFT")).isEqualTo("ERR syntax error");
        assertThat(parseError("LMPOP", "1", "k", "LEFT", "COUNT", "0")).isEqualTo("ERR count should be greater than 0");
        assertThat(parseError("LRANGE", "k", "x", "1")).isEqualTo(CommandContext.NOT_INTEGER);
    }

    @Test
    void runErrorsComeFromTheData() {
        assertThatThrownBy(() -> run("LSET", "missing", "x", "v")).hasMessage(ListCommands.NO_SUCH_KEY);
        run("RPUSH", "k", "a");
        assertThatThrownBy(() -> run("LSET", "k", "x", "v")).hasMessage(CommandContext.NOT_INTEGER);
        assertThatThrownBy(() -> run("LSET", "k", "5", "v")).hasMessage(ListCommands.OUT_OF_RANGE);
        assertThat(run("LINDEX", "missing", "x")).isEqualTo("nil");
        run("SET", "s", "v");
        assertThatThrownBy(() -> run("LPUSH", "s", "a")).isInstanceOf(WrongTypeException.class);
        assertThatThrownBy(() -> run("LMPOP", "2", "s", "k", "LEFT")).isInstanceOf(WrongTypeException.class);
    }

    @Test
    void popRepliesHaveRedisShapes() {
        assertThat(run("LPOP", "k")).isEqualTo("nil");
        assertThat(run("LPOP", "k", "2")).isEqualTo("*nil");
        run("RPUSH", "k", "a", "b", "c");
        assertThat(run("LPOP", "k", "0")).isEqualTo("[]");
        assertThat(run("RPOP", "k", "2")).isEqualTo("[\"c\", \"b\"]");
        assertThat(run("LMPOP", "2", "none", "k", "RIGHT", "COUNT", "9")).isEqualTo("[\"k\", [\"a\"]]");
        assertThat(run("LMPOP", "1", "k", "LEFT")).isEqualTo("*nil");
        assertThat(run("EXISTS", "k")).isEqualTo(":0");
    }

    @Test
    void blockingOperationsTryOnceAndSayWhenTheyMustWait() {
        assertThatThrownBy(() -> parseBlocking("BLPOP", "k", "-1")).hasMessage(ListArguments.TIMEOUT_NEGATIVE);
        assertThatThrownBy(() -> parseBlocking("BLPOP", "k", "x")).hasMessage(ListArguments.TIMEOUT_NOT_FLOAT);
        assertThatThrownBy(() -> parseBlocking("BLPOP", "k", "inf")).hasMessage(ListArguments.TIMEOUT_OUT_OF_RANGE);
        assertThatThrownBy(() -> parseBlocking("BLMOVE", "a", "b", "UP", "LEFT", "x")).hasMessage("ERR syntax error");
        assertThatThrownBy(() -> parseBlocking("BLMPOP", "x", "0", "k", "LEFT")).hasMessage(ListArguments.NUMKEYS);

        BlockingOperation pop = parseBlocking("BLPOP", "a", "b", "1.5");
        assertThat(pop.timeoutMillis()).isEqualTo(1_500);
        assertThat(parseBlocking("BLPOP", "a", "0.0001").timeoutMillis()).isEqualTo(1);
        assertThat(parseBlocking("BLPOP", "a", "0").timeoutMillis()).isZero();
        assertThat(pop.keys()).hasSize(2);
        assertThat(store.execute(pop::attempt).value()).isNull();
        assertThat(store.execute(pop::attemptOnce).value()).isEqualTo(RespValue.NULL_ARRAY);
        BlockingOperation move = parseBlocking("BLMOVE", "a", "b", "LEFT", "RIGHT", "0");
        assertThat(move.keys()).hasSize(1);
        assertThat(store.execute(move::attemptOnce).value()).isEqualTo(RespValue.NULL); // in MULTI: a null bulk
        assertThat(move.timedOut()).isEqualTo(RespValue.NULL_ARRAY); // timed out: a null array

        run("RPUSH", "b", "x");
        assertThat(show(store.execute(pop::attempt).value())).isEqualTo("[\"b\", \"x\"]");
    }
}
