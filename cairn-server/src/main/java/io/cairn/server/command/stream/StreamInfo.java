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
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * XINFO STREAM [FULL [COUNT n]], XINFO GROUPS, XINFO CONSUMERS and XINFO HELP, with Redis 7.2's
 * fields in its order. {@code radix-tree-keys} is the number of chunks Cairn packs the entries in
 * (Redis counts its listpack nodes) and {@code radix-tree-nodes} one more than that.
 */
final class StreamInfo {
    private StreamInfo() {
    }

    static void register(Commands.Registrar r) {
        r.data("xinfo|stream", Stream::parse);
        r.data("xinfo|groups", c -> new Groups(c.arg(2)));
        r.data("xinfo|consumers", c -> new Consumers(c.arg(2), c.arg(3)));
        r.data("xinfo|help", c -> t -> StreamGroupCommands.help("XINFO", List.of(
                "CONSUMERS <key> <groupname>",
                "    Show consumers of <groupname>.",
                "GROUPS <key>",
                "    Show the stream consumer groups.",
                "STREAM <key> [FULL [COUNT <count>]",
                "    Show information about the stream.")));
    }

    /** A map reply built field by field, in order. */
    private static final class Fields {
        final List<Map.Entry<RespValue, RespValue>> entries = new ArrayList<>();

        Fields put(String name, RespValue value) {
            entries.add(new AbstractMap.SimpleImmutableEntry<>(RespValue.bulk(name), value));
            return this;
        }

        Fields put(String name, long value) {
            return put(name, RespValue.integer(value));
        }

        Fields put(String name, StreamId id) {
            return put(name, StreamIds.reply(id));
        }

        RespValue reply() {
            return new RespValue.MapReply(entries);
        }
    }

    private static StreamOps.Meta existing(Txn t, byte[] key) {
        StreamOps.Meta m = t.streams().meta(key);
        if (m == null) {
            throw new InvalidRequestException(StreamCommands.NO_SUCH_KEY);
        }
        return m;
    }

    private static RespValue entriesRead(StreamOps.Group g) {
        return g.entriesRead() == EntriesRead.UNKNOWN ? RespValue.NULL : RespValue.integer(g.entriesRead());
    }

    private static RespValue lag(StreamOps.Meta m, StreamOps.Group g) {
        Long lag = EntriesRead.lag(m, g);
        return lag == null ? RespValue.NULL : RespValue.integer(lag);
    }

    /** count 10 and full false without options; count 0 means every entry. */
    record Stream(byte[] key, boolean full, long count) implements Operation {
        static Stream parse(CommandContext c) {
            int optc = c.argc() - 3;
            if (optc == 0) {
                return new Stream(c.arg(2), false, 10);
            }
            if ((optc != 1 && optc != 3) || !c.option(3).equals("FULL") || optc == 3 && !c.option(4).equals("COUNT")) {
                throw new InvalidRequestException("ERR unknown subcommand or wrong number of arguments for 'STREAM'."
                        + " Try XINFO HELP.");
            }
            long count = optc == 3 ? c.integer(5) : 10;
            return new Stream(c.arg(2), true, count < 0 ? 10 : count);
        }

        @Override
        public RespValue run(Txn t) {
            StreamOps s = t.streams();
            StreamOps.Meta m = existing(t, key);
            int chunks = s.chunks(key);
            Fields f = new Fields().put("length", m.length()).put("radix-tree-keys", chunks)
                    .put("radix-tree-nodes", chunks + 1).put("last-generated-id", m.lastId())
                    .put("max-deleted-entry-id", m.maxDeletedId()).put("entries-added", m.entriesAdded())
                    .put("recorded-first-entry-id", m.firstEntry() == null ? StreamId.MIN : m.firstEntry());
            if (!full) {
                f.put("groups", m.groups());
                List<StreamOps.Item> first = s.range(key, StreamId.MIN, StreamId.MAX, 1, false);
                List<StreamOps.Item> last = s.range(key, StreamId.MIN, StreamId.MAX, 1, true);
                f.put("first-entry", first.isEmpty() ? RespValue.NULL : StreamCommands.entry(first.get(0)));
                f.put("last-entry", last.isEmpty() ? RespValue.NULL : StreamCommands.entry(last.get(0)));
                return f.reply();
            }
            f.put("entries", StreamCommands.entries(s.range(key, StreamId.MIN, StreamId.MAX, count, false)));
            List<RespValue> groups = new ArrayList<>();
            for (StreamOps.Group g : s.groups(key)) {
                List<RespValue> pel = new ArrayList<>();
                for (StreamOps.Pending p : s.pending(key, g.name(), StreamId.MIN, StreamId.MAX, count, null)) {
                    pel.add(RespValue.array(List.of(StreamIds.reply(p.id()), RespValue.bulk(p.consumer()),
                            RespValue.integer(p.deliveryTime()), RespValue.integer(p.deliveryCount()))));
                }
                List<RespValue> consumers = new ArrayList<>();
                for (StreamOps.Consumer c : s.consumers(key, g.name())) {
                    List<RespValue> own = new ArrayList<>();
                    for (StreamOps.Pending p : s.pending(key, g.name(), StreamId.MIN, StreamId.MAX, count, c.name())) {
                        own.add(RespValue.array(List.of(StreamIds.reply(p.id()), RespValue.integer(p.deliveryTime()),
                                RespValue.integer(p.deliveryCount()))));
                    }
                    consumers.add(new Fields().put("name", RespValue.bulk(c.name())).put("seen-time", c.seenTime())
                            .put("active-time", c.activeTime()).put("pel-count", c.pending())
                            .put("pending", RespValue.array(own)).reply());
                }
                groups.add(new Fields().put("name", RespValue.bulk(g.name())).put("last-delivered-id", g.lastDelivered())
                        .put("entries-read", entriesRead(g)).put("lag", lag(m, g)).put("pel-count", g.pending())
                        .put("pending", RespValue.array(pel)).put("consumers", RespValue.array(consumers)).reply());
            }
            return f.put("groups", RespValue.array(groups)).reply();
        }
    }

    record Groups(byte[] key) implements Operation {
        @Override
        public RespValue run(Txn t) {
            StreamOps.Meta m = existing(t, key);
            List<RespValue> out = new ArrayList<>();
            for (StreamOps.Group g : t.streams().groups(key)) {
                out.add(new Fields().put("name", RespValue.bulk(g.name())).put("consumers", g.consumers())
                        .put("pending", g.pending()).put("last-delivered-id", g.lastDelivered())
                        .put("entries-read", entriesRead(g)).put("lag", lag(m, g)).reply());
            }
            return RespValue.array(out);
        }
    }

    record Consumers(byte[] key, byte[] group) implements Operation {
        @Override
        public RespValue run(Txn t) {
            existing(t, key);
            if (t.streams().group(key, group) == null) {
                throw new InvalidRequestException("NOGROUP No such consumer group '" + text(group) + "' for key name '"
                        + text(key) + "'");
            }
            long now = t.now();
            List<RespValue> out = new ArrayList<>();
            for (StreamOps.Consumer c : t.streams().consumers(key, group)) {
                long inactive = c.activeTime() != -1 ? now - c.activeTime() : -1;
                out.add(new Fields().put("name", RespValue.bulk(c.name())).put("pending", c.pending())
                        .put("idle", Math.max(0, now - c.seenTime())).put("inactive", inactive).reply());
            }
            return RespValue.array(out);
        }
    }
}
