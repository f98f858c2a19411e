package io.cairn.server.command;

import io.cairn.resp.CommandSpec;
import io.cairn.resp.RespValue;
import io.cairn.server.CommandStats;
import io.cairn.server.ServerContext;
import io.cairn.server.Session;
import io.cairn.server.command.script.ScriptCommands;

/**
 * What the dispatcher notes after each request, once its event-loop part is done: SLOWLOG, the
 * latency monitor's {@code command} / {@code fast-command} events, INFO commandstats (calls, time,
 * rejected and failed calls), errorstats and the per-command latency histograms. A reply that comes
 * later (a script, a blocked command, a search) counts its error when it completes; its time is
 * the event loop's part, except that SLOWLOG times a script until its reply, as Redis times its run.
 */
final class CallRecorder {
    /** How far one request got: the command it resolved to, and whether its handler ran. */
    static final class Call {
        Command cmd;
        /** The command the request's first word named (a container for a subcommand), once looked up. */
        Command top;
        boolean ran;
    }

    private CallRecorder() {
    }

    static void finished(ServerContext server, CommandRegistry registry, Session session, byte[][] args, Call call,
                         long nanos, Outcome o) {
        long started = System.nanoTime() - nanos;
        if (server.slowLog().slowerThan() >= 0) {
            Command top = call.top != null ? call.top : registry.lookup(args[0]);
            if (top != null && !top.skipSlowlog()) {
                if (o instanceof Outcome.Deferred d && runsOnScriptThread(call)) {
                    // a script's time is its run on the script thread, as Redis's is its run
                    d.reply().whenComplete((r, f) -> server.slowLog().record(session, args,
                            (System.nanoTime() - started) / 1000));
                } else {
                    server.slowLog().record(session, args, nanos / 1000);
                }
            }
        }
        CommandStats stats = server.commandStats();
        RespValue now = switch (o) {
            case Outcome.Now n -> n.reply();
            case Outcome.AfterDurable a -> a.reply();
            default -> null;
        };
        String error = now instanceof RespValue.ErrorReply e ? e.message() : null;
        if (error != null) {
            stats.error(error);
        }
        Command cmd = call.cmd != null ? call.cmd : error != null ? refusedByArity(registry, args) : null;
        CommandSpec spec = cmd == null ? null : cmd.spec();
        if (spec == null) {
            return;
        }
        if (!call.ran) {
            if (error != null) {
                stats.rejected(spec.name());
            }
            return; // QUEUED, or a command that waits behind its connection's script and is counted when it runs
        }
        stats.ran(spec.name(), nanos, error != null);
        if (server.latency().threshold() > 0) {
            server.latency().addIfNeeded(cmd.fast() ? "fast-command" : "command", nanos / 1_000_000);
        }
        if (o instanceof Outcome.Deferred d) {
            String name = spec.name();
            d.reply().whenComplete((r, f) -> {
                if (r instanceof RespValue.ErrorReply e) {
                    stats.failedLater(name);
                    stats.error(e.message());
                }
            });
        }
    }

    /** EVAL, EVALSHA, FCALL and their read-only forms: answered from the script thread. */
    private static boolean runsOnScriptThread(Call call) {
        if (call.cmd == null || !call.ran) {
            return false;
        }
        return call.cmd.script();
    }

    /**
     * The command a request named when the dispatcher refused it before resolving it: one whose
     * arity it failed (Redis counts that as a rejected call), or null for an unknown command or
     * subcommand (which Redis counts nowhere but errorstats).
     */
    private static Command refusedByArity(CommandRegistry registry, byte[][] args) {
        Command cmd = registry.lookup(args[0]);
        if (cmd != null && cmd.hasSubcommands() && args.length >= 2) {
            return cmd.subcommand(args[1]);
        }
        return cmd;
    }

    /**
     * A command of an EXEC's queue, which runs inside the EXEC's transaction; {@code command} null
     * when it could not be resolved (only its error is counted).
     */
    static void queued(ServerContext server, String command, long nanos, RespValue reply) {
        boolean failed = reply instanceof RespValue.ErrorReply;
        if (command != null) {
            server.commandStats().ran(command, nanos, failed);
        }
        if (failed) {
            server.commandStats().error(((RespValue.ErrorReply) reply).message());
        }
    }
}
