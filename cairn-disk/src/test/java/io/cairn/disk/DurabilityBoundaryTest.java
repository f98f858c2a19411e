package io.cairn.disk;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.storage.engine.DiskEngine;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A save is durable only once flushed: a child JVM saves A (LSN 5), flushes, saves B (LSN 9) and
 * dies without closing. Reopened, the engine is at A's save, whole, and holds none of B.
 */
class DurabilityBoundaryTest {
    static final int KEYS = 200;

    @TempDir
    Path dir;

    static byte[] key(String batch, int i) {
        return (batch + "-" + i).getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void anUnflushedSaveIsLostWholeAndTheFlushedOneKept() throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        Process child = new ProcessBuilder(java, "--enable-native-access=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), CrashingSaver.class.getName(), dir.toString())
                .redirectErrorStream(true).start();
        String output;
        try {
            assertThat(child.waitFor(2, TimeUnit.MINUTES)).as("the child ends").isTrue();
            output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        } finally {
            child.destroyForcibly();
        }
        assertThat(output).contains("SAVED");

        try (DiskEngine engine = RocksDbEngine.open(new DiskEngine.Settings(dir, 8L << 20))) {
            assertThat(engine.savedLsn()).isEqualTo(5);
            assertThat(engine.meta(0)).isEqualTo("a".getBytes());
            List<String> keys = new ArrayList<>();
            engine.scan(0, null, false, (k, v) -> {
                assertThat(v).isEqualTo(k);
                return keys.add(new String(k, StandardCharsets.UTF_8));
            });
            assertThat(keys).hasSize(KEYS).allMatch(k -> k.startsWith("a-"));
            assertThat(engine.get(3, "b".getBytes())).isNull();
        }
    }
}
