package io.cairn.server.command.bitmap;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Operation;
import io.cairn.storage.engine.Txn;

/**
 * {@code BITPOS key 0|1 [start [end [BYTE|BIT]]]}: the position of the first bit with that value
 * in the range, or -1. An absent key is all zeros (0 for a clear bit, -1 for a set one). Looking
 * for a clear bit without an explicit end treats the string as padded with zeros, so a string of
 * only ones answers the first bit past its range, as Redis does.
 */
record BitPos(byte[] key, boolean one, RangeArguments range) implements Operation {
    static BitPos parse(byte[][] args) {
        long bit = CommandContext.parseLong(args[2]);
        if (bit != 0 && bit != 1) {
            throw new InvalidRequestException("ERR The bit argument must be 1 or 0.");
        }
        return new BitPos(args[1], bit == 1, RangeArguments.forPosition(args, 3));
    }

    @Override
    public RespValue run(Txn t) {
        java.nio.ByteBuffer v = t.strings().view(key);
        if (v == null) {
            return RespValue.integer(one ? -1 : 0);
        }
        BitRange r = range.resolve(v.limit());
        if (r.isEmpty()) {
            return RespValue.integer(-1);
        }
        long pos = Bits.position(v, one, r.first(), r.last());
        if (pos < 0 && !one && !range.endGiven()) {
            pos = r.last() + 1;
        }
        return RespValue.integer(pos);
    }
}
