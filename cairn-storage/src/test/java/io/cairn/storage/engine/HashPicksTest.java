package io.cairn.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * HRANDFIELD's picks ({@link HashPicks}) on both hash layouts: distinct fields for a positive
 * count (the whole hash from its size on), repeats for a negative one, values with their fields,
 * every rank reaching one field of a 10,000-field trie (before and after deletes merge leaves),
 * and coverage close to uniform over many draws of a seeded generator, for single picks, both
 * ways of picking distinct fields and repeats. The picks read the hash in place: under an open
 * read view they leave the entry and its layout as they were, shared with the view.
 */
class HashPicksTest {
    private static final StoreConfig CONFIG = StoreConfig.builder(Path.of("/unused")).build();
    private static final byte[] BIG = b("big");
    private static final byte[] SMALL = b("small");
    private static final int FIELDS = 10_000;

    private Databases dbs;
    private Keyspace ks;
    private Txn txn;

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static String s(byte[] b) {
        return new String(b, StandardCharsets.ISO_8859_1);
    }

    private <R> R in(Function<Txn, R> body) {
        txn.begin(0, false, 0);
        try {
            return body.apply(txn);
        } finally {
            txn.end();
        }
    }

    private List<Map.Entry<byte[], byte[]>> picks(byte[] key, long count, SplittableRandom random) {
        return in(t -> t.hashPicks().fields(key, count, random));
    }

    private byte[] pick(byte[] key, SplittableRandom random) {
        return in(t -> t.hashPicks().field(key, random));
    }

    private String encoding(byte[] key) {
        return in(t -> t.encoding(key));
    }

    @BeforeEach
    void fill() {
        dbs = new Databases(1, 16);
        ks = dbs.get(0);
        txn = new Txn(dbs, CONFIG);
        in(t -> {
            for (int i = 0; i < FIELDS; i++) {
                t.hset(BIG, b("f" + i), b("v" + i));
            }
            for (int i = 0; i < 5; i++) {
                t.hset(SMALL, b("s" + i), b("w" + i));
            }
            t.set(b("str"), b("x"), 0);
            return null;
        });
        assertThat(encoding(BIG)).isEqualTo("hashtable");
        assertThat(encoding(SMALL)).isEqualTo("listpack");
    }

    /** Field names of the picks, each checked to come with its own value. */
    private static List<String> names(List<Map.Entry<byte[], byte[]>> picks) {
        List<String> out = new ArrayList<>(picks.size());
        for (Map.Entry<byte[], byte[]> e : picks) {
            String f = s(e.getKey());
            assertThat(s(e.getValue())).isEqualTo(f.replace('f', 'v').replace('s', 'w'));
            out.add(f);
        }
        return out;
    }

    @Test
    void positiveCountsAreDistinctAndCappedAtTheSizeNegativeOnesRepeat() {
        SplittableRandom random = new SplittableRandom(7);
        for (byte[] key : new byte[][] {SMALL, BIG}) {
            int size = in(t -> t.hlen(key)).intValue();
            for (long count : new long[] {1, 2, 4, 100, 3_333, 3_334, 9_999, 10_000, 10_001, Long.MAX_VALUE}) {
                List<String> got = names(picks(key, count, random));
                assertThat(got).as("count " + count).hasSize((int) Math.min(count, size)).doesNotHaveDuplicates();
            }
            List<String> repeats = names(picks(key, -3 * size, random));
            assertThat(repeats).hasSize(3 * size);
            assertThat(new HashSet<>(repeats).size()).as("a negative count repeats").isLessThan(3 * size);
        }
        List<String> whole = names(picks(SMALL, 5, random));
        assertThat(whole).as("the whole small hash, in its order").containsExactly("s0", "s1", "s2", "s3", "s4");
        assertThat(picks(BIG, 0, random)).isEmpty();
        assertThat(picks(b("absent"), 5, random)).isEmpty();
        assertThat(picks(b("absent"), -5, random)).isEmpty();
        assertThat(pick(b("absent"), random)).isNull();
        assertThat(s(pick(SMALL, random))).startsWith("s");
        assertThatThrownBy(() -> pick(b("str"), random)).isInstanceOf(WrongTypeException.class);
        assertThatThrownBy(() -> picks(b("str"), 1, random)).isInstanceOf(WrongTypeException.class);
    }

