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
    static void apply(Databases dbs, Mutation m) {
        switch (m) {
            case Mutation.ClearAll c -> dbs.clearAll();
            case Mutation.SwapDb w -> dbs.swap(w.db(), w.other());
            case Mutation.Move mv -> {
                Keyspace from = dbs.get(mv.db());
                Keyspace to = dbs.get(mv.toDb());
                Object e = from.remove(mv.key());
                if (e == null || to.get(mv.key()) != null) {
                    throw new IllegalStateException("MOVE of a key that is absent, or present in the target");
                }
                to.put(e);
            }
            default -> apply(dbs.get(m.db()), m);
        }
    }

    /** Applies a change within one database; {@code m} must not span databases. */
    static void apply(Keyspace ks, Mutation m) {
        switch (m) {
            case Mutation.ClearAll c -> throw new IllegalStateException("FLUSHALL applied to one database");
            case Mutation.SwapDb w -> throw new IllegalStateException("SWAPDB applied to one database");
            case Mutation.Move mv -> throw new IllegalStateException("MOVE applied to one database");
            case Mutation.PutString p -> ks.putString(p.key(), p.value(), p.expireAt());
            case Mutation.PutDocument p -> ks.putDocument(p.key(), p.document(), p.expireAt());
            case Mutation.StringSetRange r -> ks.strings.setRange(r.key(), r.offset(), r.bytes());
            case Mutation.Delete d -> ks.remove(d.key());
            case Mutation.Expired e -> ks.remove(e.key());
            case Mutation.HashPut h -> {
                HashEntry e = hashFor(ks, h.key(), true);
                e.fields.put(latin1(h.field()), h.value());
            }
            case Mutation.HashDelete h -> {
                HashEntry e = hashFor(ks, h.key(), false);
                if (e != null) {
                    e.fields.remove(latin1(h.field()));
                    if (e.fields.isEmpty()) {
                        ks.remove(h.key());
                    }
                }
            }
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

    private static HashEntry hashFor(Keyspace ks, byte[] key, boolean create) {
        Object e = ks.get(key);
        if (e == null) {
            return create ? ks.newHash(key) : null;
        }
        if (e instanceof HashEntry h) {
            return ks.mutable(h);
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
