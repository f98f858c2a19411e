package io.cairn.storage.wal;

import io.cairn.storage.io.LocalFileSystem;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Writes and reads small logs of numbered text records for the WAL tests. */
final class WalTestSupport {
    static final int MAX_RECORD = 1 << 20;

    private WalTestSupport() {
    }

    static ByteBuffer payload(long lsn) {
        return ByteBuffer.wrap(("record-" + lsn + "-" + "x".repeat((int) (lsn % 50))).getBytes(StandardCharsets.UTF_8));
    }

    /** Writes records firstLsn..lastLsn, one group each, in FSYNC mode. */
    static void write(Path dir, long firstLsn, long lastLsn, long segmentBytes) {
        try (WalWriter w = new WalWriter(LocalFileSystem.INSTANCE, dir, true, segmentBytes, MAX_RECORD, firstLsn)) {
            for (long lsn = firstLsn; lsn <= lastLsn; lsn++) {
                w.append(lsn, payload(lsn)).join();
            }
        }
    }

    static List<String> replayAll(Path dir, long afterLsn) throws IOException {
        List<String> out = new ArrayList<>();
        WalReplay.replay(LocalFileSystem.INSTANCE, dir, afterLsn, MAX_RECORD,
                (lsn, p) -> out.add(lsn + ":" + StandardCharsets.UTF_8.decode(p)));
        return out;
    }

    static String expected(long lsn) {
        return lsn + ":" + StandardCharsets.UTF_8.decode(payload(lsn));
    }
}
