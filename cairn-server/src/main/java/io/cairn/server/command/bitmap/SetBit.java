package io.cairn.server.command.bitmap;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Operation;
import io.cairn.storage.engine.Txn;
import java.nio.ByteBuffer;

/**
 * {@code SETBIT key offset 0|1}: sets or clears one bit, growing the string with zero bytes to
 * reach it (creating the key when absent), and answers the bit's old value. A bit that already
 * holds the value in a string long enough writes nothing. The key's expiry is kept, and only the
 * one byte written is logged, however long the string.
 */
record SetBit(byte[] key, long offset, boolean on) implements Operation {
    static final String BAD_BIT = "ERR bit is not an integer or out of range";

    /** Parses {@code SETBIT key offset value}, refusing an offset whose byte is past {@code maxBytes}. */
    static SetBit parse(byte[][] args, long maxBytes) {
        long offset = BitArguments.offset(args[2], 0, maxBytes);
        long bit;
        try {
            bit = CommandContext.parseLong(args[3]);
        } catch (InvalidRequestException e) {
            throw new InvalidRequestException(BAD_BIT);
        }
        if ((bit & ~1L) != 0) {
            throw new InvalidRequestException(BAD_BIT);
        }
        return new SetBit(args[1], offset, bit == 1);
    }

    @Override
    public RespValue run(Txn t) {
        ByteBuffer v = t.strings().view(key);
        long index = offset >>> 3;
        boolean was = v != null && Bits.get(v, offset);
        if (v != null && index < v.limit() && was == on) {
            return RespValue.integer(was ? 1 : 0);
        }
        byte[] b = Bits.copy(v, index, index);
        Bits.set(b, offset & 7, on);
        t.strings().setRange(key, index, b);
        return RespValue.integer(was ? 1 : 0);
    }
}
