package io.cairn.server.command.notify;

import io.cairn.storage.engine.Mutation;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The keyspace events one command caused, as Redis names them: worked out from the command's name
 * and the physical changes it made (its {@link Mutation}s), not written into every handler. A key's
 * main event is the command's own (INCR's is {@code incrby}, ZINCRBY's {@code zincr}) or, for the
 * commands that change two keys differently (RPOPLPUSH, LMOVE, SMOVE, the blocking pops), the
 * change's ({@code rpop} on one key, {@code lpush} on the other); then {@code expire} or
 * {@code persist} for an expiry it set, and {@code del} when the command removed the key (DEL, or
 * a pop of the last element). RENAME, MOVE and COPY name both ends; RESTORE is {@code restore}
 * alone (or {@code del} when it only removed the key). Expiry's own {@code expired}
 * comes from the expiry path, and FLUSHDB, FLUSHALL and SWAPDB publish nothing, as in Redis.
 * Stateless.
 */
public final class KeyspaceEvents {
    /** One event: a key of a database, its class ({@link NotifyFlags} bit) and Redis's name for it. */
    public record Event(int db, byte[] key, int type, String name) {
        @Override
        public String toString() {
            return db + ":" + new String(key, StandardCharsets.UTF_8) + ":" + name;
        }
    }

    private record Named(int type, String name) {
    }

    private static final Named NONE = new Named(0, null);
    private static final Map<String, Named> BY_COMMAND = new LinkedHashMap<>();

    static {
        put(NotifyFlags.STRING, "set", "set", "setex", "psetex", "setnx", "getset", "mset", "msetnx", "bitop");
        put(NotifyFlags.STRING, "incrby", "incr", "decr", "incrby", "decrby");
        put(NotifyFlags.STRING, "incrbyfloat", "incrbyfloat");
        put(NotifyFlags.STRING, "append", "append");
        put(NotifyFlags.STRING, "setrange", "setrange");
        put(NotifyFlags.STRING, "setbit", "setbit", "bitfield");
        put(NotifyFlags.STRING, "pfadd", "pfadd", "pfmerge");
        put(NotifyFlags.LIST, "lpush", "lpush", "lpushx");
        put(NotifyFlags.LIST, "rpush", "rpush", "rpushx");
        put(NotifyFlags.LIST, "linsert", "linsert");
        put(NotifyFlags.LIST, "lset", "lset");
        put(NotifyFlags.LIST, "lrem", "lrem");
        put(NotifyFlags.LIST, "ltrim", "ltrim");
        put(NotifyFlags.LIST, "sortstore", "sort");
        put(NotifyFlags.HASH, "hset", "hset", "hmset", "hsetnx");
        put(NotifyFlags.HASH, "hincrby", "hincrby");
        put(NotifyFlags.HASH, "hincrbyfloat", "hincrbyfloat");
        put(NotifyFlags.HASH, "hdel", "hdel");
        put(NotifyFlags.SET, "sadd", "sadd");
        put(NotifyFlags.SET, "srem", "srem");
        put(NotifyFlags.SET, "spop", "spop");
        for (String store : List.of("sinterstore", "sunionstore", "sdiffstore")) {
            put(NotifyFlags.SET, store, store);
        }
        put(NotifyFlags.ZSET, "zadd", "zadd", "geoadd");
        put(NotifyFlags.ZSET, "zincr", "zincrby");
        put(NotifyFlags.ZSET, "zrem", "zrem");
        for (String z : List.of("zremrangebyscore", "zremrangebyrank", "zremrangebylex", "zpopmin", "zpopmax",
                "zunionstore", "zinterstore", "zdiffstore", "zrangestore")) {
            put(NotifyFlags.ZSET, z, z);
        }
        put(NotifyFlags.ZSET, "zpopmin", "bzpopmin");
        put(NotifyFlags.ZSET, "zpopmax", "bzpopmax");
        put(NotifyFlags.GENERIC, "restore", "restore");
        BY_COMMAND.put("pfcount", NONE); // a cached cardinality it stores is no change to the user
    }

    private static void put(int type, String event, String... commands) {
        for (String c : commands) {
            BY_COMMAND.put(c, new Named(type, event));
        }
    }

    /** Whether a key is there once the command ran. */
    @FunctionalInterface
    public interface Presence {
        boolean exists(int db, byte[] key);
    }

    private KeyspaceEvents() {
    }

