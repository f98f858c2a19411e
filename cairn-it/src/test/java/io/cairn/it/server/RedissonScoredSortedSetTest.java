package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.redisson.api.RScoredSortedSet;
import org.redisson.api.RedissonClient;
import org.redisson.client.protocol.RankedEntry;
import org.redisson.client.protocol.ScoredEntry;

/**
 * Redisson's {@code RScoredSortedSet}, unchanged, on its methods that are one sorted-set command
 * each: adds with NX/XX/GT/LT, ranks, ranges by rank and score, ZSCAN iteration, the algebra and
 * its STORE forms, ZRANGESTORE, ZRANDMEMBER and ZMPOP. Left for EVAL (issue 11), being Lua scripts
 * in Redisson: {@code pollFirst() / pollLast()} and their counted and entry forms, {@code
 * addAndGetRank / addAndGetRevRank / addScoreAndGetRank / replace / getScore(list) /
 * revRank(collection) / containsAll / retainAll}. The blocking {@code pollFirst(timeout)} and {@code
 * takeFirst} send BZPOPMIN / BZMPOP, tested with the blocking sorted-set pops.
 */
@Timeout(60)
class RedissonScoredSortedSetTest {
    @TempDir
    Path dir;
    RedissonOnCairn cairn;
    RedissonClient redisson;

    @BeforeEach
    void start() {
        cairn = RedissonOnCairn.start(dir);
        redisson = cairn.redisson();
    }

    @AfterEach
    void stop() {
        if (cairn != null) {
            cairn.close();
        }
    }

    @Test
    void addsRanksScoresAndRanges() {
        RScoredSortedSet<String> z = redisson.getScoredSortedSet("board");
        assertThat(z.add(10, "ann")).isTrue();
        assertThat(z.add(11, "ann")).as("an update, not an add").isFalse();
        assertThat(z.addAll(Map.of("bob", 20.0, "cy", 30.0, "di", 40.0))).isEqualTo(3);
        assertThat(z.tryAdd(99, "ann")).isFalse();
        assertThat(z.addIfExists(5, "nobody")).isFalse();
        assertThat(z.addIfGreater(15, "ann")).isTrue();
        assertThat(z.addIfLess(50, "bob")).isFalse();
        assertThat(z.addAllIfAbsent(Map.of("ann", 1.0, "ed", 50.0))).isEqualTo(1);
        assertThat(z.size()).isEqualTo(5);
        assertThat(z.getScore("ann")).isEqualTo(15.0);
        assertThat(z.getScore("nobody")).isNull();
        assertThat(z.contains("cy")).isTrue();
        assertThat(z.contains("nobody")).isFalse();
        assertThat(z.rank("cy")).isEqualTo(2);
        assertThat(z.revRank("cy")).isEqualTo(2);
        assertThat(z.rank("nobody")).isNull();
        RankedEntry<String> ranked = z.rankEntry("di");
        assertThat(ranked.getRank()).isEqualTo(3);
        assertThat(ranked.getScore()).isEqualTo(40.0);
        assertThat(z.addScore("ann", 100)).isEqualTo(115.0);
        assertThat(z.first()).isEqualTo("bob");
        assertThat(z.last()).isEqualTo("ann");
        assertThat(z.firstScore()).isEqualTo(20.0);
        assertThat(z.lastScore()).isEqualTo(115.0);
        assertThat(z.firstEntry()).isEqualTo(new ScoredEntry<>(20.0, "bob"));
        assertThat(z.valueRange(0, 1)).containsExactly("bob", "cy");
        assertThat(z.valueRangeReversed(0, 0)).containsExactly("ann");
        assertThat(z.entryRange(-2, -1)).containsExactly(new ScoredEntry<>(50.0, "ed"), new ScoredEntry<>(115.0, "ann"));
        assertThat(z.valueRange(20, false, 50, true)).containsExactly("cy", "di", "ed");
        assertThat(z.valueRange(0, true, 1000, true, 1, 2)).containsExactly("cy", "di");
        assertThat(z.valueRangeReversed(0, true, 45, true)).containsExactly("di", "cy", "bob");
        assertThat(z.entryRangeReversed(30, true, 40, true))
                .containsExactly(new ScoredEntry<>(40.0, "di"), new ScoredEntry<>(30.0, "cy"));
        assertThat(z.count(20, true, 40, false)).isEqualTo(2);
        assertThat(z.readAll()).containsExactly("bob", "cy", "di", "ed", "ann");
        assertThat(z.remove("ed")).isTrue();
        assertThat(z.removeAll(List.of("nobody", "di"))).isTrue();
        assertThat(z.removeRangeByRank(0, 0)).isEqualTo(1);
        assertThat(z.removeRangeByScore(100, true, Double.POSITIVE_INFINITY, true)).isEqualTo(1);
        assertThat(z.readAll()).containsExactly("cy");
    }

