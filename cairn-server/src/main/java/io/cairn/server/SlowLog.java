package io.cairn.server;

import io.cairn.resp.RespValue;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;

/**
 * SLOWLOG as Redis keeps it: each command that ran at least {@code slowlog-log-slower-than}
 * microseconds (0: every command; negative: none), newest first, at most {@code slowlog-max-len}
 * of them, with an id that RESET does not restart. Arguments are kept as Redis keeps them: at most
 * 32, each at most 128 bytes, with a note of what was left out. Thread-safe.
 */
public final class SlowLog {
    private static final int MAX_ARGS = 32;
    private static final int MAX_ARG_BYTES = 128;

    private record Entry(long id, long unixSeconds, long micros, List<byte[]> args, String addr, String name) {
    }

    private final ArrayDeque<Entry> entries = new ArrayDeque<>(); // newest first; guarded by this
    private long nextId;
    private volatile long slowerThanMicros;
    private volatile long maxLen;

    SlowLog(long slowerThanMicros, long maxLen) {
        this.slowerThanMicros = slowerThanMicros;
        this.maxLen = maxLen;
    }

    public long slowerThan() {
        return slowerThanMicros;
    }

    public void slowerThan(long micros) {
        slowerThanMicros = micros;
    }

    public long maxLen() {
        return maxLen;
    }

    public synchronized void maxLen(long len) {
        maxLen = len;
        trim();
    }

    /** Keeps the command if it ran long enough. */
    public void record(Session session, byte[][] args, long micros) {
        long threshold = slowerThanMicros;
        if (threshold < 0 || micros < threshold) {
            return;
        }
        args = io.cairn.server.command.connection.Monitors.redacted(args); // no password in the log, as Redis
        List<byte[]> kept = new ArrayList<>(Math.min(args.length, MAX_ARGS));
        int n = args.length > MAX_ARGS ? MAX_ARGS - 1 : args.length;
        for (int i = 0; i < n; i++) {
            byte[] a = args[i];
            kept.add(a.length <= MAX_ARG_BYTES ? a : concat(Arrays.copyOf(a, MAX_ARG_BYTES),
                    "... (" + (a.length - MAX_ARG_BYTES) + " more bytes)"));
        }
        if (args.length > MAX_ARGS) {
            kept.add(("... (" + (args.length - MAX_ARGS + 1) + " more arguments)").getBytes(StandardCharsets.US_ASCII));
        }
        String addr = session.channel() == null ? "" : address(session.channel().remoteAddress());
        synchronized (this) {
            entries.addFirst(new Entry(nextId++, System.currentTimeMillis() / 1000, micros, kept, addr, session.name()));
            trim();
        }
    }

    private void trim() {
        while (entries.size() > maxLen) {
            entries.removeLast();
        }
    }

    /** SLOWLOG GET: the newest {@code count} entries (all when negative). */
    public synchronized RespValue get(long count) {
        List<RespValue> out = new ArrayList<>();
        Iterator<Entry> it = entries.iterator();
        while (it.hasNext() && (count < 0 || out.size() < count)) {
            Entry e = it.next();
            List<RespValue> args = new ArrayList<>(e.args().size());
            for (byte[] a : e.args()) {
                args.add(RespValue.bulk(a));
            }
            out.add(RespValue.array(List.of(RespValue.integer(e.id()), RespValue.integer(e.unixSeconds()),
                    RespValue.integer(e.micros()), RespValue.array(args), RespValue.bulk(e.addr()), RespValue.bulk(e.name()))));
        }
        return RespValue.array(out);
    }

    public synchronized int size() {
        return entries.size();
    }

    public synchronized void reset() {
        entries.clear();
    }

    private static byte[] concat(byte[] head, String tail) {
        byte[] t = tail.getBytes(StandardCharsets.US_ASCII);
        byte[] out = Arrays.copyOf(head, head.length + t.length);
        System.arraycopy(t, 0, out, head.length, t.length);
        return out;
    }

    private static String address(SocketAddress a) {
        return a instanceof InetSocketAddress i ? i.getAddress().getHostAddress() + ":" + i.getPort() : String.valueOf(a);
    }
}
