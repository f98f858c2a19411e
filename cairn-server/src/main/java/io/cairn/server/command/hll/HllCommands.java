package io.cairn.server.command.hll;

import io.cairn.server.command.Commands;

/** Registers the HyperLogLog family; each command is a typed operation parsed before the lock. */
public final class HllCommands {
    private HllCommands() {
    }

    public static void register(Commands.Registrar r) {
        r.data("pfadd", c -> PfAdd.parse(c.args(), c.server().hllSparseMaxBytes()));
        r.data("pfcount", c -> PfCount.parse(c.args()));
        r.data("pfmerge", c -> PfMerge.parse(c.args(), c.server().hllSparseMaxBytes()));
        r.data("pfdebug", c -> PfDebug.parse(c.args()));
    }
}
