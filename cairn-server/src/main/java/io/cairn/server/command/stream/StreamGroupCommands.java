package io.cairn.server.command.stream;

import static io.cairn.server.command.stream.StreamReads.text;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Commands;
import io.cairn.server.command.Operation;
import io.cairn.storage.engine.StreamId;
import io.cairn.storage.engine.StreamOps;
import io.cairn.storage.engine.Txn;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The consumer-group commands: XGROUP CREATE|SETID|DESTROY|CREATECONSUMER|DELCONSUMER|HELP, XACK,
 * XPENDING, XCLAIM and XAUTOCLAIM, with Redis 7.2's replies and errors, checked in Redis's order.
 * XCLAIM keeps its raw arguments and reads them inside the lock, because Redis answers NOGROUP
 * before it looks at them.
 */
final class StreamGroupCommands {
    private static final String NEED_KEY = "ERR The XGROUP subcommand requires the key to exist. Note that for"
            + " CREATE you may want to use the MKSTREAM option to create an empty stream automatically.";

    private StreamGroupCommands() {
    }

    static void register(Commands.Registrar r) {
        r.data("xgroup|create", c -> GroupCreate.parse(c));
        r.data("xgroup|setid", c -> GroupSetId.parse(c));
        r.data("xgroup|destroy", c -> new GroupDestroy(c.arg(2), c.arg(3)));
        r.data("xgroup|createconsumer", c -> new ConsumerCreate(c.arg(2), c.arg(3), c.arg(4)));
        r.data("xgroup|delconsumer", c -> new ConsumerDelete(c.arg(2), c.arg(3), c.arg(4)));
        r.data("xgroup|help", c -> t -> help("XGROUP", List.of(
                "CREATE <key> <groupname> <id|$> [option]",
                "    Create a new consumer group. Options are:",
                "    * MKSTREAM",
                "      Create the empty stream if it does not exist.",
                "    * ENTRIESREAD entries_read",
                "      Set the group's entries_read counter (internal use).",
                "CREATECONSUMER <key> <groupname> <consumer>",
                "    Create a new consumer in the specified group.",
                "DELCONSUMER <key> <groupname> <consumer>",
                "    Remove the specified consumer.",
                "DESTROY <key> <groupname>",
                "    Remove the specified group.",
                "SETID <key> <groupname> <id|$> [ENTRIESREAD entries_read]",
                "    Set the current group ID and entries_read counter.")));
        r.data("xack", c -> new Ack(c.arg(1), c.arg(2), StreamCommands.ids(c, 3, c.argc())));
        r.data("xpending", Pending::parse);
        r.data("xclaim", c -> new Claim(c.args()));
        r.data("xautoclaim", AutoClaim::parse);
    }

    /** A HELP reply as Redis's addReplyHelp words it. */
    static RespValue help(String command, List<String> lines) {
        List<RespValue> out = new ArrayList<>();
        out.add(RespValue.simple(command + " <subcommand> [<arg> [value] [opt] ...]. Subcommands are:"));
        lines.forEach(l -> out.add(RespValue.simple(l)));
        out.add(RespValue.simple("HELP"));
        out.add(RespValue.simple("    Prints this help."));
        return RespValue.array(out);
    }

    /** CREATE's and SETID's options from argument 5: MKSTREAM (CREATE only) and ENTRIESREAD. */
    private record GroupOptions(boolean mkStream, long entriesRead) {
        static GroupOptions parse(CommandContext c, boolean create) {
            boolean mk = false;
            long entriesRead = EntriesRead.UNKNOWN;
            for (int i = 5; i < c.argc(); i++) {
                if (create && c.option(i).equals("MKSTREAM")) {
                    mk = true;
                } else if (c.option(i).equals("ENTRIESREAD") && i + 1 < c.argc()) {
                    entriesRead = c.integer(++i);
                    if (entriesRead < 0 && entriesRead != EntriesRead.UNKNOWN) {
                        throw new InvalidRequestException("ERR value for ENTRIESREAD must be positive or -1");
                    }
                } else {
                    throw new InvalidRequestException("ERR unknown subcommand or wrong number of arguments for '"
                            + c.string(1) + "'. Try XGROUP HELP.");
                }
            }
            return new GroupOptions(mk, entriesRead);
        }
    }

