package io.cairn.server.command;

import io.cairn.resp.CommandSpec;
import java.util.List;
import java.util.Set;

/**
 * One command as dispatch finds it with a single probe of the {@link CommandRegistry}: its spec,
 * its handler and, for a container such as {@code CLIENT}, its own table of subcommands, with the
 * rules the dispatcher applies to it decided once at startup. Immutable and thread-safe.
 */
public final class Command {
    /** Commands that run at once inside MULTI instead of being queued, as in Redis. */
    private static final Set<String> RUN_INSIDE_MULTI = Set.of("exec", "discard", "multi", "watch", "quit", "reset");
    /** Commands (or containers) refused inside MULTI: they block, or stop the server. */
    private static final Set<String> NOT_IN_MULTI = Set.of("save", "shutdown", "debug");
    /** Commands whose spec has no write flag but which run other commands that may write: a write transaction. */
    private static final Set<String> RUN_WRITES = Set.of("exec", "eval", "evalsha", "fcall");
    /** What a RESP2 client with subscriptions may still run, as in Redis. */
    private static final Set<String> WHILE_SUBSCRIBED = Set.of("subscribe", "ssubscribe", "psubscribe", "unsubscribe",
            "sunsubscribe", "punsubscribe", "ping", "quit", "reset");

    private final CommandSpec spec;
    private final Handler handler;
    private final NameTable subcommandTable;
    private final List<Command> subcommands;
    private final boolean write;
    private final boolean allowedWithoutAuth;
    private final boolean allowedWhileBusy;
    private final boolean runsInsideMulti;
    private final boolean refusedInMulti;
    private final boolean allowedWhileSubscribed;
    private final boolean script;
    private final boolean exec;
    private final boolean watch;
    private final boolean skipSlowlog;
    private final boolean fast;
    private final int aclId;

    Command(CommandSpec spec, Handler handler, List<Command> subcommands, int aclId) {
        this.aclId = aclId;
        this.spec = spec;
        this.handler = handler;
        this.subcommands = List.copyOf(subcommands);
        this.subcommandTable = subcommands.isEmpty() ? null : new NameTable(
                subcommands.stream().map(c -> c.spec.name().substring(spec.name().length() + 1)).toList(),
                subcommands);
        String name = spec.name();
        this.write = spec.isWrite() || RUN_WRITES.contains(name);
        this.allowedWithoutAuth = spec.flags().contains("no_auth");
        this.allowedWhileBusy = spec.flags().contains("allow_busy") && handler instanceof ServerCommand;
        this.runsInsideMulti = RUN_INSIDE_MULTI.contains(name);
        this.refusedInMulti = NOT_IN_MULTI.contains(spec.container() == null ? name : spec.container())
                || handler instanceof AsyncCommand && !name.equals("wait"); // WAIT answers at once inside EXEC
        this.allowedWhileSubscribed = WHILE_SUBSCRIBED.contains(name);
        this.script = io.cairn.server.command.script.ScriptCommands.isScript(name);
        this.exec = name.equals("exec");
        this.watch = name.equals("watch");
        this.skipSlowlog = spec.flags().contains("skip_slowlog");
        this.fast = spec.flags().contains("fast");
    }

    /** EVAL, EVALSHA, FCALL or a read-only form: it runs a script. */
    boolean script() {
        return script;
    }

    boolean isExec() {
        return exec;
    }

    boolean isWatch() {
        return watch;
    }

    /** The spec's {@code skip_slowlog} flag. */
    boolean skipSlowlog() {
        return skipSlowlog;
    }

    /** The spec's {@code fast} flag. */
    boolean fast() {
        return fast;
    }

    public CommandSpec spec() {
        return spec;
    }

    /** Its id for ACL rules: its index in the command table ({@link io.cairn.server.acl.AclCommandTable}). */
    public int aclId() {
        return aclId;
    }

    /** The code to run; null only for a container that cannot be called without a subcommand. */
    public Handler handler() {
        return handler;
    }

    /** The subcommand named by {@code name} in any letter case, or null (always null for a plain command). */
    public Command subcommand(byte[] name) {
        return subcommandTable == null ? null : subcommandTable.get(name);
    }

    /** The subcommands in table order; empty for a plain command. */
    public List<Command> subcommands() {
        return subcommands;
    }

    public boolean hasSubcommands() {
        return subcommandTable != null;
    }

    /** Whether it runs as a write transaction (its spec says write, or it is EXEC, which runs writes). */
    boolean write() {
        return write;
    }

    /** Whether it runs while a script is busy (the spec's {@code allow_busy}: SCRIPT KILL, SHUTDOWN, AUTH...) and touches no data. */
    boolean allowedWhileBusy() {
        return allowedWhileBusy;
    }

    /** Whether it may run before AUTH (the spec's {@code no_auth} flag: AUTH, HELLO, QUIT, RESET). */
    boolean allowedWithoutAuth() {
        return allowedWithoutAuth;
    }

    /** Whether it runs at once inside MULTI rather than being queued (EXEC, DISCARD, MULTI, WATCH, QUIT, RESET). */
    boolean runsInsideMulti() {
        return runsInsideMulti;
    }

    /** Whether MULTI refuses to queue it (SAVE, SHUTDOWN, DEBUG and the commands that answer later). */
    boolean refusedInMulti() {
        return refusedInMulti;
    }

    /** Whether a RESP2 client with subscriptions may run it ((P|S)SUBSCRIBE, (P|S)UNSUBSCRIBE, PING, QUIT, RESET). */
    boolean allowedWhileSubscribed() {
        return allowedWhileSubscribed;
    }

    @Override
    public String toString() {
        return "Command[" + spec.name() + "]";
    }
}
