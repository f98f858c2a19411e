package io.cairn.server.command.stream;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.command.BlockingOperation;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Commands;
import io.cairn.storage.engine.StreamId;
import io.cairn.storage.engine.StreamOps;
import io.cairn.storage.engine.Txn;
import io.cairn.storage.engine.ValueType;
import java.nio.charset.StandardCharsets;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * XREAD and XREADGROUP, each a {@link BlockingOperation}: a try serves every stream with entries
 * after its ID and, with {@code BLOCK}, waits on the streams when none has any. {@code $} is
 * resolved to the stream's last ID on the first try and kept, so a waiting XREAD gets only what
 * was added after it called. XREADGROUP with {@code >} delivers new entries to the consumer,
 * advancing the group and adding them to its pending entries (unless {@code NOACK}); with an ID it
 * re-reads the consumer's own pending entries after it. A try that waits writes nothing, so a
 * consumer of a waiting XREADGROUP is created when it is first served.
 */
final class StreamReads {
    /** A {@code >} ID in XREADGROUP: new entries. */
    private static final StreamId NEW_ENTRIES = StreamId.MAX;

    private StreamReads() {
    }

    static void register(Commands.Registrar r) {
        r.blocking("xread", c -> Read.parse(c, false));
        r.blocking("xreadgroup", c -> Read.parse(c, true));
    }

    /** One XREAD or XREADGROUP, its IDs resolved against the streams on its first try. */
    static final class Read implements BlockingOperation {
        private final byte[][] keys;
        private final long count;
        private final long block;
        private final byte[] group;
        private final byte[] consumer;
        private final boolean noAck;
        private final boolean resp3;
        /** The IDs as given ({@code $}, {@code >} or an ID), read into {@link #ids} on the first try. */
        private final byte[][] rawIds;
        private final StreamId[] ids;
        private boolean resolved;

        private Read(byte[][] keys, byte[][] rawIds, long count, long block, byte[] group, byte[] consumer,
                     boolean noAck, boolean resp3) {
            this.keys = keys;
            this.rawIds = rawIds;
            this.ids = new StreamId[keys.length];
            this.count = count;
            this.block = block;
            this.group = group;
            this.consumer = consumer;
            this.noAck = noAck;
            this.resp3 = resp3;
        }

        static Read parse(CommandContext c, boolean xreadgroup) {
            long block = -1;
            long count = 0;
            int streamsAt = 0;
            byte[] group = null;
            byte[] consumer = null;
            boolean noAck = false;
            String name = xreadgroup ? "xreadgroup" : "xread";
            for (int i = 1; i < c.argc(); i++) {
                int more = c.argc() - i - 1;
                String o = c.option(i);
                if (o.equals("BLOCK") && more > 0) {
                    block = timeout(c.arg(++i));
                } else if (o.equals("COUNT") && more > 0) {
                    count = Math.max(0, c.integer(++i));
                } else if (o.equals("STREAMS") && more > 0) {
                    streamsAt = i + 1;
                    if ((c.argc() - streamsAt) % 2 != 0) {
                        throw new InvalidRequestException("ERR Unbalanced '" + name + "' list of streams: for each"
                                + " stream key an ID or '" + (xreadgroup ? ">" : "$") + "' must be specified.");
                    }
                    break;
                } else if (o.equals("GROUP") && more >= 2) {
                    if (!xreadgroup) {
                        throw new InvalidRequestException(
                                "ERR The GROUP option is only supported by XREADGROUP. You called XREAD instead.");
                    }
                    group = c.arg(i + 1);
                    consumer = c.arg(i + 2);
                    i += 2;
                } else if (o.equals("NOACK")) {
                    if (!xreadgroup) {
                        throw new InvalidRequestException(
                                "ERR The NOACK option is only supported by XREADGROUP. You called XREAD instead.");
                    }
                    noAck = true;
                } else {
                    throw new InvalidRequestException(CommandContext.SYNTAX);
                }
            }
            if (streamsAt == 0) {
                throw new InvalidRequestException(CommandContext.SYNTAX);
            }
            if (xreadgroup && group == null) {
                throw new InvalidRequestException("ERR Missing GROUP option for XREADGROUP");
            }
            int n = (c.argc() - streamsAt) / 2;
            return new Read(Arrays.copyOfRange(c.args(), streamsAt, streamsAt + n),
                    Arrays.copyOfRange(c.args(), streamsAt + n, streamsAt + 2 * n), count, block, group, consumer,
                    noAck, c.session().protocol() == 3);
        }

