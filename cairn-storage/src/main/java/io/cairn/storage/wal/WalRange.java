package io.cairn.storage.wal;

import io.cairn.storage.io.FileSystem;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads back the records of a range of LSNs from the segments of a live log, for a follower of the
 * change stream that catches up after a restart (a search index committed at an older LSN). Unlike
 * {@link WalReplay} it never changes a file: a record that does not check out, a gap between
 * segments or a segment deleted meanwhile only means the log does not hold the range.
 *
 * <p>Stateless. Callers guarantee that every record of the range was written before the call (the
 * writer is durable through its last LSN) and that none of them is being written meanwhile.
 */
public final class WalRange {
    private WalRange() {
    }

    /**
     * Hands {@code consumer} each record with an LSN in {@code (afterLsn, throughLsn]}, in LSN order,
     * and returns true once all of them were handed; returns false when the log does not hold them
     * all (the consumer may have seen the first ones by then).
     */
    public static boolean read(FileSystem fs, Path dir, long afterLsn, long throughLsn, int maxRecordBytes,
                               WalReplay.RecordConsumer consumer) throws IOException {
        long expected = afterLsn + 1;
        if (expected > throughLsn) {
            return true;
        }
        List<WalSegment> segments = WalSegments.list(fs, dir);
        int start = 0;
        while (start + 1 < segments.size() && segments.get(start + 1).firstLsn() <= expected) {
            start++;
        }
        for (int i = start; i < segments.size() && expected <= throughLsn; i++) {
            WalSegment seg = segments.get(i);
            if (seg.firstLsn() > expected) {
                return false; // deleted by a checkpoint, or records lost before the next segment began
            }
            try (WalSegmentReader r = new WalSegmentReader(fs, seg, maxRecordBytes)) {
                if (!r.readHeader()) {
                    return false;
                }
                while (expected <= throughLsn) {
                    WalSegmentReader.Step step = r.next();
                    if (step == WalSegmentReader.Step.END) {
                        break;
                    }
                    if (step == WalSegmentReader.Step.BAD) {
                        return false;
                    }
                    if (r.lsn() <= afterLsn) {
                        continue;
                    }
                    if (r.lsn() != expected) {
                        return false;
                    }
                    consumer.accept(r.lsn(), r.payload());
                    expected++;
                }
            }
        }
        return expected > throughLsn;
    }
}