    /**
     * The events of one command, in the order of the keys it first changed. {@code command} is the
     * spec name ({@code "zmpop"}); {@code args} its arguments (ZMPOP's direction is one).
     */
    public static List<Event> of(String command, byte[][] args, List<Mutation> changes, Presence after) {
        List<Event> events = new ArrayList<>();
        Map<Key, List<Mutation>> byKey = new LinkedHashMap<>();
        for (Mutation m : changes) {
            switch (m) {
                case Mutation.Expired x -> {
                    // the expiry path publishes "expired" for every key that expires, whoever found it
                }
                case Mutation.Clear c -> {
                }
                case Mutation.ClearAll c -> {
                }
                case Mutation.SwapDb s -> {
                }
                case Mutation.SetFunctions f -> {
                    // FUNCTION LOAD and the like publish no keyspace event in Redis
                }
                case Mutation.Rename r -> {
                    events.add(new Event(r.db(), r.source(), NotifyFlags.GENERIC, "rename_from"));
                    events.add(new Event(r.db(), r.key(), NotifyFlags.GENERIC, "rename_to"));
                }
                case Mutation.Move mv -> {
                    events.add(new Event(mv.db(), mv.key(), NotifyFlags.GENERIC, "move_from"));
                    events.add(new Event(mv.toDb(), mv.key(), NotifyFlags.GENERIC, "move_to"));
                }
                default -> byKey.computeIfAbsent(new Key(m.db(), m.key()), k -> new ArrayList<>()).add(m);
            }
        }
        if (command.startsWith("x")) {
            for (Map.Entry<Key, List<Mutation>> e : byKey.entrySet()) {
                streamEvents(command, e.getKey(), e.getValue(), events);
            }
            return events;
        }
        Named named = named(command, args);
        if (named == NONE || command.equals("rename") || command.equals("renamenx") || command.equals("move")) {
            return events; // a rename or move is its two events, whatever else it recorded to do it
        }
        for (Map.Entry<Key, List<Mutation>> e : byKey.entrySet()) {
            int db = e.getKey().db;
            byte[] key = e.getKey().bytes;
            if (command.equals("copy")) {
                events.add(new Event(db, key, NotifyFlags.GENERIC, "copy_to"));
                continue;
            }
            if (command.equals("restore")) {
                // "restore" when it wrote the key (its REPLACE and TTL publish nothing of their own);
                // "del" when REPLACE removed it and an ABSTTL in the past kept it from being written
                events.add(new Event(db, key, NotifyFlags.GENERIC, after.exists(db, key) ? "restore" : "del"));
                continue;
            }
            Mutation main = null;
            boolean deleted = false;
            boolean expire = false;
            boolean persist = false;
            for (Mutation m : e.getValue()) {
                switch (m) {
                    case Mutation.ExpireAt x -> {
                        expire |= x.expireAt() != 0;
                        persist |= x.expireAt() == 0;
                    }
                    case Mutation.Delete d -> deleted = true;
                    default -> {
                        if (main == null) {
                            main = m;
                        }
                    }
                }
            }
            if (main != null) {
                Named n = named != null ? named : fromChange(main);
                events.add(new Event(db, key, n.type, n.name));
            } else if (deleted && named != null && !command.endsWith("store")) {
                events.add(new Event(db, key, named.type, named.name)); // SPOP of every member: spop, then del
            }
            if (expire || main instanceof Mutation.PutString p && p.expireAt() != 0 && setsExpiry(command, args)) {
                events.add(new Event(db, key, NotifyFlags.GENERIC, "expire"));
            }
            if (persist) {
                events.add(new Event(db, key, NotifyFlags.GENERIC, "persist"));
            }
            if (main == null ? deleted : !after.exists(db, key)) {
                events.add(new Event(db, key, NotifyFlags.GENERIC, "del"));
            }
        }
        return events;
    }

