package io.cairn.server.command.script;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.CommandSpec;
import io.cairn.resp.RespValue;
import io.cairn.server.ServerContext;
import io.cairn.server.Session;
import io.cairn.server.command.AsyncCommand;
import io.cairn.server.command.BlockingCommand;
import io.cairn.server.command.BlockingOperation;
import io.cairn.server.command.Command;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.DataCommand;
import io.cairn.server.command.Errors;
import io.cairn.server.command.Operation;
import io.cairn.server.command.ServerCommand;
import io.cairn.server.command.script.lib.CNumbers;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;
import org.luaj.vm2.lib.VarArgFunction;

/**
 * The {@code redis} table of Redis's Lua API, built once for the Lua environment, and
 * {@code redis.call}/{@code redis.pcall}: one command run inside the running script's transaction,
 * with the rules Redis applies to scripts (no {@code noscript} commands, no writes from a
 * read-only script, blocking commands answer at once).
 */
final class RedisApi {
    private static final System.Logger LOG = System.getLogger("io.cairn.script");

    private final ServerContext server;
    private final Supplier<ScriptRun> current;

    RedisApi(ServerContext server, Supplier<ScriptRun> current) {
        this.server = server;
        this.current = current;
    }

    /** The {@code redis} table scripts and functions see at run time. */
    LuaTable table() {
        LuaTable redis = new LuaTable();
        redis.set("call", new VarArgFunction() {
            @Override
            public Varargs invoke(Varargs args) {
                return redisCall(args, true);
            }
        });
        redis.set("pcall", new VarArgFunction() {
            @Override
            public Varargs invoke(Varargs args) {
                return redisCall(args, false);
            }
        });
        redis.set("error_reply", new VarArgFunction() {
            @Override
            public Varargs invoke(Varargs args) {
                if (args.narg() != 1 || !args.arg1().isstring()) {
                    throw new ScriptError("wrong number or type of arguments", 0);
                }
                return LuaReplies.errorTable(args.arg1().tojstring());
            }
        });
        redis.set("status_reply", new VarArgFunction() {
            @Override
            public Varargs invoke(Varargs args) {
                if (args.narg() != 1 || !args.arg1().isstring()) {
                    throw new ScriptError("wrong number or type of arguments", 0);
                }
                LuaTable t = new LuaTable();
                t.rawset("ok", args.arg1());
                return t;
            }
        });
        redis.set("sha1hex", new VarArgFunction() {
            @Override
            public Varargs invoke(Varargs args) {
                if (args.narg() != 1) {
                    throw new ScriptError("wrong number of arguments", 0);
                }
                return LuaValue.valueOf(ScriptEngine.sha1hex(LuaReplies.bytes(LuaScriptLibs.tostring(args.arg1()).checkstring())));
            }
        });
        redis.set("log", new VarArgFunction() {
            @Override
            public Varargs invoke(Varargs args) {
                if (args.narg() < 2) {
                    throw new ScriptError("redis.log() requires two arguments or more.", 0);
                }
                if (args.arg1().type() != LuaValue.TNUMBER) {
                    throw new ScriptError("First argument must be a number (log level).", 0);
                }
                int level = args.arg1().toint();
                if (level < 0 || level > 3) {
                    throw new ScriptError("Invalid debug level.", 0);
                }
                StringBuilder sb = new StringBuilder();
                for (int i = 2; i <= args.narg(); i++) {
                    sb.append(i > 2 ? " " : "").append(LuaScriptLibs.tostring(args.arg(i)).tojstring());
                }
                LOG.log(switch (level) {
                    case 0 -> System.Logger.Level.DEBUG;
                    case 1 -> System.Logger.Level.TRACE;
                    case 2 -> System.Logger.Level.INFO;
                    default -> System.Logger.Level.WARNING;
                }, sb.toString());
                return LuaValue.NONE;
            }
        });
        redis.set("setresp", new VarArgFunction() {
            @Override
            public Varargs invoke(Varargs args) {
                if (args.narg() != 1) {
                    throw new ScriptError("redis.setresp() requires one argument.", 0);
                }
                int resp = args.arg1().type() == LuaValue.TNUMBER ? args.arg1().toint() : 0;
                if (resp != 2 && resp != 3) {
                    throw new ScriptError("RESP version must be 2 or 3.", 0);
                }
                active().resp = resp;
                active().session.protocol(resp);
                return LuaValue.NONE;
            }
        });
        // Effects are always what is logged (and, later, replicated): these are accepted and change nothing.
        redis.set("replicate_commands", fn(args -> LuaValue.TRUE));
        redis.set("set_repl", new VarArgFunction() {
            @Override
            public Varargs invoke(Varargs args) {
                if (args.narg() != 1 || args.arg1().type() != LuaValue.TNUMBER) {
                    throw new ScriptError("redis.set_repl() requires one argument.", 0);
                }
                int flags = args.arg1().toint();
                if ((flags & ~3) != 0) {
                    throw new ScriptError("Invalid replication flags. Use REPL_AOF, REPL_REPLICA, REPL_ALL or REPL_NONE.", 0);
                }
                return LuaValue.NONE;
            }
        });
        redis.set("breakpoint", fn(args -> LuaValue.FALSE));
        redis.set("debug", fn(args -> LuaValue.NONE));
        redis.set("acl_check_cmd", new VarArgFunction() {
            @Override
            public Varargs invoke(Varargs args) {
                if (args.narg() < 1) {
                    throw new ScriptError("ERR Please specify at least one argument for this redis lib call", 0);
                }
                byte[][] argv = arguments(args);
                if (server.dispatcher().registry().lookup(argv[0]) == null) {
                    throw new ScriptError("ERR Invalid command passed to redis.acl_check_cmd()", 0);
                }
                Command cmd = server.dispatcher().registry().lookup(argv[0]);
                if (cmd.hasSubcommands() && argv.length > 1 && cmd.subcommand(argv[1]) != null) {
                    cmd = cmd.subcommand(argv[1]);
                }
                ScriptRun run = current.get();
                return run == null || io.cairn.server.command.AclGate.denial(server, run.session, cmd, argv) == null
                        ? LuaValue.TRUE : LuaValue.FALSE;
            }
        });
        redis.set("REPL_NONE", LuaValue.valueOf(0));
        redis.set("REPL_AOF", LuaValue.valueOf(1));
        redis.set("REPL_SLAVE", LuaValue.valueOf(2));
        redis.set("REPL_REPLICA", LuaValue.valueOf(2));
        redis.set("REPL_ALL", LuaValue.valueOf(3));
        redis.set("LOG_DEBUG", LuaValue.valueOf(0));
        redis.set("LOG_VERBOSE", LuaValue.valueOf(1));
        redis.set("LOG_NOTICE", LuaValue.valueOf(2));
        redis.set("LOG_WARNING", LuaValue.valueOf(3));
        redis.set("REDIS_VERSION", LuaValue.valueOf(ServerContext.REDIS_COMPAT_VERSION));
        redis.set("REDIS_VERSION_NUM", LuaValue.valueOf(versionNumber(ServerContext.REDIS_COMPAT_VERSION)));
        return redis;
    }

