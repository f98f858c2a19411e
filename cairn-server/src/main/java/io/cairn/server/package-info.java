/**
 * The Redis-protocol server: {@link io.cairn.server.CairnServer} runs a Netty network loop in
 * front of one {@link io.cairn.storage.engine.Store}; {@link io.cairn.server.ServerConfig} holds
 * its settings (from a file and the command line); {@link io.cairn.server.Session} is one client
 * connection's state. Handlers live in {@code command.*} by Redis command family.
 *
 * <p>Priorities, in order: never acknowledge a write before its durability; keep replies of a
 * connection in request order; answer bad input in Redis's words and keep serving; be fast.
 */
package io.cairn.server;
