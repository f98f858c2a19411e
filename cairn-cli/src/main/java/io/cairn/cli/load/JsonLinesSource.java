package io.cairn.cli.load;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * JSON lines: one record per line, blank lines (only spaces, tabs) skipped, a UTF-8 byte-order
 * mark before the first line ignored. A record's id is its line number, from 1. A line longer than
 * the limit is skipped without being buffered and reported as too large.
 */
final class JsonLinesSource implements RecordSource {
    private final String name;
    private final InputStream in;
    private final BoundedLineReader lines;
    private final long maxBytes;
    private final long totalBytes;
    private long lineNumber;

    /**
     * @param name the file name (or {@code stdin}) that errors name
     * @param totalBytes the input's size, or -1 when not known
     */
    JsonLinesSource(String name, InputStream in, long maxBytes, long totalBytes) {
        this.name = name;
        this.in = in;
        this.lines = new BoundedLineReader(in, maxBytes);
        this.maxBytes = maxBytes;
        this.totalBytes = totalBytes;
    }

    @Override
    public SourceRecord next() throws IOException {
        while (true) {
            BoundedLineReader.Line line = lines.next();
            if (line == null) {
                return null;
            }
            lineNumber++;
            String id = Long.toString(lineNumber);
            String where = name + ":" + lineNumber;
            if (line.bytes() == null) {
                return SourceRecord.bad(where, id, SourceRecord.tooLarge(line.length(), maxBytes));
            }
            byte[] b = lineNumber == 1 ? withoutBom(line.bytes()) : line.bytes();
            if (!isBlank(b)) {
                return SourceRecord.of(where, id, b);
            }
        }
    }

    private static byte[] withoutBom(byte[] b) {
        if (b.length >= 3 && (b[0] & 0xff) == 0xef && (b[1] & 0xff) == 0xbb && (b[2] & 0xff) == 0xbf) {
            return Arrays.copyOfRange(b, 3, b.length);
        }
        return b;
    }

    private static boolean isBlank(byte[] b) {
        for (byte x : b) {
            if (x != ' ' && x != '\t' && x != '\r') {
                return false;
            }
        }
        return true;
    }

    @Override
    public long bytesRead() {
        return lines.bytesRead();
    }

    @Override
    public long totalBytes() {
        return totalBytes;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
