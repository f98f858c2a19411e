package io.cairn.server.command.hash;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespEncoder;
import io.cairn.resp.RespValue;
import io.cairn.server.command.CollectionScan;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Commands;
import io.cairn.server.command.Replies;
import io.cairn.storage.engine.Txn;
import io.cairn.storage.engine.ValueType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * The hash commands (HSET ... HRANDFIELD) with Redis 7.2's options, replies and error texts.
 *
 * <p>Every handler is a stateless {@link io.cairn.server.command.DataCommand} run under the
 * store's lock; each parses and checks all its arguments before its first write, so a command
 * that fails changes nothing. Type errors come from {@link Txn} itself.
 *
 * <p>HSCAN pages with the engine's cursors ({@link CollectionScan}).
 */
public final class HashCommands {
    static final String HASH_NOT_INTEGER = "ERR hash value is not an integer";
    static final String HASH_NOT_FLOAT = "ERR hash value is not a float";
    static final String OVERFLOW = "ERR increment or decrement would overflow";
    static final String NAN_OR_INFINITY = "ERR increment would produce NaN or Infinity";
    static final String INCREMENT_NAN_OR_INFINITY = "ERR value is NaN or Infinity";

    private HashCommands() {
    }

    public static void register(Commands.Registrar r) {
        r.inline("hset", (t, c) -> RespValue.integer(setPairs(t, c, "hset")));
        r.inline("hmset", (t, c) -> {
            setPairs(t, c, "hmset");
            return RespValue.OK;
        });
        r.inline("hsetnx", HashCommands::hsetnx);
        r.inline("hget", (t, c) -> RespValue.bulk(t.hget(c.arg(1), c.arg(2))));
        r.inline("hmget", HashCommands::hmget);
        r.inline("hgetall", HashCommands::hgetall);
        r.inline("hdel", HashCommands::hdel);
        r.inline("hlen", (t, c) -> RespValue.integer(t.hlen(c.arg(1))));
        r.inline("hexists", (t, c) -> RespValue.integer(t.hget(c.arg(1), c.arg(2)) == null ? 0 : 1));
        r.inline("hkeys", (t, c) -> column(t.hgetAll(c.arg(1)), true));
        r.inline("hvals", (t, c) -> column(t.hgetAll(c.arg(1)), false));
        r.inline("hincrby", HashCommands::hincrby);
        r.inline("hincrbyfloat", HashCommands::hincrbyfloat);
        r.inline("hstrlen", (t, c) -> {
            byte[] v = t.hget(c.arg(1), c.arg(2));
            return RespValue.integer(v == null ? 0 : v.length);
        });
        r.data("hscan", c -> CollectionScan.parse(c, ValueType.HASH, true));
        r.inline("hrandfield", HashCommands::hrandfield);
    }

    /** HSET / HMSET key field value [field value ...]; returns how many fields are new. */
    private static long setPairs(Txn t, CommandContext c, String name) {
        if (c.argc() % 2 != 0) {
            throw new InvalidRequestException("ERR wrong number of arguments for '" + name + "' command");
        }
        long added = 0;
        for (int i = 2; i < c.argc(); i += 2) {
            if (t.hset(c.arg(1), c.arg(i), c.arg(i + 1))) {
                added++;
            }
        }
        return added;
    }

    private static RespValue hsetnx(Txn t, CommandContext c) {
        if (t.hget(c.arg(1), c.arg(2)) != null) {
            return RespValue.ZERO;
        }
        t.hset(c.arg(1), c.arg(2), c.arg(3));
        return RespValue.ONE;
    }

    private static RespValue hmget(Txn t, CommandContext c) {
        List<RespValue> out = new ArrayList<>(c.argc() - 2);
        for (int i = 2; i < c.argc(); i++) {
            out.add(RespValue.bulk(t.hget(c.arg(1), c.arg(i))));
        }
        return RespValue.array(out);
    }

    private static RespValue hdel(Txn t, CommandContext c) {
        long removed = 0;
        for (int i = 2; i < c.argc(); i++) {
            if (t.hdel(c.arg(1), c.arg(i))) {
                removed++;
            }
        }
        return RespValue.integer(removed);
    }

    /** HKEYS (fields) or HVALS (values). */
    /**
     * HGETALL without copying values or making a RespValue per element: the reply refers to the
     * stored field names and value arrays (stored hash values are never changed in place).
     */
    private static RespValue hgetall(Txn t, CommandContext c) {
        return Replies.fieldMap(t.hashFields(c.arg(1)));
    }

    private static RespValue column(List<Map.Entry<byte[], byte[]>> entries, boolean keys) {
        List<RespValue> out = new ArrayList<>(entries.size());
        for (Map.Entry<byte[], byte[]> e : entries) {
            out.add(RespValue.bulk(keys ? e.getKey() : e.getValue()));
        }
        return RespValue.array(out);
    }

