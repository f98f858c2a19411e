/**
 * The memcached protocol on {@code memcached-port}: the text commands and the meta commands of
 * memcached 1.6, served from one database of the store ({@code memcached-database}).
 * {@link io.cairn.server.memcached.MemcachedDecoder} is the codec (a state machine over request
 * lines and data blocks, limits checked before allocation), {@link
 * io.cairn.server.memcached.MemcachedHandler} one connection (replies in order, each once durable),
 * {@link io.cairn.server.memcached.TextCommands} and {@link io.cairn.server.memcached.MetaCommands}
 * the commands as store transactions ({@code Txn.items()}: flags and CAS live with the value).
 * Uses the engine's {@code Store} API, Netty and {@code ServerContext} (the store, eviction
 * notices, WATCH's rule for a flush); no RESP class.
 */
package io.cairn.server.memcached;
