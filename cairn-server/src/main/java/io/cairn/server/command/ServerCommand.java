package io.cairn.server.command;

import io.cairn.resp.RespValue;

/** A command on the connection or the server, run on the connection's event loop. */
@FunctionalInterface
public non-sealed interface ServerCommand extends Handler {
    RespValue run(CommandContext ctx);
}