    private static StreamOps.Group existingGroup(Txn t, byte[] key, byte[] group) {
        if (!t.streams().exists(key)) {
            throw new InvalidRequestException(NEED_KEY);
        }
        StreamOps.Group g = t.streams().group(key, group);
        if (g == null) {
            throw new InvalidRequestException("NOGROUP No such consumer group '" + text(group) + "' for key name '"
                    + text(key) + "'");
        }
        return g;
    }

    /** XGROUP CREATE key group id|$ [MKSTREAM] [ENTRIESREAD n]; {@code id} null for {@code $}. */
    record GroupCreate(byte[] key, byte[] group, byte[] id, GroupOptions options) implements Operation {
        static GroupCreate parse(CommandContext c) {
            if (c.argc() > 8) {
                throw new InvalidRequestException("ERR unknown subcommand or wrong number of arguments for 'CREATE'."
                        + " Try XGROUP HELP.");
            }
            return new GroupCreate(c.arg(2), c.arg(3), c.arg(4), GroupOptions.parse(c, true));
        }

        @Override
        public RespValue run(Txn t) {
            StreamOps s = t.streams();
            StreamOps.Meta m = s.meta(key);
            if (m == null && !options.mkStream()) {
                throw new InvalidRequestException(NEED_KEY);
            }
            StreamId start = Arrays.equals(id, new byte[] {'$'}) ? (m == null ? StreamId.MIN : m.lastId())
                    : StreamIds.strict(id);
            if (m != null && s.group(key, group) != null) {
                throw new InvalidRequestException("BUSYGROUP Consumer Group name already exists");
            }
            if (m == null) {
                s.create(key);
            }
            s.putGroup(key, group, start, options.entriesRead());
            return RespValue.OK;
        }
    }

    /** XGROUP SETID key group id|$ [ENTRIESREAD n]. */
    record GroupSetId(byte[] key, byte[] group, byte[] id, GroupOptions options) implements Operation {
        static GroupSetId parse(CommandContext c) {
            if (c.argc() != 5 && c.argc() != 7) {
                throw new InvalidRequestException("ERR unknown subcommand or wrong number of arguments for 'SETID'."
                        + " Try XGROUP HELP.");
            }
            return new GroupSetId(c.arg(2), c.arg(3), c.arg(4), GroupOptions.parse(c, false));
        }

        @Override
        public RespValue run(Txn t) {
            existingGroup(t, key, group);
            StreamId to = Arrays.equals(id, new byte[] {'$'}) ? t.streams().meta(key).lastId()
                    : StreamIds.parse(id, 0);
            t.streams().putGroup(key, group, to, options.entriesRead());
            return RespValue.OK;
        }
    }

    record GroupDestroy(byte[] key, byte[] group) implements Operation {
        @Override
        public RespValue run(Txn t) {
            if (!t.streams().exists(key)) {
                throw new InvalidRequestException(NEED_KEY);
            }
            return t.streams().deleteGroup(key, group) ? RespValue.ONE : RespValue.ZERO;
        }
    }

    record ConsumerCreate(byte[] key, byte[] group, byte[] consumer) implements Operation {
        @Override
        public RespValue run(Txn t) {
            existingGroup(t, key, group);
            if (t.streams().consumer(key, group, consumer) != null) {
                return RespValue.ZERO;
            }
            t.streams().putConsumer(key, group, consumer, t.now(), -1);
            return RespValue.ONE;
        }
    }

    record ConsumerDelete(byte[] key, byte[] group, byte[] consumer) implements Operation {
        @Override
        public RespValue run(Txn t) {
            existingGroup(t, key, group);
            return RespValue.integer(Math.max(0, t.streams().deleteConsumer(key, group, consumer)));
        }
    }

    record Ack(byte[] key, byte[] group, StreamId[] ids) implements Operation {
        @Override
        public RespValue run(Txn t) {
            StreamOps s = t.streams();
            if (!s.exists(key) || s.group(key, group) == null) {
                return RespValue.ZERO;
            }
            return RespValue.integer(s.ack(key, group, ids));
        }
    }

