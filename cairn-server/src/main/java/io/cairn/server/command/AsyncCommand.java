package io.cairn.server.command;

import io.cairn.resp.RespValue;
import java.util.concurrent.CompletableFuture;

/**
 * A command that answers later, off the event loop (searches wait for the indexer). The future's
 * value is the reply; its failure becomes an error reply. Replies still leave in request order.
 * Not allowed inside MULTI, where a transaction holds the store's lock while it runs.
 */
@FunctionalInterface
public non-sealed interface AsyncCommand extends Handler {
    CompletableFuture<RespValue> run(CommandContext ctx);
}
