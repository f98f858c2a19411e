/**
 * Connection commands: PING, ECHO, HELLO, AUTH, SELECT, QUIT, RESET and CLIENT; CLIENT PAUSE's
 * state ({@link io.cairn.server.command.connection.ClientPause}) and MONITOR's clients and their
 * feeding ({@link io.cairn.server.command.connection.Monitors}). CLIENT TRACKING lives in
 * {@code command.tracking}.
 */
package io.cairn.server.command.connection;
