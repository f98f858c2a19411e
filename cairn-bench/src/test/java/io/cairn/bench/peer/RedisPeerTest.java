package io.cairn.bench.peer;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.bench.driver.RespProtocol;
import io.cairn.bench.driver.RespProtocol.ScanStyle;
import io.cairn.resp.RespValue;
import io.cairn.resp.client.RespClient;
import io.cairn.testkit.DebianPackages;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** {@link RedisPeer}: a real redis-server, asked over the wire how it was configured. */
class RedisPeerTest {

    @BeforeAll
    static void needsRedis() {
        DebianPackages.assumeInstalled(Installed.find(RedisPeer.BINARY).isPresent(), "redis-server",
                RedisPeer.BINARY + " (on the PATH)");
    }

    @Test
    void closeStopsTheProcessAndDeletesItsDirectory() throws IOException {
        ProcessPeer peer = RedisPeer.start(Durability.NONE, ScanStyle.SORTED_SET_INDEX);
        Path dir = peer.dir();
        ProcessHandle process = ProcessHandle.of(peer.pid()).orElseThrow();
        assertThat(process.isAlive()).isTrue();
        assertThat(dir.resolve("peer.log")).exists();
        assertThat(peer.system()).isEqualTo("redis");
        assertThat(peer.durability()).isEqualTo(Durability.NONE);
        assertThat(peer.version()).startsWith("Redis server v=");
        assertThat(peer.address().getAddress().isLoopbackAddress()).isTrue();
        assertThat(((RespProtocol) peer.protocol()).scanStyle()).isEqualTo(ScanStyle.SORTED_SET_INDEX);
        assertThat(peer.settings()).containsEntry("appendonly", "no").containsEntry("scan", "sorted_set_index")
                .containsKey("command");
        peer.close();
        assertThat(process.isAlive()).isFalse();
        assertThat(dir).doesNotExist();
        peer.close(); // idempotent
    }

    @ParameterizedTest
    @EnumSource(Durability.class)
    void theDurabilityIsRedisAppendOnlyFileSetting(Durability durability) throws IOException {
        try (ProcessPeer peer = RedisPeer.start(durability, ScanStyle.NONE);
                RespClient redis = RespClient.connect(peer.address(), RespClient.Options.DEFAULT)) {
            assertThat(redis.call("CONFIG", "GET", "appendonly"))
                    .isEqualTo(pair("appendonly", durability == Durability.NONE ? "no" : "yes"));
            if (durability != Durability.NONE) {
                assertThat(redis.call("CONFIG", "GET", "appendfsync"))
                        .isEqualTo(pair("appendfsync", durability == Durability.WRITE ? "everysec" : "always"));
            }
            assertThat(redis.call("CONFIG", "GET", "save")).as("no RDB snapshots").isEqualTo(pair("save", ""));
            assertThat(redis.call("CONFIG", "GET", "bind")).isEqualTo(pair("bind", "127.0.0.1"));
            assertThat(redis.call("CONFIG", "GET", "dir")).isEqualTo(pair("dir", peer.dir().toRealPath().toString()));

            assertThat(redis.call("SET", "durable-key", "durable-value")).isEqualTo(RespValue.OK);
            Path aofDir = peer.dir().resolve("appendonlydir"); // Redis 7's appenddirname
            assertThat(Files.exists(aofDir)).as("append-only directory").isEqualTo(durability != Durability.NONE);
            if (durability == Durability.FSYNC) {
                assertThat(aofText(aofDir)).as("appendfsync always: the SET is in the file before its reply")
                        .contains("durable-value");
            }
        }
    }

    /** CONFIG GET's reply for one setting. */
    private static RespValue pair(String name, String value) {
        return RespValue.array(List.of(RespValue.bulk(name), RespValue.bulk(value)));
    }

    private static String aofText(Path aofDir) throws IOException {
        StringBuilder sb = new StringBuilder();
        try (Stream<Path> files = Files.list(aofDir)) {
            for (Path f : files.filter(p -> p.getFileName().toString().endsWith(".aof")).toList()) {
                sb.append(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1));
            }
        }
        return sb.toString();
    }
}
