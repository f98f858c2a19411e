package io.cairn.server.command.keys;

import io.cairn.common.InvalidRequestException;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Commands;
import io.cairn.storage.engine.ValueType;
import java.util.Arrays;
import java.util.List;

/**
 * The generic key commands (DEL, UNLINK, TOUCH, EXISTS, TYPE, RENAME(NX), KEYS, SCAN, the EXPIRE and TTL
 * families, PERSIST, RANDOMKEY, COPY, KEYRANGE) as typed operations: arguments are parsed and
 * checked here, before the store's lock, into {@link KeyReads} and {@link KeyWrites} records, in
 * the order Redis 7.2 checks them. Stateless.
 */
public final class KeyCommands {
    private KeyCommands() {
    }

    public static void register(Commands.Registrar r) {
        r.data("del", c -> new KeyWrites.Del(keys(c, 1)));
        r.data("unlink", c -> new KeyWrites.Del(keys(c, 1)));
        r.data("touch", Touch::parse);
        r.data("exists", c -> new KeyReads.Exists(keys(c, 1)));
        r.data("type", c -> new KeyReads.Type(c.arg(1)));
        r.data("rename", c -> new KeyWrites.Rename(c.arg(1), c.arg(2), false));
        r.data("renamenx", c -> new KeyWrites.Rename(c.arg(1), c.arg(2), true));
        r.data("keys", c -> new KeyReads.Keys(c.arg(1)));
        r.data("scan", KeyCommands::scan);
        r.data("expire", c -> expire(c, 1000, false));
        r.data("pexpire", c -> expire(c, 1, false));
        r.data("expireat", c -> expire(c, 1000, true));
        r.data("pexpireat", c -> expire(c, 1, true));
        r.data("ttl", c -> new KeyReads.Ttl(c.arg(1), false, false));
        r.data("pttl", c -> new KeyReads.Ttl(c.arg(1), true, false));
        r.data("expiretime", c -> new KeyReads.Ttl(c.arg(1), false, true));
        r.data("pexpiretime", c -> new KeyReads.Ttl(c.arg(1), true, true));
        r.data("persist", c -> new KeyWrites.Persist(c.arg(1)));
        r.data("randomkey", c -> new KeyReads.RandomKey(c.server().random()));
        r.data("copy", KeyCommands::copy);
        r.data("keyrange", KeyCommands::keyrange);
        r.data("dump", c -> new DumpRestore.Dump(c.arg(1)));
        r.data("restore", DumpRestore.Restore::parse);
    }

    private static List<byte[]> keys(CommandContext c, int from) {
        return List.of(c.args()).subList(from, c.argc());
    }

    /** SCAN cursor [MATCH pattern] [COUNT count] [TYPE type]: the cursor first, then the options, as Redis reads them. */
    private static KeyReads.Scan scan(CommandContext c) {
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
        return new KeyReads.Scan(from, match, (int) Math.min(count, KeyReads.PAGE_LIMIT), type, c.server()::issueCursor);
    }

    /** The key after which a SCAN cursor resumes; null to start at the first key. */
    private static byte[] cursorStart(CommandContext c, byte[] cursor) {
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

    /** The EXPIRE family: the options first, then the number and its unit conversion, as Redis checks them. */
    private static KeyWrites.Expire expire(CommandContext c, long unitMillis, boolean absolute) {
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
        long amount = c.integer(2);
        if (unitMillis == 1000 && (amount > Long.MAX_VALUE / 1000 || amount < Long.MIN_VALUE / 1000)) {
            throw invalidExpire(c.spec().name());
        }
        return new KeyWrites.Expire(c.arg(1), amount * unitMillis, absolute, nx, xx, gt, lt, c.spec().name());
    }

    static InvalidRequestException invalidExpire(String command) {
        return new InvalidRequestException("ERR invalid expire time in '" + command + "' command");
    }

    /** COPY source destination [DB destination-db] [REPLACE]: Cairn has database 0 only. */
    private static KeyWrites.Copy copy(CommandContext c) {
        boolean replace = false;
        int db = KeyWrites.Copy.SAME_DB;
        for (int i = 3; i < c.argc(); i++) {
            String o = c.option(i);
            if (o.equals("REPLACE")) {
                replace = true;
            } else if (o.equals("DB") && i + 1 < c.argc()) {
                db = c.database(++i);
            } else {
                throw new InvalidRequestException(CommandContext.SYNTAX);
            }
        }
        return new KeyWrites.Copy(c.arg(1), c.arg(2), db, replace);
    }

    /** KEYRANGE start count [WITHVALUES]; an empty start means the first key. */
    private static KeyReads.KeyRange keyrange(CommandContext c) {
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
        return new KeyReads.KeyRange(start.length == 0 ? null : start, (int) Math.min(count, KeyReads.PAGE_LIMIT),
                withValues, c.session().protocol(), c.server().jsonLimits());
    }
}
