package io.cairn.server.command.server;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.ServerContext;
import io.cairn.server.Session;
import io.cairn.server.acl.Acl;
import io.cairn.server.acl.AclLog;
import io.cairn.server.acl.AclUser;
import io.cairn.server.acl.Denial;
import io.cairn.server.acl.UserRules;
import io.cairn.server.command.Command;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Commands;
import io.cairn.server.command.pubsub.Kind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * The ACL command: users (SETUSER, GETUSER, DELUSER, LIST, USERS, WHOAMI), categories (CAT), the
 * log (LOG), the aclfile (LOAD, SAVE), DRYRUN and GENPASS, in Redis 7.2's replies and words. The
 * rules themselves are {@code io.cairn.server.acl}'s; what touches connections is here: a user
 * deleted or dropped by ACL LOAD loses its connections, and a subscriber whose channels a SETUSER
 * takes away is disconnected, as Redis does.
 */
public final class AclCommands {
    private static final int GENPASS_MAX_BITS = 4096;
    private static final SecureRandom RANDOM = new SecureRandom();

    private AclCommands() {
    }

    public static void register(Commands.Registrar r) {
        r.server("acl|setuser", AclCommands::setUser);
        r.server("acl|getuser", AclCommands::getUser);
        r.server("acl|deluser", AclCommands::delUser);
        r.server("acl|list", c -> {
            List<RespValue> out = new ArrayList<>();
            for (AclUser u : c.server().acl().users()) {
                out.add(RespValue.bulk("user " + u.name() + " " + u.rules().describe()));
            }
            return RespValue.array(out);
        });
        r.server("acl|users", c -> RespValue.array(c.server().acl().users().stream()
                .map(u -> RespValue.bulk(u.name())).toList()));
        r.server("acl|whoami", c -> RespValue.bulk(c.session().userName()));
        r.server("acl|cat", AclCommands::cat);
        r.server("acl|genpass", AclCommands::genpass);
        r.server("acl|log", AclCommands::log);
        r.server("acl|dryrun", AclCommands::dryrun);
        r.server("acl|load", AclCommands::load);
        r.server("acl|save", c -> {
            requireFile(c);
            try {
                c.server().acl().save();
            } catch (IOException e) {
                throw new InvalidRequestException("ERR There was an error trying to save the ACLs. Please check the "
                        + "server logs for more information");
            }
            return RespValue.OK;
        });
    }

    private static RespValue setUser(CommandContext c) {
        List<byte[]> rules = Arrays.asList(c.args()).subList(3, c.argc());
        Acl.Change change;
        try {
            change = c.server().acl().setUser(c.string(2), rules);
        } catch (Acl.SetUserException e) {
            throw new InvalidRequestException("ERR " + e.getMessage());
        }
        if (change.before() != null && channelsNarrowed(change.before(), change.after())) {
            disconnectRefusedSubscribers(c.server(), change.user());
        }
        return RespValue.OK;
    }

    /** Whether some channel the user could use before may now be refused (acl.c {@code ACLKillPubsubClientsIfNeeded}). */
    private static boolean channelsNarrowed(UserRules before, UserRules after) {
        if (after.allChannels()) {
            return false;
        }
        return before.allChannels() || !after.channels().containsAll(before.channels());
    }

    /** Closes each subscriber of {@code user} holding a subscription its rules now refuse, on its own event loop. */
    private static void disconnectRefusedSubscribers(ServerContext server, AclUser user) {
        for (Session s : server.sessions()) {
            if (s.user() != user || !s.subscriptions().subscribed() || s.channel() == null) {
                continue;
            }
            s.channel().eventLoop().execute(() -> {
                UserRules rules = user.rules();
                if (!s.subscriptions().all((kind, name) -> rules.channelAllowed(name, kind == Kind.PATTERN))) {
                    s.channel().close();
                }
            });
        }
    }

    private static RespValue getUser(CommandContext c) {
        AclUser u = c.server().acl().user(c.string(2));
        if (u == null) {
            return RespValue.NULL;
        }
        UserRules r = u.rules();
        List<Map.Entry<RespValue, RespValue>> m = new ArrayList<>();
        m.add(entry("flags", new RespValue.SetReply(r.flags().stream().map(RespValue::bulk).toList())));
        m.add(entry("passwords", RespValue.array(r.passwords().stream().map(RespValue::bulk).toList())));
        m.add(entry("commands", RespValue.bulk(r.commandsDescription())));
        m.add(entry("keys", RespValue.bulk(r.keysDescription())));
        m.add(entry("channels", RespValue.bulk(r.channelsDescription())));
        m.add(entry("selectors", RespValue.EMPTY_ARRAY)); // Cairn has no selectors (README, ACL users)
        return new RespValue.MapReply(m);
    }

    private static RespValue delUser(CommandContext c) {
        List<String> names = new ArrayList<>();
        for (int i = 2; i < c.argc(); i++) {
            names.add(c.string(i));
        }
        List<AclUser> removed;
        try {
            removed = c.server().acl().deleteUsers(names);
        } catch (IllegalArgumentException e) {
            throw new InvalidRequestException("ERR " + e.getMessage());
        }
        disconnect(c, removed);
        return RespValue.integer(removed.size());
    }

    /** Closes the connections of users that no longer exist (the caller's own after its reply). */
    private static void disconnect(CommandContext c, List<AclUser> users) {
        if (users.isEmpty()) {
            return;
        }
        for (Session s : c.server().sessions()) {
            if (s.user() != null && users.contains(s.user())) {
                if (s == c.session()) {
                    s.closeAfterReply();
                } else if (s.channel() != null) {
                    s.channel().close();
                }
            }
        }
    }

