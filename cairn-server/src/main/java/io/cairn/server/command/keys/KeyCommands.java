package io.cairn.server.command.keys;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Commands;
import io.cairn.server.command.Glob;
import io.cairn.server.command.Replies;
import io.cairn.storage.engine.Txn;
import io.cairn.storage.engine.ValueType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** DEL, UNLINK, TOUCH, EXISTS, TYPE, RENAME(NX), KEYS, SCAN, the EXPIRE family, TTL family, PERSIST, RANDOMKEY, COPY, KEYRANGE. */
public final class KeyCommands {
    private static final int SCAN_PAGE_LIMIT = 1_000_000;

    private KeyCommands() {
    }

    public static void register(Commands.Registrar r) {
        r.inline("del", KeyCommands::del);
        r.inline("unlink", KeyCommands::del);
        r.data("touch", Touch::parse);
        r.inline("exists", (t, c) -> {
            long n = 0;
            for (int i = 1; i < c.argc(); i++) {
                n += t.exists(c.arg(i)) ? 1 : 0;
            }
            return RespValue.integer(n);
        });
        r.inline("type", (t, c) -> RespValue.simple(t.type(c.arg(1)).redisName()));
        r.inline("rename", (t, c) -> rename(t, c, false));
        r.inline("renamenx", (t, c) -> rename(t, c, true));
        r.inline("keys", KeyCommands::keys);
        r.inline("scan", KeyCommands::scan);
        r.inline("expire", (t, c) -> expire(t, c, 1000, false));
        r.inline("pexpire", (t, c) -> expire(t, c, 1, false));
        r.inline("expireat", (t, c) -> expire(t, c, 1000, true));
        r.inline("pexpireat", (t, c) -> expire(t, c, 1, true));
        r.inline("ttl", (t, c) -> ttl(t, c, false, false));
        r.inline("pttl", (t, c) -> ttl(t, c, true, false));
        r.inline("expiretime", (t, c) -> ttl(t, c, false, true));
        r.inline("pexpiretime", (t, c) -> ttl(t, c, true, true));
        r.inline("persist", (t, c) -> RespValue.integer(t.persist(c.arg(1)) ? 1 : 0));
        r.inline("randomkey", (t, c) -> RespValue.bulk(t.randomKey(c.server().random())));
        r.inline("copy", KeyCommands::copy);
        r.inline("keyrange", KeyCommands::keyrange);
    }

    private static RespValue del(Txn t, CommandContext c) {
        long n = 0;
        for (int i = 1; i < c.argc(); i++) {
            n += t.delete(c.arg(i)) ? 1 : 0;
        }
        return RespValue.integer(n);
    }

    private static RespValue rename(Txn t, CommandContext c, boolean nx) {
        byte[] src = c.arg(1);
        byte[] dst = c.arg(2);
        if (!t.exists(src)) {
            throw new InvalidRequestException("ERR no such key");
        }
        if (Arrays.equals(src, dst)) {
            return nx ? RespValue.ZERO : RespValue.OK;
        }
        if (nx && t.exists(dst)) {
            return RespValue.ZERO;
        }
        t.rename(src, dst); // moves a collection, never copies it
        return nx ? RespValue.ONE : RespValue.OK;
    }

    private static RespValue copy(Txn t, CommandContext c) {
        boolean replace = false;
        for (int i = 3; i < c.argc(); i++) {
            String o = c.option(i);
            if (o.equals("REPLACE")) {
                replace = true;
            } else if (o.equals("DB") && i + 1 < c.argc()) {
                long db = c.integer(++i);
                if (db != 0) {
                    throw new InvalidRequestException("ERR DB index is out of range");
                }
            } else {
                throw new InvalidRequestException(CommandContext.SYNTAX);
            }
        }
        byte[] src = c.arg(1);
        byte[] dst = c.arg(2);
        if (Arrays.equals(src, dst)) {
            throw new InvalidRequestException("ERR source and destination objects are the same");
        }
        if (!t.exists(src) || !replace && t.exists(dst)) {
            return RespValue.ZERO;
        }
        ValueCopy.copy(t, src, dst);
        return RespValue.ONE;
    }

