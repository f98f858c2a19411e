package io.cairn.testkit.model;

import io.cairn.storage.engine.ScoredMember;
import io.cairn.storage.engine.Store;
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
                    case LIST -> t.lists().range(key, 0, -1).stream()
                            .map(e -> new String(e, StandardCharsets.UTF_8)).toList().toString();
                    case SET -> throw new IllegalStateException("no sets are stored yet");
                    case NONE -> throw new IllegalStateException("scan returned an absent key");
                };
                long exp = t.expireAt(key);
                out.put(new String(key, StandardCharsets.UTF_8), type.redisName() + ":" + body + "@" + (exp == Txn.NO_EXPIRY ? 0 : exp));
            }
            from = page.get(page.size() - 1);
        }
    }
}
