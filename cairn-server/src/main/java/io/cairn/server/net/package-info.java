/**
 * The connection handler: decodes requests with {@link io.cairn.resp.RespDecoder}, dispatches
 * them, and writes replies in request order, holding back a reply until the durability it depends
 * on is reached, without blocking the event loop; writes the pub/sub messages publishers hand it
 * in order with those replies, and closes a client past its class of
 * {@code client-output-buffer-limit} ({@link io.cairn.server.net.OutputLimitCheck}). TLS:
 * {@link io.cairn.server.net.TlsContext} (the server's one context), {@link io.cairn.server.net.TlsKeyPair}
 * and {@link io.cairn.server.net.TlsHandshakeLog}. Depends on Netty, {@code cairn-resp} and the
 * server's command layer.
 */
package io.cairn.server.net;
