package io.cairn.storage.wal;

import io.cairn.common.CorruptionException;
import io.cairn.storage.io.FileHandle;
import io.cairn.storage.io.FileSystem;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads every record after a given LSN from the segments of a directory, in LSN order, and hands
 * each to a consumer. Used once, at open.
 *
 * <p>Rules (see {@code docs/format/wal.md}):
 * <ul>
 *   <li>A record that does not check out at the end of the <em>last</em> segment, with nothing
 *       valid after it, is a torn write: the file is truncated there and replay ends normally.</li>
 *   <li>The same in any other segment, or with valid records after it, is corruption:
 *       {@link CorruptionException} naming the file and offset.</li>
 *   <li>LSNs must follow on by one across segments; a gap means a missing segment.</li>
 *   <li>A last segment shorter than its header (a torn creation) is deleted.</li>
 * </ul>
 */
public final class WalReplay {

    /** Receives records in LSN order. The payload buffer is valid only during the call. */
    @FunctionalInterface
    public interface RecordConsumer {
        void accept(long lsn, ByteBuffer payload);
    }

    /** What replay found: the last LSN seen and whether a torn tail was cut off. */
    public record Result(long lastLsn, long records, long bytes, String truncated) {
    }

    private WalReplay() {
    }

    /**
     * Replays records with LSN greater than {@code afterLsn}.
     *
     * @return the last LSN in the log, or {@code afterLsn} when no record follows it
     */
    public static Result replay(FileSystem fs, Path dir, long afterLsn, int maxRecordBytes,
                                RecordConsumer consumer) throws IOException {
        List<WalSegment> segments = WalSegments.list(fs, dir);
        long expected = afterLsn + 1;
        long records = 0;
        long bytes = 0;
        String truncated = null;
        int start = 0;
        while (start + 1 < segments.size() && segments.get(start + 1).firstLsn() <= expected) {
            start++;
        }
        if (start < segments.size() && segments.get(start).firstLsn() > expected) {
            WalSegment s = segments.get(start);
            throw new CorruptionException(s.name(), 0, "missing segment: log resumes at LSN "
                    + s.firstLsn() + " (expected: <= " + expected + ")");
        }
        for (int i = start; i < segments.size(); i++) {
            WalSegment seg = segments.get(i);
            boolean last = i == segments.size() - 1;
            if (seg.firstLsn() > expected) {
                throw new CorruptionException(seg.name(), 0, "missing segment: first LSN "
                        + seg.firstLsn() + " (expected: " + expected + ")");
            }
            try (WalSegmentReader r = new WalSegmentReader(fs, seg, maxRecordBytes)) {
                if (!r.readHeader()) {
                    if (!last) {
                        throw new CorruptionException(seg.name(), 0, "empty segment: " + r.size()
                                + " bytes (expected: >= " + WalFormat.HEADER_SIZE + ")");
                    }
                    r.close();
                    fs.deleteIfExists(seg.path());
                    fs.syncDirectory(dir);
                    truncated = seg.name() + " (torn creation, deleted)";
                    break;
                }
                while (true) {
                    long at = r.position();
                    WalSegmentReader.Step step = r.next();
                    if (step == WalSegmentReader.Step.END) {
                        break;
                    }
                    if (step == WalSegmentReader.Step.BAD) {
                        if (!last || r.validRecordAfter(at, expected - 1)) {
                            throw new CorruptionException(seg.name(), at, r.badReason());
                        }
                        truncate(fs, seg.path(), at);
                        truncated = seg.name() + "@" + at + " (" + r.badReason() + ")";
                        break;
                    }
                    long lsn = r.lsn();
                    if (lsn <= afterLsn) {
                        continue; // covered by the snapshot, inside the first segment read
                    }
                    if (lsn != expected) {
                        throw new CorruptionException(seg.name(), at,
                                "LSN out of sequence: actual=" + lsn + " vs expected=" + expected);
                    }
                    try {
                        consumer.accept(lsn, r.payload());
                    } catch (IllegalArgumentException | IllegalStateException e) {
                        throw new CorruptionException(seg.name(), at,
                                "record at LSN " + lsn + " cannot be applied: " + e.getMessage());
                    }
                    records++;
                    bytes += WalFormat.RECORD_HEADER_SIZE + r.payload().remaining();
                    expected++;
                }
            }
        }
        return new Result(expected - 1, records, bytes, truncated);
    }

    private static void truncate(FileSystem fs, Path path, long at) throws IOException {
        try (FileHandle h = fs.open(path, FileSystem.OpenMode.READ_WRITE)) {
            h.truncate(at);
            h.sync();
        }
    }
}
