package io.cairn.server.command;

import io.cairn.server.command.connection.Monitors;
import io.cairn.server.command.notify.NotifyFlags;
import io.cairn.server.command.script.ScriptCommands;
import io.cairn.server.command.script.ScriptEngine;
import io.cairn.server.command.script.ScriptThread;
import java.util.concurrent.CompletableFuture;
import io.cairn.common.InvalidRequestException;
import io.cairn.resp.CommandSpec;
import io.cairn.resp.RespValue;
import io.cairn.server.ServerContext;
import io.cairn.server.Session;
import io.cairn.storage.engine.Result;
import io.cairn.storage.engine.Txn;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Runs one request: finds the command, checks authentication, arity and MULTI state, runs the
 * handler (inside the store for data commands) and returns its {@link Outcome}: the reply and what
 * must complete before it may be sent.
 */
public final class Dispatcher {
    private final CommandRegistry registry;
    private final ServerContext server;

    public Dispatcher(CommandRegistry registry, ServerContext server) {
        this.registry = registry;
        this.server = server;
    }

    public CommandRegistry registry() {
        return registry;
    }

    public Outcome dispatch(Session session, byte[][] args) {
        long start = System.nanoTime();
        CallRecorder.Call call = new CallRecorder.Call();
        Outcome o = dispatchTimed(session, args, call);
        if (session.tracking().caching()) {
            session.tracking().commandDone(isClientCommand(args[0]), session.inMulti());
        }
        CallRecorder.finished(server, registry, session, args, call, System.nanoTime() - start, o);
        return o;
    }

