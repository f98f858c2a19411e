/**
 * The connection handler: decodes requests with {@link io.cairn.resp.RespDecoder}, dispatches
 * them, and writes replies in request order, holding back a reply until the durability it depends
 * on is reached, without blocking the event loop. Depends on Netty, {@code cairn-resp} and the
 * server's command layer.
 */
package io.cairn.server.net;
