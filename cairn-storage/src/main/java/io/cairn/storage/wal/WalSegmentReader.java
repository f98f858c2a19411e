package io.cairn.storage.wal;

import io.cairn.common.Checksums;
import io.cairn.common.CorruptionException;
import io.cairn.common.FormatVersionException;
import io.cairn.storage.io.FileHandle;
import io.cairn.storage.io.FileSystem;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Reads one segment front to back through a buffer, checking every checksum. Not thread-safe.
 *
 * <p>{@link #next()} stops at the first record that does not check out and says why; whether that
 * is a torn tail or corruption is decided by {@link WalReplay}, which knows whether this is the
 * last segment.
 */
final class WalSegmentReader implements Closeable {
    enum Step { RECORD, END, BAD }

    private static final int MIN_BUFFER = 1 << 20;

    private final WalSegment segment;
    private final FileHandle file;
    private final long size;
    private final int maxRecordBytes;
    private ByteBuffer buf = ByteBuffer.allocate(MIN_BUFFER).order(ByteOrder.LITTLE_ENDIAN).limit(0);
    private long bufStart;

    private long position;
    private long lsn;
    private ByteBuffer payload;
    private String badReason;

    WalSegmentReader(FileSystem fs, WalSegment segment, int maxRecordBytes) throws IOException {
        this.segment = segment;
        this.file = fs.open(segment.path(), FileSystem.OpenMode.READ);
        this.size = file.size();
        this.maxRecordBytes = maxRecordBytes;
    }

    long size() {
        return size;
    }

    /**
     * Checks the header. Returns false when the file is shorter than a header (a segment whose
     * creation was torn); throws on a damaged or foreign header.
     */
    boolean readHeader() throws IOException {
        if (size < WalFormat.HEADER_SIZE) {
            return false;
        }
        ByteBuffer h = window(0, WalFormat.HEADER_SIZE);
        byte[] magic = new byte[WalFormat.MAGIC.length];
        h.get(h.position(), magic);
        if (!Arrays.equals(magic, WalFormat.MAGIC)) {
            throw new CorruptionException(segment.name(), 0, "bad magic: not a Cairn WAL segment");
        }
        int expected = h.getInt(h.position() + WalFormat.HEADER_CHECKED);
        int actual = Checksums.crc32c(h, h.position(), WalFormat.HEADER_CHECKED);
        if (actual != expected) {
            throw CorruptionException.checksum(segment.name(), 0, actual, expected);
        }
        int version = h.getInt(h.position() + 8);
        if (version != WalFormat.VERSION) {
            throw new FormatVersionException(segment.name(), version, WalFormat.VERSION, WalFormat.VERSION);
        }
        long first = h.getLong(h.position() + 12);
        if (first != segment.firstLsn()) {
            throw new CorruptionException(segment.name(), 12,
                    "first LSN mismatch: actual=" + first + " vs expected=" + segment.firstLsn());
        }
        position = WalFormat.HEADER_SIZE;
        return true;
    }

    /** Advances to the next record. */
    Step next() throws IOException {
        long at = position;
        if (at == size) {
            return Step.END;
        }
        if (size - at < WalFormat.RECORD_HEADER_SIZE) {
            return bad("incomplete record header: " + (size - at) + " bytes (expected: >= "
                    + WalFormat.RECORD_HEADER_SIZE + ")");
        }
        ByteBuffer h = window(at, WalFormat.RECORD_HEADER_SIZE);
        int p = h.position();
        int crc = h.getInt(p);
        long length = Integer.toUnsignedLong(h.getInt(p + 4));
        long recordLsn = h.getLong(p + 8);
        if (length > maxRecordBytes) {
            return bad("bad length: " + length + " (expected: <= " + maxRecordBytes + ")");
        }
        if (at + WalFormat.RECORD_HEADER_SIZE + length > size) {
            return bad("bad length: " + length + " runs past the end of the file at " + size);
        }
        int total = WalFormat.RECORD_HEADER_SIZE + (int) length;
        ByteBuffer r = window(at, total);
        int actual = Checksums.crc32c(r, r.position() + 4, total - 4);
        if (actual != crc) {
            return bad("checksum mismatch: actual=0x" + Integer.toHexString(actual)
                    + " vs expected=0x" + Integer.toHexString(crc));
        }
        this.lsn = recordLsn;
        this.payload = r.slice(r.position() + WalFormat.RECORD_HEADER_SIZE, (int) length)
                .order(ByteOrder.LITTLE_ENDIAN);
        this.position = at + total;
        return Step.RECORD;
    }

    /**
     * Whether a record that checks out starts anywhere after {@code from}, with an LSN in
     * {@code (minLsn, minLsn + 1_000_000]}. Used to tell a torn tail (nothing valid follows) from
     * damage in the middle of the file (valid records follow).
     */
    boolean validRecordAfter(long from, long minLsn) throws IOException {
        for (long at = from + 1; at + WalFormat.RECORD_HEADER_SIZE <= size; at++) {
            ByteBuffer h = window(at, WalFormat.RECORD_HEADER_SIZE);
            int p = h.position();
            long length = Integer.toUnsignedLong(h.getInt(p + 4));
            long candidateLsn = h.getLong(p + 8);
            if (candidateLsn <= minLsn || candidateLsn > minLsn + 1_000_000
                    || length > maxRecordBytes || at + WalFormat.RECORD_HEADER_SIZE + length > size) {
                continue;
            }
            int total = WalFormat.RECORD_HEADER_SIZE + (int) length;
            ByteBuffer r = window(at, total);
            if (Checksums.crc32c(r, r.position() + 4, total - 4) == r.getInt(r.position())) {
                return true;
            }
        }
        return false;
    }

    long position() {
        return position;
    }

    long lsn() {
        return lsn;
    }

    /** The current record's payload; valid until the next call to {@link #next()}. */
    ByteBuffer payload() {
        return payload;
    }

    String badReason() {
        return badReason;
    }

    WalSegment segment() {
        return segment;
    }

    private Step bad(String reason) {
        this.badReason = reason;
        return Step.BAD;
    }

    /** A buffer whose bytes from its position are the file's bytes [at, at + length). */
    private ByteBuffer window(long at, int length) throws IOException {
        if (at < bufStart || at + length > bufStart + buf.limit()) {
            if (buf.capacity() < length) {
                buf = ByteBuffer.allocate(Math.max(length, MIN_BUFFER)).order(ByteOrder.LITTLE_ENDIAN);
            }
            buf.clear();
            int n = file.readFully(buf, at);
            buf.flip();
            bufStart = at;
            if (n < length) {
                throw new CorruptionException(segment.name(), at, "file shrank while reading: read " + n
                        + " bytes (expected: " + length + ")");
            }
        }
        return buf.position((int) (at - bufStart));
    }

    @Override
    public void close() throws IOException {
        file.close();
    }
}