    private Outcome dispatchTimed(Session session, byte[][] args, CallRecorder.Call call) {
        server.stats().commandProcessed();
        Command cmd;
        try {
            cmd = resolve(args, call);
        } catch (InvalidRequestException e) {
            if (isExec(args[0])) {
                // As Redis: a malformed EXEC discards the transaction, inside MULTI or not.
                session.endMulti();
                server.unwatchAll(session);
                return Outcome.now(RespValue.error("EXECABORT Transaction discarded because of: "
                        + e.getMessage().substring("ERR ".length())));
            }
            if (session.inMulti()) {
                session.flagMultiError();
            }
            return Outcome.now(Errors.toReply(e));
        }
        CommandSpec spec = cmd.spec();
        call.cmd = cmd;
        session.touched(spec.name(), System.currentTimeMillis());
        if (!session.authenticated() && !cmd.allowedWithoutAuth() && server.acl().authRequired()) {
            return Outcome.now(RespValue.error("NOAUTH Authentication required."));
        }
        if (AclGate.restricted(session)) { // the default user as it starts has nothing to check
            if (session.user().removed()) {
                return new Outcome.Close(); // ACL DELUSER closed it; this command came before the close did
            }
            RespValue denied = AclGate.refusal(server, session, cmd, args, session.inMulti() ? "multi" : "toplevel");
            if (denied != null) {
                if (session.inMulti()) {
                    session.flagMultiError(); // EXEC answers EXECABORT, as in Redis
                }
                return Outcome.now(denied);
            }
        }
        if (session.protocol() == 2 && !cmd.allowedWhileSubscribed() && session.subscriptions().subscribed()) {
            if (session.inMulti()) {
                session.flagMultiError();
            }
            return Outcome.now(RespValue.error("ERR Can't execute '" + spec.name() + "': only (P|S)SUBSCRIBE / "
                    + "(P|S)UNSUBSCRIBE / PING / QUIT / RESET are allowed in this context"));
        }
        if (session.monitoring() || server.pause().mayHold()) { // else nothing to work out
            boolean mayWrite = mayWrite(cmd, session);
            if (session.monitoring() && (mayWrite || spec.flags().contains("readonly"))) {
                return Outcome.now(RespValue.error("ERR Replica can't interact with the keyspace"));
            }
            CompletableFuture<Void> paused = server.pause().holds(mayWrite, System.currentTimeMillis());
            if (paused != null) {
                session.postponed(true); // CLIENT LIST shows it blocked (flags=b), as Redis
                return later(session, args, paused.whenComplete((v, e) -> session.postponed(false))); // run it then
            }
        }
        RespValue oom = MemoryGate.check(server, session, cmd, this);
        if (oom != null) {
            return Outcome.now(oom);
        }
        ScriptEngine scripts = server.scripts();
        ScriptThread thread = scripts.thread();
        boolean script = runsScript(cmd, session);
        CompletableFuture<?> own = session.pendingScript();
        if (own != null && !own.isDone() && !script && !thread.awaitOwn(own)) {
            return later(session, args, own); // behind this connection's own long script
        }
        if (thread.running() && !cmd.allowedWhileBusy() && !scripts.runningFor(session)) {
            // A script queues behind the running one (BUSY once that one is long); a data command waits
            // for the lock in slices below; anything else waits here, as for Redis's one thread.
            boolean wait = !script && !(cmd.handler() instanceof DataCommand);
            RespValue busy = (wait ? !thread.awaitIdle() : script && thread.busy()) ? scripts.busyReply() : null;
            if (busy != null) {
                if (session.inMulti()) {
                    session.flagMultiError();
                }
                return Outcome.now(busy);
            }
        }
        if (session.inMulti() && !cmd.runsInsideMulti()) {
            if (cmd.refusedInMulti()) {
                session.flagMultiError();
                return Outcome.now(RespValue.error("ERR Command not allowed inside a transaction"));
            }
            session.queue(args);
            return Outcome.now(new RespValue.SimpleString("QUEUED"));
        }
        CommandContext ctx = new CommandContext(args, spec, session, server);
        call.ran = true;
        boolean scriptCommand = cmd.script();
        if (scriptCommand) {
            server.monitors().feed(session, session.db(), args); // before the commands it runs, as Redis
        }
        try {
            return switch (cmd.handler()) {
                case ServerCommand sc -> Outcome.now(sc.run(ctx));
                case AsyncCommand ac -> new Outcome.Deferred(ac.run(ctx));
                case DataCommand dc -> {
                    boolean write = cmd.write();
                    if (!write && followerRefusesRead(session)) {
                        yield Outcome.now(RespValue.error(Errors.readOnLeader(leaderAddress())));
                    }
                    Operation op = server.tracking().wrap(session, spec, args, dc.parse(ctx), write);
                    if (script) {
                        if (!scriptCommand && server.monitors().any()) { // an EXEC with a script: shown after its queue
                            Operation queue = op;
                            op = txn -> {
                                try {
                                    return queue.run(txn);
                                } finally {
                                    server.monitors().feed(session, session.db(), args);
                                }
                            };
                        }
                        yield thread.submit(session, session.db(), op, write); // off the event loop
                    }
                    boolean misses = server.notifier().flags().has(NotifyFlags.KEY_MISS);
                    if ((write || misses) && !spec.name().equals("exec")) { // EXEC's commands publish their own
                        op = server.notifier().wrap(spec.name(), args, op);
                    }
                    Operation run = op;
                    int db = session.db();
                    Result<RespValue> r;
                    if (thread.mayRun()) { // never sit behind a script that turns long: BUSY instead
                        r = thread.whileScripts(nanos -> write ? server.store().tryExecute(db, run::run, nanos)
                                : server.store().tryQuery(db, run::run, nanos));
                        if (r == null) {
                            yield Outcome.now(scripts.busyReply());
                        }
                    } else {
                        r = write ? server.store().execute(db, run::run) : server.store().query(db, run::run);
                    }
                    if (write) {
                        server.blocked().serveReady(); // clients waiting on what this wrote
                    }
                    yield Outcome.of(r.value(), r.durable());
                }
                case BlockingCommand bc -> {
                    Outcome o = server.blocked().block(session, AclGate.rechecked(server, session, cmd, args,
                            server.notifier().wrap(spec.name(), args, bc.parse(ctx))));
                    server.blocked().serveReady(); // a BLMOVE that answered pushed to its destination
                    yield o;
                }
            };
        } catch (RuntimeException e) {
            return Outcome.now(Errors.toReply(e));
        } finally {
            if (!script && server.monitors().any() && Monitors.shown(spec)) { // a script's is fed above
                server.monitors().feed(session, session.db(), args);
            }
        }
    }

    /**
     * Whether this node follows a group's leader and {@code session} did not send READONLY: a read
     * here could be stale, so it is refused, naming the leader (reads are linearizable by default).
     */
    private boolean followerRefusesRead(Session session) {
        io.cairn.storage.engine.ReplicaGroup group = server.replication();
        return group != null && !session.replicaReads() && !group.writable();
    }

    private String leaderAddress() {
        io.cairn.storage.engine.ReplicaGroup.Member leader = server.replication().status().leader();
        return leader == null ? null : leader.clientAddress();
    }

