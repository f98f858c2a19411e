package io.cairn.testkit.model;

import java.util.Map;
import java.util.TreeMap;

/**
 * The reference: what a keyspace should hold after a sequence of operations, written as plainly
 * as possible (sorted maps of strings, expiry checked on every access). Semantics follow Redis:
 * an expired key is absent; removing the last field or member removes the key; an expiry not
 * after now deletes the key. Not thread-safe.
 */
public final class KeyspaceModel {
    /** One key: its type, contents and expiry (0 for none). */
    private static final class Entry {
        final String type;
        String string;
        final TreeMap<String, String> hash = new TreeMap<>();
        final TreeMap<String, Double> zset = new TreeMap<>();
        long expireAt;

        Entry(String type) {
            this.type = type;
        }

        Entry copy() {
            Entry e = new Entry(type);
            e.string = string;
            e.hash.putAll(hash);
            e.zset.putAll(zset);
            e.expireAt = expireAt;
            return e;
        }
    }

    private final TreeMap<String, Entry> keys = new TreeMap<>();

    private Entry live(String key, long now) {
        Entry e = keys.get(key);
        if (e != null && e.expireAt > 0 && e.expireAt <= now) {
            keys.remove(key);
            return null;
        }
        return e;
    }

    /** The type name as Redis's TYPE answers, "none" when absent. */
    public String type(String key, long now) {
        Entry e = live(key, now);
        return e == null ? "none" : e.type;
    }

    public void set(String key, String value, long expireAt) {
        Entry e = new Entry("string");
        e.string = value;
        e.expireAt = expireAt;
        keys.put(key, e);
    }

    /**
     * Writes {@code bytes} at {@code offset} of the string, padding with {@code '\0'} up to it and
     * creating the string (without expiry) when absent, as SETRANGE; the expiry is kept. Returns
     * false (and changes nothing) when the key holds another type.
     */
    public boolean setRange(String key, int offset, String bytes, long now) {
        Entry e = live(key, now);
        if (e != null && !e.type.equals("string")) {
            return false;
        }
        if (e == null) {
            e = new Entry("string");
            e.string = "";
            keys.put(key, e);
        }
        StringBuilder sb = new StringBuilder(e.string);
        while (sb.length() < offset + bytes.length()) {
            sb.append('\0');
        }
        sb.replace(offset, offset + bytes.length(), bytes);
        e.string = sb.toString();
        return true;
    }

    public boolean delete(String key, long now) {
        return live(key, now) != null && keys.remove(key) != null;
    }

    /** Returns false (and changes nothing) when the key holds another type. */
    public boolean hset(String key, String field, String value, long now) {
        Entry e = live(key, now);
        if (e != null && !e.type.equals("hash")) {
            return false;
        }
        if (e == null) {
            e = new Entry("hash");
            keys.put(key, e);
        }
        e.hash.put(field, value);
        return true;
    }

    public boolean hdel(String key, String field, long now) {
        Entry e = live(key, now);
        if (e == null || !e.type.equals("hash") || e.hash.remove(field) == null) {
            return false;
        }
        if (e.hash.isEmpty()) {
            keys.remove(key);
        }
        return true;
    }

    public boolean zadd(String key, String member, double score, long now) {
        Entry e = live(key, now);
        if (e != null && !e.type.equals("zset")) {
            return false;
        }
        if (e == null) {
            e = new Entry("zset");
            keys.put(key, e);
        }
        e.zset.put(member, score == 0.0 ? 0.0 : score);
        return true;
    }

    public boolean zrem(String key, String member, long now) {
        Entry e = live(key, now);
        if (e == null || !e.type.equals("zset") || e.zset.remove(member) == null) {
            return false;
        }
        if (e.zset.isEmpty()) {
            keys.remove(key);
        }
        return true;
    }

    public boolean expireAt(String key, long at, long now) {
        Entry e = live(key, now);
        if (e == null) {
            return false;
        }
        if (at <= now) {
            keys.remove(key);
        } else {
            e.expireAt = at;
        }
        return true;
    }

    public boolean persist(String key, long now) {
        Entry e = live(key, now);
        if (e == null || e.expireAt == 0) {
            return false;
        }
        e.expireAt = 0;
        return true;
    }

    public void clear() {
        keys.clear();
    }

    /** A deep copy, to remember a state and compare with later. */
    public KeyspaceModel copy() {
        KeyspaceModel m = new KeyspaceModel();
        for (Map.Entry<String, Entry> e : keys.entrySet()) {
            m.keys.put(e.getKey(), e.getValue().copy());
        }
        return m;
    }

    /** Live keys rendered canonically, as {@link StoreDump#render} renders a store. */
    public TreeMap<String, String> render(long now) {
        TreeMap<String, String> out = new TreeMap<>();
        for (Map.Entry<String, Entry> k : keys.entrySet()) {
            Entry e = k.getValue();
            if (e.expireAt > 0 && e.expireAt <= now) {
                continue;
            }
            String body = switch (e.type) {
                case "string" -> e.string;
                case "hash" -> e.hash.toString();
                default -> e.zset.toString();
            };
            out.put(k.getKey(), e.type + ":" + body + "@" + e.expireAt);
        }
        return out;
    }
}
