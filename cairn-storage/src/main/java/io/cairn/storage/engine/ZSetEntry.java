package io.cairn.storage.engine;

/**
 * A sorted set: its members by name ({@link MemberMap}) and in (score, member) order
 * ({@link ZSetTree}), both holding the same {@link ScoredMember} objects. {@link #copy} is O(1):
 * the copy shares both structures, whose writes copy the nodes an open view may see (the
 * {@link CowClock} says which), so the first write after a checkpoint opened its view costs
 * O(log n), not a copy of the set.
 *
 * <p>In a disk database, a big sorted set read back from the engine takes a second layout, {@link
 * DiskScores}: its members and their score index stay in the engine and only those written since
 * the save are held. Reads by score and at either end then cost a seek and the members read; a
 * rank costs a walk from the nearer end (as in Kvrocks), and a ZRANDMEMBER pick a seek.
 */
final class ZSetEntry extends CollectionEntry {
    private final MemberMap members;
    private final ZSetTree order;
    /** The disk layout, or null: then {@link #members} and {@link #order} hold the set. */
    private DiskScores disk;
    private int size;
    /** On disk only: the last member read and its score (null: absent), so a write after a check reads no part again. */
    private String lastMember;
    private Double lastScore;

    ZSetEntry(byte[] key, long expireAt, long epoch) {
        this(key, expireAt, epoch, new MemberMap(), new ZSetTree());
    }

    private ZSetEntry(byte[] key, long expireAt, long epoch, MemberMap members, ZSetTree order) {
        super(key, expireAt, epoch);
        this.members = members;
        this.order = order;
    }

    private ZSetEntry(byte[] key, long expireAt, long epoch, DiskScores disk, int size) {
        super(key, expireAt, epoch);
        this.members = null;
        this.order = null;
        this.disk = disk;
        this.size = size;
    }

    /** A disk database's big sorted set of {@code size} members, kept by the engine ({@link DiskScores}). */
    static ZSetEntry onDisk(byte[] key, long expireAt, long epoch, DiskScores disk, int size) {
        return new ZSetEntry(key, expireAt, epoch, disk, size);
    }

    @Override
    DiskScores saved() {
        return disk;
    }

    @Override
    ZSetEntry on(DiskParts snapshot) {
        return disk == null ? this : new ZSetEntry(key, expireAt, epoch, disk.on(snapshot), size);
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
        return disk != null ? size : members.size();
    }

    ScoredMember get(String member) {
        if (disk != null) {
            Double s = diskScore(member);
            return s == null ? null : new ScoredMember(member, s);
        }
        return members.get(member);
    }

    private Double diskScore(String member) {
        if (!member.equals(lastMember)) {
            lastScore = disk.score(member.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
            lastMember = member;
        }
        return lastScore;
    }

    /** A write to a set on disk ({@code score} null removes); returns the previous score. */
    private Double write(String member, Double score, CowClock clock) {
        Double old = diskScore(member);
        if (old == null && score == null) {
            return null;
        }
        disk = disk.with(member, member.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1), score, old, clock);
        lastMember = member;
        lastScore = score;
        if (old == null) {
            size++;
        } else if (score == null) {
            size--;
        }
        return old;
    }

    /** The number of members ordered before {@code m}: its rank when present. O(log n); on disk O(rank). */
    int rankOf(ScoredMember m) {
        if (disk == null) {
            return order.rankOf(m);
        }
        int[] n = {0};
        disk.walk(null, x -> {
            if (x.compareTo(m) >= 0) {
                return false;
            }
            n[0]++;
            return true;
        });
        return n[0];
    }

    /** The member at {@code rank} (0-based, ascending; within the size). */
    ScoredMember at(int rank) {
        if (disk == null) {
            return order.get(rank);
        }
        ScoredMember[] out = new ScoredMember[1];
        forEach(rank, rank + 1, m -> out[0] = m);
        return out[0];
    }

    /**
     * Hands the members of ranks {@code from} (inclusive) to {@code to} (exclusive) to {@code out},
     * in ascending order: O(log n + k); on disk, a walk from the nearer end.
     */
    void forEach(int from, int to, java.util.function.Consumer<? super ScoredMember> out) {
        if (disk == null) {
            order.forEach(from, to, out);
            return;
        }
        if (from >= to) {
            return;
        }
        if (from <= size - to) {
            int[] seen = {0};
            disk.walk(null, m -> {
                if (seen[0]++ >= from) {
                    out.accept(m);
                }
                return seen[0] < to;
            });
            return;
        }
        java.util.ArrayList<ScoredMember> back = new java.util.ArrayList<>(to - from);
        int[] seen = {0};
        disk.walkBackward(null, m -> {
            if (seen[0]++ >= size - to) {
                back.add(m);
            }
            return seen[0] < size - from;
        });
        for (int i = back.size() - 1; i >= 0; i--) {
            out.accept(back.get(i));
        }
    }

    /** The order tree of a set in memory (null on disk), for reading only: writes go through this entry. */
    ZSetTree tree() {
        return order;
    }

    /** The disk layout's ordered walks, or null in memory. */
    DiskScores disk() {
        return disk;
    }

    /** Sets a member's score; returns the previous score or null. */
    Double put(String member, double score, CowClock clock) {
        if (disk != null) {
            return write(member, score, clock);
        }
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
        if (disk != null) {
            Double old = write(member, null, clock);
            return old == null ? null : new ScoredMember(member, old);
        }
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
        return size() > 0 && first.compareTo(at(0)) <= 0 && last.compareTo(at(size() - 1)) >= 0;
    }

    /** Removes every member from {@code first} to {@code last} (inclusive, in order); returns how many. */
    int removeRange(ScoredMember first, ScoredMember last, CowClock clock) {
        if (disk != null) {
            java.util.List<ScoredMember> gone = new java.util.ArrayList<>();
            disk.walk(first, m -> {
                if (m.compareTo(last) > 0) {
                    return false;
                }
                gone.add(m);
                return true;
            });
            for (ScoredMember m : gone) {
                write(m.member(), null, clock);
            }
            return gone.size();
        }
        int from = order.rankOf(first);
        int to = order.countWhile(m -> m.compareTo(last) <= 0);
        for (int i = from; i < to; i++) {
            removeAt(from, clock);
        }
        return Math.max(0, to - from);
    }

    /** Both structures' invariants (tests only: walks everything). */
    void check() {
        if (disk != null) {
            return;
        }
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
        if (disk != null) {
            return disk.members.scan(cursor, count, (f, v) -> visitor.visit(f, DiskScores.score(v, 0)));
        }
        if (size() <= HashOrder.WHOLE) {
            order.forEach(0, size(), m -> visitor.visit(m.memberBytes(), m.score()));
            return 0;
        }
        return members.scan(cursor, count, m -> visitor.visit(m.memberBytes(), m.score()));
    }

    /**
     * Visits one member for a random pick: the one at {@code rank} in memory; on disk the first in
     * hash order at or after where {@code rank} points ({@link DiskFields#visitNear}), one seek.
     */
    ScoredMember near(int rank) {
        if (disk == null) {
            return order.get(rank);
        }
        ScoredMember[] out = new ScoredMember[1];
        disk.members.visitNear(rank, size, (f, v) -> out[0] = new ScoredMember(MutationApplier.latin1(f), DiskScores.score(v, 0)));
        return out[0];
    }

    @Override
    ZSetEntry copy(long epoch) {
        if (disk != null) {
            return new ZSetEntry(key, expireAt, epoch, disk.share(), size);
        }
        return new ZSetEntry(key, expireAt, epoch, members.share(), order.share());
    }
}
