package io.cairn.server.command;

import io.cairn.resp.RespValue;
import io.cairn.server.ServerContext;
import io.cairn.server.Session;
import io.cairn.server.acl.AclUser;
import io.cairn.server.acl.Denial;
import io.cairn.server.acl.UserRules;
import io.cairn.server.command.connection.ConnectionCommands;
import java.nio.charset.StandardCharsets;

/**
 * The ACL check of one command, where Redis makes it: at dispatch (queued commands at queue time,
 * and again at EXEC), and for each {@code redis.call} of a script. A refusal is logged in the ACL
 * log and answered {@code -NOPERM} in Redis 7.2's words. A session whose user may run everything
 * (the default user as it starts) costs one volatile read and a flag test. Stateless.
 */
public final class AclGate {
    private AclGate() {
    }

    /** Whether the session's user may be refused anything (it has rules to check). */
    public static boolean restricted(Session session) {
        AclUser u = session.user();
        return u != null && !u.rules().unrestricted();
    }

    /** What refuses {@code cmd} with {@code args} to the session's user, or null when it may run it. */
    public static Denial denial(ServerContext server, Session session, Command cmd, byte[][] args) {
        AclUser u = session.user();
        if (u == null) {
            return null;
        }
        UserRules rules = u.rules();
        return rules.unrestricted() ? null : rules.check(server.acl().table(), cmd.aclId(), args);
    }

    /**
     * The {@code NOPERM} error refusing the command, logged with {@code context} ({@code toplevel},
     * {@code multi}, {@code lua}); null when it may run.
     */
    public static RespValue refusal(ServerContext server, Session session, Command cmd, byte[][] args, String context) {
        Denial d = denial(server, session, cmd, args);
        if (d == null) {
            return null;
        }
        log(server, session, cmd, args, d, context);
        return RespValue.error("NOPERM " + d.message(session.userName(), cmd.spec().name(), null, false));
    }

    /**
     * The {@code NOPERM} message refusing {@code argv} (a top-level command of the table, name
     * first) to {@code user}, or null when it may run it: the HTTP API's check of the command each
     * endpoint stands for.
     */
    public static String refusalFor(ServerContext server, AclUser user, byte[][] argv) {
        UserRules rules = user.rules();
        if (rules.unrestricted()) {
            return null;
        }
        Command cmd = server.dispatcher().registry().lookup(argv[0]);
        Denial d = rules.check(server.acl().table(), cmd.aclId(), argv);
        return d == null ? null : "NOPERM " + d.message(user.name(), cmd.spec().name(), null, false);
    }

    /**
     * A blocking command that checks its user's rules again each time it is retried, as Redis
     * processes a blocked command again when it is woken: if they changed to refuse it while it
     * waited, it answers the refusal instead of running.
     */
    public static BlockingOperation rechecked(ServerContext server, Session session, Command cmd, byte[][] args,
            BlockingOperation op) {
        if (session.user() == null) {
            return op;
        }
        return op.aroundAttempt((inner, txn) -> {
            RespValue refused = refusal(server, session, cmd, args, "toplevel");
            return refused != null ? refused : inner.attempt(txn);
        });
    }

    /** Adds the refusal to the ACL log, with the client as CLIENT LIST shows it. */
    public static void log(ServerContext server, Session session, Command cmd, byte[][] args, Denial d, String context) {
        String object = d.reason() == Denial.Reason.COMMAND ? cmd.spec().name()
                : new String(args[d.argPos()], StandardCharsets.UTF_8);
        Session client = server.session(session.id()); // a script runs as a copy of its caller
        server.acl().log().add(d.reason(), context, object, session.userName(), System.currentTimeMillis(),
                client == null || client.channel() == null ? "" : ConnectionCommands.describe(server, client));
    }
}
