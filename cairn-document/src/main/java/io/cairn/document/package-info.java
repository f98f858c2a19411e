/**
 * RedisJSON-compatible documents: {@link io.cairn.document.Document} holds one key's JSON value
 * and runs the {@code JSON.*} operations on it (GET, MGET, SET, DEL, TYPE, NUMINCRBY, STRAPPEND,
 * ARRAPPEND, ARRLEN, OBJKEYS) with RedisJSON's semantics, answering a
 * {@link io.cairn.document.JsonReply} and a {@link io.cairn.document.WriteResult} that tells the
 * store whether to write the document back or delete the key. Errors use RedisJSON's wording
 * ({@link io.cairn.document.DocumentErrors}).
 *
 * <p>Depends on {@code cairn-common} and its own {@code json}, {@code path} and {@code codec}
 * packages only: no storage engine, no RESP, no server.
 */
package io.cairn.document;
