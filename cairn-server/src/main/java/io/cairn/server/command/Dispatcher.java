package io.cairn.server.command;

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
        server.stats().commandProcessed();
        Command cmd;
        try {
            cmd = resolve(args);
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
        session.touched(spec.name(), System.currentTimeMillis());
        if (!session.authenticated() && !cmd.allowedWithoutAuth()) {
            return Outcome.now(RespValue.error("NOAUTH Authentication required."));
        }
        if (session.protocol() == 2 && !cmd.allowedWhileSubscribed() && session.subscriptions().subscribed()) {
            if (session.inMulti()) {
                session.flagMultiError();
            }
            return Outcome.now(RespValue.error("ERR Can't execute '" + spec.name() + "': only (P|S)SUBSCRIBE / "
                    + "(P|S)UNSUBSCRIBE / PING / QUIT / RESET are allowed in this context"));
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
        try {
            return switch (cmd.handler()) {
                case ServerCommand sc -> Outcome.now(sc.run(ctx));
                case AsyncCommand ac -> new Outcome.Deferred(ac.run(ctx));
                case DataCommand dc -> {
                    Operation op = dc.parse(ctx);
                    boolean write = cmd.write();
                    Result<RespValue> r = write
                            ? server.store().execute(session.db(), op::run)
                            : server.store().query(session.db(), op::run);
                    if (write) {
                        server.blocked().serveReady(); // clients waiting on what this wrote
                    }
                    yield Outcome.of(r.value(), r.durable());
                }
                case BlockingCommand bc -> {
                    Outcome o = server.blocked().block(session, bc.parse(ctx));
                    server.blocked().serveReady(); // a BLMOVE that answered pushed to its destination
                    yield o;
                }
            };
        } catch (RuntimeException e) {
            return Outcome.now(Errors.toReply(e));
        }
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
            try {
                Command cmd = resolve(args);
                CommandContext ctx = new CommandContext(args, cmd.spec(), session, server);
                replies.add(switch (cmd.handler()) {
                    case ServerCommand sc -> {
                        RespValue reply = sc.run(ctx);
                        if (session.db() != txn.db()) {
                            txn.select(session.db()); // a SELECT inside the transaction
                        }
                        yield reply;
                    }
                    case DataCommand dc -> dc.parse(ctx).run(txn);
                    case BlockingCommand bc -> bc.parse(ctx).attemptOnce(txn); // nothing waits inside MULTI
                    case AsyncCommand ac -> RespValue.error("ERR Command not allowed inside a transaction");
                });
            } catch (RuntimeException e) {
                replies.add(Errors.toReply(e));
            }
        }
    }

    /**
     * Finds the command with one probe of the registry (and one of its container's table for a
     * subcommand) and checks arity. The result always has a handler.
     */
    Command resolve(byte[][] args) {
        Command cmd = registry.lookup(args[0]);
        if (cmd == null) {
            throw new InvalidRequestException(unknownCommand(args));
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
