/**
 * Set commands (SADD ... SSCAN) as typed operations: {@link io.cairn.server.command.set.SetCommands}
 * parses and checks the arguments before the store's lock into {@code SetReads} / {@code SetWrites}
 * records, which run against {@link io.cairn.storage.engine.SetOps}. Depends on the engine's API
 * and the protocol's reply types only.
 */
package io.cairn.server.command.set;
