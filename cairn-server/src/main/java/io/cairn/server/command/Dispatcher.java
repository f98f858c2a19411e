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
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * Runs one request: finds the command, checks authentication, arity and MULTI state, runs the
 * handler (inside the store for data commands) and returns its {@link Outcome}: the reply and what
 * must complete before it may be sent.
 */
public final class Dispatcher {
    private static final Set<String> ALLOWED_WITHOUT_AUTH = Set.of("auth", "hello", "quit", "reset");
    private static final Set<String> RUN_INSIDE_MULTI = Set.of("exec", "discard", "multi", "watch", "quit", "reset");
    private static final Set<String> NOT_IN_MULTI = Set.of("save", "shutdown", "debug");

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
        CommandSpec spec;
        try {
            spec = resolve(args);
        } catch (InvalidRequestException e) {
            if (registry.lookup(args[0]) == registry.spec("exec")) {
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
        String name = spec.name();
        session.touched(name, System.currentTimeMillis());
        if (!session.authenticated() && !ALLOWED_WITHOUT_AUTH.contains(name)) {
            return Outcome.now(RespValue.error("NOAUTH Authentication required."));
        }
        if (session.inMulti() && !RUN_INSIDE_MULTI.contains(name)) {
            if (NOT_IN_MULTI.contains(spec.container() == null ? name : spec.container())
                    || registry.handler(spec.name()) instanceof AsyncCommand) {
                session.flagMultiError();
                return Outcome.now(RespValue.error("ERR Command not allowed inside a transaction"));
            }
            session.queue(args);
            return Outcome.now(new RespValue.SimpleString("QUEUED"));
        }
        Handler handler = registry.handler(spec.name());
        CommandContext ctx = new CommandContext(args, spec, session, server);
        try {
            return switch (handler) {
                case ServerCommand sc -> Outcome.now(sc.run(ctx));
                case AsyncCommand ac -> new Outcome.Deferred(ac.run(ctx));
                case DataCommand dc -> {
                    Operation op = dc.parse(ctx);
                    Result<RespValue> r = spec.isWrite() || name.equals("exec")
                            ? server.store().execute(session.db(), op::run)
                            : server.store().query(session.db(), op::run);
                    yield Outcome.of(r.value(), r.durable());
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
        for (byte[][] args : queued) {
            try {
                CommandSpec spec = resolve(args);
                CommandContext ctx = new CommandContext(args, spec, session, server);
                replies.add(switch (registry.handler(spec.name())) {
                    case ServerCommand sc -> {
                        RespValue reply = sc.run(ctx);
                        if (session.db() != txn.db()) {
                            txn.select(session.db()); // a SELECT inside the transaction
                        }
                        yield reply;
                    }
                    case DataCommand dc -> dc.parse(ctx).run(txn);
                    case AsyncCommand ac -> RespValue.error("ERR Command not allowed inside a transaction");
                });
            } catch (RuntimeException e) {
                replies.add(Errors.toReply(e));
            }
        }
        return RespValue.array(replies);
    }

    /** Finds the spec, resolving containers to subcommands, and checks arity. */
    CommandSpec resolve(byte[][] args) {
        CommandSpec spec = registry.lookup(args[0]);
        if (spec == null) {
            throw new InvalidRequestException(unknownCommand(args));
        }
        String name = spec.name();
        if (!registry.subcommands(name).isEmpty() && !(args.length == 1 && spec.arityAccepts(1))) {
            if (args.length < 2) {
                throw new InvalidRequestException("ERR wrong number of arguments for '" + name + "' command");
            }
            String given = new String(args[1], StandardCharsets.UTF_8);
            String sub = given.toLowerCase(Locale.ROOT);
            CommandSpec subSpec = registry.spec(name + "|" + sub);
            if (subSpec == null) {
                if (sub.equals("help")) {
                    throw new InvalidRequestException("ERR " + name.toUpperCase(Locale.ROOT) + " HELP is not supported by Cairn; see COMMAND DOCS "
                            + name);
                }
                throw new InvalidRequestException("ERR unknown subcommand '" + truncate(given) + "'. Try "
                        + name.toUpperCase(Locale.ROOT) + " HELP.");
            }
            spec = subSpec;
        }
        if (!spec.arityAccepts(args.length)) {
            throw new InvalidRequestException("ERR wrong number of arguments for '" + spec.name() + "' command");
        }
        return spec;
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
