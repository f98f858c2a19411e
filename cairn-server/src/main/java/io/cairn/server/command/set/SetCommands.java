package io.cairn.server.command.set;

import io.cairn.common.InvalidRequestException;
import io.cairn.server.command.CollectionScan;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Commands;
import io.cairn.server.command.Operation;
import io.cairn.storage.engine.ValueType;
import java.util.Arrays;

/**
 * The set commands (SADD SREM SMEMBERS SISMEMBER SMISMEMBER SCARD SPOP SRANDMEMBER SMOVE SINTER
 * SINTERCARD SINTERSTORE SUNION SUNIONSTORE SDIFF SDIFFSTORE SSCAN) with Redis 7.2's options,
 * replies and error texts: arguments are parsed and checked here, before the store's lock, into
 * {@link SetReads} and {@link SetWrites} records, in the order Redis checks them (a count before
 * the key; SSCAN's options after it, see {@link CollectionScan}). Stateless.
 */
public final class SetCommands {
    /** Bytes of client output one SRANDMEMBER pick is allowed, at the least, when bounding repeats. */
    static final int BYTES_PER_PICK = 64;

    private SetCommands() {
    }

    public static void register(Commands.Registrar r) {
        r.data("sadd", c -> new SetWrites.Add(c.arg(1), rest(c, 2)));
        r.data("srem", c -> new SetWrites.Remove(c.arg(1), rest(c, 2)));
        r.data("smembers", c -> new SetReads.Members(c.arg(1)));
        r.data("sismember", c -> new SetReads.IsMember(c.arg(1), c.arg(2)));
        r.data("smismember", c -> new SetReads.MisMember(c.arg(1), rest(c, 2)));
        r.data("scard", c -> new SetReads.Card(c.arg(1)));
        r.data("spop", SetCommands::spop);
        r.data("srandmember", SetCommands::srandmember);
        r.data("smove", c -> new SetWrites.Move(c.arg(1), c.arg(2), c.arg(3)));
        r.data("sinter", c -> new SetReads.Combine(Algebra.INTER, rest(c, 1)));
        r.data("sunion", c -> new SetReads.Combine(Algebra.UNION, rest(c, 1)));
        r.data("sdiff", c -> new SetReads.Combine(Algebra.DIFF, rest(c, 1)));
        r.data("sinterstore", c -> new SetWrites.Store(Algebra.INTER, c.arg(1), rest(c, 2)));
        r.data("sunionstore", c -> new SetWrites.Store(Algebra.UNION, c.arg(1), rest(c, 2)));
        r.data("sdiffstore", c -> new SetWrites.Store(Algebra.DIFF, c.arg(1), rest(c, 2)));
        r.data("sintercard", SetCommands::sintercard);
        r.data("sscan", c -> CollectionScan.parse(c, ValueType.SET, false));
    }

    /** An integer argument; anything else is refused with {@code message}, as Redis words it for this argument. */
    private static long integer(CommandContext c, int i, String message) {
        try {
            return c.integer(i);
        } catch (InvalidRequestException e) {
            throw new InvalidRequestException(message);
        }
    }

    private static byte[][] rest(CommandContext c, int from) {
        return Arrays.copyOfRange(c.args(), from, c.argc());
    }

    /** SPOP key [count]: a count must be a non-negative integer; more arguments are a syntax error. */
    private static Operation spop(CommandContext c) {
        if (c.argc() > 3) {
            throw new InvalidRequestException(CommandContext.SYNTAX);
        }
        if (c.argc() == 2) {
            return new SetWrites.Pop(c.arg(1), c.server().random());
        }
        long count = integer(c, 2, "ERR value is out of range, must be positive");
        if (count < 0) {
            throw new InvalidRequestException("ERR value is out of range, must be positive");
        }
        return new SetWrites.PopCount(c.arg(1), count, c.server().random());
    }

    /**
     * SRANDMEMBER key [count]: any count but -2^63 (Redis's range is -(2^63 - 1) .. 2^63 - 1). A
     * negative count asks for that many picks; more than client-output-buffer-limit /
     * {@value #BYTES_PER_PICK} are refused when the set exists (see {@link SetReads.RandomMembers}).
     */
    private static Operation srandmember(CommandContext c) {
        if (c.argc() > 3) {
            throw new InvalidRequestException(CommandContext.SYNTAX);
        }
        if (c.argc() == 2) {
            return new SetReads.RandomMember(c.arg(1), c.server().random());
        }
        long count = c.integer(2);
        if (count == Long.MIN_VALUE) {
            throw new InvalidRequestException("ERR value is out of range, value must between "
                    + -Long.MAX_VALUE + " and " + Long.MAX_VALUE);
        }
        long mostPicks = Math.max(1, c.server().outputBufferLimits().normal().hardOrMax() / BYTES_PER_PICK);
        return new SetReads.RandomMembers(c.arg(1), count, mostPicks, c.server().random());
    }

    /** SINTERCARD numkeys key [key ...] [LIMIT limit], checked in Redis's order and words. */
    private static Operation sintercard(CommandContext c) {
        long numkeys = integer(c, 1, "ERR numkeys should be greater than 0");
        if (numkeys < 1) {
            throw new InvalidRequestException("ERR numkeys should be greater than 0");
        }
        if (numkeys > c.argc() - 2) {
            throw new InvalidRequestException("ERR Number of keys can't be greater than number of args");
        }
        int end = 2 + (int) numkeys;
        long limit = 0;
        for (int i = end; i < c.argc(); i++) {
            if (c.option(i).equals("LIMIT") && i + 1 < c.argc()) {
                limit = integer(c, ++i, "ERR LIMIT can't be negative");
                if (limit < 0) {
                    throw new InvalidRequestException("ERR LIMIT can't be negative");
                }
            } else {
                throw new InvalidRequestException(CommandContext.SYNTAX);
            }
        }
        return new SetReads.InterCard(Arrays.copyOfRange(c.args(), 2, end), limit);
    }
}
