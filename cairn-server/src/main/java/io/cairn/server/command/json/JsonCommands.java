package io.cairn.server.command.json;

import io.cairn.common.InvalidRequestException;
import io.cairn.document.Document;
import io.cairn.document.JsonArguments;
import io.cairn.document.SetCondition;
import io.cairn.document.json.JsonFormat;
import io.cairn.document.json.JsonLimits;
import io.cairn.document.json.JsonParser;
import io.cairn.document.json.JsonValue;
import io.cairn.document.path.JsonPath;
import io.cairn.resp.RespValue;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Commands;
import io.cairn.storage.engine.Txn;
import java.util.ArrayList;
import java.util.List;

/**
 * The RedisJSON commands Cairn serves (JSON.SET ... JSON.OBJKEYS), with RedisJSON 2.x's options,
 * replies and error texts, as typed operations. The semantics live in {@link Document}; each
 * command's arguments (paths, JSON values, options) are parsed and checked here, before the
 * store's lock, into a {@link JsonOperations} record, which loads the key's document, runs one
 * operation and saves what it decided ({@link StoredDocuments}), so a failing command changes
 * nothing. Type errors come from the engine: a JSON command on another type, or another command
 * on a JSON key, answers WRONGTYPE.
 *
 * <p>Where Cairn is stricter than RedisJSON: surplus arguments to the commands with a fixed
 * maximum are refused with the wrong-arity error (RedisJSON ignores them), and a malformed path
 * in {@code JSON.MGET} is an error rather than a nil per key.
 */
public final class JsonCommands {
    private JsonCommands() {
    }

    public static void register(Commands.Registrar r) {
        r.data("json.set", JsonCommands::set);
        r.data("json.get", c -> new JsonOperations.Get(c.arg(1), GetArguments.parse(c), limits(c)));
        r.data("json.del", c -> new JsonOperations.Del(c.arg(1), optionalPath(c, 3), limits(c)));
        r.data("json.forget", c -> new JsonOperations.Del(c.arg(1), optionalPath(c, 3), limits(c)));
        r.data("json.mget", c -> new JsonOperations.MGet(List.of(c.args()).subList(1, c.argc() - 1),
                path(c, c.argc() - 1), limits(c)));
        r.data("json.type", c -> read(c, JsonOperations.PathRead.TYPE));
        r.data("json.numincrby", c -> new JsonOperations.NumIncrBy(c.arg(1), path(c, 2),
                JsonArguments.number(c.arg(3), limits(c)), limits(c), c.session().protocol()));
        r.data("json.strappend", JsonCommands::strAppend);
        r.data("json.arrappend", JsonCommands::arrAppend);
        r.data("json.arrlen", c -> read(c, JsonOperations.PathRead.ARRLEN));
        r.data("json.objkeys", c -> read(c, JsonOperations.PathRead.OBJKEYS));
    }

    /** JSON.SET key path value [NX | XX]: the options, then the path, then the value, as RedisJSON reads them. */
    private static JsonOperations.Set set(CommandContext c) {
        SetCondition condition = SetCondition.ALWAYS;
        for (int i = 4; i < c.argc(); i++) {
            String option = c.option(i);
            if (option.equals("NX") && condition == SetCondition.ALWAYS) {
                condition = SetCondition.IF_ABSENT;
            } else if (option.equals("XX") && condition == SetCondition.ALWAYS) {
                condition = SetCondition.IF_PRESENT;
            } else {
                throw new InvalidRequestException(CommandContext.SYNTAX);
            }
        }
        JsonPath path = path(c, 2);
        JsonValue value = JsonParser.parse(c.arg(3), limits(c));
        return new JsonOperations.Set(c.arg(1), path, value, condition, limits(c));
    }

    private static JsonOperations.Read read(CommandContext c, JsonOperations.PathRead kind) {
        return new JsonOperations.Read(kind, c.arg(1), optionalPath(c, 3), limits(c), c.session().protocol());
    }

    /** JSON.STRAPPEND key [path] json-string: the path is optional, so the value is the last argument. */
    private static JsonOperations.StrAppend strAppend(CommandContext c) {
        if (c.argc() > 4) {
            throw wrongArity(c);
        }
        JsonPath path = c.argc() == 4 ? path(c, 2) : JsonPath.LEGACY_ROOT;
        String suffix = JsonArguments.string(c.arg(c.argc() - 1), limits(c));
        return new JsonOperations.StrAppend(c.arg(1), path, suffix, limits(c));
    }

    /** JSON.ARRAPPEND key path value [value ...]. */
    private static JsonOperations.ArrAppend arrAppend(CommandContext c) {
        JsonPath path = path(c, 2);
        List<JsonValue> values = new ArrayList<>(c.argc() - 3);
        for (int i = 3; i < c.argc(); i++) {
            values.add(JsonParser.parse(c.arg(i), limits(c)));
        }
        return new JsonOperations.ArrAppend(c.arg(1), path, List.copyOf(values), limits(c));
    }

    /** The whole document at {@code key} as {@code JSON.GET key} answers it: compact JSON text. */
    public static RespValue wholeDocument(Txn t, byte[] key, JsonLimits limits) {
        return JsonReplies.resp(StoredDocuments.load(t, key, limits).get(List.of(), JsonFormat.COMPACT));
    }

    // ------------------------------------------------------------------ shared

    static JsonLimits limits(CommandContext c) {
        return c.server().jsonLimits();
    }

    static JsonPath path(CommandContext c, int i) {
        return JsonPath.parse(c.string(i));
    }

    /**
     * The path at {@code i}, the legacy root {@code .} when the command ends before it; for
     * commands whose last argument is that optional path ({@code argc} at most {@code max}).
     */
    private static JsonPath optionalPath(CommandContext c, int max) {
        if (c.argc() > max) {
            throw wrongArity(c);
        }
        return c.argc() == max ? path(c, max - 1) : JsonPath.LEGACY_ROOT;
    }

    static InvalidRequestException wrongArity(CommandContext c) {
        return new InvalidRequestException("ERR wrong number of arguments for '" + c.spec().name() + "' command");
    }
}
