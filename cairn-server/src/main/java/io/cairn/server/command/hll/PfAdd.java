package io.cairn.server.command.hll;

import io.cairn.resp.RespValue;
import io.cairn.server.command.Operation;
import io.cairn.storage.engine.Txn;
import java.util.Arrays;
import java.util.List;

/**
 * {@code PFADD key [element ...]}: adds the elements, creating an empty sparse HLL when the key is
 * absent; answers 1 when a register changed (or the key was created), else 0 and writes nothing. A
 * sparse HLL turns dense past {@code sparseMaxBytes} ({@code hll-sparse-max-bytes}). The key's
 * expiry is kept; a dense HLL logs only the bytes that changed ({@link StoredHll}). A corrupt HLL
 * fails the whole command with nothing written (where Redis keeps the elements added before it
 * met the corruption).
 */
record PfAdd(byte[] key, List<byte[]> elements, long sparseMaxBytes) implements Operation {
    static PfAdd parse(byte[][] args, long sparseMaxBytes) {
        return new PfAdd(args[1], List.of(Arrays.copyOfRange(args, 2, args.length)), sparseMaxBytes);
    }

    @Override
    public RespValue run(Txn t) {
        byte[] stored = t.get(key);
        HyperLogLog hll = stored == null ? HyperLogLog.empty() : HyperLogLog.of(stored.clone());
        boolean updated = stored == null;
        for (byte[] element : elements) {
            updated |= hll.add(element, sparseMaxBytes);
        }
        if (!updated) {
            return RespValue.ZERO;
        }
        hll.invalidateCache();
        StoredHll.write(t, key, stored, hll.toBytes());
        return RespValue.ONE;
    }
}
