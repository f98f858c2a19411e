package io.cairn.server.command.string;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespEncoder;
import io.cairn.resp.RespValue;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Commands;
import io.cairn.storage.engine.Txn;
import io.cairn.storage.engine.ValueType;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The string family. Every handler parses all options before it writes anything. */
public final class StringCommands {
    private static final String OVERFLOW = "ERR increment or decrement would overflow";

    private StringCommands() {
    }

    public static void register(Commands.Registrar r) {
        r.inline("get", (t, c) -> hit(c, t.get(c.arg(1))));
        r.inline("set", StringCommands::set);
        r.inline("setnx", (t, c) -> {
            if (t.exists(c.arg(1))) {
                return RespValue.ZERO;
            }
            t.set(c.arg(1), c.arg(2), 0);
            return RespValue.ONE;
        });
        r.inline("setex", (t, c) -> setWithTtl(t, c, 1000));
        r.inline("psetex", (t, c) -> setWithTtl(t, c, 1));
        r.inline("getset", (t, c) -> {
            byte[] old = t.get(c.arg(1));
            t.set(c.arg(1), c.arg(2), 0);
            return RespValue.bulk(old);
        });
        r.inline("getdel", (t, c) -> {
            byte[] old = t.get(c.arg(1));
            if (old != null) {
                t.delete(c.arg(1));
            }
            return RespValue.bulk(old);
        });
        r.inline("getex", StringCommands::getex);
        r.inline("mget", (t, c) -> {
            List<RespValue> out = new ArrayList<>(c.argc() - 1);
            for (int i = 1; i < c.argc(); i++) {
                byte[] k = c.arg(i);
                out.add(t.type(k) == ValueType.STRING ? RespValue.bulk(t.get(k)) : RespValue.NULL);
            }
            return RespValue.array(out);
        });
        r.inline("mset", (t, c) -> {
            pairs(c, "mset");
            for (int i = 1; i < c.argc(); i += 2) {
                t.set(c.arg(i), c.arg(i + 1), 0);
            }
            return RespValue.OK;
        });
        r.inline("msetnx", (t, c) -> {
            pairs(c, "msetnx");
            for (int i = 1; i < c.argc(); i += 2) {
                if (t.exists(c.arg(i))) {
                    return RespValue.ZERO;
                }
            }
            for (int i = 1; i < c.argc(); i += 2) {
                t.set(c.arg(i), c.arg(i + 1), 0);
            }
            return RespValue.ONE;
        });
        r.inline("incr", (t, c) -> incrBy(t, c, 1));
        r.inline("decr", (t, c) -> incrBy(t, c, -1));
        r.inline("incrby", (t, c) -> incrBy(t, c, c.integer(2)));
        r.inline("decrby", (t, c) -> {
            long d = c.integer(2);
            if (d == Long.MIN_VALUE) {
                throw new InvalidRequestException("ERR decrement would overflow");
            }
            return incrBy(t, c, -d);
        });
        r.inline("incrbyfloat", StringCommands::incrByFloat);
        r.inline("append", (t, c) -> {
            // logged as the bytes appended (a range at the old end), not the whole value
            long length = t.strings().length(c.arg(1));
            byte[] add = c.arg(2);
            checkSize(c, length + add.length);
            return RespValue.integer(t.strings().setRange(c.arg(1), length, add));
        });
        r.inline("strlen", (t, c) -> RespValue.integer(t.strings().length(c.arg(1))));
        r.inline("getrange", StringCommands::getrange);
        r.inline("setrange", StringCommands::setrange);
    }

    private static RespValue hit(CommandContext c, byte[] v) {
        c.server().stats().hit(v != null);
        return RespValue.bulk(v);
    }

