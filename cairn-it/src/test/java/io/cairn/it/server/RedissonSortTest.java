package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.redisson.api.RList;
import org.redisson.api.RMap;
import org.redisson.api.RScoredSortedSet;
import org.redisson.api.RSet;
import org.redisson.api.RedissonClient;
import org.redisson.api.SortOrder;
import org.redisson.client.RedisException;

/**
 * Redisson's {@code RSortable} on {@code RList}, {@code RSet} and {@code RScoredSortedSet},
 * unchanged. In Redisson 3.52.0 every {@code readSort / readSortAlpha} is one SORT key [BY p]
 * [LIMIT o c] [GET p ...] [ALPHA] ASC|DESC, and every {@code sortTo} the same with STORE dest
 * (answering the stored length); none needs EVAL. Redisson never sends SORT_RO (its readSort is
 * SORT on the read path), so SORT_RO is covered by the Jedis and Lettuce tests only. An RSet's and
 * an RScoredSortedSet's readSort collect the reply into a LinkedHashSet: order kept, duplicates
 * dropped, which the assertions below allow for.
 */
@Timeout(60)
class RedissonSortTest {
    @TempDir
    Path dir;
    RedissonOnCairn cairn;
    RedissonClient redisson;

    @BeforeEach
    void start() {
        cairn = RedissonOnCairn.start(dir);
        redisson = cairn.redisson();
        // weights w_<id> (reverse of the ids' order), names name_<id>, and hashes h_<id> {city}
        Map<String, String> weights = Map.of("1", "40", "2", "30", "3", "20", "10", "10");
        Map<String, String> names = Map.of("1", "one", "2", "two", "3", "three", "10", "ten");
        Map<String, String> cities = Map.of("1", "oslo", "2", "bern", "3", "rome");
        weights.forEach((id, w) -> redisson.<String>getBucket("w_" + id).set(w));
        names.forEach((id, n) -> redisson.<String>getBucket("name_" + id).set(n));
        cities.forEach((id, c) -> {
            RMap<String, String> h = redisson.getMap("h_" + id);
            assertThat(h.fastPut("city", c)).isTrue();
        });
    }

    @AfterEach
    void stop() {
        if (cairn != null) {
            cairn.close();
        }
    }

    @Test
    void anRListSortsByValueWeightAndAlphaWithLimitAndGet() {
        RList<String> l = redisson.getList("ids");
        l.addAll(List.of("3", "1", "2", "10"));
        assertThat(l.readSort(SortOrder.ASC)).containsExactly("1", "2", "3", "10");
        assertThat(l.readSort(SortOrder.DESC)).containsExactly("10", "3", "2", "1");
        assertThat(l.readSort(SortOrder.ASC, 1, 2)).containsExactly("2", "3");
        assertThat(l.readSort(SortOrder.ASC, 3, 10)).as("LIMIT clamped").containsExactly("10");
        assertThat(l.readSort(SortOrder.ASC, 9, 2)).isEmpty();
        assertThat(l.readSortAlpha(SortOrder.ASC)).containsExactly("1", "10", "2", "3");
        assertThat(l.readSortAlpha(SortOrder.DESC, 0, 2)).containsExactly("3", "2");

        assertThat(l.readSort("w_*", SortOrder.ASC)).containsExactly("10", "3", "2", "1");
        assertThat(l.readSort("w_*", SortOrder.DESC, 0, 3)).containsExactly("1", "2", "3");
        assertThat(l.readSortAlpha("name_*", SortOrder.ASC)).as("one, ten, three, two")
                .containsExactly("1", "10", "3", "2");
        assertThat(l.readSortAlpha("name_*", SortOrder.DESC, 1, 2)).containsExactly("3", "10");
        assertThat(l.readSort("nosort", SortOrder.ASC)).as("BY without * keeps the list's order")
                .containsExactly("3", "1", "2", "10");

        assertThat(l.<String>readSort("w_*", List.of("#", "name_*"), SortOrder.ASC))
                .containsExactly("10", "ten", "3", "three", "2", "two", "1", "one");
        assertThat(l.<String>readSort("w_*", List.of("h_*->city"), SortOrder.ASC, 0, 3))
                .as("h_10 has no city: nil").containsExactly(null, "rome", "bern");
        assertThat(l.<String>readSortAlpha(null, List.of("name_*"), SortOrder.DESC))
                .as("ALPHA on the ids, GET of their names").containsExactly("three", "two", "ten", "one");
        assertThat(l.<String>readSortAlpha("h_*->city", List.of("h_*->city", "#"), SortOrder.ASC, 0, 2))
                .as("a missing weight sorts first under ALPHA").containsExactly(null, "10", "bern", "2");

        l.add("x");
        assertThatThrownBy(() -> l.readSort(SortOrder.ASC)).isInstanceOf(RedisException.class)
                .hasMessageContaining("One or more scores can't be converted into double");
        assertThat(l.readSortAlpha(SortOrder.DESC)).containsExactly("x", "3", "2", "10", "1");
        assertThat(l.readAll()).as("SORT leaves the list as it was").containsExactly("3", "1", "2", "10", "x");
    }

