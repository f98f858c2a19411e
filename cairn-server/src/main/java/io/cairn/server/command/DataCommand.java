package io.cairn.server.command;

import io.cairn.resp.RespValue;
import io.cairn.storage.engine.Txn;

/**
 * A command on the keyspace, run atomically under the store's lock. It must check all its
 * arguments before its first write, so a failing command changes nothing.
 */
@FunctionalInterface
public non-sealed interface DataCommand extends Handler {
    RespValue run(Txn txn, CommandContext ctx);
}
