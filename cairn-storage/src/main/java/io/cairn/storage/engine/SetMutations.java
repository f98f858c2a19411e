package io.cairn.storage.engine;

/**
 * Applies the set mutations to a {@link Keyspace}, for {@link MutationApplier}: the one path of
 * live writes and of replay, so both choose the same layouts.
 */
final class SetMutations {
    private SetMutations() {
    }

    static void add(Keyspace ks, Mutation.SetAdd m) {
        byte[][] members = m.members();
        if (members.length == 0) {
            return;
        }
        Object e = ks.get(m.key());
        SetEntry set;
        if (e == null) {
            set = SetEntry.create(m.key().clone(), ks.tree.epoch(), members[0], members.length, ks.setMaxIntsetEntries);
            ks.put(set);
        } else if (e instanceof SetEntry s) {
            set = ks.mutable(s);
            set.reserve(members.length, ks.setMaxIntsetEntries, ks.cow);
        } else {
            throw new IllegalStateException("set change on a " + EntryKeys.typeOf(e).redisName() + " key");
        }
        for (byte[] member : members) {
            set.add(member, ks.setMaxIntsetEntries, ks.cow);
        }
    }

    static void remove(Keyspace ks, Mutation.SetRemove m) {
        Object e = ks.get(m.key());
        if (e == null) {
            return;
        }
        if (!(e instanceof SetEntry s)) {
            throw new IllegalStateException("set change on a " + EntryKeys.typeOf(e).redisName() + " key");
        }
        SetEntry set = ks.mutable(s);
        for (byte[] member : m.members()) {
            set.remove(member, ks.cow);
        }
        if (set.size() == 0) {
            ks.remove(m.key());
        }
    }
}
