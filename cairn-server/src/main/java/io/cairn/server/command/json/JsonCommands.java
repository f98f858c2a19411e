package io.cairn.server.command.json;

import io.cairn.common.InvalidRequestException;
import io.cairn.document.Document;
import io.cairn.document.JsonArguments;
import io.cairn.document.JsonReply;
import io.cairn.document.SetCondition;
import io.cairn.document.WriteResult;
import io.cairn.document.json.JsonFormat;
import io.cairn.document.json.JsonLimits;
import io.cairn.document.json.JsonParser;
import io.cairn.document.json.JsonValue;
import io.cairn.document.path.JsonPath;
import io.cairn.resp.RespValue;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Commands;
import io.cairn.storage.engine.Txn;
import io.cairn.storage.engine.WrongTypeException;
import java.util.ArrayList;
import java.util.List;

/**
 * The RedisJSON commands Cairn serves (JSON.SET ... JSON.OBJKEYS), with RedisJSON 2.x's options,
 * replies and error texts. The semantics live in {@link Document}; a handler parses and checks
 * every argument (paths, JSON values, options) first, then loads the key's document, runs one
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
        r.inline("json.set", JsonCommands::set);
        r.inline("json.get", JsonCommands::get);
        r.inline("json.del", JsonCommands::del);
        r.inline("json.forget", JsonCommands::del);
        r.inline("json.mget", JsonCommands::mget);
        r.inline("json.type", (t, c) -> {
            JsonPath path = optionalPath(c, 3);
            return JsonReplies.type(load(t, c).type(path), c.session().protocol());
        });
        r.inline("json.numincrby", JsonCommands::numIncrBy);
        r.inline("json.strappend", JsonCommands::strAppend);
        r.inline("json.arrappend", JsonCommands::arrAppend);
        r.inline("json.arrlen", (t, c) -> {
            JsonPath path = optionalPath(c, 3);
            return JsonReplies.resp(load(t, c).arrLen(path));
        });
        r.inline("json.objkeys", (t, c) -> {
            JsonPath path = optionalPath(c, 3);
            return JsonReplies.resp(load(t, c).objKeys(path));
        });
    }

    /** JSON.SET key path value [NX | XX]. */
    private static RespValue set(Txn t, CommandContext c) {
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
        Document doc = load(t, c);
        return write(t, c, doc, doc.set(path, value, condition));
    }

    /** JSON.GET key [INDENT s] [NEWLINE s] [SPACE s] [NOESCAPE] [path ...]. */
    private static RespValue get(Txn t, CommandContext c) {
        GetArguments a = GetArguments.parse(c);
        return JsonReplies.resp(load(t, c).get(a.paths(), a.format()));
    }

    /** The whole document at {@code key} as {@code JSON.GET key} answers it: compact JSON text. */
    public static RespValue wholeDocument(Txn t, byte[] key, JsonLimits limits) {
        return JsonReplies.resp(StoredDocuments.load(t, key, limits).get(List.of(), JsonFormat.COMPACT));
    }

    /** JSON.DEL / JSON.FORGET key [path]. */
    private static RespValue del(Txn t, CommandContext c) {
        JsonPath path = optionalPath(c, 3);
        Document doc = load(t, c);
        return write(t, c, doc, doc.del(path));
    }

    /**
     * JSON.MGET key [key ...] path: one reply per key, nil for a key that is absent or holds
     * another type (RedisJSON answers nil there too, not WRONGTYPE).
     */
    private static RespValue mget(Txn t, CommandContext c) {
        JsonPath path = path(c, c.argc() - 1);
        List<RespValue> out = new ArrayList<>(c.argc() - 2);
        for (int i = 1; i < c.argc() - 1; i++) {
            Document doc;
            try {
                doc = StoredDocuments.load(t, c.arg(i), limits(c));
            } catch (WrongTypeException e) {
                out.add(RespValue.NULL);
                continue;
            }
            out.add(JsonReplies.resp(doc.mget(path)));
        }
        return RespValue.array(out);
    }

    /** JSON.NUMINCRBY key path number. */
    private static RespValue numIncrBy(Txn t, CommandContext c) {
        JsonPath path = path(c, 2);
        var increment = JsonArguments.number(c.arg(3), limits(c));
        Document doc = load(t, c);
        WriteResult result = doc.numIncrBy(path, increment);
        return JsonReplies.numbers(StoredDocuments.save(t, c.arg(1), doc, result), c.session().protocol());
    }

    /** JSON.STRAPPEND key [path] json-string: the path is optional, so the value is the last argument. */
    private static RespValue strAppend(Txn t, CommandContext c) {
        if (c.argc() > 4) {
            throw wrongArity(c);
        }
        JsonPath path = c.argc() == 4 ? path(c, 2) : JsonPath.LEGACY_ROOT;
        String suffix = JsonArguments.string(c.arg(c.argc() - 1), limits(c));
        Document doc = load(t, c);
        return write(t, c, doc, doc.strAppend(path, suffix));
    }

    /** JSON.ARRAPPEND key path value [value ...]. */
    private static RespValue arrAppend(Txn t, CommandContext c) {
        JsonPath path = path(c, 2);
        List<JsonValue> values = new ArrayList<>(c.argc() - 3);
        for (int i = 3; i < c.argc(); i++) {
            values.add(JsonParser.parse(c.arg(i), limits(c)));
        }
        Document doc = load(t, c);
        return write(t, c, doc, doc.arrAppend(path, values));
    }

    // ------------------------------------------------------------------ shared

    private static Document load(Txn t, CommandContext c) {
        return StoredDocuments.load(t, c.arg(1), limits(c));
    }

    private static RespValue write(Txn t, CommandContext c, Document doc, WriteResult result) {
        JsonReply reply = StoredDocuments.save(t, c.arg(1), doc, result);
        return JsonReplies.resp(reply);
    }

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