    /**
     * A stream command's events on one key, one per kind of change in the order made, as Redis
     * names them: {@code xadd} then {@code xtrim} for an XADD that trimmed, {@code xdel},
     * {@code xsetid}, and {@code xgroup-create|setid|destroy|createconsumer|delconsumer} for the
     * XGROUP subcommands. XACK, XCLAIM and XREADGROUP publish none (Redis's
     * {@code xgroup-createconsumer} for a consumer they create is not published: see README).
     */
    private static void streamEvents(String command, Key key, List<Mutation> changes, List<Event> events) {
        java.util.Set<String> seen = new java.util.LinkedHashSet<>();
        for (Mutation m : changes) {
            String name = switch (m) {
                case Mutation.StreamAdd a -> "xadd";
                case Mutation.StreamTrim t -> "xtrim";
                case Mutation.StreamDelete d -> "xdel";
                case Mutation.StreamSetId x -> command.equals("xsetid") ? "xsetid" : null;
                case Mutation.StreamGroupPut g -> command.equals("xgroup|create") ? "xgroup-create"
                        : command.equals("xgroup|setid") ? "xgroup-setid" : null;
                case Mutation.StreamGroupDelete g -> "xgroup-destroy";
                case Mutation.StreamConsumerPut c -> command.equals("xgroup|createconsumer") ? "xgroup-createconsumer" : null;
                case Mutation.StreamConsumerDelete c -> "xgroup-delconsumer";
                default -> null;
            };
            if (name != null && seen.add(name)) {
                events.add(new Event(key.db, key.bytes, NotifyFlags.STREAM, name));
            }
        }
    }

    /** SETEX, PSETEX and SET with EX, PX, EXAT or PXAT: a string write that sets an expiry ("expire" after "set"). */
    private static boolean setsExpiry(String command, byte[][] args) {
        if (command.equals("setex") || command.equals("psetex")) {
            return true;
        }
        if (!command.equals("set")) {
            return false;
        }
        for (int i = 3; i < args.length; i++) {
            String w = new String(args[i], StandardCharsets.US_ASCII).toUpperCase(Locale.ROOT);
            if (w.equals("EX") || w.equals("PX") || w.equals("EXAT") || w.equals("PXAT")) {
                return true;
            }
        }
        return false;
    }

    /** The command's own event, or null where each change names its own (RPOPLPUSH, LMOVE, SMOVE, BLPOP...). */
    private static Named named(String command, byte[][] args) {
        if (command.equals("zmpop") || command.equals("bzmpop")) {
            for (byte[] a : args) {
                String w = new String(a, StandardCharsets.US_ASCII).toUpperCase(Locale.ROOT);
                if (w.equals("MIN") || w.equals("MAX")) {
                    return new Named(NotifyFlags.ZSET, w.equals("MIN") ? "zpopmin" : "zpopmax");
                }
            }
        }
        if (command.startsWith("json.")) {
            return new Named(NotifyFlags.MODULE, command);
        }
        return BY_COMMAND.get(command);
    }

    private static Named fromChange(Mutation m) {
        return switch (m) {
            case Mutation.PutString p -> new Named(NotifyFlags.STRING, "set");
            case Mutation.PutItem p -> new Named(NotifyFlags.STRING, "set");
            case Mutation.StringSetRange r -> new Named(NotifyFlags.STRING, "setrange");
            case Mutation.PutDocument d -> new Named(NotifyFlags.MODULE, "json.set");
            case Mutation.HashPut h -> new Named(NotifyFlags.HASH, "hset");
            case Mutation.HashDelete h -> new Named(NotifyFlags.HASH, "hdel");
            case Mutation.ZSetPut z -> new Named(NotifyFlags.ZSET, "zadd");
            case Mutation.ZSetDelete z -> new Named(NotifyFlags.ZSET, "zrem");
            case Mutation.ZSetRemoveRange z -> new Named(NotifyFlags.ZSET, "zrem");
            case Mutation.SetAdd s -> new Named(NotifyFlags.SET, "sadd");
            case Mutation.SetRemove s -> new Named(NotifyFlags.SET, "srem");
            case Mutation.ListPush l -> new Named(NotifyFlags.LIST, l.left() ? "lpush" : "rpush");
            case Mutation.ListPop l -> new Named(NotifyFlags.LIST, l.left() ? "lpop" : "rpop");
            case Mutation.ListSet l -> new Named(NotifyFlags.LIST, "lset");
            case Mutation.ListInsert l -> new Named(NotifyFlags.LIST, "linsert");
            case Mutation.ListRemove l -> new Named(NotifyFlags.LIST, "lrem");
            case Mutation.ListTrim l -> new Named(NotifyFlags.LIST, "ltrim");
            default -> new Named(NotifyFlags.GENERIC, m.getClass().getSimpleName().toLowerCase(Locale.ROOT));
        };
    }

    /** A key of a database, by content. */
    private record Key(int db, byte[] bytes) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.db == db && Arrays.equals(k.bytes, bytes);
        }

        @Override
        public int hashCode() {
            return 31 * db + Arrays.hashCode(bytes);
        }
    }
}
