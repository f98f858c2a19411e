package io.cairn.storage.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * The set operations of one {@link Txn} ({@link Txn#sets()}), with Redis's semantics: an absent
 * key is an empty set, a set goes with its last member, and a key of another type is a
 * {@link WrongTypeException} (for several keys: checked for all of them before anything else).
 * Same rules as {@code Txn}: valid only during its call; writes check everything before the
 * first change; arrays passed in are taken over.
 *
 * <p>Member arrays returned may be the stored ones (a set never changes a member in place):
 * callers must not change them. Random choices take the generator passed in; each pick is a
 * uniformly random member found by rank in O(log n).
 */
public final class SetOps {
    private final Txn t;

    SetOps(Txn t) {
        this.t = t;
    }

    // ------------------------------------------------------------------ reads

    public int card(byte[] key) {
        SetEntry s = read(key);
        return s == null ? 0 : s.size();
    }

    public boolean isMember(byte[] key, byte[] member) {
        SetEntry s = read(key);
        return s != null && s.contains(member);
    }

    /** SMISMEMBER: whether each member is in the set (all false when the key is absent). */
    public boolean[] areMembers(byte[] key, byte[][] members) {
        SetEntry s = read(key);
        boolean[] out = new boolean[members.length];
        for (int i = 0; s != null && i < members.length; i++) {
            out[i] = s.contains(members[i]);
        }
        return out;
    }

    /** Every member: ascending for an intset, in hash order otherwise; empty when absent. */
    public List<byte[]> members(byte[] key) {
        return all(read(key));
    }

    /** A uniformly random member, or null when the key is absent. */
    public byte[] randomMember(byte[] key, RandomGenerator random) {
        SetEntry s = read(key);
        return s == null ? null : s.get(random.nextInt(s.size()));
    }

    /**
     * SRANDMEMBER with a count: {@code count} distinct members (the whole set when it is no
     * larger) for a positive count, {@code -count} independent picks that may repeat for a
     * negative one. The caller bounds a negative count (the reply is that long).
     */
    public List<byte[]> randomMembers(byte[] key, long count, RandomGenerator random) {
        SetEntry s = read(key);
        if (s == null || count == 0) {
            return List.of();
        }
        if (count < 0) {
            List<byte[]> out = new ArrayList<>((int) Math.min(-count, 1 << 20));
            for (long i = 0; i < -count; i++) {
                out.add(s.get(random.nextInt(s.size())));
            }
            return out;
        }
        return distinct(s, count, random);
    }

    /** SINTER: members of every set; empty when any key is absent. */
    public List<byte[]> inter(byte[][] keys) {
        return inter(readAll(keys), Long.MAX_VALUE);
    }

    /** SINTERCARD: the size of the intersection, counting no further than {@code limit} (0: no limit). */
    public long interCard(byte[][] keys, long limit) {
        return inter(readAll(keys), limit == 0 ? Long.MAX_VALUE : limit).size();
    }

    /** SUNION: members of any of the sets. */
    public List<byte[]> union(byte[][] keys) {
        return union(readAll(keys));
    }

    /** SDIFF: members of the first set in none of the others. */
    public List<byte[]> diff(byte[][] keys) {
        return diff(readAll(keys));
    }

    // ------------------------------------------------------------------ writes

    /** SADD: returns how many of {@code members} were new. */
    public long add(byte[] key, byte[][] members) {
        t.checkWrite(key);
        for (byte[] m : members) {
            t.checkValue(m);
        }
        SetEntry s = write(key);
        List<byte[]> added = new ArrayList<>(members.length);
        Distinct distinct = new Distinct(members.length);
        long bytes = key.length;
        for (byte[] m : members) {
            if ((s == null || !s.contains(m)) && distinct.first(m)) {
                added.add(m);
                bytes += m.length + 5;
            }
        }
        if (!added.isEmpty()) {
            t.record(new Mutation.SetAdd(t.db, key, added.toArray(new byte[0][])), bytes);
        }
        return added.size();
    }

    /** SREM: returns how many of {@code members} were there. The key goes with its last member. */
    public long remove(byte[] key, byte[][] members) {
        t.checkWrite(key);
        SetEntry s = write(key);
        if (s == null) {
            return 0;
        }
        List<byte[]> removed = new ArrayList<>();
        Distinct distinct = new Distinct(members.length);
        long bytes = key.length;
        for (byte[] m : members) {
            if (s.contains(m) && distinct.first(m)) {
                removed.add(m);
                bytes += m.length + 5;
            }
        }
        if (!removed.isEmpty()) {
            t.record(new Mutation.SetRemove(t.db, key, removed.toArray(new byte[0][])), bytes);
        }
        return removed.size();
    }

    /** SPOP without a count: removes and returns a random member; null when the key is absent. */
    public byte[] pop(byte[] key, RandomGenerator random) {
        List<byte[]> one = pop(key, 1, random);
        return one.isEmpty() ? null : one.getFirst();
    }

    /**
     * SPOP with a count: removes and returns {@code count} distinct random members (the whole
     * set, deleting the key, when it is no larger). Logged as the removal of those members.
     */
    public List<byte[]> pop(byte[] key, long count, RandomGenerator random) {
        t.checkWrite(key);
        SetEntry s = write(key);
        if (s == null || count <= 0) {
            return List.of();
        }
        if (count >= s.size()) {
            List<byte[]> everything = all(s);
            t.record(new Mutation.Delete(t.db, key), key.length);
            return everything;
        }
        List<byte[]> popped = distinct(s, count, random);
        long bytes = key.length;
        for (byte[] m : popped) {
            bytes += m.length + 5;
        }
        t.record(new Mutation.SetRemove(t.db, key, popped.toArray(new byte[0][])), bytes);
        return popped;
    }

    /**
     * SMOVE: moves {@code member} from {@code src} to {@code dst}; returns whether it was in
     * {@code src}. An absent {@code src} answers false before {@code dst}'s type is looked at,
     * and {@code src == dst} only checks membership, as in Redis.
     */
    public boolean move(byte[] src, byte[] dst, byte[] member) {
        t.checkWrite(src);
        t.checkWrite(dst);
        t.checkValue(member);
        SetEntry from = write(src);
        if (from == null) {
            return false;
        }
        SetEntry to = write(dst);
        if (Arrays.equals(src, dst)) {
            return from.contains(member);
        }
        if (!from.contains(member)) {
            return false;
        }
        t.record(new Mutation.SetRemove(t.db, src, new byte[][] {member}), src.length + member.length + 5);
        if (to == null || !to.contains(member)) {
            t.record(new Mutation.SetAdd(t.db, dst, new byte[][] {member}), dst.length + member.length + 5);
        }
        return true;
    }

    /**
     * The STORE forms: {@code dst} becomes a set of {@code members} (distinct), without expiry,
     * whatever it held; an empty result deletes it. Returns the new size.
     */
    public long store(byte[] dst, List<byte[]> members) {
        t.checkWrite(dst);
        for (byte[] m : members) {
            t.checkValue(m);
        }
        if (t.liveForWrite(dst) != null) {
            t.record(new Mutation.Delete(t.db, dst), dst.length);
        }
        if (!members.isEmpty()) {
            long bytes = dst.length;
            for (byte[] m : members) {
                bytes += m.length + 5;
            }
            t.record(new Mutation.SetAdd(t.db, dst, members.toArray(new byte[0][])), bytes);
        }
        return members.size();
    }

    // ------------------------------------------------------------------ internals

    private SetEntry read(byte[] key) {
        Object e = t.live(key);
        if (e == null || e instanceof SetEntry) {
            return (SetEntry) e;
        }
        throw new WrongTypeException(ValueType.SET, EntryKeys.typeOf(e));
    }

    private SetEntry write(byte[] key) {
        return t.liveForWrite(key, SetEntry.class, ValueType.SET);
    }

    /** Every key's set (null for absent ones), after checking all their types. */
    private SetEntry[] readAll(byte[][] keys) {
        SetEntry[] sets = new SetEntry[keys.length];
        for (int i = 0; i < keys.length; i++) {
            sets[i] = read(keys[i]);
        }
        return sets;
    }

    private static List<byte[]> all(SetEntry s) {
        if (s == null) {
            return List.of();
        }
        List<byte[]> out = new ArrayList<>(s.size());
        s.forEach(out::add);
        return out;
    }

    /** {@code count} (less than the size, or all) distinct members, by distinct random ranks. */
    private static List<byte[]> distinct(SetEntry s, long count, RandomGenerator random) {
        int n = s.size();
        if (count >= n) {
            return all(s);
        }
        int k = (int) count;
        List<byte[]> out = new ArrayList<>(k);
        if (s.onDisk()) {
            return distinctOnDisk(s, k, random);
        }
        if (k * 3L > n) {
            // close to the whole set: a partial shuffle of all ranks
            int[] ranks = new int[n];
            for (int i = 0; i < n; i++) {
                ranks[i] = i;
            }
            for (int i = 0; i < k; i++) {
                int j = i + random.nextInt(n - i);
                int r = ranks[j];
                ranks[j] = ranks[i];
                ranks[i] = r;
                out.add(s.get(r));
            }
            return out;
        }
        HashSet<Integer> taken = HashSet.newHashSet(k);
        while (out.size() < k) {
            int r = random.nextInt(n);
            if (taken.add(r)) {
                out.add(s.get(r));
            }
        }
        return out;
    }

    /**
     * Distinct picks from a set on disk, whose ranks only point near a member: distinct by member
     * for a few, else (or after many repeats) a selection in one pass (Knuth's algorithm S).
     */
    private static List<byte[]> distinctOnDisk(SetEntry s, int k, RandomGenerator random) {
        int n = s.size();
        List<byte[]> out = new ArrayList<>(k);
        if (k * 3L <= n) {
            HashSet<Member> taken = HashSet.newHashSet(k);
            for (long tries = 0; out.size() < k && tries <= 8L * k + 64; tries++) {
                byte[] m = s.get(random.nextInt(n));
                if (taken.add(new Member(m))) {
                    out.add(m);
                }
            }
            if (out.size() == k) {
                return out;
            }
            out.clear();
        }
        int[] seen = {0};
        s.forEachWhile(m -> {
            int wanted = k - out.size();
            if (wanted > 0 && random.nextInt(n - seen[0]) < wanted) {
                out.add(m);
            }
            seen[0]++;
            return out.size() < k;
        });
        return out;
    }

    private static List<byte[]> inter(SetEntry[] sets, long limit) {
        for (SetEntry s : sets) {
            if (s == null) {
                return List.of();
            }
        }
        SetEntry[] bySize = sets.clone();
        Arrays.sort(bySize, (a, b) -> Integer.compare(a.size(), b.size()));
        List<byte[]> out = new ArrayList<>();
        SetEntry smallest = bySize[0];
        smallest.forEachWhile(m -> {
            if (out.size() >= limit) {
                return false;
            }
            boolean everywhere = true;
            for (int j = 1; j < bySize.length && everywhere; j++) {
                everywhere = bySize[j] == smallest || bySize[j].contains(m);
            }
            if (everywhere) {
                out.add(m);
            }
            return true;
        });
        return out;
    }

    private static List<byte[]> union(SetEntry[] sets) {
        HashSet<Member> seen = new HashSet<>();
        List<byte[]> out = new ArrayList<>();
        for (SetEntry s : sets) {
            if (s != null) {
                s.forEach(m -> {
                    if (seen.add(new Member(m))) {
                        out.add(m);
                    }
                });
            }
        }
        return intsetOrder(out);
    }

    private static List<byte[]> diff(SetEntry[] sets) {
        SetEntry first = sets[0];
        if (first == null) {
            return List.of();
        }
        List<byte[]> out = new ArrayList<>();
        for (int j = 1; j < sets.length; j++) {
            if (sets[j] == first) {
                return out; // the same key again: nothing is left
            }
        }
        first.forEach(m -> {
            for (int j = 1; j < sets.length; j++) {
                if (sets[j] != null && sets[j].contains(m)) {
                    return;
                }
            }
            out.add(m);
        });
        return intsetOrder(out);
    }

    /**
     * A union or difference in the order Redis answers it: Redis gathers the result in a fresh
     * set, so a result that set would keep as an intset (integers only, at most the default
     * intset bound) comes in ascending order.
     */
    private static List<byte[]> intsetOrder(List<byte[]> members) {
        if (members.size() > SetEntry.DEFAULT_MAX_INTSET_ENTRIES) {
            return members;
        }
        for (byte[] m : members) {
            if (!IntSet.representable(m)) {
                return members;
            }
        }
        members.sort((a, b) -> Long.compare(IntSet.parse(a), IntSet.parse(b)));
        return members;
    }

    /** Tells the first occurrence of each argument from repeats: linearly for the usual few, else hashed. */
    private static final class Distinct {
        private final List<byte[]> few = new ArrayList<>();
        private final HashSet<Member> many;

        Distinct(int expected) {
            many = expected > 8 ? HashSet.newHashSet(expected) : null;
        }

        boolean first(byte[] m) {
            if (many != null) {
                return many.add(new Member(m));
            }
            for (byte[] x : few) {
                if (Arrays.equals(x, m)) {
                    return false;
                }
            }
            few.add(m);
            return true;
        }
    }

    /** A member as a hash-set key: equal by content. */
    private record Member(byte[] bytes, int hash) {
        Member(byte[] bytes) {
            this(bytes, MemberTree.hash(bytes));
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Member m && m.hash == hash && Arrays.equals(m.bytes, bytes);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }
}
