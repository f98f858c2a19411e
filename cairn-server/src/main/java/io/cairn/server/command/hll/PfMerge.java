package io.cairn.server.command.hll;

import io.cairn.resp.RespValue;
import io.cairn.server.command.Operation;
import io.cairn.storage.engine.Txn;
import java.util.Arrays;
import java.util.List;

/**
 * {@code PFMERGE destkey [sourcekey ...]}: raises every register of {@code destkey} (created when
 * absent) to the largest of that register over the sources and {@code destkey} itself. The result
 * is dense when any input is dense, else sparse as long as it stays under {@code sparseMaxBytes};
 * registers are set in index order, as Redis sets them, so the bytes match Redis's. Always
 * written, its cache marked stale, its expiry kept.
 */
record PfMerge(byte[] destination, List<byte[]> sources, long sparseMaxBytes) implements Operation {
    static PfMerge parse(byte[][] args, long sparseMaxBytes) {
        return new PfMerge(args[1], List.of(Arrays.copyOfRange(args, 2, args.length)), sparseMaxBytes);
    }

    @Override
    public RespValue run(Txn t) {
        byte[] max = new byte[HllFormat.REGISTERS];
        boolean dense = false;
        byte[] existing = t.get(destination);
        HyperLogLog target = existing == null ? HyperLogLog.empty() : HyperLogLog.of(existing.clone());
        if (existing != null) {
            dense = !target.isSparse();
            target.mergeInto(max);
        }
        for (byte[] key : sources) {
            byte[] stored = t.get(key);
            if (stored != null) {
                HyperLogLog source = HyperLogLog.of(stored);
                dense |= !source.isSparse();
                source.mergeInto(max);
            }
        }
        if (dense) {
            target.toDense();
        }
        for (int i = 0; i < max.length; i++) {
            if (max[i] != 0) {
                target.raise(i, max[i], sparseMaxBytes);
            }
        }
        target.invalidateCache();
        StoredHll.write(t, destination, existing, target.toBytes());
        return RespValue.OK;
    }
}
