package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.redisson.api.RSet;
import org.redisson.api.RedissonClient;

/** Redisson's {@code RSet}, unchanged, on the operations that map to set commands (no scripting). */
@Timeout(60)
class RedissonSetTest {
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
    void anRSetReadsWritesIteratesAndCombines() {
        RSet<String> tags = redisson.getSet("tags");
        assertThat(tags.add("java")).isTrue();
        assertThat(tags.add("java")).isFalse();
        assertThat(tags.addAll(List.of("redis", "cairn", "db"))).isTrue();
        assertThat(tags.contains("redis")).isTrue();
        assertThat(tags.size()).isEqualTo(4);
        assertThat(tags.remove("db")).isTrue();
        assertThat(tags.readAll()).containsExactlyInAnyOrder("java", "redis", "cairn");
        assertThat(tags.random()).isIn("java", "redis", "cairn");
        assertThat(tags.random(2)).hasSize(2);

        RSet<String> big = redisson.getSet("big");
        List<String> members = new java.util.ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            members.add("m" + i);
        }
        big.addAll(members);
        Set<String> iterated = new HashSet<>();
        big.iterator(50).forEachRemaining(iterated::add); // SSCAN pages of 50
        assertThat(iterated).hasSize(1_000);

        RSet<String> other = redisson.getSet("other");
        other.addAll(List.of("redis", "lua"));
        assertThat(tags.readIntersection("other")).containsExactly("redis");
        assertThat(tags.readUnion("other")).containsExactlyInAnyOrder("java", "redis", "cairn", "lua");
        assertThat(tags.readDiff("other")).containsExactlyInAnyOrder("java", "cairn");
        RSet<String> stored = redisson.getSet("stored");
        assertThat(stored.union("tags", "other")).isEqualTo(4);
        assertThat(stored.intersection("tags", "other")).isEqualTo(1);
        assertThat(stored.diff("tags", "other")).isEqualTo(2);
        assertThat(stored.readAll()).containsExactlyInAnyOrder("java", "cairn");

        assertThat(tags.move("other", "java")).isTrue();
        assertThat(other.contains("java")).isTrue();
        String popped = tags.removeRandom();
        assertThat(tags.contains(popped)).isFalse();
        assertThat(tags.removeRandom(5)).hasSize(1);
        assertThat(tags.isExists()).isFalse();
    }
}
