package io.cairn.server.command.connection;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.ServerContext;
import io.cairn.server.Session;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Commands;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Commands about the connection itself. */
public final class ConnectionCommands {
    private ConnectionCommands() {
    }

    public static void register(Commands.Registrar r) {
        r.server("ping", c -> {
            if (c.argc() > 2) {
                throw new InvalidRequestException("ERR wrong number of arguments for 'ping' command");
            }
            if (c.session().protocol() == 2 && c.session().subscriptions().subscribed()) {
                // Redis's answer to a RESP2 subscriber, which can only read arrays
                return new RespValue.ArrayReply(List.of(RespValue.bulk("pong"),
                        c.argc() == 2 ? RespValue.bulk(c.arg(1)) : RespValue.bulk("")));
            }
            return c.argc() == 2 ? RespValue.bulk(c.arg(1)) : RespValue.simple("PONG");
        });
        r.server("echo", c -> RespValue.bulk(c.arg(1)));
        r.server("hello", ConnectionCommands::hello);
        r.server("auth", c -> {
            if (c.argc() > 3) {
                throw new InvalidRequestException(CommandContext.SYNTAX);
            }
            authenticate(c, c.argc() == 3 ? c.string(1) : "default", c.arg(c.argc() - 1), c.argc() == 3);
            return RespValue.OK;
        });
        r.server("select", c -> {
            c.session().db(c.database(1));
            return RespValue.OK;
        });
        r.server("quit", c -> {
            c.session().closeAfterReply();
            return RespValue.OK;
        });
        r.server("reset", c -> {
            Session s = c.session();
            s.endMulti();
            c.server().unwatchAll(s);
            c.server().pubsub().dropAll(s.subscriptions());
            c.server().tracking().disable(s);
            c.server().monitors().remove(s);
            s.replies(true);
            s.db(0);
            s.protocol(2);
            s.name("");
            s.replicaReads(false);
            s.user(c.server().acl().defaultUser()); // as Redis: back to the default user
            s.authenticated(!c.server().acl().authRequired());
            return RespValue.simple("RESET");
        });
        r.server("client|id", c -> RespValue.integer(c.session().id()));
        r.server("client|setname", c -> {
            c.session().name(checkName(c.string(2)));
            return RespValue.OK;
        });
        r.server("client|getname", c -> c.session().name().isEmpty() ? RespValue.NULL : RespValue.bulk(c.session().name()));
        r.server("client|list", ConnectionCommands::clientList);
        r.server("client|info", c -> text(c, describe(c.server(), c.session()) + "\n"));
        r.server("client|kill", ConnectionCommands::clientKill);
        r.server("client|unblock", ConnectionCommands::clientUnblock);
        r.server("client|setinfo", c -> {
            String attr = c.option(2);
            String value = c.string(3);
            if (!attr.equals("LIB-NAME") && !attr.equals("LIB-VER")) {
                throw new InvalidRequestException("ERR Unrecognized option '" + c.string(2) + "'");
            }
            for (char ch : value.toCharArray()) {
                if (ch < '!' || ch > '~') { // as Redis: no spaces, newlines or other special characters
                    throw new InvalidRequestException("ERR " + attr.toLowerCase(java.util.Locale.ROOT)
                            + " cannot contain spaces, newlines or special characters.");
                }
            }
            c.session().libInfo(attr.equals("LIB-NAME") ? value : null, attr.equals("LIB-VER") ? value : null);
            return RespValue.OK;
        });
        // No eviction and no access tracking yet: the modes are accepted and change nothing.
        r.server("client|no-evict", ConnectionCommands::onOff);
        r.server("client|no-touch", ConnectionCommands::onOff);
        r.server("client|reply", c -> {
            switch (c.option(2)) {
                case "ON" -> c.session().replies(true);
                case "OFF" -> c.session().replies(false);
                case "SKIP" -> c.session().skipReplies();
                default -> throw new InvalidRequestException(CommandContext.SYNTAX);
            }
            return RespValue.OK; // dropped for OFF and SKIP (Session.replySilenced)
        });
        r.server("client|pause", ConnectionCommands::clientPause);
        r.server("client|unpause", c -> {
            c.server().pause().unpause();
            return RespValue.OK;
        });
        r.server("monitor", c -> {
            Session s = c.session();
            if (s.executingQueued()) {
                throw new InvalidRequestException("ERR MONITOR isn't allowed for DENY BLOCKING client");
            }
            if (s.monitoring()) {
                s.skipThisReply(); // Redis ignores a second MONITOR without a word
                return RespValue.OK;
            }
            c.server().monitors().add(s);
            return RespValue.OK;
        });
    }

