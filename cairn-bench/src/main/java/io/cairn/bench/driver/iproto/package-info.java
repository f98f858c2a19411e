/**
 * Tarantool's binary protocol, IPROTO, as far as the bench's {@code TarantoolProtocol} needs it, over
 * msgpack-core's packer and unpacker: the protocol's constants
 * ({@link io.cairn.bench.driver.iproto.IprotoFormat}), the packing of requests with their length
 * prefix ({@link io.cairn.bench.driver.iproto.RequestBuffer}) and the reading of the greeting and of
 * reply frames ({@link io.cairn.bench.driver.iproto.IprotoFrameReader}). Pure codec: it knows nothing
 * of spaces, commands or sockets (it reads an {@code InputStream}), and depends on the JDK and
 * msgpack-core only.
 *
 * <pre>
 *   connect:  server -> client  128-byte greeting (64 bytes "Tarantool 2.6.0 (Binary) uuid", 64 bytes salt)
 *   request:  0xce len:u32 | header map {0x00 type, 0x01 sync} | body map {0x10 space, 0x20 key, ...}
 *   reply:    len           | header map {0x00 code, 0x01 sync, 0x05 schema} | body map {0x30 data | 0x31 error}
 * </pre>
 * {@code len} counts the bytes after itself. Replies carry the request's {@code sync} and may come in
 * another order than the requests.
 */
package io.cairn.bench.driver.iproto;