    private static InvalidRequestException noGroup(byte[] key, byte[] group) {
        return new InvalidRequestException("NOGROUP No such key '" + text(key) + "' or consumer group '" + text(group) + "'");
    }

    /** The group, or NOGROUP as XPENDING, XCLAIM and XAUTOCLAIM word it. */
    private static StreamOps.Group requireGroup(Txn t, byte[] key, byte[] group) {
        StreamOps.Group g = t.streams().exists(key) ? t.streams().group(key, group) : null;
        if (g == null) {
            throw noGroup(key, group);
        }
        return g;
    }

    /** XPENDING key group [[IDLE min-idle] start end count [consumer]]; {@code start} null for the summary. */
    record Pending(byte[] key, byte[] group, long minIdle, StreamId start, StreamId end, long count, byte[] consumer)
            implements Operation {
        static Pending parse(CommandContext c) {
            if (c.argc() != 3 && (c.argc() < 6 || c.argc() > 9)) {
                throw new InvalidRequestException(CommandContext.SYNTAX);
            }
            if (c.argc() == 3) {
                return new Pending(c.arg(1), c.arg(2), 0, null, null, 0, null);
            }
            int at = 3;
            long minIdle = 0;
            if (c.option(3).equals("IDLE")) {
                minIdle = c.integer(4);
                if (c.argc() < 8) {
                    throw new InvalidRequestException(CommandContext.SYNTAX);
                }
                at += 2;
            }
            long count = Math.max(0, c.integer(at + 2));
            StreamId start = StreamIds.bound(c.arg(at), true);
            StreamId end = StreamIds.bound(c.arg(at + 1), false);
            byte[] consumer = at + 3 < c.argc() ? c.arg(at + 3) : null;
            return new Pending(c.arg(1), c.arg(2), minIdle, start, end, count, consumer);
        }

        @Override
        public RespValue run(Txn t) {
            StreamOps s = t.streams();
            StreamOps.Group g = requireGroup(t, key, group);
            if (start == null) {
                return summary(s, g);
            }
            if (consumer != null && s.consumer(key, group, consumer) == null) {
                return RespValue.array(List.of());
            }
            long now = t.now();
            List<StreamOps.Pending> found = s.pending(key, group, start, end, minIdle > 0 ? 0 : count, consumer);
            List<RespValue> out = new ArrayList<>();
            for (StreamOps.Pending p : found) {
                if (out.size() >= count) {
                    break;
                }
                if (minIdle > 0 && now - p.deliveryTime() < minIdle) {
                    continue;
                }
                out.add(RespValue.array(List.of(StreamIds.reply(p.id()), RespValue.bulk(p.consumer()),
                        RespValue.integer(Math.max(0, now - p.deliveryTime())), RespValue.integer(p.deliveryCount()))));
            }
            return RespValue.array(out);
        }

        private RespValue summary(StreamOps s, StreamOps.Group g) {
            if (g.pending() == 0) {
                return RespValue.array(List.of(RespValue.ZERO, RespValue.NULL, RespValue.NULL, RespValue.NULL_ARRAY));
            }
            List<StreamOps.Pending> first = s.pending(key, group, StreamId.MIN, StreamId.MAX, 1, null);
            List<RespValue> consumers = new ArrayList<>();
            for (StreamOps.Consumer c : s.consumers(key, group)) {
                if (c.pending() > 0) {
                    consumers.add(RespValue.array(List.of(RespValue.bulk(c.name()),
                            RespValue.bulk(Long.toString(c.pending())))));
                }
            }
            StreamId last = s.lastPending(key, group);
            return RespValue.array(List.of(RespValue.integer(g.pending()), StreamIds.reply(first.get(0).id()),
                    StreamIds.reply(last), RespValue.array(consumers)));
        }
    }

