package io.cairn.bench.peer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.bench.driver.Command;
import io.cairn.bench.driver.Connection;
import io.cairn.bench.driver.Reply;
import io.cairn.bench.driver.TarantoolProtocol.PrimaryIndex;
import io.cairn.testkit.DebianPackages;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.SequencedMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class TarantoolPeerTest {
    private static final Path TARANTOOL = Path.of("/usr/bin/tarantool");

    @BeforeAll
    static void needsTarantool() {
        DebianPackages.assumeInstalled(Files.isExecutable(TARANTOOL), "tarantool", TARANTOOL.toString());
    }

    @Test
    void closeStopsTheProcessAndDeletesItsDirectory() throws IOException {
        ProcessPeer peer = TarantoolPeer.start(Durability.NONE, false, 64L << 20);
        Path dir = peer.dir();
        ProcessHandle process = ProcessHandle.of(peer.pid()).orElseThrow();
        assertThat(process.isAlive()).isTrue();
        assertThat(dir.resolve(TarantoolPeer.INIT_SCRIPT)).exists();
        assertThat(peer.system()).isEqualTo("tarantool");
        assertThat(peer.version()).startsWith("Tarantool 2.");
        assertThat(peer.settings()).containsEntry("wal_mode", "none").containsEntry("primary_index", "tree")
                .containsEntry("memtx_memory", Long.toString(64L << 20));
        assertThat(peer.address().getAddress().isLoopbackAddress()).isTrue();
        peer.close();
        assertThat(process.isAlive()).isFalse();
        assertThat(dir).doesNotExist();
        peer.close(); // idempotent
    }

    @Test
    void withAWalEveryWriteIsLoggedAndPipelinedRepliesStayInOrder() throws IOException {
        try (ProcessPeer peer = TarantoolPeer.start(Durability.FSYNC, PrimaryIndex.TREE, 64L << 20);
                Connection c = peer.protocol().connect(peer.address(), 5000)) {
            assertThat(peer.settings()).containsEntry("wal_mode", "fsync");
            // Reads of keys written earlier in the batch may be answered before those writes reach
            // the WAL; the replies must still come back in request order.
            int n = 200;
            for (int i = 0; i < n; i++) {
                SequencedMap<String, byte[]> fields = new LinkedHashMap<>();
                fields.put("field0", ("v" + i).getBytes(StandardCharsets.US_ASCII));
                c.send(new Command.WriteRecord("wal:" + i, fields, true));
                c.send(new Command.ReadRecord("wal:" + (i + 1)));
                c.send(new Command.GetValue("wal:none"));
            }
            c.flush();
            for (int i = 0; i < n; i++) {
                assertThat(c.receive()).as("write %d", i).isEqualTo(Reply.ok());
                assertThat(c.receive()).as("read %d", i).isEqualTo(Reply.missing());
                assertThat(c.receive()).as("get %d", i).isEqualTo(Reply.missing());
            }
            c.send(new Command.ReadRecord("wal:0"));
            c.flush();
            assertThat(c.receive()).isEqualTo(Reply.ok(1));
            try (Stream<Path> files = Files.list(peer.dir())) {
                assertThat(files.map(p -> p.getFileName().toString())).anyMatch(f -> f.endsWith(".xlog"));
            }
        }
    }

    @Test
    void vinylKeepsTheSpacesOnDiskWithItsMemoryAndCache() throws IOException {
        try (ProcessPeer peer = TarantoolPeer.start("tarantool-vinyl", Durability.WRITE, PrimaryIndex.TREE,
                TarantoolPeer.Engine.vinyl(64L << 20, 16L << 20));
                Connection c = peer.protocol().connect(peer.address(), 5000)) {
            assertThat(peer.system()).isEqualTo("tarantool-vinyl");
            assertThat(peer.settings()).containsEntry("engine", "vinyl")
                    .containsEntry("vinyl_memory", Long.toString(64L << 20))
                    .containsEntry("vinyl_cache", Long.toString(16L << 20))
                    .containsEntry("memtx_memory", Long.toString(32L << 20));
            SequencedMap<String, byte[]> fields = new LinkedHashMap<>();
            fields.put("field0", "v".getBytes(StandardCharsets.US_ASCII));
            c.send(new Command.WriteRecord("user1", fields, true));
            c.send(new Command.ReadRecord("user1"));
            c.send(new Command.Scan("user0", 10));
            c.send(new Command.Increment("counter"));
            c.send(new Command.Increment("counter"));
            c.flush();
            assertThat(c.receive()).isEqualTo(Reply.ok());
            assertThat(c.receive()).isEqualTo(Reply.ok(1));
            assertThat(c.receive().isError()).as("scan").isFalse();
            assertThat(c.receive().count()).as("first increment").isEqualTo(1);
            assertThat(c.receive().count()).as("second increment").isEqualTo(2);
            try (Stream<Path> files = Files.walk(peer.dir())) {
                assertThat(files.map(p -> p.getFileName().toString())).as("vinyl's metadata log")
                        .anyMatch(f -> f.endsWith(".vylog"));
            }
        }
    }

    @Test
    void theVinylInitScriptSetsItsMemoryAndCreatesTreeIndexedVinylSpaces() {
        String lua = TarantoolPeer.initLua(3301, Path.of("/tmp/v"), Durability.NONE, PrimaryIndex.TREE,
                TarantoolPeer.Engine.vinyl(768L << 20, 256L << 20));
        assertThat(lua).contains("vinyl_memory = " + (768L << 20) + ",").contains("vinyl_cache = " + (256L << 20) + ",")
                .contains("memtx_memory = " + (32L << 20) + ",").contains("engine = 'vinyl'")
                .contains("type = 'TREE'").contains("box.atomic(increment, key)");
        String memtx = TarantoolPeer.initLua(3301, Path.of("/tmp/m"), Durability.NONE, PrimaryIndex.TREE,
                TarantoolPeer.Engine.memtx(64L << 20));
        assertThat(memtx).contains("engine = 'memtx'").doesNotContain("vinyl_").doesNotContain("box.atomic");
    }

    @Test
    void vinylRefusesAHashIndexAndMemtxACache() {
        assertThatThrownBy(() -> TarantoolPeer.start("tarantool-vinyl", Durability.NONE, PrimaryIndex.HASH,
                TarantoolPeer.Engine.vinyl(64L << 20, 0)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("TREE indexes only");
        assertThatThrownBy(() -> new TarantoolPeer.Engine("memtx", 64L << 20, 1))
                .hasMessage("cacheBytes: 1 (expected: 0 for memtx)");
        assertThatThrownBy(() -> TarantoolPeer.Engine.vinyl(1 << 20, 0))
                .hasMessageContaining("vinylMemoryBytes: 1048576");
    }

    @Test
    void tooLittleMemtxMemoryIsRefused() {
        assertThatThrownBy(() -> TarantoolPeer.start(Durability.NONE, false, 1 << 20))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("memtxMemoryBytes: 1048576");
    }

    @Test
    void theInitScriptQuotesItsDirectory() {
        String lua = TarantoolPeer.initLua(3301, Path.of("/tmp/it's"), Durability.WRITE, PrimaryIndex.HASH,
                TarantoolPeer.Engine.memtx(1 << 30));
        assertThat(lua).contains("work_dir = '/tmp/it\\'s'").contains("wal_mode = 'write'")
                .contains("type = 'HASH'").contains("listen = '127.0.0.1:3301'").contains("feedback_enabled = false");
    }
}