    @Test
    void sortToStoresAListAndAnswersItsLength() {
        RList<String> l = redisson.getList("ids");
        l.addAll(List.of("3", "1", "2", "10"));
        RList<String> dst = redisson.getList("dst");
        assertThat(l.sortTo("dst", SortOrder.DESC)).isEqualTo(4);
        assertThat(dst.readAll()).containsExactly("10", "3", "2", "1");
        assertThat(l.sortTo("dst", SortOrder.ASC, 1, 2)).isEqualTo(2);
        assertThat(dst.readAll()).as("STORE replaces the list").containsExactly("2", "3");
        assertThat(l.sortTo("dst", "w_*", SortOrder.ASC)).isEqualTo(4);
        assertThat(dst.readAll()).containsExactly("10", "3", "2", "1");
        assertThat(l.sortTo("dst", "w_*", SortOrder.DESC, 0, 1)).isEqualTo(1);
        assertThat(dst.readAll()).containsExactly("1");
        assertThat(l.sortTo("dst", "w_*", List.of("name_*", "h_*->city"), SortOrder.ASC)).isEqualTo(8);
        assertThat(dst.readAll()).as("a nil GET is stored as an empty string")
                .containsExactly("ten", "", "three", "rome", "two", "bern", "one", "oslo");
        assertThat(l.sortTo("dst", "w_*", List.of("#"), SortOrder.DESC, 1, 2)).isEqualTo(2);
        assertThat(dst.readAll()).containsExactly("2", "3");

        redisson.<String>getBucket("str").set("was a string");
        assertThat(l.sortTo("str", SortOrder.ASC)).isEqualTo(4);
        assertThat(redisson.<String>getList("str").readAll()).as("STORE overwrites another type")
                .containsExactly("1", "2", "3", "10");
        assertThat(redisson.<String>getList("empty").sortTo("dst", SortOrder.ASC)).isZero();
        assertThat(dst.isExists()).as("an empty result deletes the destination").isFalse();
    }

