/**
 * The {@code cairn} command: {@code cairn server} (parses arguments, prints the startup banner and
 * wires signals) and {@code cairn load} (bulk loading over the network, package {@code load});
 * offline {@code wal dump|verify} later. {@code cairn bench} is its own jar (cairn-bench).
 */
package io.cairn.cli;