    /** SET key value [NX|XX] [GET] [EX s|PX ms|EXAT s|PXAT ms|KEEPTTL]. */
    private static RespValue set(Txn t, CommandContext c) {
        boolean nx = false;
        boolean xx = false;
        boolean get = false;
        boolean keepTtl = false;
        long expireAt = 0;
        String unit = null;
        for (int i = 3; i < c.argc(); i++) {
            String o = c.option(i);
            switch (o) {
                case "NX" -> nx = true;
                case "XX" -> xx = true;
                case "GET" -> get = true;
                case "KEEPTTL" -> {
                    if (unit != null) {
                        throw syntax();
                    }
                    keepTtl = true;
                }
                case "EX", "PX", "EXAT", "PXAT" -> {
                    // The same option again is allowed (the last wins); two different ones are not.
                    if (unit != null && !unit.equals(o) || keepTtl || i + 1 >= c.argc()) {
                        throw syntax();
                    }
                    unit = o;
                    expireAt = deadline(t, c, o, c.integer(++i));
                }
                default -> throw syntax();
            }
        }
        if (nx && xx) {
            throw syntax();
        }
        byte[] key = c.arg(1);
        byte[] old = null;
        if (get) {
            old = t.get(key); // WRONGTYPE when the key holds something else
        }
        if (nx || xx) {
            boolean exists = t.exists(key);
            if (nx && exists || xx && !exists) {
                return get ? RespValue.bulk(old) : RespValue.NULL;
            }
        }
        if (keepTtl) {
            long current = t.expireAt(key);
            expireAt = current > 0 ? current : 0;
        }
        t.set(key, c.arg(2), expireAt);
        return get ? RespValue.bulk(old) : RespValue.OK;
    }

    /** Absolute deadline in ms for EX/PX/EXAT/PXAT with Redis's range checks. */
    private static long deadline(Txn t, CommandContext c, String unit, long amount) {
        if (amount <= 0) {
            throw invalidExpire(c);
        }
        try {
            return switch (unit) {
                case "EX" -> Math.addExact(t.now(), Math.multiplyExact(amount, 1000L));
                case "PX" -> Math.addExact(t.now(), amount);
                case "EXAT" -> Math.multiplyExact(amount, 1000L);
                default -> amount;
            };
        } catch (ArithmeticException e) {
            throw invalidExpire(c);
        }
    }

    private static RespValue setWithTtl(Txn t, CommandContext c, long unitMillis) {
        long amount = c.integer(2);
        if (amount <= 0) {
            throw invalidExpire(c);
        }
        long at;
        try {
            at = Math.addExact(t.now(), Math.multiplyExact(amount, unitMillis));
        } catch (ArithmeticException e) {
            throw invalidExpire(c);
        }
        t.set(c.arg(1), c.arg(3), at);
        return RespValue.OK;
    }

    /**
     * GETEX key [EX s|PX ms|EXAT s|PXAT ms|PERSIST]. The syntax is checked first, then the key is
     * read, and only for an existing key is the time checked, as Redis orders it.
     */
    private static RespValue getex(Txn t, CommandContext c) {
        String unit = null;
        long amount = 0;
        boolean persist = false;
        for (int i = 2; i < c.argc(); i++) {
            String o = c.option(i);
            if (o.equals("PERSIST") && unit == null) {
                persist = true;
            } else if ((o.equals("EX") || o.equals("PX") || o.equals("EXAT") || o.equals("PXAT"))
                    && (unit == null || unit.equals(o)) && !persist && i + 1 < c.argc()) {
                unit = o;
                amount = c.integer(++i);
            } else {
                throw syntax();
            }
        }
        byte[] v = t.get(c.arg(1));
        if (v != null) {
            if (persist) {
                t.persist(c.arg(1));
            } else if (unit != null) {
                t.expireAt(c.arg(1), deadline(t, c, unit, amount));
            }
        }
        return hit(c, v);
    }

