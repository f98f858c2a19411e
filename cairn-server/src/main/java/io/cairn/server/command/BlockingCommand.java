package io.cairn.server.command;

/**
 * A command that may wait for data: {@link #parse} runs before the store's lock, checks every
 * argument (throwing {@link io.cairn.common.InvalidRequestException} in Redis's words) and returns
 * the {@link BlockingOperation} that the server then tries, and parks if it must wait. Inside
 * MULTI it is queued like any data command and, at EXEC, answers at once or as if it timed out.
 */
@FunctionalInterface
public non-sealed interface BlockingCommand extends Handler {
    BlockingOperation parse(CommandContext ctx);
}