    /**
     * A request that may run in one store transaction with its neighbours of the same read
     * ({@link #dispatchBatch}): its command and its operation, parsed before the lock.
     */
    public record Batched(byte[][] args, Command cmd, Operation op, boolean write) {
    }

    /**
     * The request as a {@link Batched}, or null when it must run alone through {@link #dispatch}:
     * anything but a plain data command (scripts, EXEC, WATCH, blocking and server commands), a
     * connection in MULTI, subscribed, monitoring, tracking, behind its own script, or while a
     * script, a pause, a monitor, a blocked client or the memory limit needs the single path's
     * checks; and a request whose arguments are refused (the single path answers it). What is
     * left commits as it would have one command at a time: nothing in it observes the commit of
     * another command of the batch.
     */
    public Batched batchable(Session session, byte[][] args) {
        if (session.inMulti() || session.monitoring() || session.tracking().on() || !session.authenticated()
                || session.subscriptions().subscribed() || session.pendingScript() != null) {
            return null; // tracking: a key read after a write in the same batch would be invalidated by it
        }
        ScriptThread thread = server.scripts().thread();
        if (thread.mayRun() || thread.running() || server.pause().mayHold() || server.monitors().any()
                || server.store().overMemoryLimit() || server.blocked().blockedCount() > 0) {
            return null; // a blocked client is served after each write, before the next command runs
        }
        if (server.replication() != null && !server.replication().writable()) {
            return null; // a follower: the single path refuses, or reads for READONLY
        }
        Command cmd = registry.lookup(args[0]);
        if (cmd == null || cmd.hasSubcommands() || !(cmd.handler() instanceof DataCommand dc) || cmd.script()
                || cmd.isExec() || cmd.isWatch() || !cmd.spec().arityAccepts(args.length)) {
            return null; // WATCH: a write earlier in the batch would commit after it and dirty its own watch
        }
        if (AclGate.restricted(session) && AclGate.denial(server, session, cmd, args) != null) {
            return null; // refused: the single path logs and answers it
        }
        CommandSpec spec = cmd.spec();
        boolean write = cmd.write();
        Operation op;
        try {
            op = server.tracking().wrap(session, spec, args, dc.parse(new CommandContext(args, spec, session, server)), write);
        } catch (RuntimeException e) {
            return null; // its refusal is worded by the single path, in its turn
        }
        if (write || server.notifier().flags().has(NotifyFlags.KEY_MISS)) {
            op = server.notifier().wrap(spec.name(), args, op);
        }
        return new Batched(args, cmd, op, write);
    }

    /**
     * Runs consecutive requests of one connection, each {@link #batchable}, in one store
     * transaction: one lock, one log batch and one durability wait for all of them, as if they
     * had run one after another with nothing between (they came in one read, and no other client
     * can tell them apart from that). Each keeps its own reply, error and statistics; a command
     * that fails changes nothing, as alone, and the others still run.
     */
    public List<Outcome> dispatchBatch(Session session, List<Batched> batch) {
        int n = batch.size();
        RespValue[] replies = new RespValue[n];
        long[] nanos = new long[n];
        boolean write = false;
        for (Batched b : batch) {
            write |= b.write();
        }
        Result<Void> r;
        java.util.function.Function<Txn, Void> body = txn -> {
            for (int i = 0; i < n; i++) {
                long t0 = System.nanoTime();
                try {
                    replies[i] = batch.get(i).op().run(txn);
                } catch (io.cairn.storage.engine.TransactionAbandonedException e) {
                    throw e;
                } catch (RuntimeException e) {
                    replies[i] = Errors.toReply(e);
                }
                nanos[i] = System.nanoTime() - t0;
            }
            return null;
        };
        RespValue failed = null;
        try {
            r = write ? server.store().execute(session.db(), body) : server.store().query(session.db(), body);
        } catch (RuntimeException e) { // the store refused the transaction (its log failed, it closed)
            failed = Errors.toReply(e);
            r = null;
        }
        if (write) {
            server.blocked().serveReady(); // clients waiting on what these wrote
        }
        List<Outcome> out = new ArrayList<>(n);
        long now = System.currentTimeMillis();
        for (int i = 0; i < n; i++) {
            Batched b = batch.get(i);
            RespValue reply = failed != null ? failed : replies[i];
            Outcome o = failed != null || reply instanceof RespValue.ErrorReply ? Outcome.now(reply)
                    : Outcome.of(reply, r.durable());
            server.stats().commandProcessed();
            session.touched(b.cmd().spec().name(), now);
            CallRecorder.Call call = new CallRecorder.Call();
            call.cmd = b.cmd();
            call.top = b.cmd();
            call.ran = true;
            CallRecorder.finished(server, registry, session, b.args(), call, nanos[i], o);
            out.add(o);
        }
        return out;
    }

