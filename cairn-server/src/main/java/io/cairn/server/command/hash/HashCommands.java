package io.cairn.server.command.hash;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.command.CollectionScan;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Commands;
import io.cairn.storage.engine.Txn;
import io.cairn.storage.engine.ValueType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The hash commands (HSET ... HRANDFIELD) with Redis 7.2's options, replies and error texts, as
 * typed operations: each command's arguments are parsed and checked here, before the store's lock,
 * into a {@link HashReads} or {@link HashWrites} record that runs inside it, in the order Redis
 * checks them, so a command that fails changes nothing. Type errors come from {@link Txn} itself.
 *
 * <p>HSCAN pages with the engine's cursors ({@link CollectionScan}).
 */
public final class HashCommands {
    private static final String INCREMENT_NAN_OR_INFINITY = "ERR value is NaN or Infinity";

    private HashCommands() {
    }

    public static void register(Commands.Registrar r) {
        r.data("hset", c -> hset(c, false));
        r.data("hmset", c -> hset(c, true));
        r.data("hsetnx", c -> new HashWrites.HSetNx(c.arg(1), c.arg(2), c.arg(3)));
        r.data("hget", c -> new HashReads.HGet(c.arg(1), c.arg(2)));
        r.data("hmget", c -> new HashReads.HMGet(c.arg(1), List.of(c.args()).subList(2, c.argc())));
        r.data("hgetall", c -> new HashReads.HGetAll(c.arg(1)));
        r.data("hdel", c -> new HashWrites.HDel(c.arg(1), List.of(c.args()).subList(2, c.argc())));
        r.data("hlen", c -> new HashReads.HLen(c.arg(1)));
        r.data("hexists", c -> new HashReads.HExists(c.arg(1), c.arg(2)));
        r.data("hkeys", c -> new HashReads.Column(c.arg(1), false));
        r.data("hvals", c -> new HashReads.Column(c.arg(1), true));
        r.data("hincrby", c -> new HashWrites.HIncrBy(c.arg(1), c.arg(2), c.integer(3)));
        r.data("hincrbyfloat", c -> {
            double increment = c.longDouble(3);
            if (Double.isInfinite(increment)) {
                throw new InvalidRequestException(INCREMENT_NAN_OR_INFINITY);
            }
            return new HashWrites.HIncrByFloat(c.arg(1), c.arg(2), increment);
        });
        r.data("hstrlen", c -> new HashReads.HStrLen(c.arg(1), c.arg(2)));
        r.data("hscan", c -> CollectionScan.parse(c, ValueType.HASH, true));
        r.data("hrandfield", HashCommands::hrandfield);
    }

    /** HSET / HMSET key field value [field value ...]: the pairs are counted before the lock. */
    private static HashWrites.HSet hset(CommandContext c, boolean ok) {
        if (c.argc() % 2 != 0) {
            throw new InvalidRequestException("ERR wrong number of arguments for '" + c.spec().name() + "' command");
        }
        List<byte[]> fields = new ArrayList<>(c.argc() / 2);
        List<byte[]> values = new ArrayList<>(c.argc() / 2);
        for (int i = 2; i < c.argc(); i += 2) {
            fields.add(c.arg(i));
            values.add(c.arg(i + 1));
        }
        return new HashWrites.HSet(c.arg(1), fields, values, ok);
    }

    /** Bytes of client output one HRANDFIELD pick is allowed, at the least, when bounding repeats (as SRANDMEMBER's). */
    static final int BYTES_PER_PICK = 64;

    /**
     * HRANDFIELD key [count [WITHVALUES]]: the count and its range are checked before the lock, as
     * Redis does; more than client-output-buffer-limit / {@value #BYTES_PER_PICK} repeats are
     * refused once the hash is known to exist (see {@link HashReads.HRandField}).
     */
    private static HashReads.HRandField hrandfield(CommandContext c) {
        if (c.argc() == 2) {
            return new HashReads.HRandField(c.arg(1), null, false, 0, c.server().random(), c.session().protocol());
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
        long mostPicks = Math.max(1, c.server().outputBufferLimits().normal().hardOrMax() / BYTES_PER_PICK);
        return new HashReads.HRandField(c.arg(1), count, withValues, mostPicks, c.server().random(), c.session().protocol());
    }
}
