package io.cairn.server.command.script;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Commands;
import io.cairn.server.Session;
import io.cairn.server.command.Operation;
import io.cairn.storage.engine.Txn;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * EVAL, EVALSHA, their read-only forms and SCRIPT LOAD|EXISTS|FLUSH|KILL. The script is compiled
 * (or found in the cache) and its keys and arguments split before the store's lock; it runs inside
 * it as one transaction, so what it writes is atomic and logged as one batch of physical changes.
 */
public final class ScriptCommands {
    private ScriptCommands() {
    }

    public static void register(Commands.Registrar r) {
        r.data("eval", c -> eval(c, c.server().scripts().load(c.arg(1)), false));
        r.data("eval_ro", c -> eval(c, c.server().scripts().load(c.arg(1)), true));
        r.data("evalsha", c -> eval(c, bySha(c), false));
        r.data("evalsha_ro", c -> eval(c, bySha(c), true));
        r.server("script|load", c -> RespValue.bulk(c.server().scripts().load(c.arg(2)).sha()));
        r.server("script|exists", c -> {
            List<RespValue> found = new ArrayList<>(c.argc() - 2);
            for (int i = 2; i < c.argc(); i++) {
                found.add(RespValue.integer(c.server().scripts().exists(c.string(i)) ? 1 : 0));
            }
            return RespValue.array(found);
        });
        r.server("script|flush", c -> {
            if (c.argc() > 3 || (c.argc() == 3 && !List.of("SYNC", "ASYNC").contains(c.option(2)))) {
                throw new InvalidRequestException("ERR SCRIPT FLUSH only support SYNC|ASYNC option");
            }
            c.server().scripts().flush();
            return RespValue.OK;
        });
        r.server("script|kill", c -> c.server().scripts().kill(false));
    }

    private static Script bySha(CommandContext c) {
        Script s = c.server().scripts().cached(c.string(1));
        if (s == null) {
            throw new InvalidRequestException("NOSCRIPT No matching script. Please use EVAL.");
        }
        return s;
    }

    private static Operation eval(CommandContext c, Script script, boolean readOnly) {
        long numkeys = c.integer(2);
        if (numkeys > c.argc() - 3) {
            throw new InvalidRequestException("ERR Number of keys can't be greater than number of args");
        }
        if (numkeys < 0) {
            throw new InvalidRequestException("ERR Number of keys can't be negative");
        }
        byte[][] args = c.args();
        List<byte[]> keys = Arrays.asList(args).subList(3, 3 + (int) numkeys);
        List<byte[]> argv = Arrays.asList(args).subList(3 + (int) numkeys, args.length);
        return new ScriptCall(c.server().scripts(), script, keys, argv, c.session(), readOnly);
    }

    /**
     * An EVAL ready to run: the dispatcher hands it to the script thread ({@link ScriptEngine#submit})
     * instead of running it on the event loop; inside EXEC it runs in the EXEC's transaction.
     */
    public record ScriptCall(ScriptEngine engine, Script script, List<byte[]> keys, List<byte[]> argv, Session session,
                             boolean readOnly) implements Operation {
        @Override
        public RespValue run(Txn txn) {
            return engine.run(script, keys, argv, txn, session, readOnly);
        }
    }

    /** Whether a request (as queued by MULTI) runs a script. */
    public static boolean runsScript(byte[][] args) {
        return isScript(new String(args[0], java.nio.charset.StandardCharsets.US_ASCII).toLowerCase(java.util.Locale.ROOT));
    }

    /** Whether the command named {@code name} (lower case) runs a script: EVAL, EVALSHA, FCALL and their read-only forms. */
    public static boolean isScript(String name) {
        return name.startsWith("eval") || name.startsWith("fcall");
    }
}
