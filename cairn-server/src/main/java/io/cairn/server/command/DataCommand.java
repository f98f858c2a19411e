package io.cairn.server.command;

import io.cairn.resp.RespValue;
import io.cairn.storage.engine.Txn;

/**
 * A command on the keyspace. {@link #parse} runs before the store's lock: it checks every
 * argument (throwing {@link io.cairn.common.InvalidRequestException} in Redis's words) and
 * returns the typed {@link Operation} that then runs atomically under the lock. Because all
 * checks that need no data happen in {@code parse}, and an operation checks the data before its
 * first write, a failing command changes nothing.
 */
@FunctionalInterface
public non-sealed interface DataCommand extends Handler {
    Operation parse(CommandContext ctx);

    /**
     * A handler that still reads its arguments inside the lock, for the families not yet moved to
     * typed operations: its parse step only captures the context.
     */
    @FunctionalInterface
    interface Inline {
        RespValue run(Txn txn, CommandContext ctx);
    }

    static DataCommand inline(Inline body) {
        return ctx -> txn -> body.run(txn, ctx);
    }
}
