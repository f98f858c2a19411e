/**
 * {@link io.cairn.resp.client.RespClient}: a blocking RESP client on one socket, for Cairn's own
 * tools ({@code cairn load}, {@code cairn bench}) and tests. It adds sockets and buffers to the
 * codec's {@link io.cairn.resp.RespRequestEncoder} and {@link io.cairn.resp.RespReplyDecoder};
 * the codec package must not depend on this one, nor on {@code java.net}.
 */
package io.cairn.resp.client;
