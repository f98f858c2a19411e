package io.cairn.testkit.model;

import io.cairn.storage.engine.ScoredMember;
import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.StreamId;
import io.cairn.storage.engine.StreamOps;
import io.cairn.storage.engine.Txn;
import io.cairn.storage.engine.ValueType;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Renders every live key of a store in the canonical form of {@link KeyspaceModel#render}. */
public final class StoreDump {
    private StoreDump() {
    }

    public static TreeMap<String, String> render(Store store) {
        return store.read(StoreDump::render);
    }

    public static TreeMap<String, String> render(Txn t) {
        TreeMap<String, String> out = new TreeMap<>();
        byte[] from = null;
        while (true) {
            List<byte[]> page = t.scanKeys(from, true, 1000);
            if (page.isEmpty()) {
                return out;
            }
            for (byte[] key : page) {
                ValueType type = t.type(key);
                String body = switch (type) {
                    case STRING -> new String(t.get(key), StandardCharsets.UTF_8);
                    case HASH -> {
                        TreeMap<String, String> m = new TreeMap<>();
                        for (Map.Entry<byte[], byte[]> f : t.hgetAll(key)) {
                            m.put(new String(f.getKey(), StandardCharsets.UTF_8), new String(f.getValue(), StandardCharsets.UTF_8));
                        }
                        yield m.toString();
                    }
                    case ZSET -> {
                        TreeMap<String, Double> m = new TreeMap<>();
                        for (ScoredMember sm : t.zrangeByRank(key, 0, -1)) {
                            m.put(new String(sm.memberBytes(), StandardCharsets.UTF_8), sm.score());
                        }
                        yield m.toString();
                    }
                    case JSON -> HexFormat.of().formatHex(t.document(key));
                    case SET -> {
                        java.util.TreeSet<String> m = new java.util.TreeSet<>();
                        for (byte[] member : t.sets().members(key)) {
                            m.add(new String(member, StandardCharsets.UTF_8));
                        }
                        yield m.toString();
                    }
                    case LIST -> t.lists().range(key, 0, -1).stream()
                            .map(e -> new String(e, StandardCharsets.UTF_8)).toList().toString();
                    case STREAM -> streamBody(t, key);
                    case NONE -> throw new IllegalStateException("scan returned an absent key");
                };
                long exp = t.expireAt(key);
                out.put(new String(key, StandardCharsets.UTF_8), type.redisName() + ":" + body + "@" + (exp == Txn.NO_EXPIRY ? 0 : exp));
            }
            from = page.get(page.size() - 1);
        }
    }

    /** A stream's entries, metadata and groups with their consumers and pending entries, in order. */
    private static String streamBody(Txn t, byte[] key) {
        StreamOps s = t.streams();
        StringBuilder out = new StringBuilder();
        for (StreamOps.Item item : s.range(key, StreamId.MIN, StreamId.MAX, 0, false)) {
            out.append(item.id()).append(List.of(item.fieldsAndValues()).stream().map(StoreDump::utf8).toList());
        }
        StreamOps.Meta m = s.meta(key);
        out.append(" last=").append(m.lastId()).append(" added=").append(m.entriesAdded())
                .append(" maxdel=").append(m.maxDeletedId());
        for (StreamOps.Group g : s.groups(key)) {
            out.append(" group ").append(utf8(g.name())).append(' ').append(g.lastDelivered()).append(' ')
                    .append(g.entriesRead());
            for (StreamOps.Consumer c : s.consumers(key, g.name())) {
                out.append(" consumer ").append(utf8(c.name())).append(' ').append(c.seenTime()).append(' ')
                        .append(c.activeTime());
            }
            for (StreamOps.Pending p : s.pending(key, g.name(), StreamId.MIN, StreamId.MAX, 0, null)) {
                out.append(" pending ").append(p.id()).append(' ').append(utf8(p.consumer())).append(' ')
                        .append(p.deliveryTime()).append(' ').append(p.deliveryCount());
            }
        }
        return out.toString();
    }

    private static String utf8(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }
}