        /** Checks the groups and reads the IDs, in Redis's order (key by key), on the first try. */
        private void resolve(Txn t) {
            StreamOps s = t.streams();
            for (int i = 0; i < keys.length; i++) {
                StreamOps.Meta m = s.meta(keys[i]);
                if (group != null && (m == null || s.group(keys[i], group) == null)) {
                    throw new InvalidRequestException("NOGROUP No such key '" + text(keys[i]) + "' or consumer group '"
                            + text(group) + "' in XREADGROUP with GROUP option");
                }
                String id = new String(rawIds[i], StandardCharsets.ISO_8859_1);
                switch (id) {
                    case "$" -> {
                        if (group != null) {
                            throw new InvalidRequestException("ERR The $ ID is meaningless in the context of XREADGROUP:"
                                    + " you want to read the history of this consumer by specifying a proper ID, or use"
                                    + " the > ID to get new messages. The $ ID would just return an empty result set.");
                        }
                        ids[i] = m == null ? StreamId.MIN : m.lastId();
                    }
                    case ">" -> {
                        if (group == null) {
                            throw new InvalidRequestException("ERR The > ID can be specified only when calling"
                                    + " XREADGROUP using the GROUP <group> <consumer> option.");
                        }
                        ids[i] = NEW_ENTRIES;
                    }
                    default -> ids[i] = StreamIds.strict(rawIds[i]);
                }
            }
            resolved = true;
        }

        @Override
        public RespValue attempt(Txn t) {
            if (!resolved) {
                resolve(t);
            } else if (group != null) {
                for (byte[] key : keys) { // a group destroyed while waiting
                    if (!t.streams().exists(key) || t.streams().group(key, group) == null) {
                        throw new InvalidRequestException("NOGROUP the consumer group this client was blocked on no"
                                + " longer exists");
                    }
                }
            }
            List<Map.Entry<RespValue, RespValue>> served = new ArrayList<>();
            boolean waits = block >= 0;
            for (int i = 0; i < keys.length; i++) {
                RespValue entries = group == null ? read(t, i) : readGroup(t, i, waits);
                if (entries != null) {
                    served.add(new AbstractMap.SimpleImmutableEntry<>(RespValue.bulk(keys[i]), entries));
                }
            }
            if (served.isEmpty()) {
                return waits ? null : RespValue.NULL_ARRAY;
            }
            if (resp3) {
                return new RespValue.MapReply(served);
            }
            List<RespValue> pairs = new ArrayList<>(served.size());
            for (Map.Entry<RespValue, RespValue> e : served) {
                pairs.add(RespValue.array(List.of(e.getKey(), e.getValue())));
            }
            return RespValue.array(pairs);
        }

        /** XREAD of one stream: its entries after the ID, or null when it has none. */
        private RespValue read(Txn t, int i) {
            StreamOps s = t.streams();
            StreamOps.Meta m = s.meta(keys[i]);
            if (m == null || m.length() == 0 || !m.lastEntry().after(ids[i])) {
                return null;
            }
            return StreamCommands.entries(s.range(keys[i], ids[i].next(), StreamId.MAX, count, false));
        }

