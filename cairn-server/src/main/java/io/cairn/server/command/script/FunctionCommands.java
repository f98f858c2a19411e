package io.cairn.server.command.script;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.Session;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Commands;
import io.cairn.server.command.Glob;
import io.cairn.server.command.Operation;
import io.cairn.storage.engine.Txn;
import java.nio.charset.StandardCharsets;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Functions as Redis 7 has them: FUNCTION LOAD|DELETE|FLUSH|RESTORE change the libraries inside a
 * write transaction, which logs the whole set (so they survive restarts, as snapshots keep them
 * too); FUNCTION LIST|DUMP|STATS|KILL read them; FCALL and FCALL_RO run a function on the script
 * thread as EVAL runs a script.
 */
public final class FunctionCommands {
    private FunctionCommands() {
    }

    public static void register(Commands.Registrar r) {
        r.data("fcall", c -> fcall(c, false));
        r.data("fcall_ro", c -> fcall(c, true));
        r.data("function|load", c -> {
            boolean replace = c.argc() == 4;
            if (replace && !c.option(2).equals("REPLACE")) {
                throw new InvalidRequestException("ERR Unknown option given: " + c.string(2));
            }
            if (c.argc() > 4) {
                throw new InvalidRequestException("ERR wrong number of arguments for 'function|load' command");
            }
            FunctionLibraries.LibrarySource source = FunctionLibraries.parseLibrary(c.arg(c.argc() - 1));
            FunctionLibraries functions = c.server().scripts().functions();
            Session session = c.session();
            return txn -> RespValue.bulk(functions.load(source, replace, txn, session));
        });
        r.data("function|delete", c -> {
            String name = c.string(2);
            FunctionLibraries functions = c.server().scripts().functions();
            return txn -> {
                functions.delete(name, txn);
                return RespValue.OK;
            };
        });
        r.data("function|flush", c -> {
            if (c.argc() > 3 || (c.argc() == 3 && !List.of("SYNC", "ASYNC").contains(c.option(2)))) {
                throw new InvalidRequestException("ERR FUNCTION FLUSH only supports SYNC|ASYNC option");
            }
            FunctionLibraries functions = c.server().scripts().functions();
            return txn -> {
                functions.flushFunctions(txn);
                return RespValue.OK;
            };
        });
        r.data("function|restore", c -> {
            String policy = c.argc() > 3 ? c.option(3) : "APPEND";
            if (c.argc() > 4 || !List.of("FLUSH", "APPEND", "REPLACE").contains(policy)) {
                throw new InvalidRequestException(
                        "ERR Wrong restore policy given, value should be either FLUSH, APPEND or REPLACE.");
            }
            byte[] payload = c.arg(2);
            FunctionLibraries functions = c.server().scripts().functions();
            Session session = c.session();
            return txn -> {
                functions.restore(payload, policy, txn, session);
                return RespValue.OK;
            };
        });
        r.server("function|dump", c -> RespValue.bulk(c.server().scripts().functions().dump()));
        r.server("function|list", FunctionCommands::list);
        r.server("function|stats", c -> stats(c.server().scripts().functions(), c.server().scripts().runningFunction()));
        r.server("function|kill", c -> c.server().scripts().kill(true));
    }

    private static Operation fcall(CommandContext c, boolean readOnly) {
        ScriptEngine engine = c.server().scripts();
        long numkeys = c.integer(2);
        if (numkeys > c.argc() - 3) {
            throw new InvalidRequestException("ERR Number of keys can't be greater than number of args");
        }
        if (numkeys < 0) {
            throw new InvalidRequestException("ERR Number of keys can't be negative");
        }
        FunctionLibraries.FunctionDef f = engine.functions().function(c.string(1));
        if (f == null) {
            throw new InvalidRequestException("ERR Function not found");
        }
        if (readOnly && !f.noWrites()) {
            throw new InvalidRequestException("ERR Can not execute a script with write flag using *_ro command.");
        }
        byte[][] args = c.args();
        List<byte[]> keys = Arrays.asList(args).subList(3, 3 + (int) numkeys);
        List<byte[]> argv = Arrays.asList(args).subList(3 + (int) numkeys, args.length);
        return new FunctionCall(engine, f, keys, argv, c.session(), readOnly);
    }

    /** An FCALL ready to run; the dispatcher hands it to the script thread as it does an EVAL. */
    public record FunctionCall(ScriptEngine engine, FunctionLibraries.FunctionDef function, List<byte[]> keys,
                               List<byte[]> argv, Session session, boolean readOnly) implements Operation {
        @Override
        public RespValue run(Txn txn) {
            return engine.call(function, keys, argv, txn, session, readOnly);
        }
    }

    private static RespValue list(CommandContext c) {
        byte[] pattern = null;
        boolean withCode = false;
        for (int i = 2; i < c.argc(); i++) {
            switch (c.option(i)) {
                case "WITHCODE" -> withCode = true;
                case "LIBRARYNAME" -> {
                    if (i + 1 >= c.argc()) {
                        throw new InvalidRequestException("ERR library name argument was not given");
                    }
                    pattern = c.arg(++i);
                }
                default -> throw new InvalidRequestException("ERR Unknown argument " + c.string(i));
            }
        }
        List<RespValue> out = new ArrayList<>();
        for (FunctionLibraries.Library l : c.server().scripts().functions().libraries().values()) {
            if (pattern != null && !Glob.matches(pattern, l.name().getBytes(StandardCharsets.UTF_8))) {
                continue;
            }
            List<RespValue> functions = new ArrayList<>();
            for (FunctionLibraries.FunctionDef f : l.functions()) {
                List<RespValue> flags = new ArrayList<>();
                f.flags().stream().sorted().forEach(flag -> flags.add(RespValue.simple(flag)));
                functions.add(map(List.of(
                        entry("name", RespValue.bulk(f.name())),
                        entry("description", f.description() == null ? new RespValue.NullReply() : RespValue.bulk(f.description())),
                        entry("flags", new RespValue.SetReply(flags)))));
            }
            List<Map.Entry<RespValue, RespValue>> fields = new ArrayList<>(List.of(
                    entry("library_name", RespValue.bulk(l.name())),
                    entry("engine", RespValue.bulk("LUA")),
                    entry("functions", RespValue.array(functions))));
            if (withCode) {
                fields.add(entry("library_code", RespValue.bulk(l.code())));
            }
            out.add(map(fields));
        }
        return RespValue.array(out);
    }

    private static RespValue stats(FunctionLibraries functions, ScriptEngine.RunningFunction running) {
        RespValue lua = map(List.of(entry("libraries_count", RespValue.integer(functions.libraries().size())),
                entry("functions_count", RespValue.integer(functions.functionCount()))));
        RespValue script = new RespValue.NullReply();
        if (running != null) {
            List<RespValue> command = new java.util.ArrayList<>();
            running.command().forEach(a -> command.add(RespValue.bulk(a)));
            script = map(List.of(entry("name", RespValue.bulk(running.name())),
                    entry("command", RespValue.array(command)),
                    entry("duration_ms", RespValue.integer(running.durationMillis()))));
        }
        return map(List.of(entry("running_script", script),
                entry("engines", map(List.of(entry("LUA", lua))))));
    }

    private static Map.Entry<RespValue, RespValue> entry(String key, RespValue value) {
        return new AbstractMap.SimpleImmutableEntry<>(RespValue.bulk(key), value);
    }

    private static RespValue map(List<Map.Entry<RespValue, RespValue>> entries) {
        return new RespValue.MapReply(entries);
    }
}
