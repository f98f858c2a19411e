/**
 * The {@code cairn} command: {@code cairn server} today; {@code bench}, {@code load} and offline
 * {@code wal dump|verify} later. Parses arguments, prints the startup banner and wires signals.
 */
package io.cairn.cli;
