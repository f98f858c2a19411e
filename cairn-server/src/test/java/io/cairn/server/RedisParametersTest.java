package io.cairn.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The table of Redis parameters Cairn does not implement stays apart from Cairn's own settings. */
class RedisParametersTest {
    @Test
    void noNameIsInBothTablesOrTwiceInOne() {
        Set<String> cairn = new HashSet<>();
        for (ServerConfig.Key k : ServerConfig.Key.values()) {
            cairn.add(k.name);
            if (k.alias != null) {
                cairn.add(k.alias);
            }
        }
        Set<String> redis = new HashSet<>();
        for (RedisParameters p : RedisParameters.values()) {
            assertThat(redis.add(p.name)).as("twice: %s", p.name).isTrue();
            assertThat(cairn).as("in both tables: %s", p.name).doesNotContain(p.name);
            assertThat(RedisParameters.of(p.name.toUpperCase(java.util.Locale.ROOT))).isSameAs(p);
        }
        assertThat(RedisParameters.of("appendonly")).isNull(); // answered from the wal setting
        assertThat(ServerConfig.Key.of("appendonly")).isNull();
    }
}
