/**
 * The Redis protocol as a pure codec, both halves. Server side: {@link io.cairn.resp.RespDecoder}
 * turns bytes into command argument arrays (RESP arrays of bulk strings, or inline commands) under
 * {@link io.cairn.resp.RespLimits}, and reports malformed input as a
 * {@link io.cairn.resp.RespProtocolException} worded as Redis words it;
 * {@link io.cairn.resp.RespEncoder} writes {@link io.cairn.resp.RespValue} replies in RESP2 or RESP3
 * and formats doubles as Redis does. Client side: {@link io.cairn.resp.RespRequestEncoder} writes
 * commands, {@link io.cairn.resp.RespReplyDecoder} reads every RESP2 and RESP3 reply type as tokens
 * under {@link io.cairn.resp.RespReplyLimits}, and {@link io.cairn.resp.RespReplyAggregator} builds
 * them into {@code RespValue}s. {@link io.cairn.resp.CommandSpec} and
 * {@link io.cairn.resp.CommandTable} describe every command as data, with its Redis 7
 * {@link io.cairn.resp.KeySpec}s, which {@link io.cairn.resp.CommandKeys} follows to find the keys
 * of an invocation.
 *
 * <p>Depends on {@code cairn-common} and netty-buffer only: no engine, no sockets (the blocking
 * client built on the codec is in {@code io.cairn.resp.client}).
 */
package io.cairn.resp;
