package io.cairn.bench.peer;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.bench.driver.Command;
import io.cairn.bench.driver.Connection;
import io.cairn.bench.driver.Reply;
import io.cairn.bench.driver.RespProtocol;
import io.cairn.resp.RespValue;
import io.cairn.resp.client.RespClient;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link CairnPeer}: this build's server in a child JVM (here {@link TestCairnServer} on the test
 * class path, which the pom names in {@code cairn.main}). Its data directory is {@code <peer dir>/data}, where the
 * log is {@code wal-<first LSN>.log} segments (docs/format/wal.md).
 */
class CairnPeerTest {
    private static final int WAL_HEADER_BYTES = 24;
    private static final String JVM = "-Xmx256m";

    @Test
    void closeStopsTheProcessAndDeletesItsDirectory() throws IOException {
        ProcessPeer peer = CairnPeer.start(Durability.NONE, JVM);
        Path dir = peer.dir();
        ProcessHandle process = ProcessHandle.of(peer.pid()).orElseThrow();
        assertThat(process.isAlive()).isTrue();
        assertThat(dir.resolve("peer.log")).exists();
        assertThat(peer.system()).isEqualTo("cairn");
        assertThat(peer.version()).startsWith("cairn ").isNotEqualTo("unknown");
        assertThat(peer.address().getAddress().isLoopbackAddress()).isTrue();
        assertThat(((RespProtocol) peer.protocol()).scanStyle()).isEqualTo(RespProtocol.ScanStyle.KEYRANGE_WITH_VALUES);
        assertThat(peer.settings()).containsEntry("wal", "none").containsEntry("jvm", JVM);
        assertThat(peer.settings().get("command")).contains(TestCairnServer.class.getName() + " server ")
                .contains("--bind 127.0.0.1")
                .contains(JVM).contains("--wal none");
        peer.close();
        assertThat(process.isAlive()).isFalse();
        assertThat(dir).doesNotExist();
        peer.close(); // idempotent
    }

    @ParameterizedTest
    @EnumSource(value = Durability.class, names = {"WRITE", "FSYNC"})
    void aDurableWalHoldsAWriteBeforeItsReply(Durability durability) throws IOException {
        try (ProcessPeer peer = CairnPeer.start(durability, JVM)) {
            try (RespClient cairn = RespClient.connect(peer.address(), RespClient.Options.DEFAULT)) {
                assertThat(cairn.call("CONFIG", "GET", "wal"))
                        .isEqualTo(RespValue.array(List.of(RespValue.bulk("wal"), RespValue.bulk(durability.label()))));
            }
            set(peer, "durable-key", "durable-value");
            List<Path> segments = walSegments(peer);
            assertThat(segments).isNotEmpty();
            long bytes = 0;
            StringBuilder text = new StringBuilder();
            for (Path s : segments) {
                bytes += Files.size(s);
                text.append(new String(Files.readAllBytes(s), StandardCharsets.ISO_8859_1));
            }
            assertThat(bytes).as("a record beyond the segment header").isGreaterThan(WAL_HEADER_BYTES);
            assertThat(text).startsWith("CAIRNWAL").contains("durable-key").contains("durable-value");
        }
    }

    @Test
    void theDiskServerIsStartedWithEveryDatabaseOnDiskAndItsCache() {
        assertThat(CairnPeer.command("java", " -Xmx1g  -XX:+UseG1GC", List.of("-jar", "cairn.jar"), 7000,
                Path.of("/p"), Durability.FSYNC, CairnPeer.diskArguments(64L << 20)))
                .containsExactly("java", "-Xmx1g", "-XX:+UseG1GC", "--enable-native-access=ALL-UNNAMED", "-jar",
                        "cairn.jar", "server", "--port", "7000", "--bind", "127.0.0.1", "--dir", "/p/data",
                        "--wal", "fsync", "--storage", "disk", "--disk-cache-size", "67108864");
    }

    @Test
    void cairnDiskKeepsItsDataInTheDiskEngine() throws IOException {
        try (ProcessPeer peer = CairnPeer.startOnDisk(Durability.WRITE, JVM, 8L << 20)) {
            assertThat(peer.system()).isEqualTo("cairn-disk");
            assertThat(peer.settings()).containsEntry("storage", "disk").containsEntry("disk_cache_size", "8388608")
                    .containsEntry("wal", "write");
            assertThat(peer.settings().get("command")).contains("--storage disk --disk-cache-size 8388608");
            set(peer, "disk-key", "disk-value");
            try (RespClient cairn = RespClient.connect(peer.address(), RespClient.Options.DEFAULT)) {
                String info = RespValue.textOf(cairn.call("INFO", "disk"));
                assertThat(info).contains("disk_engine:rocksdb").contains("disk_block_cache_capacity:8388608");
                assertThat(cairn.call("GET", "disk-key")).isEqualTo(RespValue.bulk("disk-value"));
            }
            assertThat(peer.dataBytes()).isPositive();
        }
    }

    @Test
    void withDurabilityNoneNothingIsLogged() throws IOException {
        try (ProcessPeer peer = CairnPeer.start(Durability.NONE, JVM)) {
            set(peer, "volatile-key", "volatile-value");
            assertThat(peer.dir().resolve("data")).isDirectory();
            assertThat(walSegments(peer)).isEmpty();
        }
    }

    private static void set(ProcessPeer peer, String key, String value) throws IOException {
        try (Connection c = peer.protocol().connect(peer.address(), 5000)) {
            c.send(new Command.SetValue(key, value.getBytes(StandardCharsets.US_ASCII)));
            c.flush();
            assertThat(c.receive()).isEqualTo(Reply.ok());
        }
    }

    private static List<Path> walSegments(ProcessPeer peer) throws IOException {
        try (Stream<Path> files = Files.list(peer.dir().resolve("data"))) {
            return files.filter(p -> p.getFileName().toString().matches("wal-\\d{20}\\.log")).toList();
        }
    }
}
