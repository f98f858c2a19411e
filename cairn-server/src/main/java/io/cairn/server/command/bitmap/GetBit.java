package io.cairn.server.command.bitmap;

import io.cairn.resp.RespValue;
import io.cairn.server.command.Operation;
import io.cairn.storage.engine.Txn;

/** {@code GETBIT key offset}: the bit's value; 0 past the end of the string or for an absent key. */
record GetBit(byte[] key, long offset) implements Operation {
    static GetBit parse(byte[][] args, long maxBytes) {
        return new GetBit(args[1], BitArguments.offset(args[2], 0, maxBytes));
    }

    @Override
    public RespValue run(Txn t) {
        java.nio.ByteBuffer v = t.strings().view(key);
        return RespValue.integer(v != null && Bits.get(v, offset) ? 1 : 0);
    }
}
