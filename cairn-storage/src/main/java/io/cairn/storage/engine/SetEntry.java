package io.cairn.storage.engine;

import java.util.function.Consumer;

/**
 * A set, in one of Redis's two layouts (its 7.0 encodings; 7.2 adds a listpack for small sets
 * of strings, which Cairn does not keep):
 * <ul>
 *   <li>{@code intset}: an {@link IntSet} while every member is the canonical text of an integer
 *       and there are at most {@code set-max-intset-entries} of them;
 *   <li>{@code hashtable}: a {@link MemberTree} otherwise, chunked for copy-on-write.
 * </ul>
 * The layout changes only on writes and only from intset to hashtable, as in Redis: a new set is
 * an intset when its first member is an integer and the members about to be added (the size
 * hint) fit; it becomes a hashtable when a non-integer arrives or it outgrows the bound. Removing
 * members never converts back.
 *
 * <p>Copy-on-write: {@link #copy} is O(1) for a hashtable (the tree's nodes are shared and copied
 * one chunk at a time as they change, see {@link MemberTree}) and copies the intset, which is
 * bounded by {@code set-max-intset-entries}. Mutable only by the keyspace's writer.
 */
final class SetEntry extends CollectionEntry {
    /** Redis's {@code set-max-intset-entries} default. */
    static final int DEFAULT_MAX_INTSET_ENTRIES = 512;
    /** Redis caps the bound at 2^30 whatever the setting. */
    private static final int INTSET_CAP = 1 << 30;

    private IntSet ints;
    private MemberTree tree;
    /** A disk database's big set, read back from the engine: its members are parts (then ints and tree are null). */
    private DiskFields disk;
    private int diskSize;
    /**
     * On disk only: the last member looked up and whether it was there, so that the write which
     * follows SADD's or SREM's check of a member does not read its part again. Only the store's
     * writer reads a stage entry (a view reads a copy on its snapshot).
     */
    private byte[] lastMember;
    private boolean lastPresent;

    private SetEntry(byte[] key, long expireAt, long epoch, IntSet ints, MemberTree tree) {
        super(key, expireAt, epoch);
        this.ints = ints;
        this.tree = tree;
    }

    /**
     * An empty set about to receive {@code sizeHint} members, the first of which is {@code first}:
     * an intset when that member is an integer and the hint fits, else a hashtable.
     */
    static SetEntry create(byte[] key, long epoch, byte[] first, int sizeHint, int maxIntsetEntries) {
        boolean intset = IntSet.representable(first) && sizeHint <= intsetBound(maxIntsetEntries);
        return new SetEntry(key, 0, epoch, intset ? new IntSet() : null, intset ? null : new MemberTree(epoch));
    }

    /** A disk database's big set of {@code size} members, kept by the engine ({@link DiskFields}). */
    static SetEntry onDisk(byte[] key, long expireAt, long epoch, DiskFields members, int size) {
        SetEntry s = new SetEntry(key, expireAt, epoch, null, null);
        s.disk = members;
        s.diskSize = size;
        return s;
    }

    @Override
    SavedParts saved() {
        return diskFields();
    }

    DiskFields diskFields() {
        return disk;
    }

    @Override
    SetEntry on(DiskParts snapshot) {
        return disk == null ? this : onDisk(key, expireAt, epoch, disk.on(snapshot), diskSize);
    }

    /** Builds a set as a snapshot loads it: the layout its contents call for. */
    static SetEntry load(byte[] key, long expireAt, long epoch, byte[][] members, int maxIntsetEntries) {
        boolean intset = members.length <= intsetBound(maxIntsetEntries);
        for (int i = 0; intset && i < members.length; i++) {
            intset = IntSet.representable(members[i]);
        }
        SetEntry s = new SetEntry(key, expireAt, epoch, intset ? new IntSet() : null,
                intset ? null : new MemberTree(epoch));
        CowClock unshared = CowClock.unshared(epoch);
        for (byte[] m : members) {
            s.add(m, Integer.MAX_VALUE, unshared);
        }
        return s;
    }

    private static int intsetBound(int maxIntsetEntries) {
        return Math.min(maxIntsetEntries, INTSET_CAP);
    }

    @Override
    ValueType type() {
        return ValueType.SET;
    }

    @Override
    int size() {
        return disk != null ? diskSize : ints != null ? ints.size() : tree.size();
    }

    /** Redis's name for the layout: {@code intset} or {@code hashtable}. */
    String encoding() {
        return ints != null ? "intset" : "hashtable";
    }

    boolean contains(byte[] member) {
        if (disk != null) {
            if (lastMember == null || !java.util.Arrays.equals(lastMember, member)) {
                lastPresent = disk.get(member) != null;
                lastMember = member;
            }
            return lastPresent;
        }
        if (ints != null) {
            return IntSet.representable(member) && ints.contains(IntSet.parse(member));
        }
        return tree.contains(member);
    }