    @Test
    void iteratesABigSetByZscanPages() {
        RScoredSortedSet<String> z = redisson.getScoredSortedSet("big");
        Map<String, Double> members = new HashMap<>();
        for (int i = 0; i < 1_000; i++) {
            members.put("m" + i, (double) i);
        }
        assertThat(z.addAll(members)).isEqualTo(1_000);
        Set<String> seen = new HashSet<>();
        z.iterator(50).forEachRemaining(seen::add);
        assertThat(seen).hasSize(1_000);
        List<ScoredEntry<String>> matched = new ArrayList<>();
        z.entryIterator("m99*").forEachRemaining(matched::add);
        assertThat(matched).containsExactlyInAnyOrder(new ScoredEntry<>(99.0, "m99"), new ScoredEntry<>(990.0, "m990"),
                new ScoredEntry<>(991.0, "m991"), new ScoredEntry<>(992.0, "m992"), new ScoredEntry<>(993.0, "m993"),
                new ScoredEntry<>(994.0, "m994"), new ScoredEntry<>(995.0, "m995"), new ScoredEntry<>(996.0, "m996"),
                new ScoredEntry<>(997.0, "m997"), new ScoredEntry<>(998.0, "m998"), new ScoredEntry<>(999.0, "m999"));
    }

    @Test
    void algebraRangeStoreRandomMembersAndMpop() {
        RScoredSortedSet<String> a = redisson.getScoredSortedSet("a");
        RScoredSortedSet<String> b = redisson.getScoredSortedSet("b");
        a.addAll(Map.of("x", 1.0, "y", 2.0, "z", 3.0));
        b.addAll(Map.of("y", 10.0, "z", 20.0, "w", 30.0));
        assertThat(a.readUnion("b")).containsExactly("x", "y", "z", "w");
        assertThat(a.readIntersection("b")).containsExactly("y", "z");
        assertThat(a.readIntersection(RScoredSortedSet.Aggregate.MAX, "b")).containsExactly("y", "z");
        assertThat(a.readDiff("b")).containsExactly("x");
        assertThat(a.countIntersection("b")).isEqualTo(2);
        assertThat(a.countIntersection(1, "b")).isEqualTo(1);
        RScoredSortedSet<String> u = redisson.getScoredSortedSet("u");
        assertThat(u.union("a", "b")).isEqualTo(4);
        assertThat(u.getScore("z")).isEqualTo(23.0);
        assertThat(u.union(RScoredSortedSet.Aggregate.MIN, Map.of("a", 1.0, "b", 0.5))).isEqualTo(4);
        assertThat(u.getScore("z")).isEqualTo(3.0);
        assertThat(u.getScore("w")).isEqualTo(15.0);
        assertThat(u.intersection("a", "b")).isEqualTo(2);
        assertThat(u.readAll()).containsExactly("y", "z");
        assertThat(u.diff("b", "a")).isEqualTo(1);
        assertThat(u.readAll()).containsExactly("w");

        RScoredSortedSet<String> dst = redisson.getScoredSortedSet("dst");
        assertThat(b.rangeTo("dst", 0, 1)).isEqualTo(2);
        assertThat(dst.readAll()).containsExactly("y", "z");
        assertThat(b.rangeTo("dst", 15, true, 100, true)).isEqualTo(2);
        assertThat(dst.readAll()).containsExactly("z", "w");
        assertThat(b.revRangeTo("dst", 0, 0)).isEqualTo(1);
        assertThat(dst.readAll()).containsExactly("w");

        assertThat(a.random()).isIn("x", "y", "z");
        assertThat(a.random(2)).hasSize(2).doesNotHaveDuplicates().isSubsetOf("x", "y", "z");
        assertThat(a.randomEntries(5)).containsOnly(Map.entry("x", 1.0), Map.entry("y", 2.0), Map.entry("z", 3.0));
        assertThat(redisson.<String>getScoredSortedSet("none").random()).isNull();

        assertThat(a.pollFirstFromAny(2, "b")).containsExactly("x", "y"); // ZMPOP MIN, this set first
        Map<String, Map<String, Double>> fromB = a.pollLastEntriesFromAny(2, "nothing", "b");
        assertThat(fromB).as("a still has z, so a answers").containsOnlyKeys("a");
        assertThat(fromB.get("a")).containsExactly(Map.entry("z", 3.0));
        assertThat(a.isExists()).isFalse();
        assertThat(a.pollFirstFromAny(1, "b")).containsExactly("y");
    }
}
