package io.cairn.server.command.string;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Commands;
import io.cairn.server.command.Parsed;
import java.util.ArrayList;
import java.util.List;

/**
 * The string family, as typed operations: each command's arguments are parsed and checked here,
 * before the store's lock, into a record of {@link StringReads}, {@link StringWrites} or
 * {@link StringEdits} that runs inside it. Refusals keep Redis 7.2's words and order: what Redis
 * checks before it looks at the key is refused here; what it checks after (the value's type, a
 * GETEX expiry, an INCRBYFLOAT increment) is refused by the operation. Stateless.
 */
public final class StringCommands {
    private StringCommands() {
    }

    public static void register(Commands.Registrar r) {
        r.data("get", c -> new StringReads.Get(c.arg(1), c.server().stats()));
        r.data("mget", c -> new StringReads.MGet(List.of(c.args()).subList(1, c.argc())));
        r.data("strlen", c -> new StringReads.StrLen(c.arg(1)));
        r.data("getrange", c -> new StringReads.GetRange(c.arg(1), c.integer(2), c.integer(3)));
        r.data("set", StringCommands::set);
        r.data("setnx", c -> new StringWrites.Set(c.arg(1), c.arg(2), true, false, false, false, null,
                RespValue.ONE, RespValue.ZERO));
        r.data("setex", c -> setWithExpiry(c, Expiry.Unit.EX));
        r.data("psetex", c -> setWithExpiry(c, Expiry.Unit.PX));
        r.data("getset", c -> new StringWrites.GetSet(c.arg(1), c.arg(2)));
        r.data("getdel", c -> new StringWrites.GetDel(c.arg(1)));
        r.data("getex", StringCommands::getex);
        r.data("mset", c -> mset(c, false));
        r.data("msetnx", c -> mset(c, true));
        r.data("incr", c -> new StringEdits.IncrBy(c.arg(1), 1));
        r.data("decr", c -> new StringEdits.IncrBy(c.arg(1), -1));
        r.data("incrby", c -> new StringEdits.IncrBy(c.arg(1), c.integer(2)));
        r.data("decrby", c -> {
            long d = c.integer(2);
            if (d == Long.MIN_VALUE) {
                throw new InvalidRequestException("ERR decrement would overflow");
            }
            return new StringEdits.IncrBy(c.arg(1), -d);
        });
        r.data("incrbyfloat", c -> new StringEdits.IncrByFloat(c.arg(1), Parsed.of(() -> c.longDouble(2))));
        r.data("append", c -> new StringEdits.Append(c.arg(1), c.arg(2), c.server().config().protoMaxBulkLen()));
        r.data("setrange", c -> {
            long offset = c.integer(2);
            if (offset < 0) {
                throw new InvalidRequestException("ERR offset is out of range");
            }
            return new StringEdits.SetRange(c.arg(1), offset, c.arg(3), c.server().config().protoMaxBulkLen());
        });
    }

    /** SET key value [NX|XX] [GET] [EX s|PX ms|EXAT s|PXAT ms|KEEPTTL]: the expiry is checked here, as Redis does before GET. */
    private static StringWrites.Set set(CommandContext c) {
        ExtendedOptions o = ExtendedOptions.forSet(c);
        Expiry expiry = o.unit() == null ? null : Expiry.parse(o.unit(), o.amount(), c.spec().name());
        return new StringWrites.Set(c.arg(1), c.arg(2), o.nx(), o.xx(), o.get(), o.keepTtl(), expiry,
                RespValue.OK, RespValue.NULL);
    }

    /** SETEX / PSETEX key amount value. */
    private static StringWrites.Set setWithExpiry(CommandContext c, Expiry.Unit unit) {
        Expiry expiry = Expiry.parse(unit, c.arg(2), c.spec().name());
        return new StringWrites.Set(c.arg(1), c.arg(3), false, false, false, false, expiry, RespValue.OK, RespValue.NULL);
    }

    /** GETEX key [EX s|PX ms|EXAT s|PXAT ms|PERSIST]: only the syntax is refused before the key is read. */
    private static StringWrites.GetEx getex(CommandContext c) {
        ExtendedOptions o = ExtendedOptions.forGet(c);
        Parsed<Expiry> expiry = o.unit() == null ? null
                : Parsed.of(() -> Expiry.parse(o.unit(), o.amount(), c.spec().name()));
        return new StringWrites.GetEx(c.arg(1), o.persist(), expiry, c.server().stats());
    }

    private static StringWrites.MSet mset(CommandContext c, boolean nx) {
        if ((c.argc() - 1) % 2 != 0) {
            throw new InvalidRequestException("ERR wrong number of arguments for '" + c.spec().name() + "' command");
        }
        List<byte[]> keys = new ArrayList<>(c.argc() / 2);
        List<byte[]> values = new ArrayList<>(c.argc() / 2);
        for (int i = 1; i < c.argc(); i += 2) {
            keys.add(c.arg(i));
            values.add(c.arg(i + 1));
        }
        return new StringWrites.MSet(keys, values, nx);
    }
}