    /** KEYS pattern: a literal prefix narrows the walk of the ordered index to that range. */
    private static RespValue keys(Txn t, CommandContext c) {
        byte[] pattern = c.arg(1);
        byte[] prefix = literalPrefix(pattern);
        List<byte[]> out = new ArrayList<>();
        byte[] from = prefix.length > 0 ? prefix : null;
        boolean exclusive = false;
        while (true) {
            List<byte[]> page = t.scanKeys(from, exclusive, 1024);
            if (page.isEmpty()) {
                break;
            }
            for (byte[] k : page) {
                if (!startsWith(k, prefix)) {
                    return Replies.bulks(out);
                }
                if (Glob.matches(pattern, k)) {
                    out.add(k);
                }
            }
            from = page.get(page.size() - 1);
            exclusive = true;
        }
        return Replies.bulks(out);
    }

    private static RespValue scan(Txn t, CommandContext c) {
        byte[] from = cursorStart(c, c.arg(1));
        byte[] match = null;
        long count = 10;
        ValueType type = null;
        for (int i = 2; i < c.argc(); i++) {
            String o = c.option(i);
            if (i + 1 >= c.argc()) {
                throw new InvalidRequestException(CommandContext.SYNTAX);
            }
            switch (o) {
                case "MATCH" -> match = c.arg(++i);
                case "COUNT" -> {
                    count = c.integer(++i);
                    if (count < 1) {
                        throw new InvalidRequestException(CommandContext.SYNTAX);
                    }
                }
                case "TYPE" -> type = typeNamed(c.string(++i));
                default -> throw new InvalidRequestException(CommandContext.SYNTAX);
            }
        }
        int limit = (int) Math.min(count, SCAN_PAGE_LIMIT);
        List<byte[]> page = t.scanKeys(from, true, limit);
        List<byte[]> out = new ArrayList<>(page.size());
        for (byte[] k : page) {
            if ((match == null || Glob.matches(match, k)) && (type == null || t.type(k) == type)) {
                out.add(k);
            }
        }
        String next = page.size() < limit ? "0" : Long.toString(c.server().issueCursor(page.get(page.size() - 1)));
        return RespValue.array(List.of(RespValue.bulk(next), Replies.bulks(out)));
    }

    /** The key after which a SCAN cursor resumes; null to start at the first key. */
    static byte[] cursorStart(CommandContext c, byte[] cursor) {
        long id;
        try {
            id = CommandContext.parseLong(cursor);
        } catch (InvalidRequestException e) {
            throw new InvalidRequestException("ERR invalid cursor");
        }
        if (id == 0) {
            return null;
        }
        byte[] key = c.server().resumeCursor(id);
        if (key == null) {
            throw new InvalidRequestException("ERR invalid cursor");
        }
        return key;
    }

    private static ValueType typeNamed(String name) {
        for (ValueType v : ValueType.values()) {
            if (v != ValueType.NONE && v.redisName().equalsIgnoreCase(name)) {
                return v;
            }
        }
        return ValueType.NONE; // an unknown type matches nothing, as in Redis
    }

