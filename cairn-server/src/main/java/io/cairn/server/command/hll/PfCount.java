package io.cairn.server.command.hll;

import io.cairn.resp.RespValue;
import io.cairn.server.command.Operation;
import io.cairn.storage.engine.Txn;
import java.util.Arrays;
import java.util.List;

/**
 * {@code PFCOUNT key [key ...]}: the estimated cardinality of one HLL, or of the union of several
 * (absent keys count as empty). One key answers its cached cardinality when that is valid.
 *
 * <p>PFCOUNT is a read (its spec is {@code readonly}, as in Redis) and runs in a read
 * transaction, so where Redis writes a freshly computed cardinality back into the header Cairn
 * only computes it: the count is the same, the stored bytes keep their stale cache, and the next
 * PFCOUNT computes again (a few microseconds for 16384 registers).
 */
record PfCount(List<byte[]> keys) implements Operation {
    static PfCount parse(byte[][] args) {
        return new PfCount(List.of(Arrays.copyOfRange(args, 1, args.length)));
    }

    @Override
    public RespValue run(Txn t) {
        if (keys.size() == 1) {
            byte[] stored = t.get(keys.get(0));
            if (stored == null) {
                return RespValue.ZERO;
            }
            HyperLogLog hll = HyperLogLog.of(stored);
            return RespValue.integer(hll.cacheValid() ? hll.cachedCardinality() : hll.count());
        }
        byte[] max = new byte[HllFormat.REGISTERS];
        for (byte[] key : keys) {
            byte[] stored = t.get(key);
            if (stored != null) {
                HyperLogLog.of(stored).mergeInto(max);
            }
        }
        return RespValue.integer(HyperLogLog.count(max));
    }
}
