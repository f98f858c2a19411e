package io.cairn.storage.wal;

import static io.cairn.storage.wal.WalTestSupport.expected;
import static io.cairn.storage.wal.WalTestSupport.replayAll;
import static io.cairn.storage.wal.WalTestSupport.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.common.CorruptionException;
import io.cairn.common.FormatVersionException;
import io.cairn.storage.io.LocalFileSystem;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One test per way a log can be damaged, after LevelDB's log_test. */
class WalCorruptionTest {
    @TempDir
    Path dir;

    private Path onlySegment() throws IOException {
        List<WalSegment> segs = WalSegments.list(LocalFileSystem.INSTANCE, dir);
        assertThat(segs).hasSize(1);
        return segs.get(0).path();
    }

    private static long[] recordOffsets(Path seg) throws IOException {
        byte[] b = Files.readAllBytes(seg);
        java.nio.ByteBuffer bb = java.nio.ByteBuffer.wrap(b).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        java.util.ArrayList<Long> offs = new java.util.ArrayList<>();
        int p = WalFormat.HEADER_SIZE;
        while (p < b.length) {
            offs.add((long) p);
            p += WalFormat.RECORD_HEADER_SIZE + bb.getInt(p + 4);
        }
        return offs.stream().mapToLong(Long::longValue).toArray();
    }

