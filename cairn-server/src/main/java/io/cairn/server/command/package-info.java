/**
 * Command dispatch: {@link io.cairn.server.command.CommandRegistry} pairs every
 * {@link io.cairn.resp.CommandSpec} with exactly one {@link io.cairn.server.command.Handler};
 * {@link io.cairn.server.command.Dispatcher} checks arity, authentication and MULTI state, runs
 * the handler inside the store's transaction, and turns exceptions into replies in one place
 * ({@link io.cairn.server.command.Errors}). Handlers live in sub-packages by Redis family.
 */
package io.cairn.server.command;
