package io.cairn.server.http;

import io.cairn.resp.RespValue;
import io.cairn.server.ServerContext;
import io.cairn.server.Session;
import io.cairn.server.command.Outcome;
import io.netty.channel.Channel;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * Runs the web console's reads as commands, through the {@code Dispatcher} a RESP client goes
 * through, so the console shows what {@code SCAN}, {@code HSCAN} or {@code CONFIG GET} answer and
 * not a second reading of the data. Only the read-only commands of {@link #ALLOWED} run; each
 * request gets a session of its own, authenticated (the HTTP gate checked the password), not listed
 * by CLIENT LIST, on the HTTP connection's channel. Its calls count in INFO commandstats, as a
 * RedisInsight's do in Redis.
 *
 * <p>Call on the channel's event loop; the future completes there too, once the reply may be used
 * (a read waits for the writes it saw to be durable, as over RESP).
 */
final class ConsoleCommands {
    /** What the console runs. */
    static final Set<String> ALLOWED = Set.of("scan", "type", "pttl", "strlen", "getrange", "hlen", "hscan",
            "llen", "lrange", "scard", "sscan", "zcard", "zrange", "xlen", "xrange", "json.get", "slowlog", "config");

    private final ServerContext server;
    private final Channel channel;
    private final int db;

    /** The ACL user of the request being routed on a connection ({@link ApiRouter} sets it before it builds these). */
    static final io.netty.util.AttributeKey<io.cairn.server.acl.AclUser> USER = io.netty.util.AttributeKey.valueOf("cairn.acl.user");

    private final io.cairn.server.acl.AclUser user;

    ConsoleCommands(ServerContext server, Channel channel, int db) {
        this.user = channel.attr(USER).get();
        this.server = server;
        this.channel = channel;
        this.db = db;
    }

    /** The reply of {@code args} (command name first); an error reply is a reply, not a failure. */
    CompletableFuture<RespValue> run(String... args) {
        byte[][] argv = new byte[args.length][];
        for (int i = 0; i < args.length; i++) {
            argv[i] = args[i].getBytes(StandardCharsets.UTF_8);
        }
        return run(argv);
    }

    CompletableFuture<RespValue> run(byte[][] argv) {
        String name = new String(argv[0], StandardCharsets.US_ASCII).toLowerCase(java.util.Locale.ROOT);
        if (!ALLOWED.contains(name)) {
            throw new IllegalArgumentException("command: " + name + " (expected: one of " + ALLOWED + ")");
        }
        Session session = new Session(0, channel, System.currentTimeMillis(), true);
        session.db(db);
        session.user(user == null ? server.acl().defaultUser() : user);
        Outcome o = server.dispatcher().dispatch(session, argv);
        return switch (o) {
            case Outcome.Now n -> CompletableFuture.completedFuture(n.reply());
            case Outcome.AfterDurable a -> a.durable().thenApplyAsync(v -> a.reply(), channel.eventLoop());
            case Outcome.Deferred d -> d.reply().thenApplyAsync(r -> r, channel.eventLoop());
            case Outcome.Close c -> CompletableFuture.completedFuture(RespValue.error("ERR closed"));
        };
    }
}
