package io.cairn.bench.peer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.testkit.DebianPackages;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class MemcachedPeerTest {
    private static final Path MEMCACHED = Path.of("/usr/bin/memcached");

    @BeforeAll
    static void needsMemcached() {
        DebianPackages.assumeInstalled(Files.isExecutable(MEMCACHED), "memcached", MEMCACHED.toString());
    }

    @Test
    void closeStopsTheProcessAndDeletesItsDirectory() throws IOException {
        ProcessPeer peer = MemcachedPeer.start(Durability.NONE, 16, 1);
        Path dir = peer.dir();
        ProcessHandle process = ProcessHandle.of(peer.pid()).orElseThrow();
        assertThat(process.isAlive()).isTrue();
        assertThat(peer.system()).isEqualTo("memcached");
        assertThat(peer.version()).startsWith("memcached 1.");
        assertThat(peer.settings()).containsEntry("memory_mb", "16").containsEntry("threads", "1");
        assertThat(peer.settings().get("command")).contains("-U 0").contains("-l 127.0.0.1");
        peer.close();
        assertThat(process.isAlive()).isFalse();
        assertThat(dir).doesNotExist();
    }

    @Test
    void onlyDurabilityNoneIsOffered() {
        assertThatThrownBy(() -> MemcachedPeer.start(Durability.WRITE, 16, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("durability: write (expected: none; Memcached keeps nothing on disk)");
        assertThatThrownBy(() -> MemcachedPeer.start(Durability.FSYNC, 16, 1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void asRootItRunsAsRoot() {
        boolean root = "root".equals(System.getProperty("user.name"));
        assertThat(MemcachedPeer.command(Path.of("/usr/bin/memcached"), 11211, 64, 2))
                .containsSequence("-m", "64").containsSequence("-t", "2").containsSequence("-c", "4096")
                .satisfies(c -> assertThat(c.contains("-u")).isEqualTo(root));
    }
}
