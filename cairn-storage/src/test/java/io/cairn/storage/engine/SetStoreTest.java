package io.cairn.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.common.Bytes;
import io.cairn.common.ManualClock;
import io.cairn.storage.io.LocalFileSystem;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Sets through the store: layouts and their conversions, the log, snapshots, expiry and the operations. */
class SetStoreTest {
    @TempDir
    Path dir;
    final ManualClock clock = new ManualClock(1_700_000_000_000L);
    Store store;

    private static byte[] b(String s) {
        return Bytes.utf8(s);
    }

    private static byte[][] bs(String... s) {
        byte[][] out = new byte[s.length][];
        for (int i = 0; i < s.length; i++) {
            out[i] = b(s[i]);
        }
        return out;
    }

    private static Set<String> strings(List<byte[]> members) {
        Set<String> out = new TreeSet<>();
        for (byte[] m : members) {
            out.add(new String(m, StandardCharsets.UTF_8));
        }
        return out;
    }

    private Store open() {
        store = Store.open(StoreConfig.builder(dir).walMode(WalMode.WRITE).expiryCycle(Duration.ofHours(1))
                .checkpointInterval(Duration.ZERO).checkpointLogBytes(0).build(), LocalFileSystem.INSTANCE, clock);
        return store;
    }

    private void reopen() {
        store.close();
        open();
    }

    @AfterEach
    void close() {
        if (store != null) {
            store.close();
        }
    }

    private <R> R write(Function<SetOps, R> body) {
        return store.execute(t -> body.apply(t.sets())).await();
    }

    private <R> R read(Function<SetOps, R> body) {
        return store.read(t -> body.apply(t.sets()));
    }

    private String encoding(String key) {
        return store.read(t -> t.encoding(b(key)));
    }

    @Test
    void addRemoveAndTheLastMemberTakesTheKey() {
        open();
        assertThat(this.<Long>write(s -> s.add(b("s"), bs("a", "b", "a", "c")))).isEqualTo(3);
        assertThat(this.<Long>write(s -> s.add(b("s"), bs("a", "d")))).isEqualTo(1);
        assertThat(this.<Integer>read(s -> s.card(b("s")))).isEqualTo(4);
        assertThat(this.<Boolean>read(s -> s.isMember(b("s"), b("d")))).isTrue();
        assertThat(this.<boolean[]>read(s -> s.areMembers(b("s"), bs("a", "zz", "c")))).containsExactly(true, false, true);
        assertThat(strings(this.<List<byte[]>>read(s -> s.members(b("s"))))).containsExactly("a", "b", "c", "d");
        assertThat(this.<Long>write(s -> s.remove(b("s"), bs("a", "a", "zz")))).isEqualTo(1);
        assertThat(this.<Long>write(s -> s.remove(b("s"), bs("b", "c", "d")))).isEqualTo(3);
        assertThat(store.<ValueType>read(t -> t.type(b("s")))).isEqualTo(ValueType.NONE);
        assertThat(this.<List<byte[]>>read(s -> s.members(b("missing")))).isEmpty();
        assertThat(this.<Integer>read(s -> s.card(b("missing")))).isZero();
    }

    @Test
    void anotherTypeIsAWrongTypeErrorAndChangesNothing() {
        open();
        store.set(b("str"), b("v")).await();
        assertThatThrownBy(() -> this.<Long>write(s -> s.add(b("str"), bs("a")))).isInstanceOf(WrongTypeException.class);
        assertThatThrownBy(() -> this.<Integer>read(s -> s.card(b("str")))).isInstanceOf(WrongTypeException.class);
        this.<Long>write(s -> s.add(b("set"), bs("a")));
        // the wrong type is found even after an absent key, which alone would make the result empty
        assertThatThrownBy(() -> this.<List<byte[]>>read(s -> s.inter(bs("missing", "str")))).isInstanceOf(WrongTypeException.class);
        assertThatThrownBy(() -> this.<Boolean>write(s -> s.move(b("set"), b("str"), b("a")))).isInstanceOf(WrongTypeException.class);
        assertThat(this.<Boolean>read(s -> s.isMember(b("set"), b("a")))).isTrue();
        assertThat(this.<Boolean>write(s -> s.move(b("missing"), b("str"), b("a")))).isFalse(); // as Redis: absent source first
    }

