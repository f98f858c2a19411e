/**
 * Server commands: INFO, CONFIG, DBSIZE, FLUSH*, TIME, SAVE, BGSAVE, LASTSAVE, SHUTDOWN, DEBUG, COMMAND, OBJECT,
 * SLOWLOG, LATENCY, MEMORY, WAIT and WAITAOF. They read the server's monitors and counters
 * ({@code LatencyMonitor}, {@code CommandStats}, {@code ServerStats}) and the store's stats; none of
 * them holds state of its own.
 */
package io.cairn.server.command.server;