    /** A Lua function of Java code. */
    private static VarArgFunction fn(java.util.function.Function<Varargs, Varargs> body) {
        return new VarArgFunction() {
            @Override
            public Varargs invoke(Varargs args) {
                return body.apply(args);
            }
        };
    }

    private static int versionNumber(String version) {
        String[] p = version.split("\\.");
        return (Integer.parseInt(p[0]) << 16) | (Integer.parseInt(p[1]) << 8) | Integer.parseInt(p[2]);
    }

    private ScriptRun active() {
        ScriptRun r = current.get();
        if (r != null) {
            r.check();
        }
        if (r == null) {
            throw new ScriptError("ERR redis.call is only available while a script runs", 0);
        }
        return r;
    }

    /** {@code redis.call} ({@code raise}) and {@code redis.pcall}: one command inside the script's transaction. */
    private Varargs redisCall(Varargs args, boolean raise) {
        ScriptRun run = active();
        RespValue reply;
        try {
            reply = execute(run, args);
        } catch (InvalidRequestException e) {
            reply = RespValue.error(Errors.wording(e));
        }
        if (reply instanceof RespValue.ErrorReply err) {
            LuaTable t = LuaReplies.errorTable(err.message());
            if (raise) {
                throw new ScriptError(t);
            }
            return t;
        }
        return LuaReplies.toLua(reply, run.resp);
    }

