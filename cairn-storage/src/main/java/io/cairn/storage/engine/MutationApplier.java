package io.cairn.storage.engine;

import java.nio.charset.StandardCharsets;

/**
 * Applies a {@link Mutation} to a {@link Keyspace}: the one code path for live writes (through
 * {@link Txn}, after its checks) and for WAL replay, so both always build the same state.
 */
final class MutationApplier {
    private MutationApplier() {
    }

    /**
     * @throws IllegalStateException when the mutation does not fit the state (a hash change on a
     *         string key): impossible for a log this store wrote, so replay reports it as corruption
     */
    static void apply(Keyspace ks, Mutation m) {
        switch (m) {
            case Mutation.PutString p -> ks.putString(p.key(), p.value(), p.expireAt());
            case Mutation.PutDocument p -> ks.putDocument(p.key(), p.document(), p.expireAt());
            case Mutation.Delete d -> ks.remove(d.key());
            case Mutation.Expired e -> ks.remove(e.key());
            case Mutation.HashPut h -> hashFor(ks, h.key(), true).put(h.field(), h.value(), ks, ks.encodings);
            case Mutation.HashDelete h -> {
                HashEntry e = hashFor(ks, h.key(), false);
                if (e != null && e.contains(h.field())) {
                    e = ks.mutable(e);
                    e.remove(h.field(), ks);
                    if (e.size() == 0) {
                        ks.remove(h.key());
                    }
                }
            }
            case Mutation.Rename r -> ks.rename(r.source(), r.key());
            case Mutation.ZSetPut z -> zsetFor(ks, z.key(), true).put(latin1(z.member()), z.score());
            case Mutation.ZSetDelete z -> {
                ZSetEntry e = zsetFor(ks, z.key(), false);
                if (e != null) {
                    e.remove(latin1(z.member()));
                    if (e.size() == 0) {
                        ks.remove(z.key());
                    }
                }
            }
            case Mutation.ExpireAt x -> {
                Object e = ks.get(x.key());
                if (e != null) {
                    ks.setExpiry(e, x.expireAt());
                }
            }
            case Mutation.Clear c -> ks.clear();
        }
    }

    /** The hash at {@code key}: made writable when {@code create} (a put), as it is when a delete is found to change it. */
    private static HashEntry hashFor(Keyspace ks, byte[] key, boolean create) {
        Object e = ks.get(key);
        if (e == null) {
            return create ? ks.newHash(key) : null;
        }
        if (e instanceof HashEntry h) {
            return create ? ks.mutable(h) : h;
        }
        throw new IllegalStateException("hash change on a " + EntryKeys.typeOf(e).redisName() + " key");
    }

    private static ZSetEntry zsetFor(Keyspace ks, byte[] key, boolean create) {
        Object e = ks.get(key);
        if (e == null) {
            return create ? ks.newZSet(key) : null;
        }
        if (e instanceof ZSetEntry z) {
            return ks.mutable(z);
        }
        throw new IllegalStateException("sorted-set change on a " + EntryKeys.typeOf(e).redisName() + " key");
    }

    static String latin1(byte[] b) {
        return new String(b, StandardCharsets.ISO_8859_1);
    }
}
