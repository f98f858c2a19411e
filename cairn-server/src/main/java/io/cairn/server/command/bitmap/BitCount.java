package io.cairn.server.command.bitmap;

import io.cairn.resp.RespValue;
import io.cairn.server.command.Operation;
import io.cairn.storage.engine.Txn;

/** {@code BITCOUNT key [start end [BYTE|BIT]]}: the number of set bits in the range; 0 for an absent key. */
record BitCount(byte[] key, RangeArguments range) implements Operation {
    static BitCount parse(byte[][] args) {
        return new BitCount(args[1], RangeArguments.forCount(args, 2));
    }

    @Override
    public RespValue run(Txn t) {
        java.nio.ByteBuffer v = t.strings().view(key);
        if (v == null) {
            return RespValue.ZERO;
        }
        BitRange r = range.resolve(v.limit());
        return RespValue.integer(r.isEmpty() ? 0 : Bits.count(v, r.first(), r.last()));
    }
}