    /**
     * Converts an intset to a hashtable before {@code sizeHint} members are added when they
     * could not all fit, as Redis's SADD does before adding its arguments.
     */
    void reserve(int sizeHint, int maxIntsetEntries, CowClock clock) {
        if (ints != null && sizeHint > intsetBound(maxIntsetEntries)) {
            convert(clock);
        }
    }

    /** Adds {@code member} (kept, not copied); returns false when it was already there. */
    boolean add(byte[] member, int maxIntsetEntries, CowClock clock) {
        if (disk != null) {
            if (contains(member)) {
                return false;
            }
            disk = disk.with(member, DiskFields.PRESENT, clock);
            diskSize++;
            lastPresent = true;
            return true;
        }
        if (ints != null) {
            if (IntSet.representable(member)) {
                if (!ints.add(IntSet.parse(member))) {
                    return false;
                }
                if (ints.size() > intsetBound(maxIntsetEntries)) {
                    convert(clock);
                }
                return true;
            }
            convert(clock);
        }
        return tree.add(member, clock);
    }

    /** Removes {@code member}; returns false when it was not there. */
    boolean remove(byte[] member, CowClock clock) {
        if (disk != null) {
            if (!contains(member)) {
                return false;
            }
            disk = disk.with(member, DiskFields.GONE, clock);
            diskSize--;
            lastPresent = false;
            return true;
        }
        if (ints != null) {
            return IntSet.representable(member) && ints.remove(IntSet.parse(member));
        }
        return tree.remove(member, clock);
    }

    /**
     * The member of rank {@code rank} (ascending order for an intset, hash order for a
     * hashtable), in O(log n): a uniformly random rank is a uniformly random member. A hashtable
     * hands out its stored array (never change it); an intset a fresh one.
     */
    byte[] get(int rank) {
        if (disk != null) { // on disk a rank only points near a member: see onDisk() and SetOps
            if (rank < 0 || rank >= diskSize) {
                throw new IndexOutOfBoundsException("rank " + rank + " of " + diskSize + " members");
            }
            byte[][] out = new byte[1][];
            disk.visitNear(rank, diskSize, (m, v) -> out[0] = m);
            return out[0];
        }
        return ints != null ? IntSet.text(ints.get(rank)) : tree.get(rank);
    }

    /** Visits every member (stored arrays: never change them). */
    void forEach(Consumer<byte[]> visitor) {
        forEachWhile(m -> {
            visitor.accept(m);
            return true;
        });
    }

    /** Whether its members are engine parts: {@link #get} then picks near a rank, not at it. */
    boolean onDisk() {
        return disk != null;
    }

    /** Visits members until the visitor answers false. */
    void forEachWhile(java.util.function.Predicate<byte[]> visitor) {
        if (disk != null) {
            disk.visitFrom(0, (h, m, v) -> visitor.test(m));
        } else if (ints != null) {
            for (int i = 0; i < ints.size() && visitor.test(IntSet.text(ints.get(i))); i++) {
                // visited
            }
        } else {
            tree.forEachWhile(visitor);
        }
    }

    /**
     * One page of SSCAN: an intset, or a hashtable of at most {@value HashOrder#WHOLE} members,
     * is returned whole with cursor 0, as Redis 7.2 returns its intsets and listpacks (sets of up
     * to 128 members); a bigger hashtable pages by hash (see {@link MemberTree#scan}).
     */
    @Override
    long scan(long cursor, int count, ScanVisitor visitor) {
        if (disk != null) {
            if (diskSize <= HashOrder.WHOLE) {
                forEach(m -> visitor.visit(m, null));
                return 0;
            }
            return disk.scan(cursor, count, (m, v) -> visitor.visit(m, null));
        }
        if (ints != null || tree.size() <= HashOrder.WHOLE) {
            forEach(m -> visitor.visit(m, null));
            return 0;
        }
        return tree.scan(cursor, count, m -> visitor.visit(m, null));
    }

    /**
     * Makes an intset a hashtable, as a write of a member that does not fit makes it: for a set read
     * back from a form that does not keep its layout (a disk database's value), whose layout had
     * already changed. Nothing may see it yet.
     */
    void makeHashtable(CowClock clock) {
        if (ints != null) {
            convert(clock);
        }
    }

    private void convert(CowClock clock) {
        MemberTree t = new MemberTree(clock.stamp());
        for (int i = 0; i < ints.size(); i++) {
            t.add(IntSet.text(ints.get(i)), clock);
        }
        tree = t;
        ints = null;
    }

    @Override
    SetEntry copy(long epoch) {
        if (disk != null) {
            return onDisk(key, expireAt, epoch, disk, diskSize);
        }
        return new SetEntry(key, expireAt, epoch, ints == null ? null : ints.copy(), tree == null ? null : tree.share());
    }

    /** Checks the hashtable's structure (see {@link MemberTree#verify}); for tests. */
    void verify() {
        if (tree != null) {
            tree.verify();
        }
    }
}
