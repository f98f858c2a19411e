/**
 * The four Lua libraries Redis 7 bundles for scripts, for LuaJ, each a {@code TwoArgFunction}
 * that sets its global and returns its table ({@code globals.load(new BitLib())}), so scripts
 * written for Redis (BullMQ's cmsgpack, the common cjson, bit and struct) run unchanged:
 *
 * <ul>
 *   <li>{@link io.cairn.server.command.script.lib.BitLib} {@code bit}: LuaBitOp 1.0.2, 32-bit
 *       operations;
 *   <li>{@link io.cairn.server.command.script.lib.StructLib} {@code struct}: Roberto
 *       Ierusalimschy's struct ({@code pack}, {@code unpack}, {@code size});
 *   <li>{@link io.cairn.server.command.script.lib.CjsonLib} {@code cjson}: Lua CJSON 2.1.0, with
 *       {@link io.cairn.server.command.script.lib.JsonEncoder} and
 *       {@link io.cairn.server.command.script.lib.JsonDecoder};
 *   <li>{@link io.cairn.server.command.script.lib.CmsgpackLib} {@code cmsgpack}: lua-cmsgpack
 *       0.4.0.
 * </ul>
 *
 * <p>They are written from the behaviour of Redis 7.0.15's C libraries (their tests record it),
 * down to the error texts, the x86-64 outcome of C's undefined conversions, Lua 5.1's C-stack
 * limits (which bound nesting when a depth setting is raised) and cjson's reading of a text as
 * a C string. Nesting costs heap, not Java stack: cjson and cmsgpack's decoder keep stacks of
 * their own, and cmsgpack's packer stops at 16 levels, so a script thread needs no more stack for
 * them than LuaJ itself needs. {@link
 * io.cairn.server.command.script.lib.CNumbers} is glibc's {@code %.14g} and {@code strtod}, and
 * with them Lua 5.1's conversions between numbers and strings, which the libraries apply to their
 * arguments as Redis's do ({@code struct.pack('s', 1/3)} is {@code "0.33333333333333\0"},
 * {@code bit.tobit('inf')} is 0); LuaJ's own differ ({@code tostring(1/3)} is
 * {@code "0.33333334"} and {@code tostring(1e100)} {@code "Infinity"}). Payloads stay
 * {@code LuaString} bytes throughout.
 *
 * <p>Where they deliberately or unavoidably differ from Redis's:
 *
 * <ul>
 *   <li>argument errors name the library function ({@code bad argument #1 to 'pack' (...)}); C Lua
 *       takes the name from the call site, so under {@code pcall(struct.pack, ...)} Redis says
 *       {@code '?'};
 *   <li>errors carry no {@code user_script:1:} position (LuaJ adds none for Java functions);
 *   <li>JSON objects and msgpack maps list their members in LuaJ's table order, not C Lua's, so
 *       one of more than one member can come out in another order than Redis's;
 *   <li>LuaJ keeps an integral double as an integer, so {@code -0.0} reaches the libraries as
 *       {@code 0} ({@code cjson.encode(-0.0)} is {@code 0}, Redis's {@code -0}).
 * </ul>
 *
 * <p>Depends only on LuaJ; nothing here knows about the store or the server.
 */
package io.cairn.server.command.script.lib;