    /** CLIENT PAUSE timeout [WRITE|ALL]: holds (never refuses) other clients' commands until it ends. */
    private static RespValue clientPause(CommandContext c) {
        if (c.argc() > 4) {
            throw new InvalidRequestException("ERR unknown subcommand or wrong number of arguments for '"
                    + c.string(1) + "'. Try CLIENT HELP.");
        }
        boolean all = true;
        if (c.argc() == 4) {
            switch (c.option(3)) {
                case "WRITE" -> all = false;
                case "ALL" -> all = true;
                default -> throw new InvalidRequestException("ERR CLIENT PAUSE mode must be WRITE or ALL");
            }
        }
        long timeout;
        try {
            timeout = c.integer(2);
        } catch (InvalidRequestException e) {
            throw new InvalidRequestException("ERR timeout is not an integer or out of range");
        }
        if (timeout < 0) {
            throw new InvalidRequestException("ERR timeout is negative");
        }
        long now = System.currentTimeMillis();
        if (timeout > Long.MAX_VALUE - now) {
            throw new InvalidRequestException("ERR timeout is out of range");
        }
        var channel = c.session().channel();
        c.server().pause().pause(timeout == 0 ? 0 : now + timeout, all, now, channel == null ? null : channel.eventLoop());
        return RespValue.OK;
    }

    /** CLIENT UNBLOCK id [TIMEOUT|ERROR]: 1 when that client was waiting in a blocking command. */
    private static RespValue clientUnblock(CommandContext c) {
        if (c.argc() > 4) {
            throw new InvalidRequestException("ERR unknown subcommand or wrong number of arguments for 'unblock'. "
                    + "Try CLIENT HELP.");
        }
        boolean error = false;
        if (c.argc() == 4) {
            switch (c.option(3)) {
                case "TIMEOUT" -> error = false;
                case "ERROR" -> error = true;
                default -> throw new InvalidRequestException("ERR CLIENT UNBLOCK reason should be TIMEOUT or ERROR");
            }
        }
        long id = c.integer(2);
        return c.server().blocked().unblock(id, error) ? RespValue.ONE : RespValue.ZERO;
    }

    /** HELLO [protover [AUTH username password] [SETNAME clientname]]. */
    private static RespValue hello(CommandContext c) {
        int proto = c.session().protocol();
        int i = 1;
        if (c.argc() > 1) {
            long v;
            try {
                v = c.integer(1);
            } catch (InvalidRequestException e) {
                throw new InvalidRequestException("ERR Protocol version is not an integer or out of range");
            }
            if (v < 2 || v > 3) {
                throw new InvalidRequestException("NOPROTO unsupported protocol version");
            }
            proto = (int) v;
            i = 2;
        }
        String name = null;
        for (; i < c.argc(); i++) {
            String o = c.option(i);
            if (o.equals("AUTH") && i + 2 < c.argc()) {
                authenticate(c, c.string(i + 1), c.arg(i + 2), true);
                i += 2;
            } else if (o.equals("SETNAME") && i + 1 < c.argc()) {
                name = checkName(c.string(++i));
            } else {
                throw new InvalidRequestException("ERR Syntax error in HELLO option '" + c.string(i) + "'");
            }
        }
        if (!c.session().authenticated() && c.server().acl().authRequired()) {
            throw new InvalidRequestException("NOAUTH HELLO must be called with the client already authenticated, "
                    + "otherwise the HELLO <proto> AUTH <user> <pass> option can be used to authenticate the client and "
                    + "select the RESP protocol version at the same time");
        }
        if (name != null) {
            c.session().name(name);
        }
        c.session().protocol(proto);
        List<Map.Entry<RespValue, RespValue>> m = new ArrayList<>();
        m.add(entry("server", RespValue.bulk("redis")));
        m.add(entry("version", RespValue.bulk(ServerContext.REDIS_COMPAT_VERSION)));
        m.add(entry("proto", RespValue.integer(proto)));
        m.add(entry("id", RespValue.integer(c.session().id())));
        m.add(entry("mode", RespValue.bulk("standalone")));
        m.add(entry("role", RespValue.bulk("master")));
        m.add(entry("modules", RespValue.EMPTY_ARRAY));
        return new RespValue.MapReply(m);
    }