    /** Commands CLIENT PAUSE WRITE holds besides writes: Redis's may_replicate flag, which COMMAND INFO hides. */
    private static final java.util.Set<String> MAY_REPLICATE = java.util.Set.of("eval", "evalsha", "fcall", "pfcount",
            "publish", "spublish");

    /** Whether CLIENT PAUSE WRITE holds the command: a write or may_replicate one, or an EXEC of any. */
    private boolean mayWrite(Command cmd, Session session) {
        String name = cmd.spec().name();
        if (name.equals("exec")) {
            return session.queuedAny(q -> {
                Command c = registry.lookup(q[0]);
                return c != null && (c.spec().isWrite() || MAY_REPLICATE.contains(c.spec().name()));
            });
        }
        return cmd.spec().isWrite() || MAY_REPLICATE.contains(name);
    }

    private static boolean isClientCommand(byte[] name) {
        return name.length == 6 && new String(name, StandardCharsets.US_ASCII).equalsIgnoreCase("client");
    }

    /** Whether the command runs a script: EVAL and its forms, or an EXEC whose queue holds one. */
    private static boolean runsScript(Command cmd, Session session) {
        return cmd.script()
                || cmd.isExec() && session.queuedAny(ScriptCommands::runsScript)
                && !session.queuedAny(Dispatcher::subscribes); // subscriptions change on the event loop only
    }

    private static boolean subscribes(byte[][] args) {
        String name = new String(args[0], java.nio.charset.StandardCharsets.US_ASCII).toLowerCase(java.util.Locale.ROOT);
        return name.endsWith("subscribe");
    }

    /**
     * A command that arrived behind its connection's own script, still running past the busy
     * threshold: it runs once the script has, on the connection's event loop, and the connection
     * reads nothing more until it answered (so its commands keep their order).
     */
    private Outcome later(Session session, byte[][] args, CompletableFuture<?> after) {
        CompletableFuture<RespValue> reply = new CompletableFuture<>();
        after.whenComplete((v, e) -> session.channel().eventLoop().execute(() -> {
            if (!session.channel().isActive()) { // it left while its script ran: its cleanup is done, run nothing
                reply.complete(RespValue.OK);
                return;
            }
            switch (dispatch(session, args)) {
                case Outcome.Now n -> reply.complete(n.reply());
                case Outcome.AfterDurable a -> a.durable().whenComplete((x, f) -> {
                    if (f == null) {
                        reply.complete(a.reply());
                    } else {
                        reply.completeExceptionally(f);
                    }
                });
                case Outcome.Deferred d -> d.reply().whenComplete((r, f) -> {
                    if (f == null) {
                        reply.complete(r);
                    } else {
                        reply.completeExceptionally(f);
                    }
                });
                case Outcome.Close c -> {
                    session.closeAfterReply();
                    reply.complete(RespValue.OK);
                }
            }
        }));
        return new Outcome.Deferred(reply, true);
    }

    /**
     * Runs the commands queued by MULTI inside the EXEC's transaction. Each command's error becomes
     * its reply, and the others still run, as in Redis.
     */
    public RespValue runQueued(Txn txn, Session session, List<byte[][]> queued) {
        List<RespValue> replies = new ArrayList<>(queued.size());
        session.executingQueued(true);
        try {
            runEach(txn, session, queued, replies);
        } finally {
            session.executingQueued(false);
        }
        return RespValue.array(replies);
    }

