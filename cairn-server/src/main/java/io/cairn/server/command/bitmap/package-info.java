/**
 * Bitmaps: Redis's bit commands on string values (SETBIT GETBIT BITCOUNT BITPOS BITOP BITFIELD
 * BITFIELD_RO). Each command parses its arguments before the store's lock into an immutable
 * {@link io.cairn.server.command.Operation} ({@code SetBit}, {@code BitCount}, {@code BitField}...);
 * the bit arithmetic lives apart from them in pure classes with no store ({@code Bits},
 * {@code BitRange}, {@code BitOperation}, {@code BitFieldType}, {@code Overflow}). Bits are
 * numbered as Redis numbers them: bit 0 is the most significant bit of the first byte.
 * Depends on the engine's {@code Txn} only; nothing here knows the network.
 */
package io.cairn.server.command.bitmap;