    @Test
    void integersStayAnIntsetUntilAStringOrTheBoundAndNeverConvertBack() {
        open();
        this.<Long>write(s -> s.add(b("i"), bs("3", "1", "-2", "9223372036854775807")));
        assertThat(encoding("i")).isEqualTo("intset");
        assertThat(this.<List<byte[]>>read(s -> s.members(b("i")))).extracting(m -> new String(m, StandardCharsets.UTF_8))
                .containsExactly("-2", "1", "3", "9223372036854775807"); // ascending, as Redis's intset
        this.<Long>write(s -> s.add(b("i"), bs("01"))); // not canonical: a string
        assertThat(encoding("i")).isEqualTo("hashtable");
        this.<Long>write(s -> s.remove(b("i"), bs("01")));
        assertThat(encoding("i")).isEqualTo("hashtable");

        for (int i = 0; i < 512; i++) {
            String m = Integer.toString(i);
            this.<Long>write(s -> s.add(b("big"), bs(m)));
        }
        assertThat(encoding("big")).isEqualTo("intset");
        this.<Long>write(s -> s.add(b("big"), bs("512")));
        assertThat(encoding("big")).isEqualTo("hashtable");
        assertThat(this.<Integer>read(s -> s.card(b("big")))).isEqualTo(513);

        String[] many = new String[600];
        for (int i = 0; i < many.length; i++) {
            many[i] = Integer.toString(i);
        }
        this.<Long>write(s -> s.add(b("hint"), bs(many))); // more than the bound at once: a hashtable at once
        assertThat(encoding("hint")).isEqualTo("hashtable");
        this.<Long>write(s -> s.add(b("str"), bs("a", "1")));
        assertThat(encoding("str")).isEqualTo("hashtable");

        store.setMaxIntsetEntries(2);
        this.<Long>write(s -> s.add(b("small"), bs("1", "2")));
        assertThat(encoding("small")).isEqualTo("intset");
        this.<Long>write(s -> s.add(b("small"), bs("3")));
        assertThat(encoding("small")).isEqualTo("hashtable");
    }

    @Test
    void bothLayoutsSurviveTheLogASnapshotAndExpiry() {
        open();
        List<String> big = new ArrayList<>();
        for (int i = 0; i < 3_000; i++) {
            big.add("member-" + i);
        }
        this.<Long>write(s -> s.add(b("big"), bs(big.toArray(new String[0]))));
        this.<Long>write(s -> s.add(b("ints"), bs("5", "-7", "40000")));
        this.<Long>write(s -> s.remove(b("big"), bs("member-5")));
        store.execute(t -> t.expireAt(b("ints"), clock.millis() + 10_000)).await();
        reopen(); // replay
        assertThat(this.<Integer>read(s -> s.card(b("big")))).isEqualTo(2_999);
        assertThat(encoding("ints")).isEqualTo("intset");
        assertThat(strings(this.<List<byte[]>>read(s -> s.members(b("ints"))))).containsExactly("-7", "40000", "5");
        store.checkpoint().join();
        this.<Long>write(s -> s.add(b("big"), bs("after")));
        reopen(); // snapshot + log
        assertThat(store.recoveryStats().snapshotEntries()).isEqualTo(2);
        assertThat(this.<Integer>read(s -> s.card(b("big")))).isEqualTo(3_000);
        assertThat(this.<Boolean>read(s -> s.isMember(b("big"), b("after")))).isTrue();
        assertThat(this.<Boolean>read(s -> s.isMember(b("big"), b("member-5")))).isFalse();
        assertThat(encoding("ints")).isEqualTo("intset");
        assertThat(store.<Long>read(t -> t.expireAt(b("ints")))).isEqualTo(clock.millis() + 10_000);
        clock.advanceMillis(10_001);
        assertThat(this.<Integer>read(s -> s.card(b("ints")))).isZero();
        assertThat(this.<Long>write(s -> s.add(b("ints"), bs("a")))).isEqualTo(1); // a fresh set, no old members
        assertThat(strings(this.<List<byte[]>>read(s -> s.members(b("ints"))))).containsExactly("a");
    }