    private static void flipByte(Path file, long offset) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.seek(offset);
            int b = f.read();
            f.seek(offset);
            f.write(b ^ 0x5A);
        }
    }

    @Test
    void cleanLogReplaysEveryRecordInOrder() throws IOException {
        write(dir, 1, 20, 1 << 20);
        List<String> got = replayAll(dir, 0);
        assertThat(got).hasSize(20);
        assertThat(got.get(0)).isEqualTo(expected(1));
        assertThat(got.get(19)).isEqualTo(expected(20));
    }

    @Test
    void truncatedTrailingRecordIsDroppedAndTheFileCut() throws IOException {
        write(dir, 1, 10, 1 << 20);
        Path seg = onlySegment();
        long[] offs = recordOffsets(seg);
        long size = Files.size(seg);
        try (RandomAccessFile f = new RandomAccessFile(seg.toFile(), "rw")) {
            f.setLength(size - 3); // torn in the middle of record 10
        }
        WalReplay.Result r = WalReplay.replay(LocalFileSystem.INSTANCE, dir, 0, WalTestSupport.MAX_RECORD, (l, p) -> { });
        assertThat(r.lastLsn()).isEqualTo(9);
        assertThat(r.truncated()).contains(seg.getFileName().toString());
        assertThat(Files.size(seg)).isEqualTo(offs[9]);
        assertThat(replayAll(dir, 0)).hasSize(9); // and a second replay is clean
    }

    @Test
    void trailingPartialRecordHeaderIsDropped() throws IOException {
        write(dir, 1, 5, 1 << 20);
        Path seg = onlySegment();
        Files.write(seg, new byte[] {1, 2, 3, 4, 5, 6, 7}, java.nio.file.StandardOpenOption.APPEND);
        assertThat(replayAll(dir, 0)).hasSize(5);
    }

    @Test
    void badChecksumInTheLastRecordIsATornTail() throws IOException {
        write(dir, 1, 5, 1 << 20);
        Path seg = onlySegment();
        long[] offs = recordOffsets(seg);
        flipByte(seg, offs[4] + WalFormat.RECORD_HEADER_SIZE + 2);
        assertThat(replayAll(dir, 0)).hasSize(4);
    }

    @Test
    void badChecksumMidFileStopsRecoveryNamingFileAndOffset() throws IOException {
        write(dir, 1, 10, 1 << 20);
        Path seg = onlySegment();
        long[] offs = recordOffsets(seg);
        flipByte(seg, offs[3] + WalFormat.RECORD_HEADER_SIZE + 1);
        assertThatThrownBy(() -> replayAll(dir, 0))
                .isInstanceOf(CorruptionException.class)
                .hasMessageContaining("checksum mismatch: actual=0x")
                .hasMessageContaining("vs expected=0x")
                .satisfies(e -> {
                    CorruptionException c = (CorruptionException) e;
                    assertThat(c.resource()).isEqualTo(seg.getFileName().toString());
                    assertThat(c.offset()).isEqualTo(offs[3]);
                });
        assertThat(Files.size(seg)).as("nothing truncated").isEqualTo(offs[9] + (Files.size(seg) - offs[9]));
    }

    @Test
    void badLengthMidFileIsCorruptionNotATornTail() throws IOException {
        write(dir, 1, 10, 1 << 20);
        Path seg = onlySegment();
        long[] offs = recordOffsets(seg);
        long before = Files.size(seg);
        try (RandomAccessFile f = new RandomAccessFile(seg.toFile(), "rw")) {
            f.seek(offs[2] + 4);
            f.write(new byte[] {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x7F}); // length far past the end
        }
        assertThatThrownBy(() -> replayAll(dir, 0))
                .isInstanceOf(CorruptionException.class)
                .hasMessageContaining("bad length");
        assertThat(Files.size(seg)).isEqualTo(before);
    }

    @Test
    void badLengthInTheLastRecordIsATornTail() throws IOException {
        write(dir, 1, 4, 1 << 20);
        Path seg = onlySegment();
        long[] offs = recordOffsets(seg);
        try (RandomAccessFile f = new RandomAccessFile(seg.toFile(), "rw")) {
            f.seek(offs[3] + 4);
            f.write(new byte[] {0, 0, 0, 0x10});
        }
        assertThat(replayAll(dir, 0)).hasSize(3);
    }

    @Test
    void damageInAnEarlierSegmentIsCorruptionEvenAtItsEnd() throws IOException {
        write(dir, 1, 40, 512); // small segments: several files
        List<WalSegment> segs = WalSegments.list(LocalFileSystem.INSTANCE, dir);
        assertThat(segs.size()).isGreaterThan(2);
        Path first = segs.get(0).path();
        try (RandomAccessFile f = new RandomAccessFile(first.toFile(), "rw")) {
            f.setLength(f.length() - 2);
        }
        assertThatThrownBy(() -> replayAll(dir, 0))
                .isInstanceOf(CorruptionException.class)
                .hasMessageContaining(first.getFileName().toString());
    }

    @Test
    void emptyLastSegmentIsATornCreationAndIsRemoved() throws IOException {
        write(dir, 1, 5, 1 << 20);
        Path empty = dir.resolve(WalFormat.segmentName(6));
        Files.createFile(empty);
        assertThat(replayAll(dir, 0)).hasSize(5);
        assertThat(empty).doesNotExist();
    }

    @Test
    void emptySegmentInTheMiddleIsCorruption() throws IOException {
        write(dir, 1, 5, 1 << 20);
        write(dir, 6, 8, 1 << 20);
        Path middle = WalSegments.list(LocalFileSystem.INSTANCE, dir).get(0).path();
        Files.write(middle, new byte[0]);
        assertThatThrownBy(() -> replayAll(dir, 0))
                .isInstanceOf(CorruptionException.class)
                .hasMessageContaining("empty segment");
    }

    @Test
    void headerOnlySegmentIsAValidEmptySegment() throws IOException {
        write(dir, 1, 5, 1 << 20);
        new WalWriter(LocalFileSystem.INSTANCE, dir, true, 1 << 20, WalTestSupport.MAX_RECORD, 6).close();
        assertThat(replayAll(dir, 0)).hasSize(5);
    }

    @Test
    void missingSegmentIsCorruptionNamingTheGap() throws IOException {
        write(dir, 1, 40, 512);
        List<WalSegment> segs = WalSegments.list(LocalFileSystem.INSTANCE, dir);
        assertThat(segs.size()).isGreaterThan(2);
        Files.delete(segs.get(1).path());
        assertThatThrownBy(() -> replayAll(dir, 0))
                .isInstanceOf(CorruptionException.class)
                .hasMessageContaining("missing segment")
                .hasMessageContaining(segs.get(2).name());
    }

    @Test
    void logStartingAfterTheSnapshotIsAMissingSegment() throws IOException {
        write(dir, 10, 20, 1 << 20);
        assertThatThrownBy(() -> replayAll(dir, 3))
                .isInstanceOf(CorruptionException.class)
                .hasMessageContaining("missing segment");
        assertThat(replayAll(dir, 9)).hasSize(11);
    }

    @Test
    void replayAfterAnLsnSkipsEarlierRecordsAndSegments() throws IOException {
        write(dir, 1, 40, 512);
        List<String> got = replayAll(dir, 25);
        assertThat(got).hasSize(15);
        assertThat(got.get(0)).isEqualTo(expected(26));
    }

    @Test
    void foreignFileIsRejectedByMagic() throws IOException {
        Files.write(dir.resolve(WalFormat.segmentName(1)), "this is not a log file at all".getBytes());
        assertThatThrownBy(() -> replayAll(dir, 0))
                .isInstanceOf(CorruptionException.class)
                .hasMessageContaining("bad magic");
    }

    @Test
    void newerFormatVersionIsRejected() throws IOException {
        write(dir, 1, 2, 1 << 20);
        Path seg = onlySegment();
        byte[] b = Files.readAllBytes(seg);
        java.nio.ByteBuffer bb = java.nio.ByteBuffer.wrap(b).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        bb.putInt(8, 99);
        bb.putInt(WalFormat.HEADER_CHECKED, io.cairn.common.Checksums.crc32c(b, 0, WalFormat.HEADER_CHECKED));
        Files.write(seg, b);
        assertThatThrownBy(() -> replayAll(dir, 0))
                .isInstanceOf(FormatVersionException.class)
                .hasMessageContaining("actual=99");
    }
}
