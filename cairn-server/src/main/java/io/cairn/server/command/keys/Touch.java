package io.cairn.server.command.keys;

import io.cairn.resp.RespValue;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Operation;
import io.cairn.storage.engine.Txn;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code TOUCH key [key ...]}: the number of the keys that exist, a key named twice counting
 * twice, as in Redis. Redis also refreshes each key's access time for eviction; Cairn evicts
 * nothing and keeps no access times, so TOUCH changes nothing and logs nothing.
 */
record Touch(List<byte[]> keys) implements Operation {
    static Operation parse(CommandContext c) {
        List<byte[]> keys = new ArrayList<>(c.argc() - 1);
        for (int i = 1; i < c.argc(); i++) {
            keys.add(c.arg(i));
        }
        return new Touch(List.copyOf(keys));
    }

    @Override
    public RespValue run(Txn t) {
        long n = 0;
        for (byte[] k : keys) {
            n += t.touch(k) ? 1 : 0;
        }
        return RespValue.integer(n);
    }
}