    @Test
    void everyRankOfTheTrieIsOneFieldBeforeAndAfterDeletes() {
        assertThat(ranks(BIG)).hasSize(FIELDS);
        in(t -> {
            for (int i = 0; i < FIELDS; i++) {
                if (i % 10 != 3) {
                    t.hdel(BIG, b("f" + i));
                }
            }
            return null;
        });
        Set<String> left = ranks(BIG);
        assertThat(left).hasSize(FIELDS / 10).allMatch(f -> f.endsWith("3"));
        assertThat(ranks(SMALL)).containsExactlyInAnyOrder("s0", "s1", "s2", "s3", "s4");
    }

    /** The fields at ranks 0 .. size - 1, asserting none comes twice and no rank past them exists. */
    private Set<String> ranks(byte[] key) {
        HashEntry h = (HashEntry) ks.get(key);
        Set<String> seen = new HashSet<>();
        for (int r = 0; r < h.size(); r++) {
            h.visitAt(r, (f, v) -> assertThat(seen.add(s(f))).as("a field at two ranks").isTrue());
        }
        assertThatThrownBy(() -> h.visitAt(h.size(), (f, v) -> { })).isInstanceOf(IndexOutOfBoundsException.class);
        return seen;
    }

    @Test
    void picksCoverTheTrieNearlyUniformly() {
        SplittableRandom random = new SplittableRandom(42);
        Map<String, Integer> single = new HashMap<>();
        in(t -> {
            for (int i = 0; i < 40 * FIELDS; i++) {
                single.merge(s(t.hashPicks().field(BIG, random)), 1, Integer::sum);
            }
            return null;
        });
        assertNearlyUniform(single, 40, "single picks");

        Map<String, Integer> repeats = new HashMap<>();
        names(picks(BIG, -40L * FIELDS, random)).forEach(f -> repeats.merge(f, 1, Integer::sum));
        assertNearlyUniform(repeats, 40, "a negative count");

        Map<String, Integer> byRanks = new HashMap<>();
        Map<String, Integer> selected = new HashMap<>();
        in(t -> {
            for (int draw = 0; draw < 400; draw++) {
                t.hashPicks().fields(BIG, 1_000, random).forEach(e -> byRanks.merge(s(e.getKey()), 1, Integer::sum));
            }
            for (int draw = 0; draw < 80; draw++) {
                t.hashPicks().fields(BIG, 5_000, random).forEach(e -> selected.merge(s(e.getKey()), 1, Integer::sum));
            }
            return null;
        });
        assertNearlyUniform(byRanks, 40, "1,000 distinct (random ranks)");
        assertNearlyUniform(selected, 40, "5,000 distinct (one selecting pass)");
    }

    /**
     * Every field drawn, and Pearson's chi-square over the 10,000 counts within four standard
     * deviations of its mean (9,999 degrees of freedom: mean 9,999, deviation about 141). Draws
     * without replacement vary less than that, so the bound holds for them too.
     */
    private static void assertNearlyUniform(Map<String, Integer> counts, double expected, String what) {
        assertThat(counts).as(what + ": every field drawn").hasSize(FIELDS);
        double chi = 0;
        for (int c : counts.values()) {
            chi += (c - expected) * (c - expected) / expected;
        }
        assertThat(chi).as(what + ": chi-square").isBetween(0.0, FIELDS - 1 + 4 * Math.sqrt(2.0 * (FIELDS - 1)));
    }

    @Test
    void picksUnderAnOpenViewLeaveTheHashAsItWasAndShared() {
        HashEntry before = (HashEntry) ks.get(BIG);
        Object table = before.table();
        HashEntry small = (HashEntry) ks.get(SMALL);
        Object smallTable = small.table();
        var view = ks.openView();
        try {
            SplittableRandom random = new SplittableRandom(3);
            in(t -> {
                t.hashPicks().field(BIG, random);
                t.hashPicks().fields(BIG, 3, random);
                t.hashPicks().fields(BIG, 4_000, random);
                t.hashPicks().fields(BIG, -1_000, random);
                t.hashPicks().fields(SMALL, 2, random);
                t.hashPicks().fields(SMALL, -9, random);
                return null;
            });
            assertThat(ks.get(BIG)).as("the live entry is not replaced").isSameAs(before);
            assertThat(before.table()).as("nor its layout copied").isSameAs(table);
            assertThat(small.table()).isSameAs(smallTable);
            assertThat(view.get(BIG)).as("the view shares it").isSameAs(before);
            assertThat(before.size()).isEqualTo(FIELDS);
            byte[] v = in(t -> t.hget(BIG, b("f123")));
            assertThat(v).isEqualTo(b("v123"));
        } finally {
            view.close();
        }
    }
}
