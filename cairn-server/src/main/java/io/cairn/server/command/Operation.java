package io.cairn.server.command;

import io.cairn.resp.RespValue;
import io.cairn.storage.engine.Txn;

/**
 * One command with its arguments already parsed and checked: an immutable value built by a
 * {@link DataCommand} before the store's lock is taken, run once inside it. {@link #run} may
 * still fail on what only the data can tell (a wrong type, an overflow); the engine signals those
 * with typed exceptions, which {@link Errors#toReply} words in Redis's text.
 */
@FunctionalInterface
public interface Operation {
    RespValue run(Txn txn);
}
