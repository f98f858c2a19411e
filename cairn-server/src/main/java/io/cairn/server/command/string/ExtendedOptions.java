package io.cairn.server.command.string;

import io.cairn.common.InvalidRequestException;
import io.cairn.server.command.CommandContext;

/**
 * The options of {@code SET key value [NX|XX] [GET] [EX s|PX ms|EXAT s|PXAT ms|KEEPTTL]} and
 * {@code GETEX key [EX s|PX ms|EXAT s|PXAT ms|PERSIST]}, read with Redis's rules
 * ({@code parseExtendedStringArgumentsOrReply}): an option that conflicts with one already given
 * is a syntax error, the same expiry option again replaces the first, GET may repeat, and an
 * expiry option at the end without its number is a syntax error. Only the syntax is checked
 * here; the number is left to {@link Expiry}, which each command checks where Redis does.
 *
 * @param unit   the expiry option given, or null
 * @param amount its number as given, or null
 */
record ExtendedOptions(boolean nx, boolean xx, boolean get, boolean keepTtl, boolean persist,
                       Expiry.Unit unit, byte[] amount) {

    /** SET's options, from argument 3. */
    static ExtendedOptions forSet(CommandContext c) {
        return parse(c, 3, true);
    }

    /** GETEX's options, from argument 2. */
    static ExtendedOptions forGet(CommandContext c) {
        return parse(c, 2, false);
    }

    private static ExtendedOptions parse(CommandContext c, int from, boolean set) {
        boolean nx = false;
        boolean xx = false;
        boolean get = false;
        boolean keepTtl = false;
        boolean persist = false;
        Expiry.Unit unit = null;
        byte[] amount = null;
        for (int j = from; j < c.argc(); j++) {
            String opt = c.option(j);
            boolean hasNext = j + 1 < c.argc();
            if (set && opt.equals("NX") && !xx) {
                nx = true;
            } else if (set && opt.equals("XX") && !nx) {
                xx = true;
            } else if (set && opt.equals("GET")) {
                get = true;
            } else if (set && opt.equals("KEEPTTL") && unit == null) {
                keepTtl = true;
            } else if (!set && opt.equals("PERSIST") && unit == null) {
                persist = true;
            } else if (isUnit(opt) && !keepTtl && !persist && (unit == null || unit.name().equals(opt)) && hasNext) {
                unit = Expiry.Unit.valueOf(opt);
                amount = c.arg(++j);
            } else {
                throw new InvalidRequestException(CommandContext.SYNTAX);
            }
        }
        return new ExtendedOptions(nx, xx, get, keepTtl, persist, unit, amount);
    }

    private static boolean isUnit(String opt) {
        return opt.equals("EX") || opt.equals("PX") || opt.equals("EXAT") || opt.equals("PXAT");
    }
}
