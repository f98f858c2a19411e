/**
 * JSON document commands as RedisJSON has them (JSON.SET, JSON.GET, JSON.DEL, JSON.MGET,
 * JSON.TYPE, JSON.NUMINCRBY, JSON.STRAPPEND, JSON.ARRAPPEND, JSON.ARRLEN, JSON.OBJKEYS):
 * {@link io.cairn.server.command.json.JsonCommands} parses the arguments and runs the operations
 * of {@code cairn-document}'s {@link io.cairn.document.Document} on the document that
 * {@link io.cairn.server.command.json.StoredDocuments} loads from, and saves to, the engine.
 * The engine keeps documents as opaque bytes; only this package, the HTTP API
 * ({@code io.cairn.server.http}, through {@code StoredDocuments}) and {@code cairn-document} parse JSON.
 */
package io.cairn.server.command.json;
