package io.cairn.server.command.bitmap;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Operation;
import io.cairn.storage.engine.Txn;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code BITOP AND|OR|XOR|NOT destkey key [key ...]}: stores the operation over the source strings
 * at {@code destkey} (whatever it held, without expiry) and answers its length. When every source
 * is empty or absent the destination is deleted instead, as Redis does.
 */
record BitOp(BitOperation operation, byte[] destination, List<byte[]> sources) implements Operation {
    static BitOp parse(byte[][] args) {
        BitOperation op = BitOperation.named(new String(args[1], StandardCharsets.ISO_8859_1));
        if (op == null) {
            throw new InvalidRequestException(CommandContext.SYNTAX);
        }
        if (op == BitOperation.NOT && args.length != 4) {
            throw new InvalidRequestException("ERR BITOP NOT must be called with a single source key.");
        }
        List<byte[]> sources = new ArrayList<>(args.length - 3);
        for (int i = 3; i < args.length; i++) {
            sources.add(args[i]);
        }
        return new BitOp(op, args[2], List.copyOf(sources));
    }

    @Override
    public RespValue run(Txn t) {
        List<ByteBuffer> values = new ArrayList<>(sources.size());
        for (byte[] key : sources) {
            ByteBuffer v = t.strings().view(key);
            values.add(v == null ? ByteBuffer.allocate(0) : v);
        }
        byte[] result = operation.apply(values);
        if (result.length == 0) {
            t.delete(destination);
        } else {
            t.set(destination, result, 0);
        }
        return RespValue.integer(result.length);
    }
}