    private RespValue execute(ScriptRun run, Varargs args) {
        if (args.narg() == 0) {
            throw new InvalidRequestException("ERR Please specify at least one argument for this redis lib call");
        }
        byte[][] argv = arguments(args);
        Command cmd = server.dispatcher().registry().lookup(argv[0]);
        if (cmd != null && cmd.hasSubcommands() && argv.length > 1) {
            cmd = cmd.subcommand(argv[1]);
        }
        if (cmd == null || cmd.handler() == null) {
            throw new InvalidRequestException("ERR Unknown Redis command called from script");
        }
        CommandSpec spec = cmd.spec();
        if (!spec.arityAccepts(argv.length)) {
            throw new InvalidRequestException("ERR Wrong number of args calling Redis command from script");
        }
        if (spec.flags().contains("noscript") || cmd.handler() instanceof AsyncCommand) {
            throw new InvalidRequestException("ERR This Redis command is not allowed from script");
        }
        if (io.cairn.server.command.AclGate.restricted(run.session)) {
            io.cairn.server.acl.Denial d = io.cairn.server.command.AclGate.denial(server, run.session, cmd, argv);
            if (d != null) {
                io.cairn.server.command.AclGate.log(server, run.session, cmd, argv, d, "lua");
                throw new InvalidRequestException("ERR ACL failure in script: "
                        + d.message(run.session.userName(), spec.name(), null, false));
            }
        }
        if (run.readOnly && spec.isWrite()) {
            throw new InvalidRequestException("ERR Write commands are not allowed from read-only scripts.");
        }
        if (run.oomAtStart && spec.flags().contains("denyoom")) {
            throw new InvalidRequestException(io.cairn.server.command.MemoryGate.OOM);
        }
        CommandContext ctx = new CommandContext(argv, spec, run.session, server);
        if (io.cairn.server.command.connection.Monitors.shown(spec)) {
            server.monitors().feedScript(run.txn.db(), argv);
        }
        long started = System.nanoTime();
        RespValue reply;
        try {
            reply = switch (cmd.handler()) {
                case DataCommand dc -> {
                    Operation op = server.notifier().wrap(spec.name(), argv, dc.parse(ctx));
                    Session caller = server.session(run.session.id()); // the script's client is a copy
                    if (caller != null) { // the caller tracks the keys its script reads (Redis's current_client)
                        op = server.tracking().wrap(caller, spec, argv, op, false);
                    }
                    if (spec.isWrite()) {
                        run.writing(); // SCRIPT KILL can no longer stop it (or it was killed first)
                    }
                    yield op.run(run.txn);
                }
                case BlockingCommand bc -> {
                    BlockingOperation op = server.notifier().wrap(spec.name(), argv, bc.parse(ctx));
                    run.writing();
                    yield op.attemptOnce(run.txn);
                }
                case ServerCommand sc -> {
                    RespValue answer = sc.run(ctx);
                    if (run.session.db() != run.txn.db()) {
                        run.txn.select(run.session.db()); // SELECT inside the script
                    }
                    yield answer;
                }
                case AsyncCommand ac -> throw new InvalidRequestException("ERR This Redis command is not allowed from script");
            };
        } catch (RuntimeException e) {
            reply = Errors.toReply(e);
        }
        // INFO commandstats counts the commands a script calls, as Redis's does (errorstats counts the error once, above)
        server.commandStats().ran(spec.name(), System.nanoTime() - started, reply instanceof RespValue.ErrorReply);
        return reply;
    }

    /** The arguments of a {@code redis.call}: strings as they are, numbers as {@code %.17g} prints them. */
    private static byte[][] arguments(Varargs args) {
        byte[][] argv = new byte[args.narg()][];
        for (int i = 0; i < argv.length; i++) {
            LuaValue v = args.arg(i + 1);
            argv[i] = switch (v.type()) {
                case LuaValue.TSTRING -> LuaReplies.bytes(v.checkstring());
                case LuaValue.TNUMBER -> CNumbers.formatG(v.todouble(), 17).getBytes(StandardCharsets.US_ASCII);
                default -> throw new InvalidRequestException("ERR Lua redis lib command arguments must be strings or integers");
            };
        }
        return argv;
    }
}