    private static RespValue incrBy(Txn t, CommandContext c, long delta) {
        byte[] key = c.arg(1);
        byte[] old = t.get(key);
        long v = 0;
        if (old != null) {
            try {
                v = CommandContext.parseLong(old);
            } catch (InvalidRequestException e) {
                throw new InvalidRequestException(CommandContext.NOT_INTEGER);
            }
        }
        long result;
        try {
            result = Math.addExact(v, delta);
        } catch (ArithmeticException e) {
            throw new InvalidRequestException(OVERFLOW);
        }
        keepTtlSet(t, key, Long.toString(result).getBytes(StandardCharsets.US_ASCII));
        return RespValue.integer(result);
    }

    private static RespValue incrByFloat(Txn t, CommandContext c) {
        byte[] key = c.arg(1);
        double delta = c.number(2);
        byte[] old = t.get(key);
        double v = 0;
        if (old != null) {
            try {
                v = CommandContext.parseDouble(old);
            } catch (InvalidRequestException e) {
                throw new InvalidRequestException(CommandContext.NOT_FLOAT);
            }
        }
        double result = v + delta;
        if (Double.isNaN(result) || Double.isInfinite(result)) {
            throw new InvalidRequestException("ERR increment would produce NaN or Infinity");
        }
        byte[] text = formatLongDouble(result).getBytes(StandardCharsets.US_ASCII);
        keepTtlSet(t, key, text);
        return RespValue.bulk(text);
    }

    /** INCRBYFLOAT prints like Redis's "%.17Lf" trimmed: plain decimal notation, no exponent. */
    static String formatLongDouble(double d) {
        String s = new BigDecimal(RespEncoder.formatDouble(d)).toPlainString();
        if (s.contains(".")) {
            s = s.replaceAll("0+$", "").replaceAll("\\.$", "");
        }
        return s.equals("-0") ? "0" : s;
    }

    private static RespValue getrange(Txn t, CommandContext c) {
        long start = c.integer(2);
        long end = c.integer(3);
        byte[] v = t.get(c.arg(1));
        if (v == null) {
            return RespValue.bulk(new byte[0]);
        }
        long n = v.length;
        if (start < 0 && end < 0 && start > end) {
            return RespValue.bulk(new byte[0]);
        }
        if (start < 0) {
            start = Math.max(0, n + start);
        }
        if (end < 0) {
            end = Math.max(0, n + end);
        }
        end = Math.min(end, n - 1);
        if (start > end || n == 0) {
            return RespValue.bulk(new byte[0]);
        }
        return RespValue.bulk(Arrays.copyOfRange(v, (int) start, (int) end + 1));
    }

    private static RespValue setrange(Txn t, CommandContext c) {
        long offset = c.integer(2);
        if (offset < 0) {
            throw new InvalidRequestException("ERR offset is out of range");
        }
        byte[] add = c.arg(3);
        byte[] key = c.arg(1);
        long length = t.strings().length(key);
        if (add.length == 0) {
            return RespValue.integer(length);
        }
        checkSize(c, offset + add.length);
        return RespValue.integer(t.strings().setRange(key, offset, add)); // logs only the bytes written
    }

    /** Replaces a string value keeping its expiry (INCR, APPEND, SETRANGE do not touch the TTL). */
    private static void keepTtlSet(Txn t, byte[] key, byte[] value) {
        long at = t.expireAt(key);
        t.set(key, value, at > 0 ? at : 0);
    }

    private static void checkSize(CommandContext c, long size) {
        if (size > c.server().config().protoMaxBulkLen()) {
            throw new InvalidRequestException("ERR string exceeds maximum allowed size (proto-max-bulk-len)");
        }
    }

    private static void pairs(CommandContext c, String name) {
        if ((c.argc() - 1) % 2 != 0) {
            throw new InvalidRequestException("ERR wrong number of arguments for '" + name + "' command");
        }
    }

    private static InvalidRequestException syntax() {
        return new InvalidRequestException(CommandContext.SYNTAX);
    }

    private static InvalidRequestException invalidExpire(CommandContext c) {
        return new InvalidRequestException("ERR invalid expire time in '" + c.spec().name() + "' command");
    }
}