    /**
     * XCLAIM key group consumer min-idle-time id ... [IDLE ms] [TIME ms] [RETRYCOUNT n] [FORCE]
     * [JUSTID] [LASTID id], read inside the lock in Redis's order.
     */
    record Claim(byte[][] args) implements Operation {
        @Override
        public RespValue run(Txn t) {
            byte[] key = args[1];
            byte[] group = args[2];
            byte[] consumer = args[3];
            StreamOps s = t.streams();
            StreamOps.Group g = requireGroup(t, key, group);
            long minIdle = Math.max(0, integer(args[4], "ERR Invalid min-idle-time argument for XCLAIM"));
            List<StreamId> ids = new ArrayList<>();
            int j = 5;
            for (; j < args.length; j++) {
                try {
                    ids.add(StreamIds.strict(args[j]));
                } catch (InvalidRequestException e) {
                    break;
                }
            }
            long now = t.now();
            long deliveryTime = -1;
            long retryCount = -1;
            boolean force = false;
            boolean justId = false;
            StreamId lastId = StreamId.MIN;
            for (; j < args.length; j++) {
                boolean more = j + 1 < args.length;
                String opt = text(args[j]).toUpperCase(java.util.Locale.ROOT);
                switch (opt) {
                    case "FORCE" -> force = true;
                    case "JUSTID" -> justId = true;
                    case "IDLE" -> {
                        if (!more) {
                            throw unrecognized(args[j]);
                        }
                        deliveryTime = now - integer(args[++j], "ERR Invalid IDLE option argument for XCLAIM");
                    }
                    case "TIME" -> {
                        if (!more) {
                            throw unrecognized(args[j]);
                        }
                        deliveryTime = integer(args[++j], "ERR Invalid TIME option argument for XCLAIM");
                    }
                    case "RETRYCOUNT" -> {
                        if (!more) {
                            throw unrecognized(args[j]);
                        }
                        retryCount = integer(args[++j], "ERR Invalid RETRYCOUNT option argument for XCLAIM");
                    }
                    case "LASTID" -> {
                        if (!more) {
                            throw unrecognized(args[j]);
                        }
                        lastId = StreamIds.strict(args[++j]);
                    }
                    default -> throw unrecognized(args[j]);
                }
            }
            if (lastId.after(g.lastDelivered())) {
                s.putGroup(key, group, lastId, g.entriesRead());
            }
            if (deliveryTime == -1 || deliveryTime < 0 || deliveryTime > now) {
                deliveryTime = now;
            }
            StreamOps.Consumer known = s.consumer(key, group, consumer);
            java.util.Set<StreamId> gone = new java.util.LinkedHashSet<>();
            // Each ID once in the log, with its final count; the reply repeats an ID claimed twice, as Redis's does.
            java.util.Map<StreamId, Long> claimed = new java.util.LinkedHashMap<>();
            List<StreamId> replied = new ArrayList<>();
            for (StreamId id : ids) {
                if (gone.contains(id)) {
                    continue;
                }
                Long again = claimed.get(id);
                if (again != null) { // already claimed by this call: delivered at deliveryTime to this consumer
                    if (minIdle > 0 && now - deliveryTime < minIdle) {
                        continue;
                    }
                    claimed.put(id, retryCount >= 0 ? retryCount : justId ? again : again + 1);
                    replied.add(id);
                    continue;
                }
                StreamOps.Pending p = s.pendingEntry(key, group, id);
                if (!s.contains(key, id)) {
                    if (p != null) {
                        gone.add(id);
                    }
                    continue;
                }
                if (p == null && !force) {
                    continue;
                }
                // A pending entry FORCE creates has been delivered once and has no consumer, so no idle time.
                if (p != null && minIdle > 0 && now - p.deliveryTime() < minIdle) {
                    continue;
                }
                long was = p == null ? 1 : p.deliveryCount();
                claimed.put(id, retryCount >= 0 ? retryCount : justId ? was : was + 1);
                replied.add(id);
            }
            if (!gone.isEmpty()) {
                s.ack(key, group, gone.toArray(StreamId[]::new));
            }
            long active = claimed.isEmpty() ? (known == null ? -1 : known.activeTime()) : now;
            s.putConsumer(key, group, consumer, now, active);
            s.claim(key, group, consumer, deliveryTime, claimed.keySet().toArray(StreamId[]::new),
                    claimed.values().stream().mapToLong(Long::longValue).toArray());
            List<RespValue> out = new ArrayList<>();
            for (StreamId id : replied) {
                out.add(justId ? StreamIds.reply(id) : StreamCommands.entry(s.range(key, id, id, 1, false).get(0)));
            }
            return RespValue.array(out);
        }

