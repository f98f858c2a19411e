package io.cairn.server.command;

/**
 * The code behind one command. {@link DataCommand}s run inside a store transaction (a write or a
 * read, as the spec's flags say); {@link BlockingCommand}s may wait for a write to their keys;
 * {@link ServerCommand}s act on the connection or the server.
 */
public sealed interface Handler permits DataCommand, BlockingCommand, ServerCommand, AsyncCommand {
}
