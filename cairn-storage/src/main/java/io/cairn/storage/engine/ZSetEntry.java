package io.cairn.storage.engine;

/**
 * A sorted set: its members by name ({@link MemberMap}) and in (score, member) order
 * ({@link ZSetTree}), both holding the same {@link ScoredMember} objects. {@link #copy} is O(1):
 * the copy shares both structures, whose writes copy the nodes an open view may see (the
 * {@link CowClock} says which), so the first write after a checkpoint opened its view costs
 * O(log n), not a copy of the set.
 */
final class ZSetEntry extends CollectionEntry {
    private final MemberMap members;
    private final ZSetTree order;

    ZSetEntry(byte[] key, long expireAt, long epoch) {
        this(key, expireAt, epoch, new MemberMap(), new ZSetTree());
    }

    private ZSetEntry(byte[] key, long expireAt, long epoch, MemberMap members, ZSetTree order) {
        super(key, expireAt, epoch);
        this.members = members;
        this.order = order;
    }

    /**
     * A set of the {@code n} first entries of {@code items}, as a snapshot lists them: built in
     * O(n) when they are in order with distinct members, else (a snapshot this store did not
     * write) added one by one, a later entry for a member replacing an earlier one.
     */
    static ZSetEntry load(byte[] key, long expireAt, long epoch, ScoredMember[] items, int n) {
        CowClock clock = CowClock.unshared(epoch);
        MemberMap members = new MemberMap();
        boolean ordered = true;
        for (int i = 0; i < n && ordered; i++) {
            ordered = (i == 0 || items[i - 1].compareTo(items[i]) < 0) && members.put(items[i], clock) == null;
        }
        if (ordered) {
            return new ZSetEntry(key, expireAt, epoch, members, ZSetTree.build(items, n, epoch));
        }
        ZSetEntry z = new ZSetEntry(key, expireAt, epoch);
        for (int i = 0; i < n; i++) {
            z.put(items[i].member(), items[i].score(), clock);
        }
        return z;
    }

    @Override
    ValueType type() {
        return ValueType.ZSET;
    }

    @Override
    int size() {
        return members.size();
    }

    ScoredMember get(String member) {
        return members.get(member);
    }

    /** The members in order, for reading only: writes go through this entry. */
    ZSetTree order() {
        return order;
    }

    /** Sets a member's score; returns the previous score or null. */
    Double put(String member, double score, CowClock clock) {
        ScoredMember x = new ScoredMember(member, score);
        ScoredMember old = members.put(x, clock); // one walk: the old entry comes back replaced
        if (old == null) {
            order.insert(x, clock);
            return null;
        }
        order.replace(old, x, clock); // in place when x keeps old's place, else a removal and an insert
        return old.score();
    }

    /** Removes a member; returns its entry, or null when absent. */
    ScoredMember remove(String member, CowClock clock) {
        ScoredMember old = members.remove(member, clock);
        if (old != null) {
            order.remove(old, clock);
        }
        return old;
    }

    /** Removes and returns the member at {@code rank}. */
    ScoredMember removeAt(int rank, CowClock clock) {
        ScoredMember m = order.removeAt(rank, clock);
        members.remove(m.member(), clock);
        return m;
    }

    /** Whether every member lies from {@code first} to {@code last} (inclusive, in order). */
    boolean within(ScoredMember first, ScoredMember last) {
        return size() > 0 && first.compareTo(order.get(0)) <= 0 && last.compareTo(order.get(size() - 1)) >= 0;
    }

    /** Removes every member from {@code first} to {@code last} (inclusive, in order); returns how many. */
    int removeRange(ScoredMember first, ScoredMember last, CowClock clock) {
        int from = order.rankOf(first);
        int to = order.countWhile(m -> m.compareTo(last) <= 0);
        for (int i = from; i < to; i++) {
            removeAt(from, clock);
        }
        return Math.max(0, to - from);
    }

    /** Both structures' invariants (tests only: walks everything). */
    void check() {
        members.check();
        order.check();
        if (members.size() != order.size()) {
            throw new IllegalStateException("members " + members.size() + " vs ordered " + order.size());
        }
    }

    /**
     * One page of ZSCAN: a set of at most {@value HashOrder#WHOLE} members whole, in order, with
     * cursor 0 (as Redis answers for a listpack); a bigger one in hash order from the cursor
     * through the member map's {@link MemberMap#scan}, O(log n + count) per page.
     */
    @Override
    long scan(long cursor, int count, ScanVisitor visitor) {
        if (size() <= HashOrder.WHOLE) {
            order.forEach(0, size(), m -> visitor.visit(m.memberBytes(), m.score()));
            return 0;
        }
        return members.scan(cursor, count, m -> visitor.visit(m.memberBytes(), m.score()));
    }

    @Override
    ZSetEntry copy(long epoch) {
        return new ZSetEntry(key, expireAt, epoch, members.share(), order.share());
    }
}
