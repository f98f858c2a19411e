package io.cairn.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MemcachedSettingsTest {
    @TempDir
    Path dir;

    @Test
    void theMemcachedProtocolIsOffByDefault() {
        ServerConfig c = new ServerConfig.Builder().build();
        assertThat(c.memcachedPort()).isZero();
        assertThat(c.memcachedDatabase()).isZero();
        assertThat(c.memcachedItemSizeMax()).isEqualTo(1 << 20); // memcached's -I 1m
        assertThat(c.get(ServerConfig.Key.MEMCACHED_PORT)).isEqualTo("0");
        assertThat(c.get(ServerConfig.Key.MEMCACHED_ITEM_SIZE_MAX)).isEqualTo("1048576");
    }

    @Test
    void theyAreSetLikeAnyOtherSetting() throws Exception {
        Path conf = dir.resolve("cairn.conf");
        Files.writeString(conf, "memcached-port 11211\nmemcached-database 3\nmemcached-item-size-max 2mb\n");
        ServerConfig c = new ServerConfig.Builder().file(conf).build();
        assertThat(c.memcachedPort()).isEqualTo(11211);
        assertThat(c.memcachedDatabase()).isEqualTo(3);
        assertThat(c.memcachedItemSizeMax()).isEqualTo(2 << 20);
    }

    @Test
    void badValuesAreRefused() {
        assertThatThrownBy(() -> new ServerConfig.Builder().set("memcached-port", "70000").build())
                .hasMessage("memcached-port: 70000 (expected: 0 <= memcached-port <= 65535)");
        assertThatThrownBy(() -> new ServerConfig.Builder().set("port", "7000").set("memcached-port", "7000").build())
                .hasMessage("memcached-port: 7000 (expected: another port than port 7000, http-port 0 and tls-port 0)");
        assertThatThrownBy(() -> new ServerConfig.Builder().set("databases", "4").set("memcached-database", "4").build())
                .hasMessage("memcached-database: 4 (expected: < databases 4)");
        assertThatThrownBy(() -> new ServerConfig.Builder().set("memcached-item-size-max", "10").build())
                .hasMessageStartingWith("memcached-item-size-max: 10 (expected:");
    }
}