        /** XREADGROUP of one stream; null when it has nothing new (a history read always answers). */
        private RespValue readGroup(Txn t, int i, boolean waits) {
            StreamOps s = t.streams();
            byte[] key = keys[i];
            StreamOps.Meta m = s.meta(key);
            StreamOps.Group g = s.group(key, group);
            StreamOps.Consumer known = s.consumer(key, group, consumer);
            long now = t.now();
            if (!ids[i].equals(NEW_ENTRIES)) {
                return history(t, key, ids[i], known, now);
            }
            boolean fresh = m.length() > 0 && m.lastEntry().after(g.lastDelivered());
            if (!fresh) {
                if (!waits) {
                    touch(s, key, known, now, false);
                }
                return null;
            }
            List<StreamOps.Item> items = s.range(key, g.lastDelivered().next(), StreamId.MAX, count, false);
            StreamId last = g.lastDelivered();
            long entriesRead = g.entriesRead();
            for (StreamOps.Item item : items) {
                entriesRead = EntriesRead.afterDelivering(m, last, entriesRead, item.id());
                last = item.id();
            }
            touch(s, key, known, now, !noAck);
            s.putGroup(key, group, last, entriesRead);
            if (!noAck) {
                StreamId[] delivered = new StreamId[items.size()];
                long[] counts = new long[items.size()];
                for (int j = 0; j < delivered.length; j++) {
                    delivered[j] = items.get(j).id();
                    counts[j] = 1;
                }
                s.claim(key, group, consumer, now, delivered, counts);
            }
            return StreamCommands.entries(items);
        }

        /** The consumer's pending entries after {@code after}: each delivered once more, a deleted one as [id, nil]. */
        private RespValue history(Txn t, byte[] key, StreamId after, StreamOps.Consumer known, long now) {
            StreamOps s = t.streams();
            touch(s, key, known, now, false);
            StreamId from = after.next();
            List<StreamOps.Pending> pending = from == null ? List.of()
                    : s.pending(key, group, from, StreamId.MAX, count, consumer);
            List<RespValue> out = new ArrayList<>(pending.size());
            List<StreamId> again = new ArrayList<>();
            List<Long> counts = new ArrayList<>();
            for (StreamOps.Pending p : pending) {
                List<StreamOps.Item> item = s.range(key, p.id(), p.id(), 1, false);
                if (item.isEmpty()) {
                    out.add(RespValue.array(List.of(StreamIds.reply(p.id()), RespValue.NULL_ARRAY)));
                } else {
                    out.add(StreamCommands.entry(item.get(0)));
                    again.add(p.id());
                    counts.add(p.deliveryCount() + 1);
                }
            }
            if (!again.isEmpty()) {
                s.claim(key, group, consumer, now, again.toArray(StreamId[]::new),
                        counts.stream().mapToLong(Long::longValue).toArray());
            }
            return RespValue.array(out);
        }

        /** Creates the consumer or marks it seen now (and active, when it is delivered entries). */
        private void touch(StreamOps s, byte[] key, StreamOps.Consumer known, long now, boolean active) {
            long activeTime = active ? now : known == null ? -1 : known.activeTime();
            s.putConsumer(key, group, consumer, now, activeTime);
        }

        @Override
        public List<byte[]> keys() {
            return List.of(keys);
        }

        @Override
        public ValueType wakesOn() {
            return ValueType.STREAM;
        }

        @Override
        public long timeoutMillis() {
            return Math.max(block, 0);
        }

        @Override
        public RespValue timedOut() {
            return RespValue.NULL_ARRAY;
        }
    }

    /** BLOCK's milliseconds, as Redis's getTimeoutFromObjectOrReply reads them. */
    private static long timeout(byte[] arg) {
        long ms;
        try {
            ms = CommandContext.parseLong(arg);
        } catch (InvalidRequestException e) {
            throw new InvalidRequestException("ERR timeout is not an integer or out of range");
        }
        if (ms < 0) {
            throw new InvalidRequestException("ERR timeout is negative");
        }
        return ms;
    }

    static String text(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }
}