    @Test
    void anRSetSortsAndStores() {
        RSet<String> s = redisson.getSet("s");
        s.addAll(List.of("2", "10", "1", "3"));
        assertThat(s.readSort(SortOrder.ASC)).containsExactly("1", "2", "3", "10");
        assertThat(s.readSort(SortOrder.DESC, 0, 2)).containsExactly("10", "3");
        assertThat(s.readSort("w_*", SortOrder.ASC)).containsExactly("10", "3", "2", "1");
        assertThat(s.readSort("w_*", SortOrder.ASC, 2, 5)).containsExactly("2", "1");
        assertThat(s.readSortAlpha(SortOrder.ASC)).containsExactly("1", "10", "2", "3");
        assertThat(s.readSortAlpha(SortOrder.DESC, 1, 1)).containsExactly("2");
        assertThat(s.readSortAlpha("name_*", SortOrder.DESC)).containsExactly("2", "3", "10", "1");
        assertThat(s.readSortAlpha("name_*", SortOrder.ASC, 0, 2)).containsExactly("1", "10");
        assertThat(s.<String>readSort("w_*", List.of("name_*"), SortOrder.DESC))
                .containsExactly("one", "two", "three", "ten");
        assertThat(s.<String>readSort("w_*", List.of("name_*", "#"), SortOrder.DESC, 0, 2))
                .containsExactly("one", "1", "two", "2");
        assertThat(s.<String>readSortAlpha("name_*", List.of("h_*->city"), SortOrder.ASC))
                .as("oslo (one), nil (ten), rome (three), bern (two)").containsExactly("oslo", null, "rome", "bern");

        assertThat(s.sortTo("sorted", SortOrder.DESC)).isEqualTo(4);
        assertThat(redisson.<String>getList("sorted").readAll()).containsExactly("10", "3", "2", "1");
        assertThat(s.sortTo("sorted", "w_*", List.of("name_*"), SortOrder.ASC, 0, 2)).isEqualTo(2);
        assertThat(redisson.<String>getList("sorted").readAll()).containsExactly("ten", "three");
        assertThat(s.sortTo("sorted", "nosort", SortOrder.ASC)).as("BY nosort with STORE sorts ALPHA").isEqualTo(4);
        assertThat(redisson.<String>getList("sorted").readAll()).containsExactly("1", "10", "2", "3");
        assertThat(s.readAll()).containsExactlyInAnyOrder("1", "2", "3", "10");
    }

    @Test
    void anRScoredSortedSetSortsItsMembersNotItsScores() {
        RScoredSortedSet<String> z = redisson.getScoredSortedSet("z");
        z.addAll(Map.of("1", 30.0, "2", 10.0, "3", 20.0, "10", 5.0));
        assertThat(z.readAll()).as("score order").containsExactly("10", "2", "3", "1");
        assertThat(z.readSort(SortOrder.ASC)).containsExactly("1", "2", "3", "10");
        assertThat(z.readSort(SortOrder.DESC, 1, 2)).containsExactly("3", "2");
        assertThat(z.readSortAlpha(SortOrder.ASC)).containsExactly("1", "10", "2", "3");
        assertThat(z.readSortAlpha(SortOrder.DESC, 0, 1)).containsExactly("3");
        assertThat(z.readSort("w_*", SortOrder.DESC)).containsExactly("1", "2", "3", "10");
        assertThat(z.readSort("nosort", SortOrder.ASC)).as("BY nosort: score order").containsExactly("10", "2", "3", "1");
        assertThat(z.readSort("nosort", SortOrder.DESC, 0, 3)).as("reversed by DESC, then LIMIT")
                .containsExactly("1", "3", "2");
        assertThat(z.readSortAlpha("h_*->city", SortOrder.DESC, 0, 2)).containsExactly("3", "1");
        assertThat(z.<String>readSort("w_*", List.of("name_*", "h_*->city"), SortOrder.ASC, 1, 2))
                .containsExactly("three", "rome", "two", "bern");

        assertThat(z.sortTo("zs", "w_*", List.of("#", "name_*"), SortOrder.DESC, 0, 2)).isEqualTo(4);
        assertThat(redisson.<String>getList("zs").readAll()).containsExactly("1", "one", "2", "two");
        assertThat(z.sortTo("zs", "nosort", SortOrder.DESC)).isEqualTo(4);
        assertThat(redisson.<String>getList("zs").readAll()).containsExactly("1", "3", "2", "10");

        RScoredSortedSet<String> words = redisson.getScoredSortedSet("words");
        words.add(1, "pear");
        assertThatThrownBy(() -> words.readSort(SortOrder.ASC)).isInstanceOf(RedisException.class)
                .hasMessageContaining("One or more scores can't be converted into double");
        assertThat(words.readSortAlpha(SortOrder.ASC)).containsExactly("pear");
        redisson.<String>getBucket("w_pear").set("heavy");
        assertThatThrownBy(() -> words.readSort("w_*", SortOrder.ASC)).isInstanceOf(RedisException.class)
                .hasMessageContaining("One or more scores can't be converted into double");
    }
}
