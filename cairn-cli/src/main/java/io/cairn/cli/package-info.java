/**
 * The {@code cairn} command, one picocli tree ({@link io.cairn.cli.Main}): {@code cairn server}
 * ({@link io.cairn.cli.ServerCommand}: the server's settings table as options, over a config file;
 * prints the startup banner and wires signals), {@code cairn load} (bulk loading over the network,
 * package {@code load}), {@code cairn bench} (cairn-bench's commands) and {@code cairn version};
 * offline {@code wal dump|verify} later. {@link io.cairn.cli.UsageErrors} words every wrong command
 * line the same way.
 */
package io.cairn.cli;