    private void runEach(Txn txn, Session session, List<byte[][]> queued, List<RespValue> replies) {
        for (byte[][] args : queued) {
            String name = null; // the command, once resolved: its stats count the call
            long start = System.nanoTime();
            boolean feedAfter = false;
            try {
                Command cmd = resolve(args);
                if (server.monitors().any()) { // as Redis: a script before the commands it runs, the rest after
                    if (ScriptCommands.isScript(cmd.spec().name())) {
                        server.monitors().feed(session, session.db(), args);
                    } else {
                        feedAfter = Monitors.shown(cmd.spec());
                    }
                }
                if (AclGate.restricted(session)) { // the rules may have changed since it was queued
                    io.cairn.server.acl.Denial d = AclGate.denial(server, session, cmd, args);
                    if (d != null) {
                        AclGate.log(server, session, cmd, args, d, "multi");
                        replies.add(RespValue.error("NOPERM ACLs rules changed between the moment the transaction was "
                                + "accumulated and the EXEC call. This command is no longer allowed for the following "
                                + "reason: " + d.execReason()));
                        continue;
                    }
                }
                CommandContext ctx = new CommandContext(args, cmd.spec(), session, server);
                name = cmd.spec().name();
                RespValue answer = switch (cmd.handler()) {
                    case ServerCommand sc -> {
                        RespValue reply = sc.run(ctx);
                        if (session.db() != txn.db()) {
                            txn.select(session.db()); // a SELECT inside the transaction
                        }
                        yield reply;
                    }
                    case DataCommand dc -> server.tracking().wrap(session, cmd.spec(), args,
                            server.notifier().wrap(cmd.spec().name(), args, dc.parse(ctx)), false).run(txn);
                    case BlockingCommand bc -> server.notifier().wrap(cmd.spec().name(), args, bc.parse(ctx))
                            .attemptOnce(txn); // nothing waits inside MULTI
                    case AsyncCommand ac -> { // one that answers at once inside EXEC (WAIT) gives its answer; the others may not run here
                        CompletableFuture<RespValue> f = ac.run(ctx);
                        yield f.isDone() && !f.isCompletedExceptionally() ? f.join()
                                : RespValue.error("ERR Command not allowed inside a transaction");
                    }
                };
                CallRecorder.queued(server, name, System.nanoTime() - start, answer);
                replies.add(answer);
            } catch (io.cairn.storage.engine.TransactionAbandonedException e) {
                throw e; // SHUTDOWN NOSAVE stopped a script in the queue: nothing of the EXEC is logged
            } catch (RuntimeException e) {
                RespValue error = Errors.toReply(e);
                CallRecorder.queued(server, name, System.nanoTime() - start, error);
                replies.add(error);
            }
            if (feedAfter) {
                server.monitors().feed(session, session.db(), args);
            }
        }
    }

    /**
     * Finds the command with one probe of the registry (and one of its container's table for a
     * subcommand) and checks arity. The result always has a handler.
     */
    Command resolve(byte[][] args) {
        return resolve(args, null);
    }

    /** As {@link #resolve(byte[][])}, noting in {@code call} (when not null) the command the first word named. */
    private Command resolve(byte[][] args, CallRecorder.Call call) {
        Command cmd = registry.lookup(args[0]);
        if (cmd == null) {
            throw new InvalidRequestException(unknownCommand(args));
        }
        if (call != null) {
            call.top = cmd;
        }
        CommandSpec spec = cmd.spec();
        if (cmd.hasSubcommands() && !(args.length == 1 && spec.arityAccepts(1))) {
            String name = spec.name();
            if (args.length < 2) {
                throw new InvalidRequestException("ERR wrong number of arguments for '" + name + "' command");
            }
            Command sub = cmd.subcommand(args[1]);
            if (sub == null) {
                String given = new String(args[1], StandardCharsets.UTF_8);
                if (given.equalsIgnoreCase("help")) {
                    throw new InvalidRequestException("ERR " + name.toUpperCase(Locale.ROOT) + " HELP is not supported by Cairn; see COMMAND DOCS "
                            + name);
                }
                throw new InvalidRequestException("ERR unknown subcommand '" + truncate(given) + "'. Try "
                        + name.toUpperCase(Locale.ROOT) + " HELP.");
            }
            cmd = sub;
            spec = sub.spec();
        }
        if (!spec.arityAccepts(args.length)) {
            throw new InvalidRequestException("ERR wrong number of arguments for '" + spec.name() + "' command");
        }
        return cmd;
    }

    private boolean isExec(byte[] name) {
        Command cmd = registry.lookup(name);
        return cmd != null && cmd.spec().name().equals("exec");
    }

    private static String unknownCommand(byte[][] args) {
        StringBuilder sb = new StringBuilder("ERR unknown command '")
                .append(truncate(new String(args[0], StandardCharsets.UTF_8)))
                .append("', with args beginning with: ");
        for (int i = 1; i < args.length && sb.length() < 512; i++) {
            sb.append('\'').append(truncate(new String(args[i], StandardCharsets.UTF_8))).append("' ");
        }
        return sb.toString();
    }

    private static String truncate(String s) {
        return s.length() > 128 ? s.substring(0, 128) : s;
    }
}