    private static Map.Entry<RespValue, RespValue> entry(String k, RespValue v) {
        return new AbstractMap.SimpleImmutableEntry<>(RespValue.bulk(k), v);
    }

    /**
     * AUTH [user] password, and HELLO's AUTH, against the ACL users. While the default user has no
     * password (nopass) the one-argument form is an error in Redis's words; a failure is logged in
     * the ACL log (reason {@code auth}, the command as typed) and answered WRONGPASS whatever failed:
     * no such user, a user that is off, or the wrong password.
     */
    private static void authenticate(CommandContext c, String user, byte[] password, boolean userGiven) {
        io.cairn.server.acl.Acl acl = c.server().acl();
        if (!userGiven && acl.defaultUser().rules().nopass()) {
            throw new InvalidRequestException("ERR AUTH <password> called without any password configured for the "
                    + "default user. Are you sure your configuration is correct?");
        }
        io.cairn.server.acl.AclUser u = acl.authenticate(user, password);
        Session s = c.session();
        if (u == null) {
            acl.log().add(io.cairn.server.acl.Denial.Reason.AUTH, s.inMulti() ? "multi" : "toplevel", c.string(0), user,
                    System.currentTimeMillis(), s.channel() == null ? "" : describe(c.server(), s));
            throw new InvalidRequestException("WRONGPASS invalid username-password pair or user is disabled.");
        }
        s.user(u);
        s.authenticated(true);
    }

    private static String checkName(String name) {
        for (int i = 0; i < name.length(); i++) {
            char ch = name.charAt(i);
            if (ch < '!' || ch > '~') {
                throw new InvalidRequestException("ERR Client names cannot contain spaces, newlines or special characters.");
            }
        }
        return name;
    }

    private static RespValue clientList(CommandContext c) {
        List<Long> ids = null;
        String type = null;
        for (int i = 2; i < c.argc(); i++) {
            String o = c.option(i);
            if (o.equals("TYPE") && i + 1 < c.argc()) {
                type = c.option(++i);
                if (!type.equals("NORMAL") && !type.equals("PUBSUB")) {
                    return text(c, ""); // Cairn has no replica or master clients yet
                }
            } else if (o.equals("ID") && i + 1 < c.argc()) {
                ids = new ArrayList<>();
                while (i + 1 < c.argc()) {
                    ids.add(c.integer(++i));
                }
            } else {
                throw new InvalidRequestException(CommandContext.SYNTAX);
            }
        }
        StringBuilder sb = new StringBuilder();
        for (Session s : c.server().sessions()) {
            if ((ids == null || ids.contains(s.id()))
                    && (type == null || type.equals("PUBSUB") == s.subscriptions().subscribed())) {
                sb.append(describe(c.server(), s)).append('\n');
            }
        }
        return text(c, sb.toString());
    }

    private static RespValue text(CommandContext c, String s) {
        return c.session().protocol() == 3 ? new RespValue.VerbatimString("txt", s) : RespValue.bulk(s);
    }

    /** One line of CLIENT LIST, with the fields Redis prints. */
    public static String describe(ServerContext server, Session s) {
        long now = System.currentTimeMillis();
        return "id=" + s.id()
                + " addr=" + address(s.channel().remoteAddress())
                + " laddr=" + address(s.channel().localAddress())
                + " fd=-1 name=" + s.name()
                + " age=" + (now - s.createdMillis()) / 1000
                + " idle=" + (now - s.lastCommandMillis()) / 1000
                + " flags=" + flags(server, s)
                + " db=" + s.db() + " sub=" + s.subscriptions().channels() + " psub=" + s.subscriptions().patterns()
                + " ssub=" + s.subscriptions().shardChannels() + " multi=" + s.multiState()
                + " qbuf=0 qbuf-free=0 argv-mem=0 multi-mem=0 rbs=0 rbp=0 obl=0 oll=0 omem=0 tot-mem=0 events=r"
                + " cmd=" + s.lastCommand()
                + " user=" + s.userName() + " redir=" + (s.tracking().on() ? s.tracking().redirect() : -1) + " resp=" + s.protocol()
                + " lib-name=" + s.libName() + " lib-ver=" + s.libVersion();
    }

