package io.cairn.server.command.connection;

import io.cairn.resp.CommandSpec;
import io.cairn.resp.RespValue;
import io.cairn.server.Session;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.time.Instant;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * MONITOR's clients and the feeding of them: each command another client runs becomes one line
 * in Redis's format, {@code +<seconds>.<micros> [<db> <addr>] "arg" ...} ({@code [<db> lua]} for a
 * script's commands), its arguments quoted as Redis's {@code sdscatrepr} quotes them, passwords of
 * AUTH and HELLO redacted. A line is handed to each monitor's own connection without waiting, as a
 * pub/sub message is, so a slow monitor never slows the client it watches; it obeys the output
 * limit of its class. Thread-safe.
 */
public final class Monitors {
    private static final byte[] REDACTED = "(redacted)".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private final Set<Session> monitors = ConcurrentHashMap.newKeySet();

    public void add(Session s) {
        s.monitoring(true);
        monitors.add(s);
    }

    public void remove(Session s) {
        s.monitoring(false);
        monitors.remove(s);
    }

    /** Whether any client monitors now (a hint: one may start or stop meanwhile). */
    public boolean any() {
        return !monitors.isEmpty();
    }

    /** Whether a command is shown: not an admin command nor one marked skip_monitor (EVAL is shown by itself). */
    public static boolean shown(CommandSpec spec) {
        return !spec.flags().contains("skip_monitor") && !spec.flags().contains("admin");
    }

    /** Feeds a command {@code from} ran (in database {@code db}, after it ran), if any client monitors. */
    public void feed(Session from, int db, byte[][] args) {
        if (monitors.isEmpty()) {
            return;
        }
        broadcast(line(db, address(from.channel() == null ? null : from.channel().remoteAddress()),
                redacted(args)));
    }

    /** Feeds a command a script ran, as {@code [<db> lua]}. */
    public void feedScript(int db, byte[][] args) {
        if (monitors.isEmpty()) {
            return;
        }
        broadcast(line(db, "lua", args));
    }

    private void broadcast(String line) {
        RespValue v = RespValue.simple(line);
        for (Session m : monitors) {
            m.push(v);
        }
    }

    static String line(int db, String origin, byte[][] args) {
        Instant now = Instant.now();
        StringBuilder sb = new StringBuilder(64);
        sb.append(now.getEpochSecond()).append('.');
        String micros = Long.toString(now.getNano() / 1000);
        sb.append("000000", micros.length(), 6).append(micros);
        sb.append(" [").append(db).append(' ').append(origin).append("] ");
        for (int i = 0; i < args.length; i++) {
            if (i > 0) {
                sb.append(' ');
            }
            quote(sb, args[i]);
        }
        return sb.toString();
    }

    /** Redis's sdscatrepr: a quoted string, with \\ \" \n \r \t \a \b and \xNN for what is not printable. */
    static void quote(StringBuilder sb, byte[] b) {
        sb.append('"');
        for (byte x : b) {
            switch (x) {
                case '\\' -> sb.append("\\\\");
                case '"' -> sb.append("\\\"");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case 7 -> sb.append("\\a");
                case '\b' -> sb.append("\\b");
                default -> {
                    if (x >= 32 && x < 127) {
                        sb.append((char) x);
                    } else {
                        sb.append(String.format(Locale.ROOT, "\\x%02x", x & 0xff));
                    }
                }
            }
        }
        sb.append('"');
    }

    /**
     * The arguments as Redis shows them (MONITOR, SLOWLOG): AUTH's password (and user), HELLO's
     * AUTH pair and everything after ACL SETUSER redacted.
     */
    public static byte[][] redacted(byte[][] args) {
        String name = new String(args[0], java.nio.charset.StandardCharsets.US_ASCII).toLowerCase(Locale.ROOT);
        if (name.equals("acl") && args.length > 2
                && new String(args[1], java.nio.charset.StandardCharsets.US_ASCII).equalsIgnoreCase("setuser")) {
            byte[][] out = args.clone();
            for (int i = 2; i < out.length; i++) {
                out[i] = REDACTED;
            }
            return out;
        }
        if (name.equals("auth") && args.length <= 3) {
            byte[][] out = args.clone();
            for (int i = 1; i < out.length; i++) {
                out[i] = REDACTED;
            }
            return out;
        }
        if (name.equals("hello") && args.length > 2 && validProtocol(args[1])) {
            byte[][] out = args.clone();
            for (int j = 2; j < out.length; j++) {
                String opt = new String(out[j], java.nio.charset.StandardCharsets.US_ASCII);
                int more = out.length - 1 - j;
                if (opt.equalsIgnoreCase("AUTH") && more >= 2) {
                    out[j + 1] = REDACTED;
                    out[j + 2] = REDACTED;
                    j += 2;
                } else if (opt.equalsIgnoreCase("SETNAME") && more >= 1) {
                    j++;
                } else {
                    break;
                }
            }
            return out;
        }
        return args;
    }

    private static boolean validProtocol(byte[] b) {
        String s = new String(b, java.nio.charset.StandardCharsets.US_ASCII);
        return s.equals("2") || s.equals("3");
    }

    static String address(SocketAddress a) {
        if (a instanceof InetSocketAddress i) {
            return i.getAddress().getHostAddress() + ":" + i.getPort();
        }
        return String.valueOf(a);
    }
}
