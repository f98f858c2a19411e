package io.cairn.server.command.keys;

import io.cairn.storage.engine.ScoredMember;
import io.cairn.storage.engine.Txn;
import java.util.List;
import java.util.Map;

/**
 * Copies a key's value and expiry to another key inside one transaction (COPY): reads the value
 * and writes it again, O(size). RENAME does not copy: it moves the value ({@code Txn#rename}).
 */
final class ValueCopy {
    private ValueCopy() {
    }

    /** Replaces {@code dst} with a copy of {@code src}, which must exist. */
    static void copy(Txn t, byte[] src, byte[] dst) {
        long expireAt = t.expireAt(src);
        switch (t.type(src)) {
            case STRING -> {
                byte[] v = t.get(src);
                t.set(dst, v, expireAt > 0 ? expireAt : 0);
                return;
            }
            case HASH -> {
                List<Map.Entry<byte[], byte[]>> fields = t.hgetAll(src);
                t.delete(dst);
                for (Map.Entry<byte[], byte[]> f : fields) {
                    t.hset(dst, f.getKey(), f.getValue());
                }
            }
            case ZSET -> {
                List<ScoredMember> members = t.zrangeByRank(src, 0, -1);
                t.delete(dst);
                for (ScoredMember m : members) {
                    t.zadd(dst, m.memberBytes(), m.score());
                }
            }
            case JSON -> {
                byte[] document = t.document(src);
                t.delete(dst);
                t.setDocument(dst, document);
            }
            case NONE -> throw new IllegalStateException("copy of an absent key");
        }
        if (expireAt > 0) {
            t.expireAt(dst, expireAt);
        }
    }
}