    private static RespValue hincrby(Txn t, CommandContext c) {
        long increment = c.integer(3);
        byte[] current = t.hget(c.arg(1), c.arg(2));
        long value = 0;
        if (current != null) {
            try {
                value = CommandContext.parseLong(current);
            } catch (InvalidRequestException e) {
                throw new InvalidRequestException(HASH_NOT_INTEGER);
            }
        }
        long result;
        try {
            result = Math.addExact(value, increment);
        } catch (ArithmeticException e) {
            throw new InvalidRequestException(OVERFLOW);
        }
        t.hset(c.arg(1), c.arg(2), Long.toString(result).getBytes(StandardCharsets.US_ASCII));
        return RespValue.integer(result);
    }

    /** Stores and replies with the same text, so the reply is what a later HGET returns. */
    private static RespValue hincrbyfloat(Txn t, CommandContext c) {
        double increment = c.number(3);
        if (Double.isInfinite(increment)) {
            throw new InvalidRequestException(INCREMENT_NAN_OR_INFINITY);
        }
        byte[] current = t.hget(c.arg(1), c.arg(2));
        double value = 0;
        if (current != null) {
            try {
                value = CommandContext.parseDouble(current);
            } catch (InvalidRequestException e) {
                throw new InvalidRequestException(HASH_NOT_FLOAT);
            }
        }
        double result = value + increment;
        if (Double.isNaN(result) || Double.isInfinite(result)) {
            throw new InvalidRequestException(NAN_OR_INFINITY);
        }
        byte[] text = RespEncoder.formatDouble(result).getBytes(StandardCharsets.US_ASCII);
        t.hset(c.arg(1), c.arg(2), text);
        return RespValue.bulk(text);
    }

    /** HRANDFIELD key [count [WITHVALUES]]; a negative count allows repeats. */
    private static RespValue hrandfield(Txn t, CommandContext c) {
        if (c.argc() == 2) {
            List<Map.Entry<byte[], byte[]>> entries = t.hgetAll(c.arg(1));
            if (entries.isEmpty()) {
                return RespValue.NULL;
            }
            return RespValue.bulk(entries.get(c.server().random().nextInt(entries.size())).getKey());
        }
        long count = c.integer(2);
        if (count == Long.MIN_VALUE) {
            throw new InvalidRequestException("ERR value is out of range, value must between "
                    + -Long.MAX_VALUE + " and " + Long.MAX_VALUE);
        }
        boolean withValues = false;
        if (c.argc() > 4 || c.argc() == 4 && !c.option(3).equals("WITHVALUES")) {
            throw new InvalidRequestException(CommandContext.SYNTAX);
        } else if (c.argc() == 4) {
            withValues = true;
            if (count < -Long.MAX_VALUE / 2 || count > Long.MAX_VALUE / 2) {
                throw new InvalidRequestException("ERR value is out of range");
            }
        }
        List<Map.Entry<byte[], byte[]>> entries = t.hgetAll(c.arg(1));
        if (count == 0 || entries.isEmpty()) {
            return RespValue.EMPTY_ARRAY;
        }
        List<Map.Entry<byte[], byte[]>> picked = count < 0
                ? withRepeats(entries, -count, c.server().random())
                : distinct(entries, count, c.server().random());
        return fieldsReply(picked, withValues, c.session().protocol());
    }

    private static List<Map.Entry<byte[], byte[]>> withRepeats(
            List<Map.Entry<byte[], byte[]>> entries, long count, RandomGenerator random) {
        List<Map.Entry<byte[], byte[]>> out = new ArrayList<>();
        for (long i = 0; i < count; i++) {
            out.add(entries.get(random.nextInt(entries.size())));
        }
        return out;
    }

    /** {@code count} distinct entries (all of them when the hash is no larger), by partial shuffle. */
    private static List<Map.Entry<byte[], byte[]>> distinct(
            List<Map.Entry<byte[], byte[]>> entries, long count, RandomGenerator random) {
        if (count >= entries.size()) {
            return entries;
        }
        List<Map.Entry<byte[], byte[]>> pool = new ArrayList<>(entries);
        for (int i = 0; i < count; i++) {
            Collections.swap(pool, i, i + random.nextInt(pool.size() - i));
        }
        return pool.subList(0, (int) count);
    }

    /** Fields, or with values: flat in RESP2, [field, value] pairs in RESP3, as Redis replies. */
    private static RespValue fieldsReply(List<Map.Entry<byte[], byte[]>> entries, boolean withValues, int protocol) {
        List<RespValue> out = new ArrayList<>(entries.size() * (withValues && protocol == 2 ? 2 : 1));
        for (Map.Entry<byte[], byte[]> e : entries) {
            RespValue field = RespValue.bulk(e.getKey());
            if (!withValues) {
                out.add(field);
            } else if (protocol == 2) {
                out.add(field);
                out.add(RespValue.bulk(e.getValue()));
            } else {
                out.add(RespValue.array(List.of(field, RespValue.bulk(e.getValue()))));
            }
        }
        return RespValue.array(out);
    }
}