        private static InvalidRequestException unrecognized(byte[] opt) {
            return new InvalidRequestException("ERR Unrecognized XCLAIM option '" + text(opt) + "'");
        }
    }

    private static long integer(byte[] arg, String error) {
        try {
            return CommandContext.parseLong(arg);
        } catch (InvalidRequestException e) {
            throw new InvalidRequestException(error);
        }
    }

    /** XAUTOCLAIM key group consumer min-idle-time start [COUNT count] [JUSTID]. */
    record AutoClaim(byte[] key, byte[] group, byte[] consumer, long minIdle, StreamId start, long count, boolean justId)
            implements Operation {
        private static final long ATTEMPTS_FACTOR = 10;

        static AutoClaim parse(CommandContext c) {
            long minIdle = Math.max(0, integer(c.arg(4), "ERR Invalid min-idle-time argument for XAUTOCLAIM"));
            StreamId start = StreamIds.bound(c.arg(5), true);
            long count = 100;
            boolean justId = false;
            for (int j = 6; j < c.argc(); j++) {
                if (c.option(j).equals("COUNT") && j + 1 < c.argc()) {
                    long n;
                    try {
                        n = CommandContext.parseLong(c.arg(++j));
                    } catch (InvalidRequestException e) {
                        throw new InvalidRequestException("ERR COUNT must be > 0");
                    }
                    if (n < 1 || n > Long.MAX_VALUE / 16) {
                        throw new InvalidRequestException("ERR COUNT must be > 0");
                    }
                    count = n;
                } else if (c.option(j).equals("JUSTID")) {
                    justId = true;
                } else {
                    throw new InvalidRequestException(CommandContext.SYNTAX);
                }
            }
            return new AutoClaim(c.arg(1), c.arg(2), c.arg(3), minIdle, start, count, justId);
        }

        @Override
        public RespValue run(Txn t) {
            StreamOps s = t.streams();
            requireGroup(t, key, group);
            long now = t.now();
            long attempts = count * ATTEMPTS_FACTOR;
            List<StreamOps.Pending> scan = s.pending(key, group, start, StreamId.MAX,
                    Math.min(attempts + 1, Integer.MAX_VALUE - 8), null);
            StreamOps.Consumer known = s.consumer(key, group, consumer);
            List<StreamId> gone = new ArrayList<>();
            List<StreamId> claimed = new ArrayList<>();
            List<Long> counts = new ArrayList<>();
            long left = count;
            int i = 0;
            for (; i < scan.size() && attempts > 0 && left > 0; i++, attempts--) {
                StreamOps.Pending p = scan.get(i);
                if (!s.contains(key, p.id())) {
                    gone.add(p.id());
                    left--;
                    continue;
                }
                if (minIdle > 0 && now - p.deliveryTime() < minIdle) {
                    continue;
                }
                claimed.add(p.id());
                counts.add(justId ? p.deliveryCount() : p.deliveryCount() + 1);
                left--;
            }
            StreamId next = i < scan.size() ? scan.get(i).id() : StreamId.MIN;
            if (!gone.isEmpty()) {
                s.ack(key, group, gone.toArray(StreamId[]::new));
            }
            long active = claimed.isEmpty() ? (known == null ? -1 : known.activeTime()) : now;
            s.putConsumer(key, group, consumer, now, active);
            s.claim(key, group, consumer, now, claimed.toArray(StreamId[]::new),
                    counts.stream().mapToLong(Long::longValue).toArray());
            List<RespValue> out = new ArrayList<>();
            for (StreamId id : claimed) {
                out.add(justId ? StreamIds.reply(id) : StreamCommands.entry(s.range(key, id, id, 1, false).get(0)));
            }
            List<RespValue> deleted = new ArrayList<>();
            gone.forEach(id -> deleted.add(StreamIds.reply(id)));
            return RespValue.array(List.of(StreamIds.reply(next), RespValue.array(out), RespValue.array(deleted)));
        }
    }
}
