package io.cairn.server.command.bitmap;

import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Commands;

/** Registers the bitmap family; each command is a typed operation parsed before the lock. */
public final class BitmapCommands {
    private BitmapCommands() {
    }

    public static void register(Commands.Registrar r) {
        r.data("setbit", c -> SetBit.parse(c.args(), maxBytes(c)));
        r.data("getbit", c -> GetBit.parse(c.args(), maxBytes(c)));
        r.data("bitcount", c -> BitCount.parse(c.args()));
        r.data("bitpos", c -> BitPos.parse(c.args()));
        r.data("bitop", c -> BitOp.parse(c.args()));
        r.data("bitfield", c -> BitField.parse(c.args(), maxBytes(c), false));
        r.data("bitfield_ro", c -> BitField.parse(c.args(), maxBytes(c), true));
    }

    /** The largest string a bit offset may address: {@code proto-max-bulk-len}, as in Redis. */
    private static long maxBytes(CommandContext c) {
        return c.server().config().protoMaxBulkLen();
    }
}
