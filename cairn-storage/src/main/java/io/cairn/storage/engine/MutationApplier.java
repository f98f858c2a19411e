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
            case Mutation.SetFunctions f -> dbs.functions(f.libraries());
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
        if (changesInside(m)) {
            int before = ks.collectionSize(m.key());
            applyChange(ks, m);
            ks.reaccount(m.key(), before);
        } else {
            applyChange(ks, m); // whole entries: the keyspace accounts for them as it puts and removes
        }
        if (ks.disk != null && m.key() != null) {
            ks.disk.changed(m.key(), 0); // a change inside a collection: the stage holds it for the next save
        }
    }

    /** Whether {@code m} changes a collection in place (so its share of the keyspace's bytes moves). */
    private static boolean changesInside(Mutation m) {
        if (m instanceof Mutation.PutString) { // the most frequent, ahead of the switch's chain of type tests
            return false;
        }
        return switch (m) {
            case Mutation.HashPut x -> true;
            case Mutation.HashDelete x -> true;
            case Mutation.ZSetPut x -> true;
            case Mutation.ZSetDelete x -> true;
            case Mutation.ZSetRemoveRange x -> true;
            case Mutation.SetAdd x -> true;
            case Mutation.SetRemove x -> true;
            case Mutation.ListPush x -> true;
            case Mutation.ListPop x -> true;
            case Mutation.ListSet x -> true;
            case Mutation.ListInsert x -> true;
            case Mutation.ListRemove x -> true;
            case Mutation.ListTrim x -> true;
            case Mutation.StreamAdd x -> true;
            case Mutation.StreamTrim x -> true;
            case Mutation.StreamDelete x -> true;
            case Mutation.StreamSetId x -> true;
            case Mutation.StreamGroupPut x -> true;
            case Mutation.StreamGroupDelete x -> true;
            case Mutation.StreamConsumerPut x -> true;
            case Mutation.StreamConsumerDelete x -> true;
            case Mutation.StreamClaim x -> true;
            case Mutation.StreamAck x -> true;
            default -> false;
        };
    }

    private static void applyChange(Keyspace ks, Mutation m) {
        switch (m) {
            case Mutation.ClearAll c -> throw new IllegalStateException("FLUSHALL applied to one database");
            case Mutation.SwapDb w -> throw new IllegalStateException("SWAPDB applied to one database");
            case Mutation.SetFunctions f -> throw new IllegalStateException("functions applied to one database");
            case Mutation.Move mv -> throw new IllegalStateException("MOVE applied to one database");
            case Mutation.PutString p -> ks.putString(p.key(), p.value(), p.expireAt());
            case Mutation.PutDocument p -> ks.putDocument(p.key(), p.document(), p.expireAt());
            case Mutation.PutItem p -> ks.put(StringRecord.encodeItem(p.key(), p.value(), p.expireAt(), p.flags(), p.cas()));
            case Mutation.StringSetRange r -> ks.strings.setRange(r.key(), r.offset(), r.bytes());
            case Mutation.Delete d -> ks.remove(d.key());
            case Mutation.Expired e -> ks.remove(e.key());
            case Mutation.HashPut h -> hashFor(ks, h.key(), true).put(h.field(), h.value(), ks.cow, ks.encodings);
            case Mutation.HashDelete h -> {
                HashEntry e = hashFor(ks, h.key(), false);
                if (e != null && e.contains(h.field())) {
                    e = ks.mutable(e);
                    e.remove(h.field(), ks.cow);
                    if (e.size() == 0) {
                        ks.remove(h.key());
                    }
                }
            }
            case Mutation.StreamAdd x -> StreamMutations.apply(ks, x);
            case Mutation.StreamTrim x -> StreamMutations.apply(ks, x);
            case Mutation.StreamDelete x -> StreamMutations.apply(ks, x);
            case Mutation.StreamSetId x -> StreamMutations.apply(ks, x);
            case Mutation.StreamGroupPut x -> StreamMutations.apply(ks, x);
            case Mutation.StreamGroupDelete x -> StreamMutations.apply(ks, x);
            case Mutation.StreamConsumerPut x -> StreamMutations.apply(ks, x);
            case Mutation.StreamConsumerDelete x -> StreamMutations.apply(ks, x);
            case Mutation.StreamClaim x -> StreamMutations.apply(ks, x);
            case Mutation.StreamAck x -> StreamMutations.apply(ks, x);
            case Mutation.Rename r -> ks.rename(r.source(), r.key());
            case Mutation.ZSetPut z -> zsetFor(ks, z.key(), true).put(latin1(z.member()), z.score(), ks.cow);
            case Mutation.ZSetDelete z -> {
                ZSetEntry e = zsetFor(ks, z.key(), false);
                if (e != null) {
                    e.remove(latin1(z.member()), ks.cow);
                    if (e.size() == 0) {
                        ks.remove(z.key());
                    }
                }
            }
            case Mutation.ZSetRemoveRange z -> {
                ZSetEntry e = zsetFor(ks, z.key(), false);
                ScoredMember first = new ScoredMember(latin1(z.first()), z.firstScore());
                ScoredMember last = new ScoredMember(latin1(z.last()), z.lastScore());
                if (e != null && e.within(first, last)) {
                    ks.remove(z.key()); // the whole set: drop it, nothing to walk or copy
                } else if (e != null) {
                    e.removeRange(first, last, ks.cow);
                    if (e.size() == 0) {
                        ks.remove(z.key());
                    }
                }
            }
            case Mutation.SetAdd a -> SetMutations.add(ks, a);
            case Mutation.SetRemove r -> SetMutations.remove(ks, r);
            case Mutation.ExpireAt x -> {
                Object e = ks.get(x.key());
                if (e != null) {
                    ks.setExpiry(e, x.expireAt());
                }
            }
            case Mutation.Clear c -> ks.clear();
            case Mutation.ListPush p -> listFor(ks, p.key(), true).push(p.left(), p.values(), ks.listFill());
            case Mutation.ListPop p -> {
                ListEntry e = listFor(ks, p.key(), false);
                if (e != null) {
                    e.pop(p.left(), p.count(), ks.listFill());
                    removeIfEmpty(ks, e);
                }
            }
            case Mutation.ListSet x -> {
                ListEntry e = existingList(ks, x.key());
                checkPosition(x.index(), e.size() - 1);
                e.set(x.index(), x.value(), ks.listFill());
            }
            case Mutation.ListInsert x -> {
                ListEntry e = existingList(ks, x.key());
                checkPosition(x.index(), e.size());
                e.insert(x.index(), x.value(), ks.listFill());
            }
            case Mutation.ListRemove r -> {
                ListEntry e = listFor(ks, r.key(), false);
                if (e != null) {
                    e.removeMatching(r.count(), r.value(), ks.listFill());
                    removeIfEmpty(ks, e);
                }
            }
            case Mutation.ListTrim x -> {
                ListEntry e = listFor(ks, x.key(), false);
                if (e != null) {
                    checkPosition(x.start(), x.stop());
                    checkPosition(x.stop(), e.size() - 1);
                    e.trim(x.start(), x.stop(), ks.listFill());
                }
            }
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

    /**
     * The list at {@code key} made writable, created when absent and {@code create}; null when
     * absent otherwise. A position change on an absent list (set, insert) is a log that does not
     * fit the state.
     */
    private static ListEntry listFor(Keyspace ks, byte[] key, boolean create) {
        Object e = ks.get(key);
        if (e == null) {
            return create ? ks.newList(key) : null;
        }
        if (e instanceof ListEntry l) {
            return ks.mutable(l);
        }
        throw new IllegalStateException("list change on a " + EntryKeys.typeOf(e).redisName() + " key");
    }

    private static ListEntry existingList(Keyspace ks, byte[] key) {
        ListEntry e = listFor(ks, key, false);
        if (e == null) {
            throw new IllegalStateException("list position change on an absent key");
        }
        return e;
    }

    private static void checkPosition(int index, int max) {
        if (index < 0 || index > max) {
            throw new IllegalStateException("list position: " + index + " (expected: 0 to " + max + ")");
        }
    }

    private static void removeIfEmpty(Keyspace ks, ListEntry e) {
        if (e.size() == 0) {
            ks.remove(e.key);
        }
    }

    static String latin1(byte[] b) {
        return new String(b, StandardCharsets.ISO_8859_1);
    }
}
