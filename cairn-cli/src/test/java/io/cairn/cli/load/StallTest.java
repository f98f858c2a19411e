package io.cairn.cli.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.resp.testing.ScriptedRespServer;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A server that stops answering or reading makes the load fail after --timeout, not hang. */
@Timeout(60)
class StallTest {
    @TempDir
    Path dir;

    @Test
    void aServerThatNeverRepliesTimesOut() throws Exception {
        try (ScriptedRespServer fake = new ScriptedRespServer(c -> null)) {
            Path f = Files.writeString(dir.resolve("in.jsonl"), "{\"a\":1}\n{\"a\":2}\n");
            long t0 = System.nanoTime();
            LoadMainTest.Run r = LoadMainTest.run(InputStream.nullInputStream(), "--port", Integer.toString(fake.port()),
                    "--prefix", "s:", "--timeout", "1", "--connections", "1", f.toString());

            assertThat(r.code()).isEqualTo(1);
            // the worker may have taken the first document alone, before the second was queued
            assertThat(r.err()).containsPattern("cairn load: the load stopped: no reply from 127\\.0\\.0\\.1:" + fake.port()
                    + " within 1 s; (1 document|2 documents) sent without a reply may or may not be stored");
            assertThat(System.nanoTime() - t0).isLessThan(20_000_000_000L);
        }
    }

    @Test
    void aServerThatStopsReadingTimesOutTheWrite() throws Exception {
        try (ScriptedRespServer fake = new ScriptedRespServer(c -> "+OK\r\n", true)) {
            // one document far larger than what socket buffers hold, so its write blocks
            Path f = Files.writeString(dir.resolve("big.jsonl"), "{\"pad\":\"" + "p".repeat(24 << 20) + "\"}\n");
            LoadMainTest.Run r = LoadMainTest.run(InputStream.nullInputStream(), "--port", Integer.toString(fake.port()),
                    "--prefix", "w:", "--timeout", "1", "--connections", "1", f.toString());

            assertThat(r.code()).isEqualTo(1);
            assertThat(r.err()).contains("no progress writing to 127.0.0.1:" + fake.port() + " for 1 s (server stalled?)");
        }
    }
}