    private static RespValue cat(CommandContext c) {
        var table = c.server().acl().table();
        if (c.argc() == 2) {
            return RespValue.array(table.categories().stream().map(RespValue::bulk).toList());
        }
        if (c.argc() > 3) {
            throw new InvalidRequestException("ERR unknown subcommand or wrong number of arguments for '"
                    + c.string(1) + "'. Try ACL HELP.");
        }
        String category = c.string(2);
        if (category.equalsIgnoreCase("all") || !table.isCategory(category)) {
            throw new InvalidRequestException("ERR Unknown category '" + truncate(category) + "'");
        }
        return RespValue.array(table.commandsIn(category).stream().map(RespValue::bulk).toList());
    }

    private static RespValue genpass(CommandContext c) {
        if (c.argc() > 3) {
            throw new InvalidRequestException("ERR unknown subcommand or wrong number of arguments for '"
                    + c.string(1) + "'. Try ACL HELP.");
        }
        long bits = c.argc() == 3 ? c.integer(2) : 256;
        if (bits <= 0 || bits > GENPASS_MAX_BITS) {
            throw new InvalidRequestException("ERR ACL GENPASS argument must be the number of bits for the output "
                    + "password, a positive number up to " + GENPASS_MAX_BITS);
        }
        int chars = (int) ((bits + 3) / 4);
        byte[] random = new byte[(chars + 1) / 2];
        RANDOM.nextBytes(random);
        return RespValue.bulk(HexFormat.of().formatHex(random).substring(0, chars));
    }

    private static RespValue log(CommandContext c) {
        if (c.argc() > 3) {
            throw new InvalidRequestException("ERR unknown subcommand or wrong number of arguments for '"
                    + c.string(1) + "'. Try ACL HELP.");
        }
        AclLog log = c.server().acl().log();
        long count = 10;
        if (c.argc() == 3) {
            if (c.string(2).equalsIgnoreCase("reset")) {
                log.reset();
                return RespValue.OK;
            }
            count = Math.max(0, c.integer(2));
        }
        long now = System.currentTimeMillis();
        List<RespValue> out = new ArrayList<>();
        for (AclLog.Entry e : log.newest(count)) {
            long updated = e.updated();
            List<Map.Entry<RespValue, RespValue>> m = new ArrayList<>();
            m.add(entry("count", RespValue.integer(e.count())));
            m.add(entry("reason", RespValue.bulk(e.reason.word)));
            m.add(entry("context", RespValue.bulk(e.context)));
            m.add(entry("object", RespValue.bulk(e.object)));
            m.add(entry("username", RespValue.bulk(e.username)));
            m.add(entry("age-seconds", new RespValue.DoubleReply((now - updated) / 1000.0)));
            m.add(entry("client-info", RespValue.bulk(e.clientInfo())));
            m.add(entry("entry-id", RespValue.integer(e.entryId)));
            m.add(entry("timestamp-created", RespValue.integer(e.created)));
            m.add(entry("timestamp-last-updated", RespValue.integer(updated)));
            out.add(new RespValue.MapReply(m));
        }
        return RespValue.array(out);
    }

    /** ACL DRYRUN user command [arg ...]: OK, or why the user may not run it (naming the key or channel). */
    private static RespValue dryrun(CommandContext c) {
        AclUser u = c.server().acl().user(c.string(2));
        if (u == null) {
            throw new InvalidRequestException("ERR User '" + c.string(2) + "' not found");
        }
        byte[][] argv = Arrays.copyOfRange(c.args(), 3, c.argc());
        Command cmd = c.server().dispatcher().registry().lookup(argv[0]);
        if (cmd != null && cmd.hasSubcommands() && argv.length > 1) {
            cmd = cmd.subcommand(argv[1]);
        }
        if (cmd == null) {
            throw new InvalidRequestException("ERR Command '" + c.string(3) + "' not found");
        }
        if (!cmd.spec().arityAccepts(argv.length)) {
            throw new InvalidRequestException("ERR wrong number of arguments for '" + cmd.spec().name() + "' command");
        }
        Denial d = u.rules().check(c.server().acl().table(), cmd.aclId(), argv);
        if (d == null) {
            return RespValue.OK;
        }
        String arg = new String(argv[d.argPos()], StandardCharsets.UTF_8);
        return RespValue.bulk(d.message(u.name(), cmd.spec().name(), arg, true));
    }

    private static RespValue load(CommandContext c) {
        requireFile(c);
        String[] errors = new String[1];
        List<AclUser> removed;
        try {
            removed = c.server().acl().load(errors);
        } catch (IOException e) {
            throw new InvalidRequestException("ERR Error loading ACLs, opening file '" + c.server().config().aclfile()
                    + "': " + (e instanceof java.nio.file.NoSuchFileException ? "No such file or directory" : e.getMessage()));
        }
        if (removed == null) {
            throw new InvalidRequestException("ERR " + errors[0]);
        }
        disconnect(c, removed);
        for (AclUser kept : c.server().acl().users()) { // the file may have taken channels from any of them
            disconnectRefusedSubscribers(c.server(), kept);
        }
        return RespValue.OK;
    }

    private static void requireFile(CommandContext c) {
        if (!c.server().acl().hasFile()) {
            throw new InvalidRequestException("ERR This Redis instance is not configured to use an ACL file. You may "
                    + "want to specify users via the ACL SETUSER command and then issue a CONFIG REWRITE (assuming you "
                    + "have a Redis configuration file set) in order to store users in the Redis configuration.");
        }
    }

    private static Map.Entry<RespValue, RespValue> entry(String k, RespValue v) {
        return new AbstractMap.SimpleImmutableEntry<>(RespValue.bulk(k), v);
    }

    private static String truncate(String s) {
        return s.length() > 128 ? s.substring(0, 128) : s;
    }
}