    @Test
    void popAndRandomMembersPickDistinctMembersOrRepeatsForANegativeCount() {
        open();
        SplittableRandom rnd = new SplittableRandom(42);
        List<String> all = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            all.add("x" + i);
        }
        this.<Long>write(s -> s.add(b("s"), bs(all.toArray(new String[0]))));
        for (long count : new long[] {1, 5, 300, 400, 999, 1000, 5000}) {
            List<byte[]> got = this.<List<byte[]>>read(s -> s.randomMembers(b("s"), count, rnd));
            assertThat(strings(got)).hasSize((int) Math.min(count, 1000));
            assertThat(got).hasSize((int) Math.min(count, 1000));
        }
        List<byte[]> repeats = this.<List<byte[]>>read(s -> s.randomMembers(b("s"), -3_000, rnd));
        assertThat(repeats).hasSize(3_000);
        assertThat(strings(repeats).size()).isLessThan(1_000); // with 3,000 picks of 1,000, some repeat
        assertThat(this.<List<byte[]>>read(s -> s.randomMembers(b("s"), 0, rnd))).isEmpty();
        assertThat(this.<List<byte[]>>read(s -> s.randomMembers(b("missing"), -5, rnd))).isEmpty();

        List<byte[]> popped = this.<List<byte[]>>write(s -> s.pop(b("s"), 600, rnd));
        assertThat(strings(popped)).hasSize(600);
        assertThat(this.<Integer>read(s -> s.card(b("s")))).isEqualTo(400);
        assertThat(this.<boolean[]>read(s -> s.areMembers(b("s"), popped.toArray(new byte[0][])))).containsOnly(false);
        byte[] one = this.<byte[]>write(s -> s.pop(b("s"), rnd));
        assertThat(this.<Boolean>read(s -> s.isMember(b("s"), one))).isFalse();
        assertThat(this.<List<byte[]>>write(s -> s.pop(b("s"), 10_000, rnd))).hasSize(399);
        assertThat(store.<Boolean>read(t -> t.exists(b("s")))).isFalse();
        assertThat(this.<byte[]>write(s -> s.pop(b("s"), rnd))).isNull();
        reopen();
        assertThat(store.<Boolean>read(t -> t.exists(b("s")))).isFalse();
    }

    @Test
    void randomPicksAreSpreadOverTheWholeSet() {
        open();
        String[] members = new String[64];
        for (int i = 0; i < members.length; i++) {
            members[i] = "m" + i;
        }
        this.<Long>write(s -> s.add(b("s"), bs(members)));
        SplittableRandom rnd = new SplittableRandom(7);
        int[] hits = new int[64];
        for (byte[] m : this.<List<byte[]>>read(s -> s.randomMembers(b("s"), -64_000, rnd))) {
            hits[Integer.parseInt(new String(m, StandardCharsets.UTF_8).substring(1))]++;
        }
        for (int h : hits) {
            assertThat(h).isBetween(700, 1300); // 1,000 expected each
        }
    }

    @Test
    void algebraAndStoreFollowRedis() {
        open();
        this.<Long>write(s -> s.add(b("a"), bs("1", "2", "3", "x")));
        this.<Long>write(s -> s.add(b("b"), bs("2", "3", "4")));
        this.<Long>write(s -> s.add(b("c"), bs("3", "5")));
        assertThat(strings(this.<List<byte[]>>read(s -> s.inter(bs("a", "b"))))).containsExactly("2", "3");
        assertThat(strings(this.<List<byte[]>>read(s -> s.inter(bs("a", "b", "c"))))).containsExactly("3");
        assertThat(this.<List<byte[]>>read(s -> s.inter(bs("a", "missing")))).isEmpty();
        assertThat(this.<Long>read(s -> s.interCard(bs("a", "b"), 0))).isEqualTo(2);
        assertThat(this.<Long>read(s -> s.interCard(bs("a", "b"), 1))).isEqualTo(1);
        assertThat(this.<List<byte[]>>read(s -> s.union(bs("b", "c", "missing")))).extracting(m -> new String(m, StandardCharsets.UTF_8))
                .containsExactly("2", "3", "4", "5"); // integers only: ascending, as Redis's intset result
        assertThat(strings(this.<List<byte[]>>read(s -> s.diff(bs("a", "b", "c"))))).containsExactly("1", "x");
        assertThat(this.<List<byte[]>>read(s -> s.diff(bs("a", "a")))).isEmpty();
        assertThat(this.<List<byte[]>>read(s -> s.diff(bs("missing", "a")))).isEmpty();

        store.set(b("dst"), b("a string with a ttl")).await();
        store.execute(t -> t.expireAt(b("dst"), clock.millis() + 5_000)).await();
        assertThat(store.<Long>execute(t -> t.sets().store(b("dst"), t.sets().union(bs("b", "c")))).await()).isEqualTo(4);
        assertThat(encoding("dst")).isEqualTo("intset");
        assertThat(store.<Long>read(t -> t.expireAt(b("dst")))).isEqualTo(Txn.NO_EXPIRY);
        assertThat(store.<Long>execute(t -> t.sets().store(b("dst"), t.sets().inter(bs("a", "missing")))).await()).isZero();
        assertThat(store.<Boolean>read(t -> t.exists(b("dst")))).isFalse();

        assertThat(this.<Boolean>write(s -> s.move(b("a"), b("b"), b("x")))).isTrue();
        assertThat(this.<Boolean>write(s -> s.move(b("a"), b("b"), b("x")))).isFalse();
        assertThat(encoding("b")).isEqualTo("hashtable");
        assertThat(this.<Boolean>write(s -> s.move(b("c"), b("c"), b("5")))).isTrue();
        assertThat(this.<Boolean>write(s -> s.move(b("c"), b("new"), b("5")))).isTrue();
        assertThat(this.<Boolean>write(s -> s.move(b("c"), b("new"), b("3")))).isTrue();
        assertThat(store.<Boolean>read(t -> t.exists(b("c")))).isFalse();
        assertThat(encoding("new")).isEqualTo("intset");
        reopen();
        assertThat(strings(this.<List<byte[]>>read(s -> s.members(b("b"))))).containsExactly("2", "3", "4", "x");
        assertThat(strings(this.<List<byte[]>>read(s -> s.members(b("new"))))).containsExactly("3", "5");
    }

    @Test
    void sscanPagesABigSetAndReturnsASmallOneWhole() {
        open();
        this.<Long>write(s -> s.add(b("ints"), bs("1", "2", "3")));
        ScanPage small = store.<ScanPage>read(t -> t.scan(b("ints"), ValueType.SET, 0, 1));
        assertThat(small.cursor()).isZero();
        assertThat(small.elements()).hasSize(3);
        List<String> big = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            big.add("e" + i);
        }
        this.<Long>write(s -> s.add(b("big"), bs(big.toArray(new String[0]))));
        Set<String> seen = new HashSet<>();
        long cursor = 0;
        int pages = 0;
        do {
            long from = cursor;
            ScanPage p = store.<ScanPage>read(t -> t.scan(b("big"), ValueType.SET, from, 10));
            p.elements().forEach(m -> seen.add(new String(m, StandardCharsets.UTF_8)));
            cursor = p.cursor();
            pages++;
        } while (cursor != 0);
        assertThat(seen).hasSize(1_000);
        assertThat(pages).isBetween(90, 101);
        assertThat(store.<ScanPage>read(t -> t.scan(b("missing"), ValueType.SET, 0, 10))).isEqualTo(ScanPage.EMPTY);
        assertThatThrownBy(() -> store.<ScanPage>read(t -> t.scan(b("big"), ValueType.HASH, 0, 10)))
                .isInstanceOf(WrongTypeException.class);
    }

    @Test
    void setsLiveInTheirDatabaseAndMoveWithTheirLayout() {
        open();
        String[] many = new String[500];
        for (int i = 0; i < many.length; i++) {
            many[i] = "x" + i;
        }
        store.execute(3, t -> t.sets().add(b("s"), bs(many))).await();
        store.execute(3, t -> t.sets().add(b("i"), bs("1", "2"))).await();
        assertThat(store.<Integer>read(0, t -> t.sets().card(b("s")))).isZero();
        try (ReadView view = store.openReadView(3)) {
            store.execute(3, t -> t.move(b("s"), 5)).await(); // the entry moves; the view still shares its chunks
            store.execute(5, t -> t.sets().add(b("s"), bs("after the move"))).await();
            store.execute(5, t -> {
                t.swapDatabases(5, 3);
                return null;
            }).await();
            assertThat(view.type(b("s"))).isEqualTo(ValueType.SET);
        }
        assertThat(store.<Integer>read(3, t -> t.sets().card(b("s")))).isEqualTo(501);
        assertThat(store.<Integer>read(5, t -> t.sets().card(b("i")))).isEqualTo(2);
        store.checkpoint().join();
        store.execute(3, t -> t.sets().remove(b("s"), bs("x0"))).await();
        reopen();
        assertThat(store.<Integer>read(3, t -> t.sets().card(b("s")))).isEqualTo(500);
        assertThat(store.<Boolean>read(3, t -> t.sets().isMember(b("s"), b("after the move")))).isTrue();
        assertThat(store.<String>read(5, t -> t.encoding(b("i")))).isEqualTo("intset");
    }
}
