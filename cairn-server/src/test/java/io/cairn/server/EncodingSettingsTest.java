package io.cairn.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.storage.engine.Encodings;
import org.junit.jupiter.api.Test;

/** The encoding bounds in the settings table: Redis's names, aliases, defaults and reading rules. */
class EncodingSettingsTest {
    @Test
    void everyBoundHasRedisDefaultAndMapsToItsOwnField() {
        ServerConfig defaults = new ServerConfig.Builder().build();
        assertThat(defaults.encodings()).isEqualTo(Encodings.DEFAULTS);
        long v = 1000;
        for (ServerConfig.Key k : ServerConfig.Key.values()) {
            if (!EncodingSettings.covers(k)) {
                continue;
            }
            assertThat(EncodingSettings.get(Encodings.DEFAULTS, k)).as(k.name).isEqualTo(k.defaultValue);
            assertThat(k.mutable()).isTrue();
            Encodings changed = EncodingSettings.with(Encodings.DEFAULTS, k, ++v);
            for (ServerConfig.Key other : ServerConfig.Key.values()) {
                if (EncodingSettings.covers(other)) {
                    assertThat(EncodingSettings.get(changed, other)).as(k.name + " then " + other.name)
                            .isEqualTo(other == k ? Long.toString(v) : other.defaultValue);
                }
            }
        }
        assertThat(ServerConfig.Key.PORT.mutable()).isFalse();
    }

    @Test
    void aliasesNameTheSameSetting() {
        assertThat(ServerConfig.Key.of("hash-max-ziplist-entries")).isEqualTo(ServerConfig.Key.HASH_MAX_LISTPACK_ENTRIES);
        assertThat(ServerConfig.Key.of("HASH-MAX-ZIPLIST-VALUE")).isEqualTo(ServerConfig.Key.HASH_MAX_LISTPACK_VALUE);
        assertThat(ServerConfig.Key.of("zset-max-ziplist-entries")).isEqualTo(ServerConfig.Key.ZSET_MAX_LISTPACK_ENTRIES);
        assertThat(ServerConfig.Key.of("zset-max-ziplist-value")).isEqualTo(ServerConfig.Key.ZSET_MAX_LISTPACK_VALUE);
        assertThat(ServerConfig.Key.of("list-max-ziplist-size")).isEqualTo(ServerConfig.Key.LIST_MAX_LISTPACK_SIZE);
        assertThat(ServerConfig.Key.of("set-max-ziplist-entries")).as("Redis has no such alias").isNull();
        ServerConfig c = new ServerConfig.Builder().set("hash-max-ziplist-entries", "3").set("list-max-ziplist-size", "-5").build();
        assertThat(c.encodings().hashMaxListpackEntries()).isEqualTo(3);
        assertThat(c.encodings().listMaxListpackSize()).isEqualTo(-5);
        assertThat(c.get(ServerConfig.Key.HASH_MAX_LISTPACK_ENTRIES)).isEqualTo("3");
    }

    @Test
    void countsAreStrictDecimalsAndSizesTakeRedisUnits() {
        SettingType.RedisNumber count = (SettingType.RedisNumber) ServerConfig.Key.HASH_MAX_LISTPACK_ENTRIES.type;
        SettingType.RedisNumber size = (SettingType.RedisNumber) ServerConfig.Key.HASH_MAX_LISTPACK_VALUE.type;
        SettingType.RedisNumber signed = (SettingType.RedisNumber) ServerConfig.Key.LIST_MAX_LISTPACK_SIZE.type;
        String notInteger = "argument couldn't be parsed into an integer";
        String notMemory = "argument must be a memory value";
        String outOfCount = "argument must be between 0 and 9223372036854775807 inclusive";
        for (String bad : new String[] {"abc", "007", "+5", "-0", " 5", "5 ", "1kb", "1.5", "", "99999999999999999999"}) {
            assertThat(count.refusal(bad)).as(bad).isEqualTo(notInteger);
        }
        assertThat(count.refusal("-1")).isEqualTo(outOfCount);
        assertThat(count.refusal("0")).isNull();
        assertThat(count.refusal("9223372036854775807")).isNull();
        assertThat(count.refusal("9223372036854775808")).isEqualTo(notInteger);
        for (String bad : new String[] {"-1", "abc", "12abc", "1.5kb", "1 kb", "1kib"}) {
            assertThat(size.refusal(bad)).as(bad).isEqualTo(notMemory);
        }
        assertThat(size.parse("s", "1KB")).isEqualTo(1024L);
        assertThat(size.parse("s", "2m")).isEqualTo(2_000_000L);
        assertThat(size.parse("s", "1gb")).isEqualTo(1L << 30);
        assertThat(size.parse("s", "007")).isEqualTo(7L);
        assertThat(size.parse("s", "")).as("memtoull reads no digits as 0").isEqualTo(0L);
        assertThat(size.parse("s", "kb")).isEqualTo(0L);
        assertThat(size.refusal("18446744073709551615")).isEqualTo(outOfCount);
        assertThat(size.refusal("99999999999999999999")).as("saturates, then out of range").isEqualTo(outOfCount);
        assertThat(size.refusal("10000000000gb")).isEqualTo(outOfCount);
        assertThat(signed.refusal("-2147483649")).isEqualTo("argument must be between -2147483648 and 2147483647 inclusive");
        assertThat(signed.refusal("-2147483648")).isNull();
        assertThat(signed.refusal("-0")).isEqualTo(notInteger);
        assertThatThrownBy(() -> count.parse("hash-max-listpack-entries", "-1"))
                .hasMessage("hash-max-listpack-entries: -1 (expected: 0 <= hash-max-listpack-entries <= 9223372036854775807)");
    }
}