    private static RespValue expire(Txn t, CommandContext c, long unitMillis, boolean absolute) {
        long amount = c.integer(2);
        boolean nx = false;
        boolean xx = false;
        boolean gt = false;
        boolean lt = false;
        for (int i = 3; i < c.argc(); i++) {
            switch (c.option(i)) {
                case "NX" -> nx = true;
                case "XX" -> xx = true;
                case "GT" -> gt = true;
                case "LT" -> lt = true;
                default -> throw new InvalidRequestException("ERR Unsupported option " + c.string(i));
            }
        }
        if (nx && (xx || gt || lt)) {
            throw new InvalidRequestException("ERR NX and XX, GT or LT options at the same time are not compatible");
        }
        if (gt && lt) {
            throw new InvalidRequestException("ERR GT and LT options at the same time are not compatible");
        }
        long at;
        try {
            long millis = Math.multiplyExact(amount, unitMillis);
            at = absolute ? millis : Math.addExact(t.now(), millis);
        } catch (ArithmeticException e) {
            throw invalidExpire(c);
        }
        if (at <= 0 && !absolute && amount > 0) {
            throw invalidExpire(c);
        }
        byte[] key = c.arg(1);
        long current = t.expireAt(key);
        if (current == Txn.ABSENT) {
            return RespValue.ZERO;
        }
        boolean hasTtl = current != Txn.NO_EXPIRY;
        if (nx && hasTtl || xx && !hasTtl) {
            return RespValue.ZERO;
        }
        // A key without expiry counts as an infinite TTL for GT and LT.
        if (gt && (!hasTtl || at <= current) || lt && hasTtl && at >= current) {
            return RespValue.ZERO;
        }
        t.expireAt(key, Math.max(at, 1));
        return RespValue.ONE;
    }

    static InvalidRequestException invalidExpire(CommandContext c) {
        return new InvalidRequestException("ERR invalid expire time in '" + c.spec().name() + "' command");
    }

    private static RespValue ttl(Txn t, CommandContext c, boolean millis, boolean absolute) {
        long at = t.expireAt(c.arg(1));
        if (at == Txn.ABSENT || at == Txn.NO_EXPIRY) {
            return RespValue.integer(at);
        }
        if (absolute) {
            return RespValue.integer(millis ? at : (at + 500) / 1000); // rounded, as Redis does
        }
        long left = Math.max(0, at - t.now());
        return RespValue.integer(millis ? left : (left + 500) / 1000);
    }

    /**
     * {@code KEYRANGE start count [WITHVALUES]}: up to {@code count} keys from {@code start} on, in
     * key order; with WITHVALUES each key is followed by its value, as the type's read command
     * answers it (GET, HGETALL, ZRANGE 0 -1 WITHSCORES, JSON.GET), so that a range of records takes
     * one round trip.
     */
    private static RespValue keyrange(Txn t, CommandContext c) {
        long count = c.integer(2);
        if (count < 0) {
            throw new InvalidRequestException("ERR count must be >= 0");
        }
        boolean withValues = false;
        if (c.argc() == 4 && c.option(3).equals("WITHVALUES")) {
            withValues = true;
        } else if (c.argc() != 3) {
            throw new InvalidRequestException(CommandContext.SYNTAX);
        }
        byte[] start = c.arg(1);
        List<byte[]> keys = t.scanKeys(start.length == 0 ? null : start, false, (int) Math.min(count, SCAN_PAGE_LIMIT));
        if (!withValues) {
            return Replies.bulks(keys);
        }
        List<RespValue> out = new ArrayList<>(keys.size() * 2);
        for (byte[] k : keys) {
            out.add(RespValue.bulk(k));
            out.add(valueOf(t, k, c));
        }
        return RespValue.array(out);
    }

    private static RespValue valueOf(Txn t, byte[] key, CommandContext c) {
        return switch (t.type(key)) {
            case STRING -> RespValue.bulk(t.get(key));
            case HASH -> Replies.fieldMap(t.hashFields(key));
            case ZSET -> Replies.scored(t.zrangeByRank(key, 0, -1), true, c.session().protocol());
            case JSON -> io.cairn.server.command.json.JsonCommands.wholeDocument(t, c, key);
            case NONE -> RespValue.NULL;
        };
    }

    private static byte[] literalPrefix(byte[] pattern) {
        int n = 0;
        while (n < pattern.length && "*?[\\".indexOf(pattern[n]) < 0) {
            n++;
        }
        return Arrays.copyOf(pattern, n);
    }

    private static boolean startsWith(byte[] k, byte[] prefix) {
        return k.length >= prefix.length && Arrays.equals(k, 0, prefix.length, prefix, 0, prefix.length);
    }

    static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }
}