    /**
     * CLIENT LIST's flags, in Redis's order: {@code O} monitoring, {@code P} with subscriptions,
     * {@code x} in MULTI, {@code b} blocked, {@code t} tracking, {@code R} its redirect broke,
     * {@code B} broadcasting, else {@code N}.
     */
    private static String flags(ServerContext server, Session s) {
        String f = (s.monitoring() ? "O" : "") + (s.subscriptions().subscribed() ? "P" : "") + (s.inMulti() ? "x" : "")
                + (server.blocked().isBlocked(s.id()) || s.postponed() ? "b" : "") + (s.tracking().on() ? "t" : "")
                + (s.tracking().brokenRedirect() ? "R" : "") + (s.tracking().bcast() ? "B" : "");
        return f.isEmpty() ? "N" : f;
    }

    private static String address(java.net.SocketAddress a) {
        if (a instanceof InetSocketAddress i) {
            return i.getAddress().getHostAddress() + ":" + i.getPort();
        }
        return String.valueOf(a);
    }

    /** CLIENT KILL addr:port, or CLIENT KILL [ID id] [ADDR a] [LADDR a] [SKIPME yes|no]. */
    private static RespValue clientKill(CommandContext c) {
        if (c.argc() == 3) {
            String addr = c.string(2);
            for (Session s : c.server().sessions()) {
                if (address(s.channel().remoteAddress()).equals(addr)) {
                    if (s == c.session()) {
                        s.closeAfterReply(); // reply OK first, as Redis does
                    } else {
                        s.channel().close();
                    }
                    return RespValue.OK;
                }
            }
            throw new InvalidRequestException("ERR No such client");
        }
        Long id = null;
        String addr = null;
        String laddr = null;
        boolean skipMe = true;
        boolean matchesNone = false;
        Boolean pubsubType = null;
        long maxAgeSeconds = -1;
        String user = null;
        for (int i = 2; i < c.argc(); i += 2) {
            if (i + 1 >= c.argc()) {
                throw new InvalidRequestException(CommandContext.SYNTAX);
            }
            switch (c.option(i)) {
                case "ID" -> {
                    try {
                        id = c.integer(i + 1);
                    } catch (InvalidRequestException e) {
                        id = 0L;
                    }
                    if (id <= 0) {
                        throw new InvalidRequestException("ERR client-id should be greater than 0");
                    }
                }
                case "ADDR" -> addr = c.string(i + 1);
                case "LADDR" -> laddr = c.string(i + 1);
                case "SKIPME" -> {
                    String v = c.option(i + 1);
                    if (!v.equals("YES") && !v.equals("NO")) {
                        throw new InvalidRequestException(CommandContext.SYNTAX);
                    }
                    skipMe = v.equals("YES");
                }
                case "TYPE" -> {
                    String type = c.option(i + 1);
                    switch (type) {
                        case "NORMAL" -> pubsubType = false;
                        case "PUBSUB" -> pubsubType = true;
                        case "MASTER", "REPLICA", "SLAVE" -> matchesNone = true; // Cairn has none yet
                        default -> throw new InvalidRequestException("ERR Unknown client type '" + c.string(i + 1) + "'");
                    }
                }
                case "USER" -> {
                    user = c.string(i + 1);
                    if (c.server().acl().user(user) == null) {
                        throw new InvalidRequestException("ERR No such user '" + user + "'");
                    }
                }
                case "MAXAGE" -> maxAgeSeconds = c.integer(i + 1);
                default -> throw new InvalidRequestException(CommandContext.SYNTAX);
            }
        }
        long killed = 0;
        long now = System.currentTimeMillis();
        for (Session s : c.server().sessions()) {
            if (matchesNone || maxAgeSeconds >= 0 && (now - s.createdMillis()) / 1000 < maxAgeSeconds
                    || id != null && s.id() != id || addr != null && !address(s.channel().remoteAddress()).equals(addr)
                    || laddr != null && !address(s.channel().localAddress()).equals(laddr)
                    || skipMe && s == c.session()
                    || pubsubType != null && pubsubType != s.subscriptions().subscribed()
                    || user != null && !user.equals(s.userName())) {
                continue;
            }
            if (s == c.session()) {
                s.closeAfterReply();
            } else {
                s.channel().close();
            }
            killed++;
        }
        return RespValue.integer(killed);
    }

    /** CLIENT NO-EVICT and NO-TOUCH: ON or OFF, else Redis's syntax error. */
    private static RespValue onOff(CommandContext c) {
        String mode = c.option(2);
        if (!mode.equals("ON") && !mode.equals("OFF")) {
            throw new InvalidRequestException(CommandContext.SYNTAX);
        }
        return RespValue.OK;
    }
}
