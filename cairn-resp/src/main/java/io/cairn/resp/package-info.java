/**
 * The Redis protocol as a pure codec: {@link io.cairn.resp.RespDecoder} turns bytes into command
 * argument arrays (RESP arrays of bulk strings, or inline commands) under
 * {@link io.cairn.resp.RespLimits}, and reports malformed input as a
 * {@link io.cairn.resp.RespProtocolException} worded as Redis words it;
 * {@link io.cairn.resp.RespEncoder} writes {@link io.cairn.resp.RespValue} replies in RESP2 or RESP3
 * and formats doubles as Redis does; {@link io.cairn.resp.CommandSpec} and
 * {@link io.cairn.resp.CommandTable} describe every command as data.
 *
 * <p>Depends on {@code cairn-common} and netty-buffer only: no engine, no sockets.
 */
package io.cairn.resp;
